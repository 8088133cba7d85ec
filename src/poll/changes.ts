// What changed since the last look: the Monitor hands every fresh copy of a job (the page's, the
// selected job's, a pin's) to observe(), which compares it with the last copy seen and turns the
// difference into highlights (that fade), a change count and status events; and the index's
// sweeps hand theirs to addIndexEvents(). Each event is one state.log entry (6 → 1 → 2 between
// two looks is two events, each at its entry's time, as `watch` says them), and one entry of a
// job is told once, by whichever look saw it first (`told`). Kept apart from the pollers
// (monitor.ts) as pins are (pins.ts): the Monitor decides what is polled, this what it means.
import type { Job } from "../api/schema.js";
import { addEvents, type ChangeEvent, isOlderCopy } from "../model/events.js";
import { activeHighlights, addHighlights, type Highlights, nextExpiry } from "../model/highlights.js";
import { compareIds } from "../model/ids.js";
import type { IndexEvent } from "../model/job-index.js";
import { diffJob } from "../model/timeline.js";
import { type StatusChange, statusChanges } from "../model/transitions.js";

export const HIGHLIGHT_MS = 10_000;
/** New log entries highlighted per job and poll: the newest. More could not be shown anyway. */
export const MAX_ENTRY_HIGHLIGHTS = 50;
/**
 * Status changes told one by one per job and look; more (a log that grew by 140 000 flips) are
 * one event, from the first status to the last: the pane and the count stay readable.
 */
export const MAX_STEPS_PER_LOOK = 8;

/** A job's changes of one look, at most MAX_STEPS_PER_LOOK, else one from the first to the last. */
function steps(cs: readonly StatusChange[]): readonly StatusChange[] {
  if (cs.length <= MAX_STEPS_PER_LOOK) return cs;
  const first = cs[0] as StatusChange;
  const last = cs[cs.length - 1] as StatusChange;
  let entryId = last.entryId;
  for (let i = cs.length - 1; entryId === undefined && i >= 0; i--) entryId = cs[i]?.entryId;
  return [{ from: first.from, to: last.to, ts: last.ts, afterSec: undefined, entryId }];
}

/** The part of the Monitor's snapshot that the tracker keeps. */
export interface ChangeState {
  /** Keys `job:<id>` and `entry:<jobId>:<logEntryId>` that changed recently, with their expiry. */
  highlights: Highlights;
  changeCount: number;
  /** The run's status changes, newest first, at most EVENTS_MAX (model/events.ts). */
  events: readonly ChangeEvent[];
  /** Status changes not yet seen in the events pane. */
  unseen: number;
}

export interface ChangeTrackerOptions {
  /** Monotonic ms, for highlights' expiry. */
  now: () => number;
  /** Wall-clock ms, for the time an event was seen. */
  wall: () => number;
  /** How long a change stays highlighted. */
  highlightMs: number;
  /** The Monitor's snapshot, where the tracker's state lives (one snapshot for the UI). */
  state: () => ChangeState;
  /** Writes into that snapshot and tells the UI. */
  update: (patch: Partial<ChangeState>) => void;
}

export class ChangeTracker {
  /** The last copy seen of each job on screen, from any poller, so a change is counted once. */
  private known = new Map<string, Job>();
  private eventSeq = 0;
  /** The events pane is on screen: a change shown there as it comes is seen, not counted. */
  private eventsShown = false;
  private highlightTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Per job, the newest state.log entry an event has told, and the status it told: a change at
   * or before it, seen again by the other look (the page after the index, or the other way), is
   * not told twice. Pruned to the jobs still indexed or on screen (pruneTold).
   */
  private told = new Map<string, { entryId: string | undefined; status: number }>();

  constructor(private readonly o: ChangeTrackerOptions) {}

  /** The last copy seen of a job, if it is on screen or watched. */
  last(id: string): Job | undefined {
    return this.known.get(id);
  }

  /**
   * Compares fresh copies with the last ones seen; a new log entry or status is a change, and a
   * new status an event. A copy older than the one seen (a late answer) changes nothing.
   * `watched` is given for a page's answer: the copies kept are then the page's and those of
   * `watched` (the pins and the selected job). `compared` is told each id that was not stale.
   */
  observe(
    jobs: readonly Job[],
    watched: readonly string[] | undefined,
    compared: (id: string) => void,
  ): void {
    const keys: string[] = [];
    const events: ChangeEvent[] = [];
    let count = 0;
    // One id counts once per answer: a second copy compared with the first is no change.
    const seen = new Set<string>();
    const stale = new Set<string>();
    for (const next of jobs) {
      if (seen.has(next.id)) continue;
      seen.add(next.id);
      const prev = this.known.get(next.id);
      const d = diffJob(prev, next, MAX_ENTRY_HIGHLIGHTS);
      // Only a copy with no new entry can be an older one: the log is read again only then.
      if (prev && d.changed && d.newEntries === 0 && isOlderCopy(prev, next)) {
        stale.add(next.id);
        continue;
      }
      compared(next.id);
      if (d.changed) {
        count++;
        keys.push(`job:${next.id}`);
        // Keyed by job too: the spec does not say entry ids are unique across jobs, and a service
        // numbering them per job lit ✱ on another job's day-old entries of the same ids.
        for (const e of d.newEntryIds) keys.push(`entry:${next.id}:${e}`);
      }
      // A status that went and came back (2 → 1 → 2) is in the log too: read it whenever it grew.
      if (prev && (d.statusChanged || d.newEntries > 0)) {
        const wallMs = this.o.wall();
        for (const c of steps(statusChanges(prev, next, Math.floor(wallMs / 1000))))
          this.tell(events, next.id, next.displayID, c, { watched: true, wallMs });
      }
    }
    if (watched) {
      // Remember only what is on screen or watched: the page, the selected job and the pins.
      // Bounded memory for days.
      const keep = new Map<string, Job>();
      for (const j of jobs)
        if (!keep.has(j.id)) keep.set(j.id, stale.has(j.id) ? (this.known.get(j.id) ?? j) : j);
      for (const id of watched) {
        const job = this.known.get(id);
        if (job && !keep.has(id)) keep.set(id, job);
      }
      this.known = keep;
    } else {
      for (const j of jobs) if (!stale.has(j.id)) this.known.set(j.id, j);
    }
    if (events.length > 0) {
      const s = this.o.state();
      this.o.update({
        events: addEvents(s.events, events),
        unseen: this.eventsShown ? 0 : s.unseen + events.length,
      });
    }
    if (count > 0) {
      const s = this.o.state();
      const highlights = addHighlights(s.highlights, keys, this.o.now(), this.o.highlightMs);
      this.o.update({ highlights, changeCount: s.changeCount + count });
      this.scheduleFade();
    }
  }

  /**
   * A sweep's status changes (oldest first), each an event unless a look at the page, the
   * selected job or a pin told it already. `away`: the changes of the time jobtop was not running
   * (the first sweep against the state file): listed, not counted unseen (the header says them).
   * `watched`: the job is on the page, selected or pinned (notify_scope "page").
   */
  addIndexEvents(found: readonly IndexEvent[], away: boolean, watched: (id: string) => boolean): void {
    const events: ChangeEvent[] = [];
    const wallMs = this.o.wall();
    const keys: string[] = [];
    // A job with more changes in one sweep than MAX_STEPS_PER_LOOK: one event, at its last.
    const perJob = new Map<string, IndexEvent[]>();
    for (const e of found) {
      const list = perJob.get(e.id);
      if (list) list.push(e);
      else perJob.set(e.id, [e]);
    }
    for (const e of found) {
      const mine = perJob.get(e.id) as IndexEvent[];
      if (mine.length > MAX_STEPS_PER_LOOK && e !== mine[mine.length - 1]) continue;
      const c = mine.length > MAX_STEPS_PER_LOOK ? (steps(mine)[0] as StatusChange) : e;
      const n = events.length;
      this.tell(events, e.id, e.displayID, c, { watched: watched(e.id), wallMs, away });
      if (events.length > n && !away) {
        keys.push(`job:${e.id}`);
        if (c.entryId !== undefined) keys.push(`entry:${e.id}:${c.entryId}`);
      }
    }
    if (events.length === 0) return;
    const s = this.o.state();
    const live = away ? 0 : events.length;
    this.o.update({
      events: addEvents(s.events, events),
      unseen: this.eventsShown ? 0 : s.unseen + live,
    });
    if (keys.length > 0) {
      this.o.update({
        highlights: addHighlights(this.o.state().highlights, keys, this.o.now(), this.o.highlightMs),
      });
      this.scheduleFade();
    }
  }

  /** Forgets what was told of jobs no longer indexed nor on screen (a sweep ended). */
  pruneTold(keep: (id: string) => boolean): void {
    for (const id of this.told.keys()) if (!keep(id) && !this.known.has(id)) this.told.delete(id);
  }

  /** One change as an event, unless told already; remembers it as told. */
  private tell(
    out: ChangeEvent[],
    id: string,
    displayID: string,
    c: StatusChange,
    o: { watched: boolean; wallMs: number; away?: boolean },
  ): void {
    const t = this.told.get(id);
    if (t) {
      if (
        c.entryId === undefined
          ? t.status === c.to
          : t.entryId !== undefined && compareIds(c.entryId, t.entryId) <= 0
      )
        return;
    }
    this.told.set(id, {
      entryId: c.entryId ?? t?.entryId,
      status: c.to,
    });
    this.eventSeq += 1;
    out.push({
      seq: this.eventSeq,
      atMs: eventTime(c, o.wallMs),
      id,
      displayID,
      from: c.from,
      to: c.to,
      prevSec: c.afterSec,
      entryId: c.entryId,
      watched: o.watched,
      away: o.away || undefined,
    });
  }

  /** An action's result on a job, listed among the events (not counted as a change). */
  note(job: { id: string; displayID: string; status: number }, text: string): void {
    this.eventSeq += 1;
    const event: ChangeEvent = {
      seq: this.eventSeq,
      atMs: this.o.wall(),
      id: job.id,
      displayID: job.displayID,
      from: job.status,
      to: job.status,
      prevSec: undefined,
      note: text,
    };
    this.o.update({ events: addEvents(this.o.state().events, [event]) });
  }

  /** The events pane shows them: the header's count starts again from zero. */
  markSeen(): void {
    if (this.o.state().unseen > 0) this.o.update({ unseen: 0 });
  }

  /** The events pane came on screen (all seen, and so is each change while it stays) or went. */
  setEventsShown(shown: boolean): void {
    this.eventsShown = shown;
    if (shown) this.markSeen();
  }

  /** No more fading (the monitor stops). */
  stop(): void {
    if (this.highlightTimer) clearTimeout(this.highlightTimer);
    this.highlightTimer = undefined;
  }

  /** Re-render once when the next highlight expires, so it fades without a render per second. */
  private scheduleFade(): void {
    if (this.highlightTimer) clearTimeout(this.highlightTimer);
    const next = nextExpiry(this.o.state().highlights);
    if (!Number.isFinite(next)) return;
    this.highlightTimer = setTimeout(
      () => {
        this.highlightTimer = undefined;
        this.o.update({ highlights: activeHighlights(this.o.state().highlights, this.o.now()) });
        this.scheduleFade();
      },
      Math.max(0, next - this.o.now()) + 5,
    );
    this.highlightTimer.unref?.();
  }
}

/** A log time further ahead of when it was seen is no change of now: milliseconds sent as seconds. */
const AHEAD_MAX_MS = 24 * 3600 * 1000;

/**
 * When an event happened: the log's own time when an entry recorded it; else, or when no clock
 * can show that time (a Date holds ±8.64e15 ms: past it the pane read "NaN:NaN:NaN"), or when it
 * is more than a day after it was seen (1.7e12 "seconds", the year 55 000, read '03-14 09:22:11'
 * and stayed on top as the newest), when it was seen. A clock some minutes ahead keeps its time.
 */
function eventTime(c: Pick<StatusChange, "entryId" | "ts">, seenMs: number): number {
  if (c.entryId === undefined || !(Math.abs(c.ts) <= 8.64e12)) return seenMs;
  const ms = c.ts * 1000;
  return ms - seenMs > AHEAD_MAX_MS ? seenMs : ms;
}
