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
export function latestEntry(log: readonly LogEntry[]): LogEntry | undefined {
  let latest: LogEntry | undefined;
  for (const e of log) if (!latest || compareIds(e.id, latest.id) > 0) latest = e;
  return latest;
}

export function statusChanges(prev: Job, next: Job, nowSec: number): StatusChange[] {
  const seen = latestEntry(prev.state.log);
  return changesSince(
    { status: prev.status, entryId: seen?.id, entrySec: seen?.ts.seconds },
    next.state.log,
    next.status,
    nowSec,
  );
}

/** What is known of a job's last look: its status and its newest log entry (an index entry, a saved state). */
export interface LastLook {
  status: number;
  entryId: string | undefined;
  /** The newest entry's time, when known (the "while away" file keeps no times). */
  entrySec: number | undefined;
}

/**
 * The changes a job's `log` records after the last look, then one for a status that moved
 * without an entry (at `nowSec`). The one copy of this for `watch`, `wait` and the index.
 */
export function changesSince(
  last: LastLook,
  log: readonly LogEntry[],
  status: number,
  nowSec: number,
): StatusChange[] {
  // What comes after the latest entry already seen is news; anything at or before it (a log sent
  // again, reordered, or history sent late) is not. One pass and a sort of the new entries only:
  // a log can hold 140 000 entries, and a job is polled every two seconds.
  const seenId = last.entryId;
  const fresh: LogEntry[] = [];
  for (const e of log) if (seenId === undefined || compareIds(e.id, seenId) > 0) fresh.push(e);
  fresh.sort((a, b) => compareIds(a.id, b.id));
  const out: StatusChange[] = [];
  let from = last.status;
  let lastTs = last.entrySec;
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
  if (status !== from) {
    out.push({
      from,
      to: status,
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
