// The change tracker's events from both looks (issue 24): the page's (or a pin's, the selected
// job's) and the index's sweeps. Each state.log entry is one event at its entry's time, and one
// entry of a job is told once, by whichever look saw it first; notify_scope picks whose notify.
import { describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import type { IndexEvent } from "../../src/model/job-index.js";
import { inNotifyScope } from "../../src/model/notify-scope.js";
import { type ChangeState, ChangeTracker, MAX_STEPS_PER_LOOK } from "../../src/poll/changes.js";
import { specJob } from "../helpers/payloads.js";

/** Job `id` whose log went 6 (entry 1, t0) → 1 (entry 2, t0+60) → 2 (entry 3, t0+120), cut after `entries`. */
function job(id: string, entries: number): Job {
  const base = JobSchema.parse(specJob(Number(id)));
  const log = base.state.log.slice(0, entries);
  const status = log.at(-1)?.status as number;
  return { ...base, status, state: { status, log } };
}

const T0 = 1_700_000_000;

/** The sweep's events for job 101 from entry 1 to entry 3 (6 → 1 → 2). */
const sweepEvents: IndexEvent[] = [
  { id: "101", displayID: "j-101", from: 6, to: 1, ts: T0 + 60, afterSec: 60, entryId: "2" },
  { id: "101", displayID: "j-101", from: 1, to: 2, ts: T0 + 120, afterSec: 60, entryId: "3" },
];

function tracker() {
  let state: ChangeState = { highlights: new Map(), changeCount: 0, events: [], unseen: 0 };
  const t = new ChangeTracker({
    now: () => 0,
    wall: () => 1_800_000_000_000,
    highlightMs: 10_000,
    state: () => state,
    update: (p) => {
      state = { ...state, ...p };
    },
  });
  return { t, state: () => state };
}

describe("events from the page and the index", () => {
  it("the page's look: 6 → 1 → 2 between two copies is two events, each at its log entry's time", () => {
    const { t, state } = tracker();
    t.observe([job("101", 1)], [], () => {});
    t.observe([job("101", 3)], [], () => {});
    expect(state().events.map((e) => [e.from, e.to, e.atMs / 1000, e.entryId, e.watched])).toEqual([
      [1, 2, T0 + 120, "3", true],
      [6, 1, T0 + 60, "2", true],
    ]);
  });

  it("a log time no clock can show (a hostile service's 9e15 s) is dated when it was seen", () => {
    // The events pane read "NaN:NaN:NaN" and kept it on top as the newest.
    const { t, state } = tracker();
    const far = [{ ...(sweepEvents[0] as IndexEvent), ts: 9_000_000_000_000_000 }];
    t.addIndexEvents(far, false, () => false);
    expect(state().events.map((e) => e.atMs)).toEqual([1_800_000_000_000]);
  });

  it("a log time later than when it was seen by more than a day (milliseconds sent as seconds) is dated when it was seen", () => {
    // 1.7e12 "seconds" is the year 55 000: the pane showed it as '03-14 09:22:11', the newest, on
    // top for ever. A clock a few minutes ahead keeps its own time.
    const { t, state } = tracker();
    const ms = [{ ...(sweepEvents[0] as IndexEvent), ts: 1_700_000_000_000 }];
    t.addIndexEvents(ms, false, () => false);
    const ahead = [{ ...(sweepEvents[1] as IndexEvent), ts: 1_800_000_000 + 300 }];
    t.addIndexEvents(ahead, false, () => false);
    expect(state().events.map((e) => e.atMs)).toEqual([1_800_000_300_000, 1_800_000_000_000]);
  });

  it("the index's changes the page told already are not told again", () => {
    const { t, state } = tracker();
    t.observe([job("101", 1)], [], () => {});
    t.observe([job("101", 3)], [], () => {});
    t.addIndexEvents(sweepEvents, false, () => false);
    expect(state().events).toHaveLength(2);
    expect(state().unseen).toBe(2);
  });

  it("the page's changes the index told already are not told again; a later entry is", () => {
    const { t, state } = tracker();
    t.observe([job("101", 1)], [], () => {});
    t.addIndexEvents(sweepEvents.slice(0, 1), false, () => false);
    expect(state().events.map((e) => [e.to, e.watched])).toEqual([[1, false]]);
    // The page then sees entries 2 and 3: only 3 is news.
    t.observe([job("101", 3)], [], () => {});
    expect(state().events.map((e) => [e.from, e.to])).toEqual([
      [1, 2],
      [6, 1],
    ]);
    // The sweep after that brings nothing new.
    t.addIndexEvents(sweepEvents, false, () => false);
    expect(state().events).toHaveLength(2);
    expect(state().unseen).toBe(2);
  });

  it("a log that flipped more than MAX_STEPS_PER_LOOK times in one look is one event, first status to last", () => {
    const { t, state } = tracker();
    const base = job("101", 3);
    t.observe([base], [], () => {});
    const log = base.state.log.slice();
    for (let i = 0; i < 1000; i++)
      log.push({
        id: String(4 + i),
        status: i % 2 === 0 ? 3 : 2,
        ts: { seconds: T0 + 200 + i },
        sourceId: "101",
      });
    t.observe([{ ...base, status: 2, state: { status: 2, log } }], [], () => {});
    expect(state().events.map((e) => [e.from, e.to, e.entryId])).toEqual([[2, 2, "1003"]]);
    expect(state().unseen).toBe(1);
    expect(MAX_STEPS_PER_LOOK).toBeLessThan(1000);
  });

  it("changes of the time away are listed, marked, not counted unseen and never notify", () => {
    const { t, state } = tracker();
    t.addIndexEvents(sweepEvents, true, () => true);
    expect(state().events.map((e) => e.away)).toEqual([true, true]);
    expect(state().unseen).toBe(0);
    for (const scope of ["pinned", "page", "all"] as const)
      expect(state().events.some((e) => inNotifyScope(e, scope, () => true))).toBe(false);
  });

  it("notify_scope: page notifies what the page, selected job and pins watched; all everything; pinned the pins", () => {
    const watched = { id: "1", watched: true };
    const other = { id: "2", watched: false };
    const pinned = (id: string) => id === "2";
    expect([inNotifyScope(watched, "page", pinned), inNotifyScope(other, "page", pinned)]).toEqual([
      true,
      false,
    ]);
    expect([inNotifyScope(watched, "all", pinned), inNotifyScope(other, "all", pinned)]).toEqual([
      true,
      true,
    ]);
    expect([inNotifyScope(watched, "pinned", pinned), inNotifyScope(other, "pinned", pinned)]).toEqual([
      false,
      true,
    ]);
  });
});
