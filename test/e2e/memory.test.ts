// The bin keeps V8's young generation at its first size (src/boot.ts): under data that changes
// every second V8 otherwise doubles it up to 32 MB (Node 20) or 128 MB (Node 24) and keeps it,
// which was most of the monitor's RSS over its 100 MB target (BENCHMARKS.md, issue 15).
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, NODE } from "../helpers/cli.js";
import { type Session, startPty } from "./pty.js";

let demo: DemoServer;
let s: Session | undefined;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  s?.kill("SIGKILL");
  await demo.close();
});

const churn = fileURLToPath(new URL("./fixtures/young-generation.cjs", import.meta.url));

async function youngGenAfterChurn(nodeArgs: string[]): Promise<number> {
  const out = join(mkdtempSync(join(tmpdir(), "jobtop-young-")), "size");
  s = startPty(NODE, [...nodeArgs, "--require", churn, CLI, "--base-url", demo.url], {
    env: { JOBTOP_TOKEN: demo.token, YOUNG_GEN_FILE: out },
  });
  await s.waitFor("State timeline", 10_000);
  const until = Date.now() + 15_000;
  while (!existsSync(out) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  s.kill("SIGKILL");
  s = undefined;
  return Number(readFileSync(out, "utf8"));
}

describe("memory", () => {
  it("the young generation keeps its first size under churn; a user's own growth factor wins", async () => {
    const MB = 1024 * 1024;
    expect(await youngGenAfterChurn([])).toBeLessThanOrEqual(8 * MB);
    // The same churn with the user's own factor: V8 grows it, so the churn above is enough to
    // tell (this is what the bin prevents).
    expect(await youngGenAfterChurn(["--semi-space-growth-factor=2"])).toBeGreaterThan(8 * MB);
  }, 60_000);
});
