// The account's index: one small entry per job id, holding what the list, its filters (`/`, `f`),
// its sorts (`<` `>`) and the header's counts read, never the whole job (the selected job's full
// copy comes from its own poll). Built sweep by sweep (src/poll/sweep.ts): pages are decoded into
// entries and the status changes their state.log records since the index's last look, and a
// finished sweep is merged here. Jobs move between pages while a sweep walks them (new jobs push
// others down, stopped ones vanish and pull them up): one id may come twice, or not at all. So the
// copy with the newer state.log wins, and a job is dropped only when two sweeps in a row miss it.
// Pure; no spread or apply over the service's arrays.
import type { Job } from "../api/schema.js";
import { cutText } from "./cut-text.js";
import { compareIds } from "./ids.js";
import { type JobInsight, jobInsight } from "./job-insight.js";
import { changesSince, latestEntry, type StatusChange } from "./transitions.js";

/**
 * Text kept per job, at most (UTF-16 units): `/` over "all" matches the command line up to
 * INDEX_TEXT_MAX and the remark up to INDEX_REMARK_MAX; names (displayID, node, GPU) are cut at
 * INDEX_NAME_MAX. The list shows a screen's width of them, and 20 000 entries (index_max) of
 * ~1 kB at most stay within the index's memory (issue 31: ≤ 150 MB at 20 000 jobs), where a
 * service could send megabytes in each (the page is capped, the index of every page is not).
 */
export const INDEX_TEXT_MAX = 512;
export const INDEX_REMARK_MAX = 256;
export const INDEX_NAME_MAX = 64;

export interface IndexEntry {
  id: string;
  /** As the service sent it; sanitised at render, as the page's are. */
  displayID: string;
  status: number;
  /** The remark (not sanitised, not masked: render does both, as today), capped. */
  remark: string;
  /** The command line, capped: `/` matches it. */
  cmd: string;
  node: string;
  gpus: number;
  gpuName: string;
  createSec: number;
  queueLen: number;
  /** The newest state.log entry: which copy is newer, and where the next changes start. */
  entryId: string | undefined;
  entrySec: number | undefined;
  /** The status that entry records (the entry may not say the current status). */
  entryStatus: number | undefined;
  /** Class and state.log digest: durations, stats, stuck rules (issue 32). */
  insight: JobInsight;
}

export function indexEntry(job: Job): IndexEntry {
  const e = latestEntry(job.state.log);
  return {
    id: job.id,
    displayID: cutText(job.displayID, INDEX_NAME_MAX),
    status: job.status,
    remark: cutText(job.app.remark, INDEX_REMARK_MAX),
    cmd: cutText(job.app.cmd, INDEX_TEXT_MAX),
    node: cutText(job.ctx.nodeDisplayID, INDEX_NAME_MAX),
    gpus: job.res.gpus,
    gpuName: cutText(job.res.gpuName, INDEX_NAME_MAX),
    createSec: job.createTime.seconds,
    queueLen: job.queueLen,
    entryId: e?.id,
    entrySec: e?.ts.seconds,
    entryStatus: e?.status,
    insight: jobInsight(job),
  };
}

/** Two entries say the same of a job: what the list, its filters and sorts, and the counts read. */
export function sameEntry(a: IndexEntry, b: IndexEntry): boolean {
  return (
    a.id === b.id &&
    a.status === b.status &&
    a.entryId === b.entryId &&
    a.entrySec === b.entrySec &&
    a.entryStatus === b.entryStatus &&
    a.displayID === b.displayID &&
    a.remark === b.remark &&
    a.cmd === b.cmd &&
    a.node === b.node &&
    a.gpus === b.gpus &&
    a.gpuName === b.gpuName &&
    a.createSec === b.createSec &&
    a.queueLen === b.queueLen &&
    sameInsight(a.insight, b.insight)
  );
}

/** The class, the custom columns' values and the log's digest as far as a sweep tells them apart. */
function sameInsight(a: JobInsight, b: JobInsight): boolean {
  if (a.cls !== b.cls || a.custom.length !== b.custom.length) return false;
  for (let i = 0; i < a.custom.length; i++) if (a.custom[i] !== b.custom[i]) return false;
  return a.log.entries === b.log.entries && a.log.lastSec === b.log.lastSec;
}

/** -1, 0, 1: is `a`'s state.log older, the same, or newer than `b`'s (no log is the oldest). */
export function compareEntries(
  a: { entryId: string | undefined },
  b: { entryId: string | undefined },
): number {
  if (a.entryId === undefined) return b.entryId === undefined ? 0 : -1;
  if (b.entryId === undefined) return 1;
  return compareIds(a.entryId, b.entryId);
}

/** A last look as one string: its status and newest entry. */
function lookKey(l: LastSeen): string {
  return `${l.status}:${l.entryId ?? ""}`;
}

/** A job's status changes found on a page, and the last look they were counted from. */
export interface JobChanges {
  id: string;
  displayID: string;
  /** The last look they were counted from (lookKey): they hold only while the index still says so. */
  basis: string;
  changes: StatusChange[];
}

/** What a sweep makes of one page: its entries, and the changes since the index's last look. */
export interface IndexPage {
  entries: IndexEntry[];
  changes: JobChanges[];
  /** Rows that were not jobs (a malformed job): not indexed. */
  bad: number;
}

/** What a job looked like last: the index's entry, or a saved state's (the "while away" file). */
export type LastSeen = Pick<IndexEntry, "status" | "entryId" | "entrySec">;

/**
 * A page's jobs as entries, each compared with `last(id)` (the index's entry, or a saved one):
 * the changes its state.log records since, one per status, each at its log entry's time. A job
 * not seen before has no changes (it is new to us, not changed).
 */
export function indexPage(
  jobs: readonly Job[],
  last: (id: string) => LastSeen | undefined,
  nowSec: number,
  bad = 0,
): IndexPage {
  const entries: IndexEntry[] = [];
  const changes: JobChanges[] = [];
  for (const job of jobs) {
    const entry = indexEntry(job);
    entries.push(entry);
    const prev = last(job.id);
    // An older copy than the one seen (a cache behind the service) changes nothing.
    if (!prev || compareEntries(entry, prev) < 0) continue;
    const found = changesSince(
      { status: prev.status, entryId: prev.entryId, entrySec: prev.entrySec },
      job.state.log,
      job.status,
      nowSec,
    );
    if (found.length > 0)
      changes.push({ id: job.id, displayID: job.displayID, basis: lookKey(prev), changes: found });
  }
  return { entries, changes, bad };
}

/** The index as the header, the list and the scripts read it. Never mutated: a sweep makes a new one. */
export interface JobIndex {
  entries: ReadonlyMap<string, IndexEntry>;
  /** Jobs per status code. */
  counts: ReadonlyMap<number, number>;
  /** Ids a sweep missed once (still listed: a second miss drops them). */
  missed: ReadonlySet<string>;
}

export const EMPTY_INDEX: JobIndex = { entries: new Map(), counts: new Map(), missed: new Set() };

/** One status change of an indexed job, as the events pane and the notifications take it. */
export interface IndexEvent extends StatusChange {
  id: string;
  displayID: string;
}

/** A sweep under way: its pages, in the order they came. */
export class SweepMerge {
  private readonly entries = new Map<string, IndexEntry>();
  private readonly changes = new Map<string, JobChanges>();

  /**
   * One page's entries; an id already met in this sweep keeps the copy with the newer state.log.
   * At most `max` distinct jobs are held: the new ids past it are left out, and counted (returned).
   */
  add(page: IndexPage, max = Number.POSITIVE_INFINITY): number {
    const fresh = new Map<string, JobChanges>();
    for (const c of page.changes) fresh.set(c.id, c);
    let left = 0;
    let refused: Set<string> | undefined;
    for (const e of page.entries) {
      const had = this.entries.get(e.id);
      if (!had && this.entries.size >= max) {
        refused ??= new Set();
        if (!refused.has(e.id)) left++;
        refused.add(e.id);
        continue;
      }
      // Same log: the later copy (its remark may be newer). Older log: the one kept stays.
      if (had && compareEntries(e, had) < 0) continue;
      this.entries.set(e.id, e);
      const c = fresh.get(e.id);
      if (c) this.changes.set(e.id, c);
      else this.changes.delete(e.id);
    }
    return left;
  }

  /** How many distinct jobs so far. */
  size(): number {
    return this.entries.size;
  }

  /**
   * The index after this sweep, and the changes it brings, oldest first by log time. A job of
   * `prev` this sweep did not see stays once (moved between pages as the sweep went), and goes
   * when the sweep before missed it too (and only while the index holds fewer than `max`). A
   * change counted from a last look the index no longer holds (the same answer seen again after
   * that sweep was merged) is not counted twice.
   */
  finish(
    prev: JobIndex,
    max = Number.POSITIVE_INFINITY,
  ): { index: JobIndex; events: IndexEvent[]; dropped: number } {
    const entries = new Map<string, IndexEntry>();
    const missed = new Set<string>();
    let dropped = 0;
    for (const [id, e] of this.entries) {
      const old = prev.entries.get(id);
      // An older copy than the index holds (a lagging cache) does not undo what was seen.
      entries.set(id, old && compareEntries(e, old) < 0 ? old : e);
    }
    for (const [id, e] of prev.entries) {
      if (entries.has(id)) continue;
      if (prev.missed.has(id) || entries.size >= max) dropped++;
      else {
        entries.set(id, e);
        missed.add(id);
      }
    }
    const events: IndexEvent[] = [];
    for (const c of this.changes.values()) {
      const old = prev.entries.get(c.id);
      if (old !== undefined && lookKey(old) !== c.basis) continue;
      for (const ch of c.changes) events.push({ id: c.id, displayID: c.displayID, ...ch });
    }
    events.sort((a, b) => a.ts - b.ts || compareIds(a.entryId ?? "0", b.entryId ?? "0"));
    return { index: { entries, counts: countByStatus(entries), missed }, events, dropped };
  }
}

export function countByStatus(entries: ReadonlyMap<string, IndexEntry>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const e of entries.values()) counts.set(e.status, (counts.get(e.status) ?? 0) + 1);
  return counts;
}

/** A page not read: the index's entries for its ids, no changes. */
export function keptPage(ids: readonly string[], index: JobIndex): IndexPage {
  const entries: IndexEntry[] = [];
  for (const id of ids) {
    const e = index.entries.get(id);
    if (e) entries.push(e);
  }
  return { entries, changes: [], bad: 0 };
}

/** Every entry of a read page is the one the index holds (the same object, or the same fields). */
export function sameAsIndex(entries: readonly IndexEntry[], index: JobIndex): boolean {
  for (const e of entries) {
    const had = index.entries.get(e.id);
    if (had === undefined || !(had === e || sameEntry(had, e))) return false;
  }
  return true;
}
