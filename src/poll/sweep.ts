// The index's sweep: every page of the list, one after another, one request in flight, at the
// largest per_page the service grants (asked for big once, then what its pagination.perPage
// said), then a wait of `interval`. A whole sweep is one "poll" of a poller (poller.ts): its
// interval, jitter, Retry-After and 429/503 backoff, sleep/resume and PollGroup wake are the
// pollers' own, not a third copy. A failed sweep is dropped whole: the last good index stays
// (with its age, okWall) and the next sweep starts again from page 1. A page whose answer is the
// same bytes as last time is not parsed again (same-body.ts, one remembered answer per page).
// `auto` sweeps while the service's total is at most `max`; above it, one request of one job per
// interval watches the total, and `reason` says why the index is off.
// Every sweep is bounded (issue 29.2: a service that answered every page with new jobs was asked
// for 2 431 pages in 30 s): pages by what page 1 announced plus a few for pages that shift
// (pageLimit), jobs by `max` (`on` holds the first `max` and says so: `partial`), and its requests
// at least sweepGapMs apart. A sweep past its pages ends as a failed one, `stopped` saying why.
import type { JobClient, JobPage } from "../api/client.js";
import { isApiError } from "../api/errors.js";
import { sameBodies } from "../api/same-body.js";
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
import { MAX_PAGES, type PageFacts, pageFacts } from "../model/page.js";
import type { PollGroup } from "./poll-group.js";
import { type Clock, createPoller, type Poller, type PollSnapshot, realClock } from "./poller.js";

export type IndexMode = "auto" | "on" | "off";
export const INDEX_MODES: readonly IndexMode[] = ["auto", "on", "off"];
export const INDEX_MAX_DEFAULT = 2000;
export const INDEX_INTERVAL_DEFAULT_MS = 30_000;
/** The shortest interval accepted: tests and small private services. */
export const INDEX_INTERVAL_MIN_MS = 1000;
/** per_page asked for on the first page, until the service says what it grants. */
export const ASK_PER_PAGE = 1000;
/** The longest gap between two requests of a sweep. */
export const SWEEP_GAP_MAX_MS = 250;

/**
 * How far apart a sweep's requests go at least: a hundredth of its interval, at most 250 ms (4
 * a second: a sweep of 200 pages takes 50 s, not the burst a fast service would otherwise get).
 */
export function sweepGapMs(intervalMs: number): number {
  return Math.min(SWEEP_GAP_MAX_MS, Math.floor(intervalMs / 100));
}

/**
 * The pages a walk may ask for, from page 1's answer: the pages it announced, and a few more for
 * pages that shift while the walk goes (new jobs push others down): 2, or 5 % of them. A service
 * that announced nothing believable (no sane total, no sane page count): the pages `ceiling` jobs
 * fill. The index's sweep and `--once --all` (src/modes/once-all.ts) alike.
 */
export function pageLimit(facts: PageFacts, perPage: number, ceiling: number): number {
  const pages = announcedPages(facts) ?? Math.ceil(ceiling / Math.max(1, perPage));
  return Math.min(MAX_PAGES, pages + Math.max(2, Math.ceil(pages * 0.05)));
}

/** The pages an answer announced: its sane page count, or its sane total's; undefined when neither was. */
function announcedPages(facts: PageFacts): number | undefined {
  return facts.total !== undefined || !facts.doubts.includes("pages?") ? facts.numPages : undefined;
}

/** A walk went past the pages page 1 announced, and more: ended there (its message is one line). */
export class WalkStopped extends Error {}

/** Why a walk stopped at pageLimit: "the service's pages went on past the 3 it announced". */
export function pastPagesText(facts: PageFacts, ceiling: number): string {
  const pages = announcedPages(facts);
  return pages !== undefined
    ? `the service's pages went on past the ${pages} it announced`
    : `the service announced no total or page count, and its pages went on past ${ceiling} jobs (index_max)`;
}

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
  /** `on` above max: the first `held` jobs of `total` are indexed. */
  partial?: PartialIndex;
}

/** The index holds the first `held` jobs of the account's `total` (index = on, above index_max). */
export interface PartialIndex {
  held: number;
  total: number | undefined;
}

export interface SweepSnapshot {
  mode: IndexMode;
  /** One line for the header when the index is off by itself (auto, above max). */
  reason: string | undefined;
  /** How to have it on, for `a` while it is off by itself: "--index-max 2605 indexes every job, …". */
  hint: string | undefined;
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
  /** One line when the last sweep stopped before its end (its pages went on past the bound). */
  stopped: string | undefined;
  /** `on` above max: only the first `held` jobs are indexed. */
  partial: PartialIndex | undefined;
  /** index_max: `on` holds at most this many jobs, `auto` is off above it. */
  max: number;
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
  private readonly gapMs: number;
  /** Monotonic ms the sweeps' last request went out. */
  private sentAt: number | undefined;
  private seq = 0;
  /** A total above max the page's poll saw (pageTotal), until a sweep has looked for itself. */
  private over: number | undefined;
  /** The saved state, until the first finished sweep has been compared with it. */
  private baseline: ReadonlyMap<string, LastSeen> | undefined;
  private snap: SweepSnapshot;

  constructor(private readonly o: SweepOptions) {
    if (!(o.intervalMs >= INDEX_INTERVAL_MIN_MS)) throw new RangeError("index interval below 1 s");
    this.max = o.max ?? INDEX_MAX_DEFAULT;
    this.gapMs = sweepGapMs(o.intervalMs);
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

  /**
   * The page's poll saw the service's total (one answer, many uses): above max, `auto`'s index
   * is off at once (its counts gone, summing to 304 next to "2605 jobs" no more), not up to an
   * interval later when the next sweep finds out. That sweep asks for one job, to be sure.
   */
  pageTotal(total: number | undefined): void {
    if (this.o.mode !== "auto" || total === undefined || total <= this.max || total === this.over) return;
    if (this.poller.getSnapshot().data?.off !== undefined) return;
    this.over = total;
    this.snap = this.build();
    for (const l of this.listeners) l();
  }

  private build(): SweepSnapshot {
    const poll = this.poller.getSnapshot();
    const d = poll.data;
    const over = this.over === undefined ? undefined : this.offAbove(this.over, 0, false);
    const off = this.o.mode === "off" ? undefined : (over ?? d)?.off;
    return {
      mode: this.o.mode,
      reason: off,
      hint:
        off === undefined
          ? undefined
          : `--index-max ${(over ?? d)?.total || "N"} indexes every job, --index on the first ${this.max}`,
      index: over ? EMPTY_INDEX : (d?.index ?? EMPTY_INDEX),
      events: d?.events ?? [],
      seq: d?.seq ?? 0,
      away: d?.away ?? false,
      total: (over ?? d)?.total,
      perPage: this.perPage,
      requests: this.requests,
      stopped: poll.error instanceof WalkStopped ? `index stopped ${poll.error.message}` : undefined,
      partial: d?.partial,
      max: this.max,
      poll: poll as PollSnapshot<unknown>,
    };
  }

  /** One sweep: page 1, 2 … to the last, then merged into the index. Throws on any failed page. */
  private async sweep(signal: AbortSignal): Promise<SweepResult> {
    const over = this.over;
    const result = await this.walk(signal, over);
    // The page's total went above max while this sweep walked: that is the newer news.
    if (this.over !== over && this.over !== undefined) return this.offAbove(this.over);
    this.over = undefined;
    return result;
  }

  private async walk(signal: AbortSignal, over: number | undefined): Promise<SweepResult> {
    const prev = this.poller.getSnapshot().data;
    if (prev?.off !== undefined || over !== undefined) {
      // Off above max: one job's page tells the total; the sweep resumes once it is low enough.
      const probe = await this.page(1, 1, signal, () => undefined, false);
      const total = pageFacts(probe.pagination, { page: 1, perPage: 1 }, probe.count).total ?? 0;
      if (total > this.max)
        return prev?.off !== undefined && total === prev.total ? prev : this.offAbove(total);
    }
    const committed = prev?.off === undefined ? (prev?.index ?? EMPTY_INDEX) : EMPTY_INDEX;
    const baseline = this.baseline;
    const last = (id: string) => committed.entries.get(id) ?? baseline?.get(id);
    const merge = new SweepMerge();
    let per = this.perPage ?? this.o.askPerPage ?? ASK_PER_PAGE;
    let total: number | undefined;
    let limit = MAX_PAGES;
    let first: PageFacts | undefined;
    let partial: PartialIndex | undefined;
    const keys = new Set<string>();
    for (let page = 1; ; page++) {
      if (page > limit) {
        const said = announcedPages(first as PageFacts);
        throw new WalkStopped(
          `at page ${limit} ${said === undefined ? "(no page count announced)" : `of ${said} announced`}`,
        );
      }
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
        first = facts;
        limit = pageLimit(facts, per, this.max);
        if (this.o.mode === "auto" && (total ?? 0) > this.max) return this.offAbove(total ?? 0);
      }
      const before = merge.size();
      // `on` holds the first `max` jobs met (in the service's order), and no more.
      const left = merge.add(got.page, this.max);
      // Auto stops above max by the distinct jobs met too (a job met twice as it moved between
      // pages counts once): a total the pages contradict is not believed, and a service saying
      // 0 could otherwise have a million pages swept into memory.
      if (this.o.mode === "auto" && left > 0) return this.offAbove(total ?? 0, merge.size() + left);
      const end = got.count === 0 || page >= facts.numPages;
      if (merge.size() >= this.max && (left > 0 || !end)) {
        partial = { held: merge.size(), total };
        break;
      }
      if (end) break;
      // A page of no job new to this sweep ends it, as it ends --once --all's walk: a service
      // that ignores `page` and names a million pages is not asked a million times per interval.
      if (page > 1 && got.page.entries.length > 0 && merge.size() === before) break;
    }
    // Pages of another size, or past the last one, are not asked for again: forget their answers.
    this.memo.retain((k) => keys.has(k));
    const { index, events } = merge.finish(committed, this.max);
    this.baseline = undefined;
    this.seq += 1;
    return { index, events, seq: this.seq, total, off: undefined, away: baseline !== undefined, partial };
  }

  /** The index is off above max (auto): dropped, and from now on one small request per interval. */
  private offAbove(total: number, seen = 0, sweepEnds = true): SweepResult {
    // A total not believed: the jobs seen so far, "60+ jobs".
    const jobs = total > this.max ? `${total} jobs` : `${seen}+ jobs`;
    if (sweepEnds) {
      this.memo.retain(() => false);
      this.seq += 1;
    }
    return {
      index: EMPTY_INDEX,
      events: [],
      seq: this.seq,
      total,
      off: `index off: ${jobs} > index_max ${this.max}`,
      away: false,
    };
  }

  /** Waits until the last request of the sweeps is sweepGapMs old (none: at once). */
  private async paced(signal: AbortSignal): Promise<void> {
    const clock = this.o.clock ?? realClock;
    const wait = this.sentAt === undefined ? 0 : this.sentAt + this.gapMs - clock.now();
    if (wait > 0) await sleep(clock, wait, signal);
    this.sentAt = clock.now();
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
      return {
        pagination: p.pagination,
        page: indexPage(jobs, last, this.nowSec(), bad),
        count: p.items.length,
      };
    };
    await this.paced(signal);
    this.requests += 1;
    const client = this.o.client;
    if (client.listJobsMapped && remember)
      return client.listJobsMapped(q, signal, keyed(this.memo, `${page}:${perPage}`), map);
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

/** The memo under this sweep's own key for a page (its number and size), whatever the URL. */
function keyed(memo: ReturnType<typeof sameBodies>, key: string) {
  return { decode: <T>(_url: string, bytes: Buffer, decode: () => T): T => memo.decode(key, bytes, decode) };
}

/** Resolves after `ms` on the clock, or rejects as soon as `signal` aborts (a stopped sweep). */
function sleep(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = clock.setTimeout(() => {
      signal.removeEventListener("abort", abort);
      resolve();
    }, ms);
    const abort = () => {
      clock.clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", abort, { once: true });
  });
}
