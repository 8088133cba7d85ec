import { defineConfig } from "vitest/config";

export default defineConfig({
  // Production JSX to match NODE_ENV=production below (the dev runtime's jsxDEV is absent there).
  oxc: { jsx: { runtime: "automatic", development: false } },
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // e2e tests spawn the built CLI in pseudo-terminals; two cores, so keep the pool small.
    maxWorkers: 2,
    // Test the React the bundle ships: the development build keeps per-commit debug data,
    // which would hide (or fake) leaks and slow every render tenfold.
    // And render live as the bundle does (it stubs is-in-ci): with CI set, Ink would write
    // nothing until unmount, and tests of what reaches the terminal would see nothing.
    // And not in the tmux or screen the tests may be run from: the App would copy into that tmux's
    // paste buffer (tmux load-buffer) and ask it about notifications. The tmux tests start their own.
    env: {
      NODE_ENV: "production",
      CI: "false",
      CONTINUOUS_INTEGRATION: "false",
      TMUX: "",
      TMUX_PANE: "",
      STY: "",
    },
  },
});
