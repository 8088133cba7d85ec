// stdout into a pipe whose reader goes away: `jobtop --once | head -1` used to crash now and
// then with "Error: write EPIPE" and a stack trace (when head had gone before jobtop's last write).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, NODE, TEST_CACHE_HOME } from "../helpers/cli.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

/** Runs `jobtop ARGS | READER` in bash; jobtop's own status (PIPESTATUS), its stderr, the reader's output. */
function pipeline(
  args: string[],
  reader: string,
): Promise<{ status: number; stderr: string; stdout: string }> {
  const err = join(mkdtempSync(join(tmpdir(), "jobtop-pipe-")), "stderr");
  const script = `"$@" 2>"$JOBTOP_ERR" | ${reader}; echo "status \${PIPESTATUS[0]}"`;
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script, "bash", NODE, CLI, ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        XDG_CACHE_HOME: TEST_CACHE_HOME,
        JOBTOP_TOKEN: demo.token,
        JOBTOP_ERR: err,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`jobtop ${args.join(" ")} | ${reader} did not finish`));
    }, 15_000);
    child.on("close", () => {
      clearTimeout(timer);
      const m = /status (\d+)\n$/.exec(out);
      resolve({ status: Number(m?.[1]), stderr: readFileSync(err, "utf8"), stdout: out.slice(0, m?.index) });
    });
  });
}

describe("stdout into a pipe the reader closes", () => {
  it("jobtop --once | head -1: the first line, then a quiet end, 20 times out of 20", async () => {
    for (let i = 0; i < 20; i++) {
      const r = await pipeline(["--once", "--base-url", demo.url], "head -1");
      expect(r.stdout).toMatch(/^STATUS/);
      expect(r.stderr).toBe("");
      expect([0, 141]).toContain(r.status);
    }
  }, 120_000);

  it("a reader that reads nothing (… | true): a quiet end too", async () => {
    for (let i = 0; i < 5; i++) {
      const r = await pipeline(["--once", "--base-url", demo.url], "true");
      expect(r.stderr).toBe("");
      expect([0, 141]).toContain(r.status);
    }
  }, 60_000);
});
