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

/** The entry with the highest id: the latest (the spec lists them by id; a service may not). */
function latestEntry(log: readonly LogEntry[]): LogEntry | undefined {
  let latest: LogEntry | undefined;
  for (const e of log) if (!latest || compareIds(e.id, latest.id) > 0) latest = e;
  return latest;
}

export function statusChanges(prev: Job, next: Job, nowSec: number): StatusChange[] {
  // What comes after the latest entry already seen is news; anything at or before it (a log sent
  // again, reordered, or history sent late) is not. One pass and a sort of the new entries only:
  // a log can hold 140 000 entries, and a job is polled every two seconds.
  const seen = latestEntry(prev.state.log);
  const fresh: LogEntry[] = [];
  for (const e of next.state.log) if (!seen || compareIds(e.id, seen.id) > 0) fresh.push(e);
  fresh.sort((a, b) => compareIds(a.id, b.id));
  const out: StatusChange[] = [];
  let from = prev.status;
  let lastTs = seen?.ts.seconds;
  for (const e of fresh) {
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
  const latest = latestEntry(job.state.log);
  return latest && latest.status === job.status ? latest.ts.seconds : undefined;
}
