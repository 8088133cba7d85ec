// The package as users get it: `npm pack`, installed offline into an empty folder, run with npx.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoServer } from "../../src/demo/server.js";
import { TEST_CONFIG_HOME } from "../helpers/cli.js";
import { startForwardProxy } from "../helpers/proxy.js";

const root = resolve(import.meta.dirname, "../..");
let dir: string;
let tarball: string;
let packInfo: { size: number; files: { path: string }[] };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "jobtop-pack-"));
  const out = // --ignore-scripts: npm test has built dist/ already; rebuilding it here would race other e2e tests.
    execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  const info = JSON.parse(out)[0] as { filename: string; size: number; files: { path: string }[] };
  packInfo = info;
  tarball = join(dir, info.filename);
  execFileSync("npm", ["init", "-y"], { cwd: dir, stdio: "ignore" });
  // --offline: nothing may come from the network; the package must need nothing at all.
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], {
    cwd: dir,
    stdio: "ignore",
  });
}, 120_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the npm package", () => {
  it("holds the bin and its bundle (and dist/package.json: it is CommonJS), README and LICENSE, under 600 kB, with no dependencies", () => {
    expect(packInfo.files.map((f) => f.path).sort()).toEqual([
      "LICENSE",
      "README.md",
      "dist/jobtop.bundle",
      "dist/jobtop.js",
      "dist/package.json",
      "package.json",
    ]);
    expect(packInfo.size).toBeLessThan(600_000);
    const pkg = JSON.parse(readFileSync(join(dir, "node_modules/jobtop/package.json"), "utf8"));
    expect(Object.keys(pkg.dependencies ?? {})).toEqual([]);
    const lock = JSON.parse(readFileSync(join(dir, "package-lock.json"), "utf8"));
    expect(Object.keys(lock.packages).filter((p) => p.startsWith("node_modules/"))).toEqual([
      "node_modules/jobtop",
    ]);
  });

  // src/zod.ts: zod's classic `z` (one object re-exporting all of zod) kept ~170 kB of zod in the
  // entry chunk, evaluated on every start; mini's functions, imported one by one, keep ~30 kB.
  it("carries only the parts of zod it uses: no classic API, no JSON Schema generator", () => {
    const bundle = readFileSync(join(dir, "node_modules/jobtop/dist/jobtop.bundle"), "latin1");
    expect(bundle).toContain('"ZodMiniObject"');
    expect(bundle).not.toContain('"ZodObject"');
    expect(bundle).not.toContain("draft-2020-12");
  });

  it("runs with npx from the offline install", () => {
    const npx = (...args: string[]) =>
      execFileSync("npx", ["--offline", "jobtop", ...args], { cwd: dir, encoding: "utf8", timeout: 30_000 });
    expect(npx("--version").trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const table = npx("--demo", "--once");
    expect(table).toMatch(/^STATUS\s+DISPLAY\s+REMARK/);
    expect(table).toMatch(/page 1\/\d+ · \d+ jobs/);
  });

  it("reaches a service through a proxy from the offline install (undici is in the bundle)", async () => {
    const demo = await startDemoServer({ port: 0, tickMs: 0 });
    const proxy = await startForwardProxy();
    try {
      const out = await new Promise<string>((resolve, reject) =>
        execFile(
          "npx",
          ["--offline", "jobtop", "--once", "--base-url", demo.url],
          {
            cwd: dir,
            encoding: "utf8",
            timeout: 30_000,
            env: {
              PATH: process.env.PATH,
              HOME: process.env.HOME,
              XDG_CONFIG_HOME: TEST_CONFIG_HOME,
              JOBTOP_TOKEN: demo.token,
              HTTP_PROXY: proxy.url,
            },
          },
          (err, stdout) => (err ? reject(err) : resolve(stdout)),
        ),
      );
      expect(out).toMatch(/page 1\/\d+ · \d+ jobs/);
      expect(proxy.records.map((r) => r.target)).toContain(
        `${demo.url}/v1/job/jobs?page=1&per_page=20&order=desc`,
      );
    } finally {
      await proxy.close();
      await demo.close();
    }
  });
});
