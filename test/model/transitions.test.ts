import { describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import { formatIsoLocal } from "../../src/model/format.js";
import { currentSince, statusChanges } from "../../src/model/transitions.js";
import { specJob } from "../helpers/payloads.js";

const T = 1_700_000_000;
/** A job whose log is these [entry id, status, seconds after T]. */
function job(log: [number, number, number][], status = log.at(-1)?.[1] ?? 6): Job {
  return JobSchema.parse(
    specJob(7, {
      status,
      state: {
        status,
        log: log.map(([id, s, t]) => ({ id, status: s, ts: { seconds: T + t }, sourceId: 7 })),
      },
    }),
  );
}

describe("statusChanges", () => {
  it("gives one change per new log entry, each with its time and the time spent before", () => {
    const before = job([[1, 6, 0]]);
    const after = job([
      [1, 6, 0],
      [2, 1, 60],
      [3, 2, 312],
    ]);
    expect(statusChanges(before, after, T + 400)).toEqual([
      { from: 6, to: 1, ts: T + 60, afterSec: 60, entryId: "2" },
      { from: 1, to: 2, ts: T + 312, afterSec: 252, entryId: "3" },
    ]);
  });

  it("is empty when nothing moved, and ignores a re-sent or reordered log", () => {
    const a = job([
      [1, 6, 0],
      [2, 1, 60],
    ]);
    const b = job(
      [
        [2, 1, 60],
        [1, 6, 0],
      ],
      1,
    );
    expect(statusChanges(a, b, T + 100)).toEqual([]);
  });

  it("counts a status that moved without a log entry, at the time it was seen", () => {
    const a = job([[1, 6, 0]]);
    const b = job([[1, 6, 0]], 1);
    expect(statusChanges(a, b, T + 90)).toEqual([
      { from: 6, to: 1, ts: T + 90, afterSec: 90, entryId: undefined },
    ]);
  });

  it("does not report old history the service sends late as news", () => {
    const a = job([[5, 2, 100]]);
    const b = job([
      [3, 6, 0],
      [4, 1, 50],
      [5, 2, 100],
    ]);
    expect(statusChanges(a, b, T + 200)).toEqual([]);
  });

  it("compares 64-bit entry ids exactly", () => {
    const big = "9007199254740993";
    const a = JobSchema.parse(
      specJob(7, {
        status: 1,
        state: { status: 1, log: [{ id: big, status: 1, ts: { seconds: T }, sourceId: 7 }] },
      }),
    );
    const b = JobSchema.parse(
      specJob(7, {
        status: 2,
        state: {
          status: 2,
          log: [
            { id: big, status: 1, ts: { seconds: T }, sourceId: 7 },
            { id: "9007199254740994", status: 2, ts: { seconds: T + 5 }, sourceId: 7 },
          ],
        },
      }),
    );
    expect(statusChanges(a, b, T + 9)).toEqual([
      { from: 1, to: 2, ts: T + 5, afterSec: 5, entryId: "9007199254740994" },
    ]);
  });
});

describe("currentSince", () => {
  it("is the latest entry's time when it records the current status", () => {
    expect(
      currentSince(
        job([
          [1, 6, 0],
          [2, 1, 60],
        ]),
      ),
    ).toBe(T + 60);
    expect(currentSince(job([[1, 6, 0]], 2))).toBeUndefined();
    expect(currentSince(job([], 2))).toBeUndefined();
  });
});

describe("formatIsoLocal", () => {
  it("writes local time with its UTC offset", () => {
    const s = formatIsoLocal(T);
    expect(s).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(Date.parse(s)).toBe(T * 1000);
    expect(formatIsoLocal(Number.NaN)).toBe("?");
  });
});

describe("a 140 000-entry log", () => {
  it("is compared in one pass, sorting only what is new", () => {
    const n = 140_000;
    const log = (k: number) =>
      Array.from({ length: k }, (_, i) => ({
        id: String(i + 1),
        status: [6, 1, 2, 3][i % 4] as number,
        ts: { seconds: T + i },
      }));
    const mk = (k: number): Job => {
      const j = job([[1, 6, 0]]);
      const l = log(k).map((e) => ({ ...e, sourceId: "7" }));
      return { ...j, status: l.at(-1)?.status ?? 6, state: { status: l.at(-1)?.status ?? 6, log: l } };
    };
    const a = mk(n);
    const b = mk(n + 2);
    // Not a speed target (those are in npm run bench): a bound a quadratic comparison (2·10^10
    // steps) cannot meet on any machine, and a linear one meets on a loaded CI (500 ms flaked there).
    const t0 = performance.now();
    const changes = statusChanges(a, b, T + n + 5);
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(changes.map((c) => [c.from, c.to, c.entryId])).toEqual([
      [a.status, b.state.log[n]?.status, String(n + 1)],
      [b.state.log[n]?.status, b.state.log[n + 1]?.status, String(n + 2)],
    ]);
    expect(currentSince(b)).toBe(T + n + 1);
  });
});
