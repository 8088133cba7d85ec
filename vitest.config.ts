import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // e2e tests spawn the built CLI in pseudo-terminals; two cores, so keep the pool small.
    maxWorkers: 2,
  },
});
