// Runs the end-to-end suite with jobtop itself on Node 24 (the test runner stays on this Node,
// whose node-pty build it needs). Node 24 comes from the npm registry's `node` package.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, resolve } from "node:path";

const prefix = resolve(".cache/node24");
const bin = resolve(prefix, "node_modules/.bin");
const node = resolve(bin, "node");
if (!existsSync(node)) {
  console.log("installing Node 24 from the npm registry into .cache/node24 …");
  const r = spawnSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--no-save", "--prefix", prefix, "node@24"],
    {
      stdio: "inherit",
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
console.log(`end-to-end suite with jobtop on Node ${version}`);
const r = spawnSync("npx", ["vitest", "run", "test/e2e"], {
  stdio: "inherit",
  env: { ...process.env, JOBTOP_TEST_NODE: node, PATH: `${bin}${delimiter}${process.env.PATH}` },
});
process.exit(r.status ?? 1);
