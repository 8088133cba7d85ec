// The stats of a set of jobs (issue 32), for the stats view (`i`) and `jobtop stats`: per status
// the count now and the time in status (p50 / p90 / max), the transitions A → B whose B began
// within a window with their count and the time spent in A (p50 / p90), and a histogram of
// `waited`; over all jobs, or grouped by GPU, node or class (the spec's ctx.class). Pure: `now`
// is an argument; the digests come from the index (./log-digest.ts). Percentiles are nearest-rank:
// the smallest value with at least p % of the values at or below it (a value that occurred).
// What was skipped (bad log entries, times in the future) is counted in the result.
import { inStatusSec, waitedSec } from "./durations.js";
import { addSkipped, type LogDigest, NO_SKIPS, type Skipped } from "./log-digest.js";
import { KNOWN_STATUS_CODES } from "./status.js";

export const GROUP_BY = ["none", "gpu", "node", "class"] as const;
export type GroupBy = (typeof GROUP_BY)[number];

/** What the stats read of a job: the index's entry has it all. */
export interface StatsJob {
  status: number;
  gpus: number;
  gpuName: string;
  node: string;
  /** ctx.class; "" when the service gives none. */
  cls: string;
  log: LogDigest;
}

/** Groups kept, the largest: a service decides how many nodes there are. The rest is one group. */
export const MAX_GROUPS = 40;
/** Distinct transitions kept per group, the most frequent (a service decides the codes). */
export const MAX_TRANSITIONS = 40;
/** The key of the group that holds the rest, and of a job without a GPU name, node or class. */
export const OTHER_GROUP = "(other)";
export const NONE_KEY = "(none)";

/** The waited histogram's buckets: upper bounds in seconds; the last bucket is open. */
export const WAIT_EDGES = [60, 300, 900, 3600, 14_400, 43_200, 86_400] as const;
export const WAIT_LABELS = ["<1m", "1–5m", "5–15m", "15m–1h", "1–4h", "4–12h", "12h–1d", "≥1d"] as const;

export interface Spread {
  p50: number;
  p90: number;
  max: number;
}

export interface StatusStats extends Partial<Spread> {
  status: number;
  /** Jobs in this status now. */
  count: number;
}

export interface TransitionStats extends Partial<Spread> {
  from: number;
  to: number;
  count: number;
}

export interface GroupStats {
  /** The group's name: "all", a GPU name, a node, a class (service text: sanitise it to show it). */
  key: string;
  jobs: number;
  statuses: StatusStats[];
  transitions: TransitionStats[];
  /** Jobs per WAIT_LABELS bucket, and the spread of all waits. */
  waited: { counts: number[]; spread: Spread | undefined };
}

export interface StatsSkipped extends Skipped {
  /** Jobs whose log has a time after `now` (their durations are left out). */
  future: number;
  /** Jobs without a log entry (counted, no durations). */
  noLog: number;
  /** Transitions past MAX_TRANSITIONS per group, jobs folded into OTHER_GROUP. */
  folded: number;
}

export interface Stats {
  nowSec: number;
  windowSec: number;
  by: GroupBy;
  jobs: number;
  groups: GroupStats[];
  skipped: StatsSkipped;
}

/** p50, p90 (nearest rank) and max of `values` (not changed); undefined when there are none. */
export function spreadOf(values: readonly number[]): Spread | undefined {
  const n = values.length;
  if (n === 0) return undefined;
  // Two selections instead of a sort (100 000 transitions at 2 000 jobs): the p90's rank first,
  // which leaves the smaller values before it, then the p50's among those.
  const a = Float64Array.from(values);
  const rank = (p: number) => Math.max(1, Math.ceil((p / 100) * n)) - 1;
  const k90 = rank(90);
  const k50 = rank(50);
  select(a, k90, 0, n - 1);
  select(a, k50, 0, k90);
  let max = a[k90] as number;
  for (let i = k90 + 1; i < n; i++) if ((a[i] as number) > max) max = a[i] as number;
  return { p50: a[k50] as number, p90: a[k90] as number, max };
}

/** Puts the k-th smallest of a[lo..hi] at k, smaller ones before it, larger after (Hoare's select). */
function select(a: Float64Array, k: number, lo: number, hi: number): void {
  while (hi > lo) {
    const pivot = a[(lo + hi) >> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i] = a[j] as number;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

export function waitBucket(sec: number): number {
  let i = 0;
  while (i < WAIT_EDGES.length && sec >= (WAIT_EDGES[i] as number)) i++;
  return i;
}

export function groupKey(job: StatsJob, by: GroupBy): string {
  switch (by) {
    case "none":
      return "all";
    case "gpu":
      return job.gpus > 0 && job.gpuName !== "" ? job.gpuName : NONE_KEY;
    case "node":
      return job.node === "" ? NONE_KEY : job.node;
    case "class":
      return job.cls === "" ? NONE_KEY : job.cls;
  }
}

/** Status codes in the order a job moves through the known ones, then by number. */
export function statusOrder(a: number, b: number): number {
  const ia = KNOWN_STATUS_CODES.indexOf(a);
  const ib = KNOWN_STATUS_CODES.indexOf(b);
  if (ia >= 0 || ib >= 0) return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  return a - b;
}

interface Trans {
  from: number;
  to: number;
  secs: number[];
}

class Acc {
  jobs = 0;
  readonly inStatus = new Map<number, number[]>();
  readonly counts = new Map<number, number>();
  /** By `from`, then `to`: no string key made per transition (100 000 of them at 2 000 jobs). */
  readonly trans = new Map<number, Map<number, Trans>>();
  readonly waits: number[] = [];
  readonly buckets = new Array<number>(WAIT_LABELS.length).fill(0);
}

export interface StatsOptions {
  nowSec: number;
  /** Transitions whose new status began within this many seconds before now (default 24 h). */
  windowSec?: number;
  by?: GroupBy;
}

export const DEFAULT_WINDOW_SEC = 24 * 3600;

/** The stats of `jobs`; work in proportion to the jobs and their digests' runs (≤ 64 each). */
export function computeStats(jobs: Iterable<StatsJob>, o: StatsOptions): Stats {
  const windowSec = o.windowSec ?? DEFAULT_WINDOW_SEC;
  const by = o.by ?? "none";
  const since = o.nowSec - windowSec;
  const skipped: StatsSkipped = { ...NO_SKIPS, future: 0, noLog: 0, folded: 0 };
  const accs = new Map<string, Acc>();
  let total = 0;
  for (const job of jobs) {
    total++;
    const key = groupKey(job, by);
    let acc = accs.get(key);
    if (!acc) {
      acc = new Acc();
      accs.set(key, acc);
    }
    acc.jobs++;
    acc.counts.set(job.status, (acc.counts.get(job.status) ?? 0) + 1);
    const d = job.log;
    if (d.skipped) addSkipped(skipped, d.skipped);
    if (d.lastSec === undefined) {
      skipped.noLog++;
      continue;
    }
    if (d.lastSec > o.nowSec) skipped.future++;
    const inStatus = inStatusSec(d, o.nowSec);
    if (inStatus !== undefined) {
      let list = acc.inStatus.get(job.status);
      if (!list) {
        list = [];
        acc.inStatus.set(job.status, list);
      }
      list.push(inStatus);
    }
    const waited = waitedSec(d, o.nowSec);
    if (waited !== undefined) {
      acc.waits.push(waited);
      const b = waitBucket(waited);
      acc.buckets[b] = (acc.buckets[b] ?? 0) + 1;
    }
    const r = d.runs;
    for (let i = 2; i < r.length; i += 2) {
      const at = r[i + 1] as number;
      if (at < since || at > o.nowSec) continue;
      const from = r[i - 2] as number;
      const to = r[i] as number;
      let byTo = acc.trans.get(from);
      if (!byTo) {
        byTo = new Map();
        acc.trans.set(from, byTo);
      }
      let t = byTo.get(to);
      if (!t) {
        t = { from, to, secs: [] };
        byTo.set(to, t);
      }
      t.secs.push(at - (r[i - 1] as number));
    }
  }
  // The largest groups, by jobs then name; the rest folded into one.
  const keys = Array.from(accs.keys()).sort(
    (a, b) => (accs.get(b) as Acc).jobs - (accs.get(a) as Acc).jobs || (a < b ? -1 : a > b ? 1 : 0),
  );
  if (keys.length > MAX_GROUPS) {
    const rest = new Acc();
    for (const k of keys.splice(MAX_GROUPS - 1)) {
      const a = accs.get(k) as Acc;
      skipped.folded += a.jobs;
      mergeInto(rest, a);
    }
    accs.set(OTHER_GROUP, rest);
    keys.push(OTHER_GROUP);
  }
  const groups = keys.map((k) => finish(k, accs.get(k) as Acc, skipped));
  return { nowSec: o.nowSec, windowSec, by, jobs: total, groups, skipped };
}

function mergeInto(into: Acc, a: Acc): void {
  into.jobs += a.jobs;
  for (const [s, n] of a.counts) into.counts.set(s, (into.counts.get(s) ?? 0) + n);
  for (const [s, list] of a.inStatus) {
    const to = into.inStatus.get(s);
    if (to) for (const v of list) to.push(v);
    else into.inStatus.set(s, list);
  }
  for (const [from, byTo] of a.trans) {
    let into2 = into.trans.get(from);
    if (!into2) {
      into2 = new Map();
      into.trans.set(from, into2);
    }
    for (const [to, t] of byTo) {
      const had = into2.get(to);
      if (had) for (const v of t.secs) had.secs.push(v);
      else into2.set(to, t);
    }
  }
  for (const v of a.waits) into.waits.push(v);
  for (let i = 0; i < a.buckets.length; i++) into.buckets[i] = (into.buckets[i] ?? 0) + (a.buckets[i] ?? 0);
}

function finish(key: string, a: Acc, skipped: StatsSkipped): GroupStats {
  const statuses: StatusStats[] = [];
  for (const status of Array.from(a.counts.keys()).sort(statusOrder)) {
    const spread = spreadOf(a.inStatus.get(status) ?? []);
    statuses.push({ status, count: a.counts.get(status) ?? 0, ...spread });
  }
  let trans: Trans[] = [];
  for (const byTo of a.trans.values()) for (const t of byTo.values()) trans.push(t);
  trans.sort(
    (x, y) => y.secs.length - x.secs.length || statusOrder(x.from, y.from) || statusOrder(x.to, y.to),
  );
  if (trans.length > MAX_TRANSITIONS) {
    for (const t of trans.slice(MAX_TRANSITIONS)) skipped.folded += t.secs.length;
    trans = trans.slice(0, MAX_TRANSITIONS);
  }
  const transitions = trans.map((t) => {
    const s = spreadOf(t.secs);
    return { from: t.from, to: t.to, count: t.secs.length, ...s };
  });
  return {
    key,
    jobs: a.jobs,
    statuses,
    transitions,
    waited: { counts: a.buckets, spread: spreadOf(a.waits) },
  };
}

/** The skipped counts as one short line ("3 reordered, 1 in the future"); "" when nothing was skipped. */
export function skippedText(s: StatsSkipped): string {
  const parts: string[] = [];
  const add = (n: number, what: string) => {
    if (n > 0) parts.push(`${n} ${what}`);
  };
  add(s.reordered, "log entries out of order");
  add(s.duplicate, "duplicate entries");
  add(s.beforeEpoch, "entries before 1970");
  add(s.timeBack, "entries back in time");
  add(s.dropped, "entries of long logs not read");
  add(s.future, "jobs with times in the future");
  add(s.noLog, "jobs without a log");
  add(s.folded, "folded into the largest groups");
  return parts.join(", ");
}
