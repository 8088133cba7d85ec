// A terminal too small for the monitor (issue 29, a newcomer's trips, 12): at 30×8 the notice was
// cut, "jobtop needs at least 40×10 (…"; the size now is on screen, and a resize to a size that
// fits brings the monitor back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { type Session, startCli } from "./pty.js";

let demo: DemoServer;
let s: Session | undefined;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});
afterEach(() => {
  s?.kill("SIGKILL");
  s = undefined;
});

describe("a terminal under 40×10", () => {
  it("says the size needed and the size now, whole, at 30×8", async () => {
    s = startCli(["--base-url", demo.url], { cols: 30, rows: 8, env: { JOBTOP_TOKEN: demo.token } });
    const t = s;
    const sc = await t.waitFor("(now 30×8)", 15_000);
    expect(sc.split("\n").slice(0, 2)).toEqual(["jobtop needs at least 40×10", "(now 30×8)"]);
    expect(t.wrapped()).toBe(0);
    t.resize(100, 30);
    await t.waitFor(/Job \d+/, 10_000);
  }, 30_000);
});
