// Bundles bench/run.tsx (it imports the TypeScript sources) and runs it, for this Node and for
// Node 24 (installed from the registry's `node` package on first use, as test:node24 does).
// BENCH_NODES=<node>,<node> names the Nodes instead; BENCH_BASE=<commit or dist/jobtop.js> the older
// build the A/B rows measure beside this one (scripts/bench-base.js builds a commit).
import { spawnSync } from "node:child_process";
import { build } from "esbuild";
import { benchBase } from "./bench-base.js";
import { plugins } from "./bundle-options.js";
import { node24 } from "./node24.js";

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
    // Aliased: a bundled module (src/load-builtin.ts, which the client reaches) imports createRequire too.
    js: 'import { createRequire as benchRequire } from "node:module"; const require = benchRequire(import.meta.url);',
  },
  plugins,
  logLevel: "warning",
});
const nodes = process.env.BENCH_NODES || [process.execPath, node24()].join(",");
const base = benchBase();
const r = spawnSync(process.execPath, ["dist/bench.mjs"], {
  stdio: "inherit",
  // The bill's row (bench/bill.ts) takes the same base unless BENCH_BILL_BASE names its own.
  env: {
    ...process.env,
    BENCH_NODES: nodes,
    ...(base ? { BENCH_BASE: base, BENCH_BILL_BASE: process.env.BENCH_BILL_BASE || base } : {}),
  },
});
process.exit(r.status ?? 1);
