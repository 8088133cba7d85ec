// The account index's merge: each id once whatever the pages did during a sweep, the newer
// state.log wins, a job goes after two missed sweeps, and each status the log recorded between
// two sweeps is its own event at the log's time.

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import {
  EMPTY_INDEX,
  INDEX_NAME_MAX,
  INDEX_REMARK_MAX,
  INDEX_TEXT_MAX,
  type IndexEntry,
  indexEntry,
  indexPage,
  type JobIndex,
  SweepMerge,
  sameEntry,
} from "../../src/model/job-index.js";
import { specJob } from "../helpers/payloads.js";

const T = 1_700_000_000;
/** Job `id` whose log is these [entry id, status, seconds after T]. */
function job(id: number, log: [number, number, number][], extra: Record<string, unknown> = {}): Job {
  const status = log.at(-1)?.[1] ?? 6;
  return JobSchema.parse(
    specJob(id, {
      displayID: `job-${id}`,
      status,
      state: {
        status,
        log: log.map(([e, s, t]) => ({ id: e, status: s, ts: { seconds: T + t }, sourceId: id })),
      },
      ...extra,
    }),
  );
}

/** One sweep of these pages, merged into `prev`. */
function sweep(prev: JobIndex, pages: Job[][]) {
  const m = new SweepMerge();
  for (const p of pages) m.add(indexPage(p, (id) => prev.entries.get(id), T + 10_000));
  return m.finish(prev);
}

describe("indexEntry", () => {
  it("keeps what the list, filters, sorts and counts read, and the newest log entry", () => {
    const e = indexEntry(
      job(
        5,
        [
          [11, 6, 0],
          [12, 1, 30],
        ],
        { createTime: { seconds: T - 5 }, queueLen: 3 },
      ),
    );
    expect(e).toMatchObject({
      id: "5",
      displayID: "job-5",
      status: 1,
      createSec: T - 5,
      queueLen: 3,
      entryId: "12",
      entrySec: T + 30,
      entryStatus: 1,
    });
    expect(Object.keys(e).sort()).toEqual(
      [
        "id",
        "displayID",
        "status",
        "remark",
        "cmd",
        "node",
        "gpus",
        "gpuName",
        "createSec",
        "queueLen",
        "insight",
        "entryId",
        "entrySec",
        "entryStatus",
      ].sort(),
    );
  });

  it("caps the free text a service could make huge", () => {
    const j = job(1, [[1, 6, 0]]);
    j.app.remark = "r".repeat(1_000_000);
    j.app.cmd = "c".repeat(1_000_000);
    j.displayID = "d".repeat(1_000_000);
    const e = indexEntry(j);
    expect(e.remark.length).toBe(INDEX_REMARK_MAX);
    expect(e.cmd.length).toBe(INDEX_TEXT_MAX);
    expect(e.displayID.length).toBe(INDEX_NAME_MAX);
  });

  it("tells two copies apart by what the list, the stats and the counts read, the class too", () => {
    // A sweep that finds every entry the same keeps the index it had: a change here unseen is lost.
    const a = job(1, [[1, 6, 0]]);
    const b = JobSchema.parse(JSON.parse(JSON.stringify(a)));
    expect(sameEntry(indexEntry(a), indexEntry(b))).toBe(true);
    b.ctx.class = "gpu-large";
    expect(sameEntry(indexEntry(a), indexEntry(b))).toBe(false);
    const c = JobSchema.parse(JSON.parse(JSON.stringify(a)));
    c.app.remark = "renamed";
    expect(sameEntry(indexEntry(a), indexEntry(c))).toBe(false);
  });

  it("keeps only the cut of a huge text alive, not the whole (a slice would hold it all)", () => {
    // 100 jobs of 400 kB of remark and command: 40 MB held by the entries' slices before.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const entries = [];
    for (let i = 0; i < 100; i++) {
      const j = job(i + 1, [[1, 6, 0]]);
      j.app.remark = `${i}${"r".repeat(200_000)}`;
      j.app.cmd = `${i}${"c".repeat(200_000)}`;
      entries.push(indexEntry(j));
    }
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4_000_000);
    expect(entries).toHaveLength(100);
  });
});

describe("SweepMerge", () => {
  it("counts every job once per status", () => {
    const { index } = sweep(EMPTY_INDEX, [
      [job(1, [[1, 6, 0]]), job(2, [[2, 6, 0]])],
      [
        job(3, [
          [3, 6, 0],
          [4, 1, 5],
        ]),
      ],
    ]);
    expect(index.entries.size).toBe(3);
    expect(Object.fromEntries(index.counts)).toEqual({ 6: 2, 1: 1 });
  });

  it("gives 6 → 1 → 2 between two sweeps as two events, each at its log entry's time", () => {
    const first = sweep(EMPTY_INDEX, [[job(7, [[1, 6, 0]])]]);
    expect(first.events).toEqual([]); // new to us, not changed
    const second = sweep(first.index, [
      [
        job(7, [
          [1, 6, 0],
          [2, 1, 60],
          [3, 2, 312],
        ]),
      ],
    ]);
    expect(second.events).toEqual([
      { id: "7", displayID: "job-7", from: 6, to: 1, ts: T + 60, afterSec: 60, entryId: "2" },
      { id: "7", displayID: "job-7", from: 1, to: 2, ts: T + 312, afterSec: 252, entryId: "3" },
    ]);
    // The same answer merged again (a same-body repeat of the page) counts nothing twice.
    const again = new SweepMerge();
    again.add(
      indexPage(
        [
          job(7, [
            [1, 6, 0],
            [2, 1, 60],
            [3, 2, 312],
          ]),
        ],
        (id) => first.index.entries.get(id),
        T,
      ),
    );
    expect(again.finish(second.index).events).toEqual([]);
  });

  it("keeps the copy with the newer state.log when a job comes twice (pushed down a page)", () => {
    const old = job(4, [[1, 6, 0]]);
    const newer = job(4, [
      [1, 6, 0],
      [2, 1, 9],
    ]);
    expect(sweep(EMPTY_INDEX, [[newer], [old]]).index.entries.get("4")?.status).toBe(1);
    expect(sweep(EMPTY_INDEX, [[old], [newer]]).index.entries.get("4")?.status).toBe(1);
  });

  it("does not let a lagging copy undo what the index saw", () => {
    const a = sweep(EMPTY_INDEX, [
      [
        job(4, [
          [1, 6, 0],
          [2, 1, 9],
        ]),
      ],
    ]);
    const b = sweep(a.index, [[job(4, [[1, 6, 0]])]]);
    expect(b.index.entries.get("4")?.status).toBe(1);
    expect(b.events).toEqual([]);
  });

  it("keeps a job one sweep misses, and drops it when the next misses it too", () => {
    const a = sweep(EMPTY_INDEX, [[job(1, [[1, 6, 0]]), job(2, [[2, 6, 0]])]]);
    const b = sweep(a.index, [[job(1, [[1, 6, 0]])]]);
    expect([...b.index.entries.keys()].sort()).toEqual(["1", "2"]);
    expect(b.index.missed.has("2")).toBe(true);
    const c = sweep(b.index, [[job(1, [[1, 6, 0]])]]);
    expect([...c.index.entries.keys()]).toEqual(["1"]);
    expect(c.dropped).toBe(1);
    // Seen again after one miss: missed no more.
    const d = sweep(b.index, [[job(1, [[1, 6, 0]]), job(2, [[2, 6, 0]])]]);
    expect(d.index.missed.size).toBe(0);
  });

  it("property: shuffled, shifted and duplicated pages still give each id exactly once, the newest copy", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 25 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (count, per, dupAt, seed) => {
          // The account: jobs 1..count, each at some step of its log.
          const jobs: Job[] = [];
          for (let i = 1; i <= count; i++) {
            const steps = 1 + ((i * 7 + seed) % 3);
            const log: [number, number, number][] = [];
            for (let s = 0; s < steps; s++) log.push([i * 10 + s, [6, 1, 2][s] as number, s]);
            jobs.push(job(i, log));
          }
          // Pages as a sweep sees them: shifted (a job appears again on the next page, in an
          // older copy), shuffled within the page, some copies repeated.
          const copies: Job[] = jobs.slice();
          for (const d of dupAt) {
            const j = jobs[d % count] as Job;
            copies.splice(d % (copies.length + 1), 0, job(Number(j.id), [[Number(j.id) * 10, 6, 0]]));
          }
          const pages: Job[][] = [];
          for (let i = 0; i < copies.length; i += per) {
            const p = copies.slice(i, i + per);
            for (let k = p.length - 1; k > 0; k--) {
              const r = (seed + k * 31) % (k + 1);
              [p[k], p[r]] = [p[r] as Job, p[k] as Job];
            }
            pages.push(p);
          }
          const { index } = sweep(EMPTY_INDEX, pages);
          expect(index.entries.size).toBe(count);
          for (const j of jobs) expect((index.entries.get(j.id) as IndexEntry).status).toBe(j.status);
          let total = 0;
          for (const n of index.counts.values()) total += n;
          expect(total).toBe(count);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("merges 100 000 jobs with one log entry each, and a job with 150 000 entries (no spread)", () => {
    const m = new SweepMerge();
    const page: Job[] = [];
    const base = job(1, [[1, 6, 0]]);
    for (let i = 1; i <= 100_000; i++) page.push({ ...base, id: String(i) });
    const long: [number, number, number][] = [];
    for (let i = 0; i < 150_000; i++) long.push([i + 1, [6, 1, 2, 3][i % 4] as number, i]);
    m.add(indexPage(page, () => undefined, T));
    const prev = m.finish(EMPTY_INDEX).index;
    expect(prev.entries.size).toBe(100_000);
    const m2 = new SweepMerge();
    m2.add(indexPage([job(1, long)], (id) => prev.entries.get(id), T));
    const { events } = m2.finish(prev);
    expect(events.length).toBe(149_999);
  });
});
