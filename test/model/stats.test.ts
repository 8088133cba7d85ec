// The stats (issue 32) against a reference written from the definitions, on raw logs: no digest,
// no runs, every number recomputed the slow and obvious way.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LogEntry } from "../../src/api/schema.js";
import { inStatusSec, timePerStatus, waitedSec } from "../../src/model/durations.js";
import { DIGEST_HEAD, DIGEST_TAIL, digestLog } from "../../src/model/log-digest.js";
import {
  computeStats,
  type GroupBy,
  MAX_GROUPS,
  type StatsJob,
  skippedText,
  spreadOf,
} from "../../src/model/stats.js";
import { type RawJob, reference, refSpread } from "../helpers/stats-reference.js";

const NOW = 1_800_000_000;
const entry = (id: number, status: number, seconds: number): LogEntry => ({
  id: String(id),
  status,
  ts: { seconds },
  sourceId: "1",
});

const toStatsJob = (j: RawJob): StatsJob => ({
  status: j.status,
  gpus: j.gpuName ? 1 : 0,
  gpuName: j.gpuName,
  node: j.node,
  cls: j.cls,
  log: digestLog(j.log),
});

/** Valid logs: ids 1..n, times ascending with them, statuses from a few codes; shuffled or not. */
const rawJob = fc
  .record({
    steps: fc.array(
      fc.record({ status: fc.constantFrom(6, 1, 2, 3), gap: fc.integer({ min: 0, max: 90_000 }) }),
      {
        maxLength: 20,
      },
    ),
    start: fc.integer({ min: 0, max: NOW - 30 * 86_400 }),
    gpuName: fc.constantFrom("", "A100", "H100"),
    node: fc.constantFrom("", "n-1", "n-2"),
    cls: fc.constantFrom("", "batch", "dev"),
    shuffle: fc.boolean(),
    seed: fc.integer(),
  })
  .map(({ steps, start, gpuName, node, cls, shuffle, seed }): RawJob => {
    let t = start;
    const log = steps.map((s, i) => {
      t += s.gap;
      return entry(i + 1, s.status, Math.min(t, NOW));
    });
    if (shuffle)
      log.sort((a, b) => ((Number(a.id) * 7919 + seed) % 13) - ((Number(b.id) * 7919 + seed) % 13));
    return {
      status: log.length ? (log.find((e) => e.id === String(log.length))?.status ?? 6) : 6,
      gpuName,
      node,
      cls,
      log,
    };
  });

describe("computeStats against the reference", () => {
  it("gives the reference's counts, spreads, transitions and waits, for any valid logs in any order", () => {
    fc.assert(
      fc.property(
        fc.array(rawJob, { maxLength: 30 }),
        fc.constantFrom<GroupBy>("none", "gpu", "node", "class"),
        fc.constantFrom(3600, 86_400, 7 * 86_400),
        (jobs, by, windowSec) => {
          const got = computeStats(jobs.map(toStatsJob), { nowSec: NOW, windowSec, by });
          const want = reference(jobs, NOW, windowSec, by);
          expect(got.jobs).toBe(jobs.length);
          expect(new Set(got.groups.map((g) => g.key))).toEqual(new Set(want.keys()));
          for (const g of got.groups) {
            const w = want.get(g.key);
            if (!w) throw new Error(`no group ${g.key}`);
            expect(g.jobs).toBe(w.jobs);
            for (const s of g.statuses) {
              expect(s.count).toBe(w.counts.get(s.status));
              const ref = refSpread(w.inStatus.get(s.status) ?? []);
              expect({ p50: s.p50, p90: s.p90, max: s.max }).toEqual({
                p50: ref.p50,
                p90: ref.p90,
                max: ref.max,
              });
            }
            expect(g.statuses.length).toBe(w.counts.size);
            const trans = new Map(g.transitions.map((t) => [`${t.from}>${t.to}`, t]));
            expect(new Set(trans.keys())).toEqual(new Set(w.trans.keys()));
            for (const [k, secs] of w.trans) {
              const t = trans.get(k);
              const ref = refSpread(secs);
              expect({ count: t?.count, p50: t?.p50, p90: t?.p90 }).toEqual({
                count: secs.length,
                p50: ref.p50,
                p90: ref.p90,
              });
            }
            const edges = [60, 300, 900, 3600, 14_400, 43_200, 86_400, Number.POSITIVE_INFINITY];
            const counts = edges.map(
              (hi, i) =>
                w.waits.filter((v) => v >= (i === 0 ? 0 : (edges[i - 1] as number)) && v < hi).length,
            );
            expect(g.waited.counts).toEqual(counts);
            const ref = refSpread(w.waits);
            expect(g.waited.spread).toEqual(w.waits.length ? ref : undefined);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the spread is nearest-rank: p50 of 1..10 is 5, p90 is 9, of one value that value; as the reference for any list", () => {
    expect(spreadOf([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])).toEqual({ p50: 5, p90: 9, max: 10 });
    expect(spreadOf([42])).toEqual({ p50: 42, p90: 42, max: 42 });
    expect(spreadOf([])).toBeUndefined();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 300 }), (v) => {
        const before = v.slice();
        expect(spreadOf(v)).toEqual(refSpread(v));
        expect(v).toEqual(before);
      }),
      { numRuns: 500 },
    );
  });
});

describe("durations", () => {
  const log = [entry(1, 6, 1000), entry(2, 6, 1100), entry(3, 1, 1500), entry(4, 2, 1600), entry(5, 2, 1700)];

  it("waited is the time in the first status until another begins; in_status since the last entry", () => {
    const d = digestLog(log);
    expect(waitedSec(d, 2000)).toBe(500);
    expect(inStatusSec(d, 2000)).toBe(300);
    expect(timePerStatus(d, 2000)).toEqual(
      new Map([
        [6, 500],
        [1, 100],
        [2, 400],
      ]),
    );
    // Still in its first status: waited until now.
    expect(waitedSec(digestLog([entry(1, 6, 1000)]), 1600)).toBe(600);
    // No log: no durations.
    expect(waitedSec(digestLog([]), 1600)).toBeUndefined();
    expect(inStatusSec(digestLog([]), 1600)).toBeUndefined();
  });

  it("a time in the future gives no duration, never a negative one", () => {
    const d = digestLog([entry(1, 6, 5000)]);
    expect(inStatusSec(d, 2000)).toBeUndefined();
    expect(waitedSec(d, 2000)).toBeUndefined();
    expect(timePerStatus(d, 2000)).toEqual(new Map([[6, 0]]));
    const s = computeStats([{ status: 6, gpus: 0, gpuName: "", node: "", cls: "", log: d }], {
      nowSec: 2000,
    });
    expect(s.skipped.future).toBe(1);
    expect(s.groups[0]?.statuses[0]).toEqual({ status: 6, count: 1 });
    expect(skippedText(s.skipped)).toBe("1 jobs with times in the future");
  });
});

describe("bad logs", () => {
  it("puts reordered entries in id order, counts a duplicate once, drops times before 1970, clamps times going back", () => {
    const d = digestLog([
      entry(3, 2, 300),
      entry(1, 6, 100),
      entry(2, 1, 200),
      entry(2, 1, 200),
      entry(4, 3, -5),
      entry(5, 3, 250),
    ]);
    expect(d.runs).toEqual([6, 100, 1, 200, 2, 300, 3, 300]);
    expect(d.skipped).toEqual({ reordered: 1, duplicate: 1, beforeEpoch: 1, timeBack: 1, dropped: 0 });
    const s = computeStats([{ status: 3, gpus: 0, gpuName: "", node: "", cls: "", log: d }], { nowSec: 400 });
    expect(skippedText(s.skipped)).toBe(
      "1 log entries out of order, 1 duplicate entries, 1 entries before 1970, 1 entries back in time",
    );
  });

  it("reads a 200 000-entry log in bounded work: its head and tail, the rest counted", () => {
    const big: LogEntry[] = [];
    for (let i = 1; i <= 200_000; i++) big.push(entry(i, i === 1 ? 6 : i % 2 ? 2 : 1, 1000 + i));
    const t0 = performance.now();
    const d = digestLog(big);
    const ms = performance.now() - t0;
    expect(d.firstStatus).toBe(6);
    expect(d.leftFirstSec).toBe(1002);
    expect(d.lastSec).toBe(201_000);
    expect(d.runs.length).toBe(128);
    expect(d.skipped?.dropped).toBe(200_000 - DIGEST_HEAD - DIGEST_TAIL + (DIGEST_HEAD + DIGEST_TAIL - 64));
    // Not a timing test (the machine is shared): only a guard against reading the whole log sorted.
    expect(ms).toBeLessThan(2000);
  });

  it("folds groups past MAX_GROUPS into one, and says so", () => {
    const jobs: StatsJob[] = [];
    for (let i = 0; i < MAX_GROUPS + 10; i++)
      jobs.push({
        status: 2,
        gpus: 0,
        gpuName: "",
        node: `n-${i}`,
        cls: "",
        log: digestLog([entry(1, 2, 10)]),
      });
    const s = computeStats(jobs, { nowSec: 100, by: "node" });
    expect(s.groups.length).toBe(MAX_GROUPS);
    expect(s.groups.at(-1)?.key).toBe("(other)");
    expect(s.groups.at(-1)?.jobs).toBe(11);
    expect(s.skipped.folded).toBe(11);
  });
});
