// The state timeline of a job from state.log, and what changed between two copies of a job.
import type { Job, LogEntry } from "../api/schema.js";
import { compareIds } from "./ids.js";

export interface TimelineEntry {
  id: string;
  status: number;
  ts: number;
  /** Time spent in this state: until the next entry, or until now for the current one. */
  durationSec: number;
  current: boolean;
}

export function buildTimeline(log: readonly LogEntry[], nowSec: number): TimelineEntry[] {
  const sorted = log.slice().sort((a, b) => compareIds(a.id, b.id));
  return sorted.map((e, i) => {
    const next = sorted[i + 1];
    const end = next ? next.ts.seconds : nowSec;
    return {
      id: e.id,
      status: e.status,
      ts: e.ts.seconds,
      durationSec: Math.max(0, end - e.ts.seconds),
      current: next === undefined,
    };
  });
}

/**
 * Is the log in id order (as services send it)? Looked at once per log: the same array comes back
 * while the log is unchanged (api/log-entries.ts), and a frame asked this of a 200 000-entry log
 * on every render.
 */
const inIdOrder = new WeakMap<readonly LogEntry[], boolean>();
function isInIdOrder(log: readonly LogEntry[]): boolean {
  let inOrder = inIdOrder.get(log);
  if (inOrder === undefined) {
    inOrder = true;
    for (let i = 1; i < log.length && inOrder; i++)
      inOrder = compareIds((log[i - 1] as LogEntry).id, (log[i] as LogEntry).id) <= 0;
    inIdOrder.set(log, inOrder);
  }
  return inOrder;
}

/**
 * The last `max` entries of the log by id, oldest first, and how many came before them. A copy
 * of `max` entries when the log is in order (as services send it); a log of 124 000 entries is
 * shown as its tail, never spread, sorted or laid out whole.
 */
export function lastEntries(log: readonly LogEntry[], max: number): { entries: LogEntry[]; earlier: number } {
  const keep = Math.max(0, Math.min(max, log.length));
  const tail = isInIdOrder(log)
    ? log.slice(log.length - keep)
    : log
        .slice()
        .sort((a, b) => compareIds(a.id, b.id))
        .slice(log.length - keep);
  return { entries: tail, earlier: log.length - keep };
}

export interface JobChange {
  changed: boolean;
  /** The newest new entries by id, at most `keep` of them (all of them if fewer). */
  newEntryIds: string[];
  /** How many entries are new in all. */
  newEntries: number;
  statusChanged: boolean;
}

const NO_CHANGE: JobChange = { changed: false, newEntryIds: [], newEntries: 0, statusChanged: false };

/**
 * A change is a new state.log entry (by entry id) or a new status. No previous copy: no change.
 * `keep` bounds the entry ids returned: a job that changes state every 2 s has 140 000 new entries
 * after three days away, and nobody needs 140 000 highlights.
 */
export function diffJob(prev: Job | undefined, next: Job, keep = Number.POSITIVE_INFINITY): JobChange {
  if (!prev || prev === next) return NO_CHANGE;
  const fresh = freshIds(prev.state.log, next.state.log);
  const statusChanged = prev.status !== next.status;
  if (fresh.length === 0 && !statusChanged) return NO_CHANGE;
  return { changed: true, newEntryIds: newestIds(fresh, keep), newEntries: fresh.length, statusChanged };
}

/**
 * The ids of `next`'s entries that `prev` has not. An entry at the same place as the very same
 * object (api/log-entries.ts shares them) is known, and so is none above `prev`'s newest id: a log
 * that grew by one entry is told without a set of its 200 000 ids. Only an entry that is neither
 * is looked up among all of `prev`'s ids.
 */
function freshIds(prev: readonly LogEntry[], next: readonly LogEntry[]): string[] {
  if (prev === next) return [];
  let newest: string | undefined;
  for (const e of prev) if (newest === undefined || compareIds(e.id, newest) > 0) newest = e.id;
  let known: Set<string> | undefined;
  const fresh: string[] = [];
  for (let i = 0; i < next.length; i++) {
    const e = next[i] as LogEntry;
    if (prev[i] === e) continue;
    if (newest === undefined || compareIds(e.id, newest) > 0) fresh.push(e.id);
    else {
      if (!known) {
        known = new Set<string>();
        for (const p of prev) known.add(p.id);
      }
      if (!known.has(e.id)) fresh.push(e.id);
    }
  }
  return fresh;
}

/** The `k` highest ids (all of them, as given, if no more than k); one pass, no full sort. */
export function newestIds(ids: readonly string[], k: number): string[] {
  if (ids.length <= k) return ids.slice();
  const top: string[] = [];
  if (k <= 0) return top;
  for (const id of ids) {
    if (top.length === k) {
      if (compareIds(id, top[0] as string) <= 0) continue;
      top.shift();
    }
    // Binary search for the place of `id` in the ascending buffer.
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareIds(top[mid] as string, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, id);
  }
  return top;
}
