// BENCH_BASE for `npm run bench`: the older build a row measures beside this one, in the same run.
// Given as a built bin (…/dist/jobtop.js), it is used as it is; given as a commit (9fa9367, main~3),
// that commit is built once into .cache/bench-base/<commit>/ (its own `npm ci`, its own build
// script, as it was then) and its bin used.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";

/** The bin of BENCH_BASE's build, or undefined when none is asked for. */
export function benchBase(given = process.env.BENCH_BASE) {
  if (!given) return undefined;
  if (existsSync(given)) return resolve(given);
  const commit = execFileSync("git", ["rev-parse", "--verify", `${given}^{commit}`], {
    encoding: "utf8",
  }).trim();
  const dir = resolve(".cache/bench-base", commit.slice(0, 12));
  const bin = resolve(dir, "dist/jobtop.js");
  if (existsSync(bin)) return bin;
  console.log(`building ${given} (${commit.slice(0, 12)}) into ${dir} for BENCH_BASE …`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync("sh", ["-c", `git archive ${commit} | tar -x -C "${dir}"`], { stdio: "inherit" });
  // Its own dependencies, as its lock file names them (a later main may have dropped one).
  execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: dir,
    stdio: "inherit",
  });
  execFileSync(process.execPath, ["scripts/build.js"], { cwd: dir, stdio: "inherit" });
  return bin;
}
