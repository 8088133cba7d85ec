// The stats of issue 32 recomputed the slow and obvious way, from raw state.logs and the
// definitions alone (no digest, no runs): what test/model/stats.test.ts and the CLI's
// `jobtop stats --json` test compare the real numbers with.
import type { LogEntry } from "../../src/api/schema.js";
import type { GroupBy } from "../../src/model/stats.js";

/** Reference: the smallest value v of the list with at least p % of the values ≤ v. */
export function refPercentile(values: number[], p: number): number {
  const candidates = Array.from(new Set(values)).sort((a, b) => a - b);
  for (const v of candidates) if (values.filter((x) => x <= v).length * 100 >= p * values.length) return v;
  throw new Error("unreachable");
}
export function refSpread(values: number[]) {
  if (values.length === 0) return {};
  return { p50: refPercentile(values, 50), p90: refPercentile(values, 90), max: Math.max(...values) };
}

/** A raw job: its current status and its log (unique ids, times ascending with ids, maybe shuffled). */
export interface RawJob {
  status: number;
  gpuName: string;
  node: string;
  cls: string;
  log: LogEntry[];
}

/** Reference stats of raw jobs, from the definitions (issue 32), for logs that are valid but maybe shuffled. */
export function reference(jobs: RawJob[], nowSec: number, windowSec: number, by: GroupBy) {
  const keyOf = (j: RawJob) =>
    by === "none"
      ? "all"
      : by === "gpu"
        ? j.gpuName || "(none)"
        : by === "node"
          ? j.node || "(none)"
          : j.cls || "(none)";
  const out = new Map<
    string,
    {
      jobs: number;
      counts: Map<number, number>;
      inStatus: Map<number, number[]>;
      trans: Map<string, number[]>;
      waits: number[];
    }
  >();
  for (const j of jobs) {
    const k = keyOf(j);
    if (!out.has(k))
      out.set(k, { jobs: 0, counts: new Map(), inStatus: new Map(), trans: new Map(), waits: [] });
    const g = out.get(k) as NonNullable<ReturnType<typeof out.get>>;
    g.jobs++;
    g.counts.set(j.status, (g.counts.get(j.status) ?? 0) + 1);
    const log = j.log.slice().sort((a, b) => Number(a.id) - Number(b.id));
    if (log.length === 0) continue;
    const last = log[log.length - 1] as LogEntry;
    g.inStatus.set(j.status, [...(g.inStatus.get(j.status) ?? []), nowSec - last.ts.seconds]);
    const first = log[0] as LogEntry;
    const left = log.find((e) => e.status !== first.status);
    g.waits.push((left ? left.ts.seconds : nowSec) - first.ts.seconds);
    // Each entry whose status differs from the entry before it is a transition.
    for (let i = 1; i < log.length; i++) {
      const a = log[i - 1] as LogEntry;
      const b = log[i] as LogEntry;
      if (a.status === b.status) continue;
      if (b.ts.seconds < nowSec - windowSec) continue;
      // Time in A: since the entry that entered A (the first of its run).
      let start = i - 1;
      while (start > 0 && (log[start - 1] as LogEntry).status === a.status) start--;
      const key = `${a.status}>${b.status}`;
      g.trans.set(key, [...(g.trans.get(key) ?? []), b.ts.seconds - (log[start] as LogEntry).ts.seconds]);
    }
  }
  return out;
}
