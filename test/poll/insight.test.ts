// The monitor's insight (src/poll/insight.ts) over a page of jobs: ONE event and one notification
// per job and rule, armed again once the job leaves the rule's statuses; flapping said once; the
// trend recorded at each sweep and saved once per 5-minute slot.
import { describe, expect, it } from "vitest";
import type { JobPage } from "../../src/api/client.js";
import { type Job, JobSchema } from "../../src/api/schema.js";
import type { Config } from "../../src/config/types.js";
import { EMPTY_INDEX, indexEntry } from "../../src/model/job-index.js";
import { digestLog } from "../../src/model/log-digest.js";
import { computeStats } from "../../src/model/stats.js";
import { InsightWatch } from "../../src/poll/insight.js";
import type { Monitor } from "../../src/poll/monitor.js";
import { statsLines } from "../../src/render/stats-lines.js";
import { specJob } from "../helpers/payloads.js";

const T = 1_800_000_000;

function job(id: number, log: [number, number][]): Job {
  const status = log.at(-1)?.[0] ?? 6;
  return JobSchema.parse(
    specJob(id, {
      status,
      state: {
        status,
        log: log.map(([s, t], i) => ({ id: id * 100 + i, status: s, ts: { seconds: t }, sourceId: id })),
      },
    }),
  );
}

/** A Monitor as far as the insight reads it: a snapshot to set, its listeners, the events noted. */
function fakeMonitor() {
  const listeners = new Set<() => void>();
  let snap = {
    list: { data: undefined as JobPage | undefined },
    job: { data: undefined },
    index: undefined as unknown,
  };
  const notes: string[] = [];
  let sweeps = 0;
  const m = {
    subscribe: (fn: () => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    getSnapshot: () => snap,
    noteEvent: (j: { id: string }, text: string) => notes.push(`${j.id} ${text}`),
  };
  return {
    monitor: m as unknown as Monitor,
    notes,
    page(jobs: Job[]) {
      snap = {
        ...snap,
        list: { data: { items: jobs.map((j) => ({ ok: true as const, job: j })) } as JobPage },
      };
      for (const fn of listeners) fn();
    },
    sweep(jobs: Job[], seq: number) {
      const entries = new Map(jobs.map((j) => [j.id, indexEntry(j)]));
      const counts = new Map<number, number>();
      for (const j of jobs) counts.set(j.status, (counts.get(j.status) ?? 0) + 1);
      sweeps++;
      snap = {
        ...snap,
        index: { seq, sweeps, reason: undefined, index: { ...EMPTY_INDEX, entries, counts } },
      };
      for (const fn of listeners) fn();
    },
    /** A sweep that found nothing new: the sweeper hands back the same index and seq (sweep.ts's quiet sweep). */
    quietSweep() {
      sweeps++;
      snap = { ...snap, index: { ...(snap.index as object), sweeps } };
      for (const fn of listeners) fn();
    },
  };
}

const config = {
  alerts: [{ name: "queued-long", statuses: [6], longerThanSec: 3600 }],
  flapChanges: 6,
  flapWindowMs: 600_000,
  statusLabels: { 6: "queued", 1: "starting", 2: "running" },
} as unknown as Config;

/** An insight with no rules whose clock the test moves (from a slot's start), and the slots each save wrote. */
function trendWatch() {
  const clock = { now: T - (T % 300) };
  const f = fakeMonitor();
  const saved: number[] = [];
  const w = new InsightWatch(f.monitor, { ...config, alerts: [] } as Config, {
    now: () => clock.now,
    trend: { initial: undefined, save: (t) => saved.push(t.slots.length) },
  });
  return { clock, f, saved, w };
}

describe("the monitor's insight", () => {
  it("says each job and rule once, again only after the job left the status", () => {
    let now = T;
    const f = fakeMonitor();
    const notified: string[] = [];
    const w = new InsightWatch(f.monitor, config, {
      now: () => now,
      notify: (j, t) => notified.push(`${j.id} ${t}`),
    });
    const queued = job(1, [[6, T - 7200]]);
    f.page([queued, job(2, [[6, T - 60]])]);
    expect(w.getSnapshot().stuck.has("1")).toBe(true);
    expect(w.getSnapshot().stuck.has("2")).toBe(false);
    expect(f.notes).toEqual(["1 ⧗ stuck: queued-long, queued for 2h 00m (> 1h)"]);
    expect(notified.length).toBe(1);
    // The same job seen again, still queued: nothing more.
    now += 60;
    f.page([job(1, [[6, T - 7200]]), job(2, [[6, T - 60]])]);
    expect(f.notes.length).toBe(1);
    // It starts, then is queued again and stays an hour and more: said once more.
    f.page([
      job(1, [
        [6, T - 7200],
        [1, now],
      ]),
    ]);
    now += 4000;
    f.page([
      job(1, [
        [6, T - 7200],
        [1, T],
        [6, T + 1],
      ]),
    ]);
    expect(f.notes.length).toBe(2);
    expect(notified.length).toBe(2);
    w.stop();
  });

  it("says flapping once while it lasts, and keeps it out of the change notifications (isFlapping)", () => {
    const now = T;
    const f = fakeMonitor();
    const w = new InsightWatch(f.monitor, config, { now: () => now });
    const log: [number, number][] = [[6, T - 3000]];
    for (let i = 0; i < 8; i++) log.push([i % 2 ? 2 : 1, T - 500 + i * 30]);
    f.page([job(3, log)]);
    f.page([job(3, log.concat([[1, T - 10]]))]);
    expect(w.isFlapping("3")).toBe(true);
    expect(f.notes.filter((n) => n.includes("flapping"))).toEqual(["3 ↯ flapping: 8 status changes in 10m"]);
    w.stop();
  });

  it("records the counts at every sweep, and saves the trend once per 5-minute slot", () => {
    const { clock, f, saved, w } = trendWatch();
    const jobs = [job(1, [[6, T - 10]]), job(2, [[2, T - 10]])];
    for (let i = 1; i <= 12; i++) {
      f.sweep(jobs, i);
      clock.now += 30;
    }
    expect(w.getSnapshot().source).toBe("index");
    expect(w.getSnapshot().trend.slots.length).toBe(2);
    expect(saved).toEqual([1, 2]);
    // The marks keep their identity across sweeps that changed none: the App is not drawn again.
    const marks = w.getMarks();
    f.sweep(jobs, 13);
    expect(w.getMarks()).toBe(marks);
    w.save();
    expect(saved).toEqual([1, 2, 2]);
    w.stop();
  });

  it("more job-and-rule pairs stuck than it remembers (50 rules × 401 jobs): none is said twice", () => {
    const now = T;
    const f = fakeMonitor();
    const rules = Array.from({ length: 50 }, (_, i) => ({
      name: `r${i}`,
      statuses: [6],
      longerThanSec: 3600,
    }));
    const w = new InsightWatch(f.monitor, { ...config, alerts: rules } as Config, { now: () => now });
    const jobs = Array.from({ length: 401 }, (_, i) => job(i + 1, [[6, T - 7200]]));
    f.sweep(jobs, 1);
    expect(f.notes.length).toBe(50 * 401);
    // The next sweeps find the same jobs stuck: each pair was said, none is said again.
    f.sweep(jobs, 2);
    f.sweep(jobs, 3);
    expect(f.notes.length).toBe(50 * 401);
    w.stop();
  });

  it("with the index off, an id the page lists twice is one job in the stats", () => {
    const f = fakeMonitor();
    const w = new InsightWatch(f.monitor, config, { now: () => T });
    f.page([job(1, [[6, T - 60]]), job(2, [[2, T - 60]]), job(1, [[2, T - 30]])]);
    expect(w.jobs().map((j) => j.id)).toEqual(["1", "2"]);
    expect(computeStats(w.jobs(), { nowSec: T }).jobs).toBe(2);
    w.stop();
  });

  it("samples the trend at a quiet sweep too (the same index, the same seq): an idle account's trend has every slot", () => {
    const { clock, f, saved, w } = trendWatch();
    f.sweep([job(1, [[6, T - 10]]), job(2, [[2, T - 10]])], 1);
    // Half an hour of sweeps every 30 s that find nothing new.
    for (let i = 0; i < 60; i++) {
      clock.now += 30;
      f.quietSweep();
    }
    expect(w.getSnapshot().trend.slots.map((s) => s.t - (T - (T % 300)))).toEqual([
      0, 300, 600, 900, 1200, 1500, 1800,
    ]);
    expect(saved).toEqual([1, 2, 3, 4, 5, 6, 7]);
    w.stop();
  });

  it("a group's name from the service is sanitised in the stats' lines", () => {
    const s = computeStats(
      [{ status: 2, gpus: 0, gpuName: "", node: "n\u001b]0;pwned\u0007", cls: "", log: digestLog([]) }],
      { nowSec: T, by: "node" },
    );
    const text = statsLines(s, {}, "all").join("\n");
    expect(text).not.toContain("\u001b");
    expect(text).toContain("n^[]0;pwned^G — 1 job");
  });
});
