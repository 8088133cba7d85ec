// The run's status changes, for the events pane, the notifications and the title: what changed
// (from → to), when it was seen, and how long the job had been in the state it left. Bounded:
// jobtop runs for days, and the pane shows the newest EVENTS_MAX.
import type { Job, LogEntry } from "../api/schema.js";
import { compareIds } from "./ids.js";

export const EVENTS_MAX = 200;

export interface ChangeEvent {
  /** Rises by one per event, for the whole run: tells new events from ones already handled. */
  seq: number;
  /** Wall-clock ms of the change: its state.log entry's time, or when jobtop saw it (no entry). */
  atMs: number;
  id: string;
  /** As the service sent it (not sanitised: render through sanitize()). */
  displayID: string;
  from: number;
  to: number;
  /** Seconds the job spent in `from`, when its log tells (the entry that began it, the one that ended it). */
  prevSec: number | undefined;
  /** The state.log entry that recorded `to` (none: the status moved without one). */
  entryId?: string;
  /** Seen by the page's, the selected job's or a pin's poll, or by the index for a job then on the page: notify_scope "page". */
  watched?: boolean;
  /** Recorded while jobtop was not running (the index's first sweep against the state file). */
  away?: boolean;
  /**
   * Not a status change: what an action on the job gave ("cancel jb25w8: done"), sanitised, shown
   * in the events pane as is; from and to are then the status it was acted on in. Not notified.
   */
  note?: string;
}

/** A status change between two copies of one job, or undefined when the status is the same. */
export function statusChange(
  prev: Job,
  next: Job,
): { from: number; to: number; prevSec: number | undefined } | undefined {
  if (prev.status === next.status) return undefined;
  return { from: prev.status, to: next.status, prevSec: timeInState(prev, next) };
}

/**
 * From the entry that began the previous state (the newest entry of the previous copy, when it
 * says that state) to the first entry the new copy added. One pass over each log, no sort.
 */
function timeInState(prev: Job, next: Job): number | undefined {
  const began = newestEntry(prev.state.log);
  if (!began || began.status !== prev.status) return undefined;
  let ended: LogEntry | undefined;
  for (const e of next.state.log)
    if (compareIds(e.id, began.id) > 0 && (!ended || compareIds(e.id, ended.id) < 0)) ended = e;
  if (!ended) return undefined;
  const sec = ended.ts.seconds - began.ts.seconds;
  return sec >= 0 ? sec : undefined;
}

/** The log entry with the highest id (the newest), whatever the order the service sent them in. */
export function newestEntry(log: readonly LogEntry[]): LogEntry | undefined {
  let newest: LogEntry | undefined;
  for (const e of log) if (!newest || compareIds(e.id, newest.id) > 0) newest = e;
  return newest;
}

/**
 * True when `next` is an older copy than `prev`: its newest log entry is older than prev's. A
 * request answered late (the page's, or a pinned job's, after the job's own) must not undo a
 * change and then make it again.
 */
export function isOlderCopy(prev: Job, next: Job): boolean {
  const a = newestEntry(prev.state.log);
  const b = newestEntry(next.state.log);
  return a !== undefined && b !== undefined && compareIds(b.id, a.id) < 0;
}

/** The list with `added` (oldest first) in front, newest first, at most `max` long. */
export function addEvents(
  list: readonly ChangeEvent[],
  added: readonly ChangeEvent[],
  max = EVENTS_MAX,
): ChangeEvent[] {
  const out: ChangeEvent[] = [];
  for (let i = added.length - 1; i >= 0 && out.length < max; i--) out.push(added[i] as ChangeEvent);
  for (let i = 0; i < list.length && out.length < max; i++) out.push(list[i] as ChangeEvent);
  return out;
}
