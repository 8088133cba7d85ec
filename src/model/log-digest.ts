// A job's state.log, digested for the durations and the stats (issue 32): the runs of one status
// (an entry that repeats the status before it is no change), oldest first, and what was skipped
// on the way. Kept in the index's entry (one small array per job, not the log), so the stats view
// and `jobtop stats` read every job of the account without its full copy.
//
// The spec lists entries in ascending id order; a service may not. Bad input is survived and
// counted, never thrown: entries are put in id order, an id met twice counts once, a time before
// 1970 is dropped, a time that goes back (a later id at an earlier time) is kept at the time of
// the entry before it (no negative duration). A log of 200 000 entries is read in bounded work:
// its first HEAD and last TAIL entries by place (a sorted log's oldest and newest), the rest
// counted as skipped. Pure: no clock (a time in the future is found by the stats, which get `now`).
import type { LogEntry } from "../api/schema.js";
import { compareIds } from "./ids.js";

/** Entries read from the start of a long log (its first status and when the job left it). */
export const DIGEST_HEAD = 64;
/** Entries read from its end (the recent runs, the transitions of the window). */
export const DIGEST_TAIL = 4032;
/** Runs kept per job: the newest ones (an hour of a job that flaps every minute). */
export const DIGEST_RUNS = 64;

/** What a digest left out, by why: each a count of log entries. */
export interface Skipped {
  /** Listed after an entry with a higher id (put back in id order, still used). */
  reordered: number;
  /** An id already met: counted once. */
  duplicate: number;
  /** Before 1970 (a negative time). */
  beforeEpoch: number;
  /** At an earlier time than the entry before it by id: taken at that entry's time. */
  timeBack: number;
  /** Not read: the middle of a log longer than DIGEST_HEAD + DIGEST_TAIL, or runs past DIGEST_RUNS. */
  dropped: number;
}

export const NO_SKIPS: Readonly<Skipped> = {
  reordered: 0,
  duplicate: 0,
  beforeEpoch: 0,
  timeBack: 0,
  dropped: 0,
};

export interface LogDigest {
  /** The newest runs, oldest first, as pairs: [status, entered (s), status, entered, …]. */
  runs: number[];
  /** The log's first status and when it was entered (the first run, even when `runs` lost it). */
  firstStatus: number | undefined;
  firstSec: number | undefined;
  /** When the job left its first status (the next run's start); undefined while it is still in it. */
  leftFirstSec: number | undefined;
  /** The newest entry's time (in_status counts from it): the last entry, even one that repeats its status. */
  lastSec: number | undefined;
  /** Entries read (after duplicates and bad times). */
  entries: number;
  skipped: Skipped | undefined;
}

export const EMPTY_DIGEST: LogDigest = {
  runs: [],
  firstStatus: undefined,
  firstSec: undefined,
  leftFirstSec: undefined,
  lastSec: undefined,
  entries: 0,
  skipped: undefined,
};

/** The log's runs and times; bounded work for any length (see the file's comment). */
export function digestLog(log: readonly LogEntry[]): LogDigest {
  if (log.length === 0) return EMPTY_DIGEST;
  const skipped: Skipped = { ...NO_SKIPS };
  let picked: LogEntry[];
  if (log.length > DIGEST_HEAD + DIGEST_TAIL) {
    picked = log.slice(0, DIGEST_HEAD);
    for (let i = log.length - DIGEST_TAIL; i < log.length; i++) picked.push(log[i] as LogEntry);
    skipped.dropped += log.length - DIGEST_HEAD - DIGEST_TAIL;
  } else picked = log.slice();
  let inOrder = true;
  for (let i = 1; i < picked.length; i++)
    if (compareIds((picked[i - 1] as LogEntry).id, (picked[i] as LogEntry).id) > 0) {
      skipped.reordered++;
      inOrder = false;
    }
  if (!inOrder) picked.sort((a, b) => compareIds(a.id, b.id));

  const runs: number[] = [];
  let firstStatus: number | undefined;
  let firstSec: number | undefined;
  let leftFirstSec: number | undefined;
  let lastSec: number | undefined;
  let lastId: string | undefined;
  let entries = 0;
  for (const e of picked) {
    if (lastId !== undefined && e.id === lastId) {
      skipped.duplicate++;
      continue;
    }
    let t = e.ts.seconds;
    if (!(t >= 0)) {
      skipped.beforeEpoch++;
      continue;
    }
    lastId = e.id;
    if (lastSec !== undefined && t < lastSec) {
      skipped.timeBack++;
      t = lastSec;
    }
    entries++;
    lastSec = t;
    if (firstStatus === undefined) {
      firstStatus = e.status;
      firstSec = t;
    } else if (leftFirstSec === undefined && e.status !== firstStatus) leftFirstSec = t;
    if (runs.length > 0 && runs[runs.length - 2] === e.status) continue;
    runs.push(e.status, t);
  }
  if (runs.length > DIGEST_RUNS * 2) {
    skipped.dropped += (runs.length - DIGEST_RUNS * 2) / 2;
    runs.splice(0, runs.length - DIGEST_RUNS * 2);
  }
  const bad =
    skipped.reordered + skipped.duplicate + skipped.beforeEpoch + skipped.timeBack + skipped.dropped > 0;
  return { runs, firstStatus, firstSec, leftFirstSec, lastSec, entries, skipped: bad ? skipped : undefined };
}

/** Adds `b`'s counts to `into`. */
export function addSkipped(into: Skipped, b: Readonly<Skipped>): void {
  into.reordered += b.reordered;
  into.duplicate += b.duplicate;
  into.beforeEpoch += b.beforeEpoch;
  into.timeBack += b.timeBack;
  into.dropped += b.dropped;
}
