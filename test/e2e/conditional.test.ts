// Conditional requests in the monitor (issue 31), against the demo service (which sends strong
// ETags and answers If-None-Match with 304) in a real terminal: once the data is in, the page,
// the selected job and the index's sweep are asked with their ETags and answered 304 with no
// body; the header stays "● ok" (a 304 is a fresh answer); a change still shows at once.
import { describe, expect, it } from "vitest";
import { freshStateHome } from "../helpers/cli.js";
import { until } from "../helpers/processes.js";
import { demoSessions } from "./sessions.js";

const { demo, start: startSession } = await demoSessions({ jobCount: 30 });

describe("conditional requests in the monitor", () => {
  it("unchanged answers come back 304; the header stays ok; a change is seen at once", async () => {
    const s = startSession(
      [
        "--base-url",
        demo.url,
        "--interval",
        "1s",
        "--list-interval",
        "2s",
        "--index",
        "on",
        "--index-interval",
        "2s",
      ],
      { cols: 140, rows: 30, env: { JOBTOP_TOKEN: demo.token, XDG_STATE_HOME: freshStateHome() } },
    );
    const screen = await s.waitFor(/Job \d+/, 15_000);
    const id = Number(/Job (\d+)/.exec(screen)?.[1]);
    // The first answers of each kind (page, job, sweep) have come.
    const start = demo.requestCount();
    await until(() => demo.requestCount() >= start + 4, "the first polls", 15_000);
    const r0 = demo.requestCount();
    const m0 = demo.notModifiedCount();
    await until(() => demo.requestCount() >= r0 + 12, "twelve more requests", 30_000);
    const asked = demo.requestCount() - r0;
    const unchanged = demo.notModifiedCount() - m0;
    console.log(`unchanged demo, 1s/2s/index 2s: ${unchanged} of ${asked} requests answered 304`);
    expect(unchanged).toBeGreaterThanOrEqual(asked - 1); // one may have been on its way before
    expect(s.text()).toMatch(/● ok(?! \d)/); // fresh: no age shown
    // A change to the selected job: its next answer is a 200 with the new entry.
    const m1 = demo.notModifiedCount();
    const r1 = demo.requestCount();
    const before = demo.getJob(id)?.state.log.length ?? 0;
    if (!demo.advance(id)) throw new Error(`job ${id} cannot advance`);
    await s.waitFor(/✱ 1 change/, 10_000);
    expect(demo.getJob(id)?.state.log.length).toBe(before + 1);
    expect(demo.requestCount() - r1).toBeGreaterThan(demo.notModifiedCount() - m1);
  }, 90_000);
});
