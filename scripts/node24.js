// Node 24 for the end-to-end suite and the benchmarks, from the npm registry's `node` package,
// installed once into .cache/node24.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

export const node24Bin = resolve(".cache/node24/node_modules/.bin");

/** The path of Node 24's binary; installs it first when it is not there. */
export function node24() {
  const node = resolve(node24Bin, "node");
  if (!existsSync(node)) {
    console.log("installing Node 24 from the npm registry into .cache/node24 …");
    const r = spawnSync(
      "npm",
      ["install", "--no-audit", "--no-fund", "--no-save", "--prefix", resolve(".cache/node24"), "node@24"],
      { stdio: "inherit" },
    );
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  return node;
}
