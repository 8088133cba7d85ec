// Runs the end-to-end suite with jobtop itself on Node 24 (the test runner stays on this Node,
// whose node-pty build it needs). Node 24 comes from the npm registry's `node` package.
import { spawnSync } from "node:child_process";
import { delimiter } from "node:path";
import { node24, node24Bin } from "./node24.js";

const node = node24();
const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
console.log(`end-to-end suite with jobtop on Node ${version}`);
const r = spawnSync("npx", ["vitest", "run", "test/e2e"], {
  stdio: "inherit",
  env: { ...process.env, JOBTOP_TEST_NODE: node, PATH: `${node24Bin}${delimiter}${process.env.PATH}` },
});
process.exit(r.status ?? 1);
