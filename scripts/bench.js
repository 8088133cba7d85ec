// Bundles bench/run.tsx (it imports the TypeScript sources) and runs it.
import { spawnSync } from "node:child_process";
import { build } from "esbuild";
import { plugins } from "./bundle-options.js";

await build({
  entryPoints: ["bench/run.tsx"],
  outfile: "dist/bench.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  // Native and heavy test tools stay in node_modules.
  external: ["node-pty", "@xterm/headless"],
  banner: {
    js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);',
  },
  plugins,
  logLevel: "warning",
});
const r = spawnSync(process.execPath, ["dist/bench.mjs"], { stdio: "inherit" });
process.exit(r.status ?? 1);
