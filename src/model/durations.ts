// The durations a job's state.log tells (issue 32), from its digest (./log-digest.ts). Pure: `now`
// is an argument. A time after `now` (a service's clock ahead of ours) gives no duration
// (undefined), never a negative one; the stats count such jobs as skipped.
import type { LogDigest } from "./log-digest.js";

/** Seconds since the job's newest log entry; undefined without a log or when that entry is in the future. */
export function inStatusSec(d: LogDigest, nowSec: number): number | undefined {
  if (d.lastSec === undefined || d.lastSec > nowSec) return undefined;
  return nowSec - d.lastSec;
}

/**
 * Seconds the job spent in its log's first status (the spec's queue: 6): until the first entry of
 * another status, or until now while it is still there. Undefined without a log, or when the
 * first entry is in the future.
 */
export function waitedSec(d: LogDigest, nowSec: number): number | undefined {
  if (d.firstSec === undefined || d.firstSec > nowSec) return undefined;
  const end = d.leftFirstSec === undefined ? nowSec : Math.min(d.leftFirstSec, nowSec);
  return end - d.firstSec;
}

/**
 * Seconds spent in each status over the digest's runs: each run until the next one starts, the
 * last until now. A run that starts in the future counts nothing (and ends the one before it at
 * `now`). Statuses in the order first met.
 */
export function timePerStatus(d: LogDigest, nowSec: number): Map<number, number> {
  const out = new Map<number, number>();
  const r = d.runs;
  for (let i = 0; i < r.length; i += 2) {
    const status = r[i] as number;
    const start = r[i + 1] as number;
    const next = i + 3 < r.length ? (r[i + 3] as number) : nowSec;
    const sec = Math.max(0, Math.min(next, nowSec) - start);
    out.set(status, (out.get(status) ?? 0) + sec);
  }
  return out;
}

/** How many status changes the digest's runs hold since `sinceSec` (for flapping). */
export function changesSinceSec(d: LogDigest, sinceSec: number): number {
  let n = 0;
  const r = d.runs;
  // Run 0 is where the log starts, not a change.
  for (let i = r.length - 1; i >= 3; i -= 2) {
    if ((r[i] as number) < sinceSec) break;
    n++;
  }
  return n;
}
