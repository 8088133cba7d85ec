// The events pane's order (issue 29, a newcomer's trips, 9): it listed changes in the order they
// were seen, each with its log time: "01:43:09 …", then "01:43:00 …", then "01:43:03 …". A change
// seen later can be older (here job 102's entry, dated before 101's, comes after it). Now the
// pane is newest first by the time it shows, and ↑↓ and Enter move in that order.
import { describe, expect, it } from "vitest";
import { specJob } from "../helpers/payloads.js";
import { pageOf } from "../helpers/scripted-service.js";
import { KEYS } from "./pty.js";
import { scriptedSessions } from "./sessions.js";

const { serve, start } = scriptedSessions();

const T0 = 1_700_000_000;
/** A job queued at T0, then starting at each time of `starts` (none: still queued). */
const job = (id: number, startSec?: number) => {
  const log = [{ id: id * 10, status: 6, ts: { seconds: T0 }, sourceId: id }];
  if (startSec !== undefined)
    log.push({ id: id * 10 + 1, status: 1, ts: { seconds: startSec }, sourceId: id });
  const status = startSec === undefined ? 6 : 1;
  return specJob(id, { status, state: { status, log } });
};
const hms = (sec: number) => new Date(sec * 1000).toISOString().slice(11, 19);

describe("the events pane", () => {
  it("lists the changes newest first by the time shown, whatever order they were seen in", async () => {
    const starts = new Map<number, number>();
    const service = await serve({
      list: (q) => pageOf([job(101, starts.get(101)), job(102, starts.get(102))], q),
    });
    const t = start(
      ["--base-url", service.url, "--interval", "300ms", "--list-interval", "500ms", "--index", "off"],
      {
        cols: 120,
        rows: 30,
        env: { JOBTOP_TOKEN: service.token, TZ: "UTC" },
      },
    );
    await t.waitFor(/Job 10[12]/, 10_000);
    t.press("e");
    await t.waitFor("no status change seen yet", 5000);
    starts.set(101, T0 + 100);
    await t.waitFor(`${hms(T0 + 100)} j-101`, 10_000);
    starts.set(102, T0 + 50); // seen second, dated first
    await t.waitFor(`${hms(T0 + 50)} j-102`, 10_000);
    const rows = t.screen().filter((l) => /\d\d:\d\d:\d\d j-10[12]/.test(l));
    expect(rows.map((l) => /(\d\d:\d\d:\d\d) (j-10[12])/.exec(l)?.slice(1).join(" "))).toEqual([
      `${hms(T0 + 100)} j-101`,
      `${hms(T0 + 50)} j-102`,
    ]);
    // ↓ in the pane (it has the focus since e opened it) goes to the older one; Enter selects it.
    t.press(KEYS.down);
    t.press(KEYS.enter);
    await t.waitFor(/Job 102/, 5000);
  }, 40_000);
});
