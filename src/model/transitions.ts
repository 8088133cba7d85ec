// Status changes between two copies of a job, one per change, for `jobtop watch` and `wait`.
// A job can move twice between two polls (starting → running → stopped): its state.log says so,
// so the log's new entries are the changes, each with its own time. A status that moved without a
// log entry still counts, at the time it was seen.
import type { Job, LogEntry } from "../api/schema.js";
import { compareIds } from "./ids.js";

export interface StatusChange {
  from: number;
  to: number;
  /** When it happened: the log entry's time, or when the poll saw it (no entry). */
  ts: number;
  /** Time spent in `from`, when the log says when that began. */
  afterSec: number | undefined;
  entryId: string | undefined;
}

/** The log in id order (the spec's order; a service may send it otherwise). */
function sortedLog(log: readonly LogEntry[]): LogEntry[] {
  return log.slice().sort((a, b) => compareIds(a.id, b.id));
}

export function statusChanges(prev: Job, next: Job, nowSec: number): StatusChange[] {
  const known = new Set<string>();
  let maxKnown: string | undefined;
  for (const e of prev.state.log) {
    known.add(e.id);
    if (maxKnown === undefined || compareIds(e.id, maxKnown) > 0) maxKnown = e.id;
  }
  const log = sortedLog(next.state.log);
  const out: StatusChange[] = [];
  let from = prev.status;
  let lastTs: number | undefined;
  for (const e of log) {
    // Known, or older than what was known (history the service sent late): not news.
    if (known.has(e.id) || (maxKnown !== undefined && compareIds(e.id, maxKnown) < 0)) {
      lastTs = e.ts.seconds;
      continue;
    }
    if (e.status !== from) {
      out.push({
        from,
        to: e.status,
        ts: e.ts.seconds,
        afterSec: lastTs === undefined ? undefined : Math.max(0, e.ts.seconds - lastTs),
        entryId: e.id,
      });
      from = e.status;
    }
    lastTs = e.ts.seconds;
  }
  if (next.status !== from) {
    out.push({
      from,
      to: next.status,
      ts: nowSec,
      afterSec: lastTs === undefined ? undefined : Math.max(0, nowSec - lastTs),
      entryId: undefined,
    });
  }
  return out;
}

/** When the job entered its current status: the latest log entry, if it records that status. */
export function currentSince(job: Job): number | undefined {
  let latest: LogEntry | undefined;
  for (const e of job.state.log) if (!latest || compareIds(e.id, latest.id) > 0) latest = e;
  return latest && latest.status === job.status ? latest.ts.seconds : undefined;
}
