// The bin keeps V8's young generation at its first size (src/boot/v8-flags.ts): under data that changes
// every second V8 otherwise doubles it up to 32 MB (Node 20) or 128 MB (Node 24) and keeps it,
// which was most of the monitor's RSS over its 100 MB target (BENCHMARKS.md, issue 15). And it
// has V8 favour memory over speed (--optimize-for-size), ~6 MB less under the same load.
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
const recordFlags = fileURLToPath(new URL("./fixtures/v8-flags.cjs", import.meta.url));

/** The V8 flags the bin set by itself in its first second and a half. */
async function flagsSet(nodeArgs: string[]): Promise<string[]> {
  const out = join(mkdtempSync(join(tmpdir(), "jobtop-flags-")), "flags");
  s = startPty(NODE, [...nodeArgs, "--require", recordFlags, CLI, "--base-url", demo.url], {
    env: { JOBTOP_TOKEN: demo.token, V8_FLAGS_FILE: out },
  });
  await s.waitFor("State timeline", 10_000);
  const until = Date.now() + 15_000;
  while (!existsSync(out) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  s.kill("SIGKILL");
  s = undefined;
  return readFileSync(out, "utf8").split("\n").filter(Boolean);
}

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
    // Both runs without the bin's other memory flag (--optimize-for-size, below): V8 grows the
    // young generation less with it too, so this checks the growth factor alone.
    const alone = "--no-optimize-for-size";
    expect(await youngGenAfterChurn([alone])).toBeLessThanOrEqual(8 * MB);
    // The same churn with the user's own factor: V8 grows it, so the churn above is enough to
    // tell (this is what the bin prevents).
    expect(await youngGenAfterChurn(["--semi-space-growth-factor=2", alone])).toBeGreaterThan(8 * MB);
  }, 60_000);

  it("V8 favours memory over speed once the first frame is out; the user's own choice wins", async () => {
    expect(await flagsSet([])).toContain("--optimize-for-size");
    const theirs = await flagsSet(["--no-optimize-for-size"]);
    expect(theirs).not.toContain("--optimize-for-size");
    expect(theirs).toContain("--semi-space-growth-factor=1");
  }, 60_000);
});
