import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vitest/config";
// @ts-expect-error: a plain-JS build helper
import { applyTarget, byFile } from "./scripts/patches/apply.js";
// @ts-expect-error: a plain-JS build helper
import { patches } from "./scripts/patches/index.js";

type Patch = {
  name: string;
  targets?: { file: string }[];
  resolve?: { filter: RegExp; to: string; unless: string };
};
const PATCHES = patches as Patch[];
const TEST = fileURLToPath(new URL("./test/", import.meta.url));

// Vitest hands node_modules to Node as they are; the packages the patches change must go through
// vite instead, with the packages that import string-width (redirected to src/model/width.ts) and
// ink-testing-library (which would otherwise load a second, unpatched Ink). All but zod: its patch
// only drops the languages jobtop never sets (src/zod.ts sets English itself), and sending zod's
// modules through vite costs each test file that imports it about a second.
const NOT_IN_TESTS = ["zod-english-only"];
const packageOf = (file: string) => file.split("/", file.startsWith("@") ? 2 : 1).join("/");
const INLINE = [
  ...new Set([
    ...PATCHES.filter((p) => !NOT_IN_TESTS.includes(p.name)).flatMap((p) =>
      (p.targets ?? []).map((t) => packageOf(t.file)),
    ),
    ...["cli-truncate", "widest-line", "wrap-ansi", "ink-testing-library"],
  ]),
].map((name) => new RegExp(`[\\\\/]node_modules[\\\\/]${name.replace("/", "[\\\\/]")}[\\\\/]`));

/**
 * The tests run the dependencies as the bundle ships them: the patches of scripts/patches/ are
 * applied as vite loads each file, as the build's esbuild plugins do (scripts/bundle-options.js),
 * and an import a patch redirects is redirected, except from the tests themselves (they measure
 * against the real string-width).
 */
function dependencyPatches(): Plugin {
  const files = byFile(PATCHES) as { filter: RegExp; targets: { patch: Patch; target: unknown }[] }[];
  return {
    name: "jobtop-dependency-patches",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || importer.startsWith(TEST)) return null;
      for (const { resolve } of PATCHES)
        if (resolve?.filter.test(source) && importer !== resolve.unless) return resolve.to;
      return null;
    },
    async load(id) {
      const path = id.replace(/[?#].*$/, "");
      if (!INLINE.some((re) => re.test(path))) return null;
      // Without its source map comment: these packages do not ship the sources their maps name
      // (vite would warn for each file).
      let code = (await readFile(path, "utf8")).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
      for (const { patch, target } of files.find((f) => f.filter.test(path))?.targets ?? [])
        code = await applyTarget(patch, target, code, path);
      return { code, map: null };
    },
  };
}

export default defineConfig({
  plugins: [dependencyPatches()],
  // Production JSX to match NODE_ENV=production below (the dev runtime's jsxDEV is absent there).
  oxc: { jsx: { runtime: "automatic", development: false } },
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // e2e tests spawn the built CLI in pseudo-terminals; two cores, so keep the pool small.
    maxWorkers: 2,
    server: { deps: { inline: INLINE } },
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
