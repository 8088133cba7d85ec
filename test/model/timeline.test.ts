import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Job, LogEntry } from "../../src/api/schema.js";
import { JobSchema } from "../../src/api/schema.js";
import { activeHighlights, addHighlights, isHighlighted, nextExpiry } from "../../src/model/highlights.js";
import { buildTimeline, diffJob, newestIds } from "../../src/model/timeline.js";
import { jobUrls } from "../../src/model/urls.js";
import { specJob } from "../helpers/payloads.js";

const job = (over: Record<string, unknown> = {}): Job => JobSchema.parse(specJob(101, over));

describe("timeline", () => {
  it("gives each state its duration and marks the current one", () => {
    const t = buildTimeline(job().state.log, 1_700_000_300);
    expect(t.map((e) => [e.status, e.durationSec, e.current])).toEqual([
      [6, 60, false],
      [1, 60, false],
      [2, 180, true],
    ]);
  });

  it("never gives a negative duration when clocks disagree", () => {
    const t = buildTimeline(job().state.log, 1_600_000_000);
    expect(t.every((e) => e.durationSec >= 0)).toBe(true);
  });
});

describe("diffJob", () => {
  it("sees a new log entry by id and a new status", () => {
    const a = job();
    const b = job({
      status: 3,
      state: {
        status: 3,
        log: [...a.state.log, { id: 4, status: 3, ts: { seconds: 1_700_000_200 }, sourceId: 101 }],
      },
    });
    expect(diffJob(a, b)).toEqual({ changed: true, newEntryIds: ["4"], newEntries: 1, statusChanged: true });
    expect(diffJob(b, b).changed).toBe(false);
    expect(diffJob(undefined, b).changed).toBe(false);
  });

  it("returns only the newest new entries when asked to keep a few, and counts them all", () => {
    const a = job();
    const log = a.state.log.slice();
    for (let i = 0; i < 140_000; i++)
      log.push({ id: String(10 + i), status: 2, ts: { seconds: 1_700_000_200 + i }, sourceId: "101" });
    const d = diffJob(a, { ...a, state: { status: 2, log } }, 50);
    expect(d.newEntries).toBe(140_000);
    expect(d.newEntryIds).toHaveLength(50);
    expect(d.newEntryIds.at(-1)).toBe(String(10 + 139_999));
    expect(d.newEntryIds[0]).toBe(String(10 + 139_950));
  });
});

describe("diffJob over shared entries (issue 31)", () => {
  const entry = (id: number, status = 2): LogEntry => ({
    id: String(id),
    status,
    ts: { seconds: id },
    sourceId: "1",
  });
  const withLog = (log: LogEntry[], status = 2): Job => ({ ...job(), status, state: { status, log } });

  it("tells the same new ids as a lookup among all of the old ones, whatever is shared, reordered or repeated", () => {
    // The reference: every id of the old log in a set (what diffJob did before).
    const reference = (prev: LogEntry[], next: LogEntry[]) => {
      const known = new Set(prev.map((e) => e.id));
      return next.filter((e) => !known.has(e.id)).map((e) => e.id);
    };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5, max: 40 }), { maxLength: 30 }),
        fc.array(
          fc.oneof(
            fc.integer({ min: 0, max: 29 }).map((i) => ({ shared: i })),
            fc.integer({ min: -5, max: 60 }),
          ),
          {
            maxLength: 40,
          },
        ),
        (prevIds, plan) => {
          const prev = prevIds.map((id) => entry(id));
          // An entry of `next` is either one of prev's very objects (shared) or a new one.
          const next = plan.map((p) =>
            typeof p === "number" ? entry(p) : (prev[p.shared] ?? entry(p.shared)),
          );
          const d = diffJob(withLog(prev), withLog(next));
          expect(d.newEntries).toBe(reference(prev, next).length);
          expect(d.newEntryIds).toEqual(reference(prev, next));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("tells one new entry of a 200 000-entry log that grew, and none of one answered again the same", () => {
    const log = Array.from({ length: 200_000 }, (_, i) => entry(1000 + i));
    const grown = log.concat(entry(1_000_000, 1));
    expect(diffJob(withLog(log), withLog(grown, 1))).toMatchObject({
      newEntries: 1,
      newEntryIds: ["1000000"],
    });
    expect(diffJob(withLog(log), withLog(log)).changed).toBe(false);
  });
});

describe("newestIds", () => {
  it("picks the k highest ids in numeric order, whatever the order given", () => {
    expect(newestIds(["9", "100", "11", "2", "-5", "99"], 3)).toEqual(["11", "99", "100"]);
    expect(newestIds(["3", "1"], 5)).toEqual(["3", "1"]);
    expect(newestIds(["3", "1"], 0)).toEqual([]);
    const many = Array.from({ length: 200_000 }, (_, i) => String(200_000 - i)); // descending
    expect(newestIds(many, 2)).toEqual(["199999", "200000"]);
  });
});

describe("urls", () => {
  it("numbers URLs by port order", () => {
    const u = jobUrls(job());
    expect(u.map((x) => [x.n, x.port, x.kind])).toEqual([
      [1, "22", "ssh"],
      [2, "8888", "https"],
    ]);
  });
});

describe("highlights", () => {
  it("expire after their time", () => {
    const h = addHighlights(new Map(), ["job:1"], 1000, 500);
    expect(isHighlighted(h, "job:1", 1400)).toBe(true);
    expect(isHighlighted(h, "job:1", 1500)).toBe(false);
    expect(activeHighlights(h, 1600).size).toBe(0);
    expect(activeHighlights(h, 1200)).toBe(h);
  });

  it("finds the next expiry among 200 000 keys without a spread", () => {
    expect(nextExpiry(new Map())).toBe(Number.POSITIVE_INFINITY);
    const keys = Array.from({ length: 200_000 }, (_, i) => `entry:${i}`);
    const h = addHighlights(addHighlights(new Map(), keys, 1000, 500), ["job:1"], 900, 500);
    expect(nextExpiry(h)).toBe(1400);
  });
});
