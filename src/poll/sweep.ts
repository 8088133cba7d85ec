// The index's sweep: every page of the list, one after another, one request in flight, at the
// largest per_page the service grants (asked for big once, then what its pagination.perPage
// said), then a wait of `interval`. A whole sweep is one "poll" of a poller (poller.ts): its
// interval, jitter, Retry-After and 429/503 backoff, sleep/resume and PollGroup wake are the
// pollers' own, not a third copy. A failed sweep is dropped whole: the last good index stays
// (with its age, okWall) and the next sweep starts again from page 1. A page whose answer is the
// same bytes as last time, or a 304 to its ETag, is not parsed again (same-body.ts, one
// remembered answer per page).
// `auto` sweeps while the service's total is at most `max`; above it, one request of one job per
// interval watches the total, and `reason` says why the index is off.
import type { AnswerInfo, JobClient, JobPage } from "../api/client.js";
import { isApiError } from "../api/errors.js";
import { keyedMemo, sameBodies } from "../api/same-body.js";
import type { Job } from "../api/schema.js";
import {
  EMPTY_INDEX,
  type IndexEvent,
  type IndexPage,
  indexPage,
  type JobIndex,
  type LastSeen,
  SweepMerge,
} from "../model/job-index.js";
import type { Order } from "../model/order.js";
import { MAX_PAGES, pageFacts } from "../model/page.js";
import type { PollGroup } from "./poll-group.js";
import { type Clock, createPoller, type Poller, type PollSnapshot } from "./poller.js";

export type IndexMode = "auto" | "on" | "off";
export const INDEX_MODES: readonly IndexMode[] = ["auto", "on", "off"];
export const INDEX_MAX_DEFAULT = 2000;
export const INDEX_INTERVAL_DEFAULT_MS = 30_000;
/** The shortest interval accepted: tests and small private services. */
export const INDEX_INTERVAL_MIN_MS = 1000;
/** per_page asked for on the first page, until the service says what it grants. */
export const ASK_PER_PAGE = 1000;

export interface SweepOptions {
  client: JobClient;
  mode: IndexMode;
  /** `auto` is on while the service's total is at most this. */
  max?: number;
  intervalMs: number;
  /** The list's order parameter (the page's: "desc"). */
  order?: Order;
  askPerPage?: number;
  clock?: Clock;
  group?: PollGroup;
  /** Unix seconds now, for a status that moved without a log entry. */
  nowSec?: () => number;
  /**
   * What a saved state ("while away") said of each job: the first sweep's changes are counted
   * from it, and come with `away` set. Undefined: a first run, nothing to compare.
   */
  baseline?: ReadonlyMap<string, LastSeen>;
  /** A page's jobs, when its answer changed: the Monitor's polled jobs in it count as polled (job-answer.ts). */
  onJobs?: (jobs: readonly Job[]) => void;
  /** The ids of a page answered the same as last time (a 304, the same bytes): what it held still holds. */
  onSameJobs?: (ids: readonly string[]) => void;
}

/** One finished sweep, as the poller keeps it (its data). */
interface SweepResult {
  index: JobIndex;
  /** The changes this sweep found, oldest first. */
  events: readonly IndexEvent[];
  /** Rises by one per finished sweep. */
  seq: number;
  /** The service's total at the first page (undefined when it made no sense). */
  total: number | undefined;
  /** Why the index is off (auto above max); undefined while it sweeps. */
  off: string | undefined;
  /** These changes are counted from the saved state (the first sweep after a start). */
  away: boolean;
}

export interface SweepSnapshot {
  mode: IndexMode;
  /** One line for the header when the index is off by itself (auto, above max). */
  reason: string | undefined;
  /** The last good index (EMPTY_INDEX before the first sweep, and while off). */
  index: JobIndex;
  /** The last finished sweep's changes, oldest first, and its number (tells sweeps apart). */
  events: readonly IndexEvent[];
  seq: number;
  /** The last sweep's changes are the "while away" ones (counted from the saved state). */
  away: boolean;
  total: number | undefined;
  /** The per_page the service grants, once known. */
  perPage: number | undefined;
  /** HTTP requests sent by the sweeps so far. */
  requests: number;
  /** The sweeps' poller: okWall is the index's age, error/failures/retryAt while it fails. */
  poll: PollSnapshot<unknown>;
}

export class Sweeper {
  private readonly poller: Poller<SweepResult>;
  private readonly memo = sameBodies();
  private readonly listeners = new Set<() => void>();
  private readonly max: number;
  private readonly order: Order;
  private readonly nowSec: () => number;
  private perPage: number | undefined;
  private requests = 0;
  private seq = 0;
  /** The saved state, until the first finished sweep has been compared with it. */
  private baseline: ReadonlyMap<string, LastSeen> | undefined;
  private snap: SweepSnapshot;

  constructor(private readonly o: SweepOptions) {
    if (!(o.intervalMs >= INDEX_INTERVAL_MIN_MS)) throw new RangeError("index interval below 1 s");
    this.max = o.max ?? INDEX_MAX_DEFAULT;
    this.order = o.order ?? "desc";
    this.nowSec = o.nowSec ?? (() => Math.floor(Date.now() / 1000));
    this.baseline = o.baseline;
    this.poller = createPoller<SweepResult>({
      fetch: (signal) => this.sweep(signal),
      intervalMs: o.intervalMs,
      clock: o.clock,
      group: o.group,
    });
    this.snap = this.build();
    this.poller.subscribe(() => {
      this.snap = this.build();
      for (const l of this.listeners) l();
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SweepSnapshot => this.snap;

  /** The saved state to count the first sweep's changes from, when it comes after the constructor (before start). */
  setBaseline(baseline: ReadonlyMap<string, LastSeen>): void {
    if (this.seq === 0) this.baseline = baseline;
  }

  /** Starts sweeping (mode off: nothing, ever). */
  start(): void {
    if (this.o.mode !== "off") this.poller.start();
  }

  /** Stops sweeping (pause, quit): a sweep under way is abandoned; the index stays. */
  stop(): void {
    this.poller.stop();
  }

  /** Sweeps again now (`r`). */
  refreshNow(): void {
    this.poller.refreshNow();
  }

  /** Wall ms the index is as old as (its last good sweep), or undefined before one. */
  okWall(): number | undefined {
    return this.poller.getSnapshot().okWall;
  }

  private build(): SweepSnapshot {
    const poll = this.poller.getSnapshot();
    const d = poll.data;
    return {
      mode: this.o.mode,
      reason: this.o.mode === "off" ? undefined : d?.off,
      index: d?.index ?? EMPTY_INDEX,
      events: d?.events ?? [],
      seq: d?.seq ?? 0,
      away: d?.away ?? false,
      total: d?.total,
      perPage: this.perPage,
      requests: this.requests,
      poll: poll as PollSnapshot<unknown>,
    };
  }

  /** One sweep: page 1, 2 … to the last, then merged into the index. Throws on any failed page. */
  private async sweep(signal: AbortSignal): Promise<SweepResult> {
    const prev = this.poller.getSnapshot().data;
    if (prev?.off !== undefined) {
      // Off above max: one job's page tells the total; the sweep resumes once it is low enough.
      const probe = await this.page(1, 1, signal, () => undefined, false);
      const total = pageFacts(probe.pagination, { page: 1, perPage: 1 }, probe.count).total ?? 0;
      if (total > this.max) return total === prev.total ? prev : this.offAbove(total);
    }
    const committed = prev?.off === undefined ? (prev?.index ?? EMPTY_INDEX) : EMPTY_INDEX;
    const baseline = this.baseline;
    const last = (id: string) => committed.entries.get(id) ?? baseline?.get(id);
    const merge = new SweepMerge();
    let per = this.perPage ?? this.o.askPerPage ?? ASK_PER_PAGE;
    let total: number | undefined;
    const keys = new Set<string>();
    for (let page = 1; page <= MAX_PAGES; page++) {
      let got: Awaited<ReturnType<Sweeper["page"]>>;
      try {
        got = await this.page(page, per, signal, last, true);
      } catch (e) {
        // An answer over the client's size cap (a service that grants 1000 jobs of 28 KB): ask
        // for a quarter as many. Page 1 at once; a later page from the next sweep on (the pages
        // of one sweep must be of one size).
        if (!(isApiError(e) && e.kind === "too-large" && per > 1)) throw e;
        per = Math.max(1, Math.floor(per / 4));
        this.perPage = per;
        if (page > 1) throw e;
        page = 0;
        continue;
      }
      keys.add(`${page}:${per}`);
      if (page === 1) {
        // The largest per_page the service grants: what its answer says it used, when that is no
        // more than asked (else the rows it sent). The rest of the sweep, and the next, ask that.
        per = grantedPerPage(got.pagination.perPage, got.count, per);
        this.perPage = per;
      }
      const facts = pageFacts(got.pagination, { page, perPage: per }, got.count);
      if (page === 1) {
        total = facts.total;
        if (this.o.mode === "auto" && (total ?? 0) > this.max) return this.offAbove(total ?? 0);
      }
      const before = merge.size();
      merge.add(got.page);
      // Auto stops above max by the distinct jobs met too (a job met twice as it moved between
      // pages counts once): a total the pages contradict is not believed, and a service saying
      // 0 could otherwise have a million pages swept into memory.
      if (this.o.mode === "auto" && merge.size() > this.max) return this.offAbove(total ?? 0, merge.size());
      if (got.count === 0 || page >= facts.numPages) break;
      // A page of no job new to this sweep ends it, as it ends --once --all's walk: a service
      // that ignores `page` and names a million pages is not asked a million times per interval.
      if (page > 1 && got.page.entries.length > 0 && merge.size() === before) break;
    }
    // Pages of another size, or past the last one, are not asked for again: forget their answers.
    this.memo.retain((k) => keys.has(k));
    const { index, events } = merge.finish(committed);
    this.baseline = undefined;
    this.seq += 1;
    return { index, events, seq: this.seq, total, off: undefined, away: baseline !== undefined };
  }

  /** The index is off above max (auto): dropped, and from now on one small request per interval. */
  private offAbove(total: number, seen = 0): SweepResult {
    this.memo.retain(() => false);
    // A total not believed: the jobs seen so far, "60+ jobs".
    const jobs = total > this.max ? `${total} jobs` : `${seen}+ jobs`;
    this.seq += 1;
    return {
      index: EMPTY_INDEX,
      events: [],
      seq: this.seq,
      total,
      off: `index off: ${jobs} > index_max ${this.max}`,
      away: false,
    };
  }

  /** One page, as entries and changes; the same bytes as last time (`remember`) give last time's page back. */
  private async page(
    page: number,
    perPage: number,
    signal: AbortSignal,
    last: (id: string) => LastSeen | undefined,
    remember: boolean,
  ): Promise<{ pagination: JobPage["pagination"]; page: IndexPage; count: number }> {
    const q = { page, perPage, order: this.order };
    const map = (p: JobPage) => {
      const jobs = [];
      let bad = 0;
      for (const item of p.items)
        if (item.ok) jobs.push(item.job);
        else bad++;
      this.o.onJobs?.(jobs);
      return {
        pagination: p.pagination,
        page: indexPage(jobs, last, this.nowSec(), bad),
        count: p.items.length,
      };
    };
    this.requests += 1;
    const client = this.o.client;
    if (client.listJobsMapped && remember) {
      const info: AnswerInfo = { bytes: 0, notModified: false, same: false };
      const got = await client.listJobsMapped(
        q,
        signal,
        keyedMemo(this.memo, `${page}:${perPage}`),
        map,
        info,
      );
      if (info.same) this.o.onSameJobs?.(got.page.entries.map((e) => e.id));
      return got;
    }
    return map(await client.listJobs(q, signal));
  }
}

/**
 * The largest per_page the service grants, from page 1's answer to `asked`: what its pagination
 * says it used, when that is no more than asked (else the rows it sent). The sweep and
 * `--once --all` (src/modes/once-all.ts) walk the rest of the pages at that size.
 */
export function grantedPerPage(said: number, count: number, asked: number): number {
  const sane = Number.isSafeInteger(said) && said >= 1 && said <= asked;
  return sane ? said : count > 0 ? Math.min(count, asked) : asked;
}
