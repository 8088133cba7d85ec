// "While you were away": what jobtop saved of the index when it last ran (each job's id, status
// and newest state.log entry id, nothing else: no remark, URL, or anything the service wrote), and
// what the first full sweep of the next run says changed since. The sweep (src/poll/sweep.ts)
// counts its first changes from the saved state (its `baseline`), so these are state.log's own
// changes, each at its log time, found by the same code as every other sweep's.

import type { Job } from "../api/schema.js";
import { newestEntry } from "./events.js";
import { compareIds } from "./ids.js";
import type { IndexEntry, IndexEvent, JobIndex, LastSeen } from "./job-index.js";

/** The saved state of one profile (src/state/away-file.ts reads and writes it). */
export interface AwayState {
  /** Unix seconds it was saved: "since Tue 14:02". */
  savedSec: number;
  jobs: ReadonlyMap<string, { status: number; entryId: string | undefined }>;
  /** The jobs pinned with `w` (ids only), in the order pinned; at most SAVED_PINS_MAX. */
  pins?: readonly string[];
}

/** Pins kept at most: as many as can be pinned (src/poll/pins.ts, PINS_MAX). */
export const SAVED_PINS_MAX = 20;

/** What the index holds now, as the state to save. */
export function awayStateOf(index: JobIndex, nowSec: number): AwayState {
  const jobs = new Map<string, { status: number; entryId: string | undefined }>();
  for (const e of index.entries.values()) jobs.set(e.id, { status: e.status, entryId: e.entryId });
  return { savedSec: nowSec, jobs };
}

/** The saved state as the sweep's baseline (no entry times are saved: a first change's "after" is unknown). */
export function awayBaseline(saved: AwayState): Map<string, LastSeen> {
  const out = new Map<string, LastSeen>();
  for (const [id, j] of saved.jobs)
    out.set(id, { status: j.status, entryId: j.entryId, entrySec: undefined });
  return out;
}

export interface WhileAway {
  /** The changes state.log recorded since the save, oldest first, each at its log time. */
  events: readonly IndexEvent[];
  /** Jobs that changed. */
  changed: number;
  sinceSec: number;
}

/**
 * The "while away" changes, given the saved state and the first full sweep's result (its
 * events, counted from the saved state). Undefined on a first run (nothing saved) or when the
 * sweep's events were not counted from it.
 */
export function whileAway(
  saved: AwayState | undefined,
  sweep: { away: boolean; events: readonly IndexEvent[] },
): WhileAway | undefined {
  if (!saved || !sweep.away) return undefined;
  const ids = new Set<string>();
  for (const e of sweep.events) ids.add(e.id);
  return { events: sweep.events, changed: ids.size, sinceSec: saved.savedSec };
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The header's line: "7 changed while away (since 14:02)", local time: today by its time alone,
 * the last six days by weekday and time ("since Tue 14:02"), older by date ("since Nov 20");
 * undefined when nothing changed. No ✱: beside the run's own "✱ 4 changes" it read as a second
 * count of the same thing ("✱ 1 changed since Sat 01:58 · ✱ 4 changes"), and "Sat" was today.
 */
export function awayLine(w: WhileAway | undefined, nowSec: number): string | undefined {
  if (!w || w.changed === 0) return undefined;
  const d = new Date(w.sinceSec * 1000);
  if (Number.isNaN(d.getTime())) return `${w.changed} changed while away`;
  return `${w.changed} changed while away (since ${sinceWords(d, new Date(nowSec * 1000))})`;
}

function sinceWords(d: Date, now: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  const time = `${p(d.getHours())}:${p(d.getMinutes())}`;
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (d.getTime() >= midnight) return time;
  if (d.getTime() >= midnight - 6 * 86_400_000) return `${DAYS[d.getDay()]} ${time}`;
  return `${MONTHS[d.getMonth()]} ${d.getDate()}`;
}

/** The saved state as the file's text: ids and numbers only, sorted by id (one line per job). */
export function serializeAway(s: AwayState): string {
  const ids = Array.from(s.jobs.keys()).sort(compareIds);
  const lines: string[] = [];
  for (const id of ids) {
    const j = s.jobs.get(id) as { status: number; entryId: string | undefined };
    // An id the file cannot read back (the service's may be any run of digits) is left out, as a
    // job never seen: written, it would make the whole file "damaged" at every start.
    if (!ID.test(id) || (j.entryId !== undefined && !ID.test(j.entryId))) continue;
    lines.push(
      `[${JSON.stringify(id)},${j.status},${j.entryId === undefined ? "null" : JSON.stringify(j.entryId)}]`,
    );
  }
  const pins: string[] = [];
  for (const id of s.pins ?? [])
    if (ID.test(id) && !pins.includes(id) && pins.length < SAVED_PINS_MAX) pins.push(id);
  // "pins" is a key a version 1 reader without it passes over: the file stays version 1.
  const pinned = pins.length > 0 ? `"pins":${JSON.stringify(pins)},` : "";
  return `{"v":1,"savedSec":${Math.floor(s.savedSec)},${pinned}"jobs":[\n${lines.join(",\n")}\n]}\n`;
}

const ID = /^-?\d{1,40}$/;

/** The file's text as a state, or why not (damaged, another version): nothing but ids and numbers is taken. */
export function parseAway(text: string): AwayState | { damaged: string } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { damaged: "not JSON" };
  }
  const o = v as { v?: unknown; savedSec?: unknown; jobs?: unknown; pins?: unknown };
  if (typeof o !== "object" || o === null || o.v !== 1) return { damaged: "not a version 1 state" };
  if (!Number.isSafeInteger(o.savedSec)) return { damaged: "no time saved" };
  if (!Array.isArray(o.jobs)) return { damaged: "no jobs" };
  const jobs = new Map<string, { status: number; entryId: string | undefined }>();
  for (const row of o.jobs as unknown[]) {
    if (!Array.isArray(row) || row.length !== 3) return { damaged: "a job is not [id, status, entry]" };
    const [id, status, entryId] = row as [unknown, unknown, unknown];
    if (typeof id !== "string" || !ID.test(id)) return { damaged: "a job id is not an id" };
    if (!Number.isSafeInteger(status)) return { damaged: "a status is not an integer" };
    if (entryId !== null && (typeof entryId !== "string" || !ID.test(entryId)))
      return { damaged: "an entry id is not an id" };
    jobs.set(id, { status: status as number, entryId: entryId === null ? undefined : (entryId as string) });
  }
  if (o.pins === undefined) return { savedSec: o.savedSec as number, jobs };
  if (!Array.isArray(o.pins)) return { damaged: "the pins are not a list" };
  const pins: string[] = [];
  for (const id of o.pins as unknown[]) {
    if (typeof id !== "string" || !ID.test(id)) return { damaged: "a pin is not a job id" };
    if (!pins.includes(id) && pins.length < SAVED_PINS_MAX) pins.push(id);
  }
  return { savedSec: o.savedSec as number, jobs, pins };
}

/** A job's status and newest state.log entry id, as the state file keeps them. */
export interface LastSeenNow {
  status: number;
  entryId: string | undefined;
}

/**
 * What is known of each indexed job now, for the state file: its index entry, replaced by a newer
 * copy (`last`: the page's, the selected job's or a pin's since the last sweep) when its log is newer.
 */
export function lastSeenNow(
  entries: Iterable<IndexEntry>,
  last: (id: string) => Job | undefined,
): Map<string, LastSeenNow> {
  const out = new Map<string, LastSeenNow>();
  for (const e of entries) {
    const job = last(e.id);
    const newest = job && newestEntry(job.state.log);
    const newer = newest !== undefined && (e.entryId === undefined || compareIds(newest.id, e.entryId) > 0);
    out.set(
      e.id,
      newer && job ? { status: job.status, entryId: newest.id } : { status: e.status, entryId: e.entryId },
    );
  }
  return out;
}

/** The header's "while away" line's facts: how many jobs the first sweep found changed, and since when. */
export function awaySummary(
  events: readonly IndexEvent[],
  sinceSec: number,
): { changed: number; sinceSec: number } | undefined {
  const ids = new Set<string>();
  for (const e of events) ids.add(e.id);
  return ids.size > 0 ? { changed: ids.size, sinceSec } : undefined;
}
