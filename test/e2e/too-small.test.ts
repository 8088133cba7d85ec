// A terminal too small for the monitor (issue 29, a newcomer's trips, 12): at 30×8 the notice was
// cut, "jobtop needs at least 40×10 (…"; the size now is on screen, and a resize to a size that
// fits brings the monitor back.
import { describe, expect, it } from "vitest";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

describe("a terminal under 40×10", () => {
  it("says the size needed and the size now, whole, at 30×8", async () => {
    const t = start(["--base-url", demo.url], { cols: 30, rows: 8, env: { JOBTOP_TOKEN: demo.token } });
    const sc = await t.waitFor("(now 30×8)", 15_000);
    expect(sc.split("\n").slice(0, 2)).toEqual(["jobtop needs at least 40×10", "(now 30×8)"]);
    expect(t.wrapped()).toBe(0);
    t.resize(100, 30);
    await t.waitFor(/Job \d+/, 10_000);
  }, 30_000);
});
