// The index's sweep: the pages of the list in order, one request in flight, at the largest
// per_page the service grants (asked for big once, then what its pagination.perPage said), every
// `interval`. A sweep is one "poll" of a poller (poller.ts): its interval, jitter, Retry-After and
// 429/503 backoff, sleep/resume and PollGroup wake are the pollers' own. A failed sweep is dropped
// whole: the last good index stays (with its age, okWall).
// The first sweep reads every page. Later ones spend requests where things change (issue 31,
// src/model/sweep-view.ts): a page read unchanged is read less often (every sweep, then every 2,
// 4 … up to PAGE_PERIOD_MAX sweeps: 5 min at the default 30 s); a page that changed goes back to
// every sweep; a page not due is predicted from the last view, shifted by what the pages read
// before it found. A change of the service's total (a page's answer, or the page poll's:
// pageTotal) has the pages read from the head until one matches the last view shifted and the
// count adds up. Each sweep after the first reads at most PASS_PAGES pages and PASS_BYTES bytes
// (the budget: 6 requests and 500 kB a minute at 30 s); the pages it could not afford are the
// most overdue next time, and the header says how old the oldest is (oldestWall). A page answered
// the same as last time (a 304 to its ETag, or the same bytes: page-memo.ts) is not parsed again
// (sweep-reader.ts asks for each page: paced, counted, its jobs to the Monitor).
// `auto` sweeps while the service's total is at most `max`; above it, one request of one job per
// interval watches the total, and `reason` says why the index is off. Every sweep is bounded
// (issue 29.2; walk-bounds.ts): pages by what page 1 announced plus a few, jobs by `max` (`on`
// holds the first `max` and says so: `partial`), requests sweepGapMs apart.
import { isApiError } from "../api/errors.js";
import { EMPTY_INDEX, keptPage, type LastSeen, SweepMerge, sameAsIndex } from "../model/job-index.js";
import type { Order } from "../model/order.js";
import { MAX_PAGES, type PageFacts, pageFacts } from "../model/page.js";
import {
  affordable,
  afterRead,
  dueNow,
  duePages,
  type PageSlot,
  type SweepView,
  ViewWalk,
} from "../model/sweep-view.js";
import { type Clock, createPoller, type Poller, type PollSnapshot, realClock } from "./poller.js";
import { SweepReader } from "./sweep-reader.js";
import type { PartialIndex, ReadPage, SweepOptions, SweepResult, SweepSnapshot } from "./sweep-types.js";
import {
  ASK_PER_PAGE,
  announcedPages,
  grantedPerPage,
  pageLimit,
  sweepGapMs,
  WalkStopped,
} from "./walk-bounds.js";

export const INDEX_MAX_DEFAULT = 20_000;
/** The shortest interval accepted: tests and small private services. */
export const INDEX_INTERVAL_MIN_MS = 1000;
/** An unchanged page is read every this many sweeps at most (5 min at the default 30 s). */
export const PAGE_PERIOD_MAX = 10;
/** Pages a sweep after the first may read (6 requests a minute at the default 30 s). */
export const PASS_PAGES = 3;
/** Bytes a sweep after the first may read (500 kB a minute at the default 30 s), a page at least. */
export const PASS_BYTES = 250_000;

export type { IndexMode, PartialIndex, SweepOptions, SweepSnapshot } from "./sweep-types.js";

export class Sweeper {
  private readonly poller: Poller<SweepResult>;
  /** Asks for one page: paced, counted, the same answer as last time not parsed again (sweep-reader.ts). */
  private readonly reader: SweepReader;
  private readonly listeners = new Set<() => void>();
  private readonly max: number;
  private readonly order: Order;
  private readonly nowSec: () => number;
  private readonly clock: Clock;
  private perPage: number | undefined;
  private sweeps = 0;
  /** When the last sweep ended well, on both clocks (a sleep of the machine shows between them). */
  private passAt: { mono: number; wall: number } | undefined;
  private seq = 0;
  /** The pages as the last good sweep left them; undefined: the next sweep reads every page. */
  private view: SweepView | undefined;
  /** The service's total as last heard (a sweep's page, or the page poll's), and what the view was made for. */
  private heard: number | undefined;
  private viewTotal: number | undefined;
  /** A total above max the page's poll saw (pageTotal), until a sweep has looked for itself. */
  private over: number | undefined;
  /** The saved state, until the first finished sweep has been compared with it. */
  private baseline: ReadonlyMap<string, LastSeen> | undefined;
  private snap: SweepSnapshot;

  constructor(private readonly o: SweepOptions) {
    if (!(o.intervalMs >= INDEX_INTERVAL_MIN_MS)) throw new RangeError("index interval below 1 s");
    this.max = o.max ?? INDEX_MAX_DEFAULT;
    this.order = o.order ?? "desc";
    this.clock = o.clock ?? realClock;
    this.nowSec = o.nowSec ?? (() => Math.floor(Date.now() / 1000));
    this.baseline = o.baseline;
    this.reader = new SweepReader({
      client: o.client,
      order: this.order,
      clock: this.clock,
      gapMs: sweepGapMs(o.intervalMs),
      nowSec: this.nowSec,
      onJobs: (jobs) => o.onJobs?.(jobs),
      onSameJobs: (ids) => o.onSameJobs?.(ids),
    });
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
   * The page's poll saw the service's total (one answer, many uses): a change has the next sweep
   * look for it from the head; above max, `auto`'s index is off at once (its counts gone, summing
   * to 304 next to "2605 jobs" no more), not up to an interval later. That sweep asks for one job.
   */
  pageTotal(total: number | undefined): void {
    if (total === undefined) return;
    this.heard = total;
    if (this.o.mode !== "auto" || total <= this.max || total === this.over) return;
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
    let oldestWall: number | undefined;
    for (const s of this.view?.slots ?? [])
      if (oldestWall === undefined || s.readWall < oldestWall) oldestWall = s.readWall;
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
      requests: this.reader.requests,
      bytes: this.reader.bytes,
      sweeps: this.sweeps,
      stopped: poll.error instanceof WalkStopped ? `index stopped ${poll.error.message}` : undefined,
      partial: d?.partial,
      max: this.max,
      oldestWall: off === undefined ? oldestWall : undefined,
      intervalMs: this.o.intervalMs,
      poll: poll as PollSnapshot<unknown>,
    };
  }

  /** One sweep, merged into the index. Throws on any failed page (the next starts from page 1). */
  private async sweep(signal: AbortSignal): Promise<SweepResult> {
    const over = this.over;
    // The machine slept (the wall clock moved on, the monotonic one stood still): the pages'
    // schedules say nothing of the hours away. Every page is read again, as at the start.
    const at = { mono: this.clock.now(), wall: this.clock.wall() };
    const asleep = this.passAt && at.wall - this.passAt.wall - (at.mono - this.passAt.mono);
    if (asleep && asleep > 2 * this.o.intervalMs + 5000) this.view = undefined;
    let result: SweepResult;
    try {
      result = await this.walk(signal, over);
    } catch (e) {
      // Failed half way: the last view stands (a failing service gets no full sweep for it),
      // unless the pages are of another size now.
      if (this.view && this.view.perPage !== this.perPage) this.view = undefined;
      throw e;
    }
    this.passAt = { mono: this.clock.now(), wall: this.clock.wall() };
    this.sweeps += 1;
    // The page's total went above max while this sweep walked: that is the newer news.
    if (this.over !== over && this.over !== undefined) return this.offAbove(this.over);
    this.over = undefined;
    return result;
  }

  private async walk(signal: AbortSignal, over: number | undefined): Promise<SweepResult> {
    const prev = this.poller.getSnapshot().data;
    if (prev?.off !== undefined || over !== undefined) {
      // Off above max: the page poll's answers tell the total; without one since the last
      // sweep, one job's page does. The sweep resumes once it is low enough.
      if (this.heard !== undefined && this.heard > this.max)
        return prev?.off !== undefined && this.heard === prev.total ? prev : this.offAbove(this.heard);
      const probe = await this.reader.read(1, 1, signal, () => undefined, false);
      const total = pageFacts(probe.pagination, { page: 1, perPage: 1 }, probe.count).total ?? 0;
      if (total > this.max)
        return prev?.off !== undefined && total === prev.total ? prev : this.offAbove(total);
      this.view = undefined;
    }
    const committed = prev?.off === undefined ? (prev?.index ?? EMPTY_INDEX) : EMPTY_INDEX;
    const baseline = this.baseline;
    const last = (id: string) => committed.entries.get(id) ?? baseline?.get(id);
    const view = this.view;
    const full = view === undefined;
    const interval = this.o.intervalMs;
    const cap = interval * (this.o.periodMax ?? PAGE_PERIOD_MAX);
    const at = { now: this.clock.now(), wall: this.clock.wall() };
    const budget = this.o.budget ?? { pages: PASS_PAGES, bytes: PASS_BYTES };
    const merge = new SweepMerge();
    let per = view?.perPage ?? this.perPage ?? this.o.askPerPage ?? ASK_PER_PAGE;
    const walk = new ViewWalk(view?.ids ?? [], per);
    const slots: PageSlot[] = view ? view.slots.slice() : [];
    // What the service's total says the pages are: the view's, unless a change was heard.
    const heard = this.heard;
    let total = heard ?? this.viewTotal;
    let pages = full ? MAX_PAGES : this.pagesFor(total, view);
    let limit = full ? MAX_PAGES : pages + Math.max(2, Math.ceil(pages * 0.05));
    // The due pages the budget affords, most overdue first (walked in page order, the rest predicted).
    const chosen = full
      ? new Set<number>()
      : affordable(duePages(slots, pages, at.now, interval), slots, budget);
    // A total that moved: from the head until a page matches the view, shifted, and the count adds up.
    let forced = !full && total !== undefined && total !== this.viewTotal;
    let first: PageFacts | undefined;
    let partial: PartialIndex | undefined;
    let closed = view?.closed ?? false;
    let reads = 0;
    let spent = 0;
    let lastRead = 0;
    let ended = false;
    let changed = full;
    let page = 1;
    for (; page <= pages; page++) {
      if (page > limit) {
        const said = announcedPages(first as PageFacts) ?? (full ? undefined : pages);
        throw new WalkStopped(
          `at page ${limit} ${said === undefined ? "(no page count announced)" : `of ${said} announced`}`,
        );
      }
      const room = Math.min(per, Math.max(0, (total ?? view?.ids.length ?? 0) - (page - 1) * per));
      const known = full ? 0 : walk.predict(page).length;
      const wanted = full || chosen.has(page) || forced || known < room;
      // The first sweep reads every page (its bounds are walk-bounds.ts's); later ones what the budget affords.
      if (!wanted || (!full && (reads >= budget.pages || spent >= budget.bytes))) {
        // Not read: as the last view has it. Wanted and not afforded: the first read next time.
        if (wanted && !full) slots[page - 1] = dueNow(slots[page - 1]);
        // A page the account grew into, predicted: as old as the page its ids came from.
        else if (!full && slots[page - 1] === undefined)
          slots[page - 1] = slots[page - 2] ?? dueNow(undefined);
        const ids = walk.take(page);
        merge.add(keptPage(ids, committed), this.max);
        ended = false;
        continue;
      }
      let got: ReadPage;
      try {
        got = await this.reader.read(page, per, signal, last, true);
      } catch (e) {
        // An answer over the client's size cap (a service that grants 1000 jobs of 28 KB): ask
        // for a quarter as many. Page 1 of a first sweep at once; else from the next sweep on
        // (the pages of one sweep are of one size), which reads every page.
        if (!(isApiError(e) && e.kind === "too-large" && per > 1)) throw e;
        per = Math.max(1, Math.floor(per / 4));
        this.perPage = per;
        if (!full || page > 1) throw e;
        page = 0;
        continue;
      }
      reads++;
      // What its answer weighed (a 304: nothing but its headers).
      spent += this.reader.weighed;
      if (full && page === 1) {
        // The largest per_page the service grants: what its answer says it used, when that is no
        // more than asked (else the rows it sent). The rest of the sweep, and the next, ask that.
        per = grantedPerPage(got.pagination.perPage, got.count, per);
        this.perPage = per;
      }
      const facts = pageFacts(got.pagination, { page, perPage: per }, got.count);
      if (facts.total !== undefined) total = facts.total;
      if (full && page === 1) {
        first = facts;
        limit = pageLimit(facts, per, this.max);
        pages = MAX_PAGES;
      }
      if (this.o.mode === "auto" && (total ?? 0) > this.max) return this.offAbove(total ?? 0);
      const ids = got.page.entries.map((e) => e.id);
      const before = merge.size();
      const left = merge.add(got.page, this.max);
      // Auto stops above max by the distinct jobs met too (a job met twice as it moved between
      // pages counts once): a total the pages contradict is not believed, and a service saying
      // 0 could otherwise have a million pages swept into memory.
      if (this.o.mode === "auto" && left > 0) return this.offAbove(total ?? 0, merge.size() + left);
      const told = walk.read(page, ids);
      const same = told.matched && sameAsIndex(got.page.entries, committed);
      slots[page - 1] = afterRead(
        slots[page - 1],
        !same,
        { ...at, bytes: this.reader.weighed },
        interval,
        cap,
      );
      // A change among predicted pages before this one: they are read next. Jobs it did not find
      // where the view had them (gone, or moved up to the page before as the sweep went): that
      // page is read next too, to find them or let them go.
      if (told.unsettled) for (let k = lastRead + 1; k < page; k++) slots[k - 1] = dueNow(slots[k - 1]);
      if (told.missed > 0 && page > 1) slots[page - 2] = dueNow(slots[page - 2]);
      lastRead = page;
      if (!same) changed = true;
      const end = got.count === 0 || page >= facts.numPages;
      // The list ends on this page (it is short): the view's jobs past it are gone.
      ended = got.count < per;
      if (merge.size() >= this.max && (left > 0 || !end)) {
        partial = { held: merge.size(), total };
        break;
      }
      if (end) break;
      // A page of no job new to this sweep ends it, as it ends --once --all's walk: a service
      // that ignores `page` and names a million pages is not asked a million times per interval.
      if (full && page > 1 && got.page.entries.length > 0 && merge.size() === before) {
        closed = true;
        break;
      }
      if (!full) {
        pages = Math.max(pages, this.pagesFor(total, view));
        forced = !told.matched || (total !== undefined && walk.balance() !== Math.min(total, this.max));
      }
    }
    const lastPage = Math.min(page, pages);
    walk.finish(ended);
    slots.length = Math.min(slots.length, lastPage);
    // Pages of another size, or past the last one, are not asked for again: forget their answers.
    this.reader.forget((k) => k.endsWith(`:${per}`) && Number(k.slice(0, k.indexOf(":"))) <= lastPage);
    const ids = walk.ids.length > this.max ? walk.ids.slice(0, this.max) : walk.ids;
    this.view = { perPage: per, ids, slots, closed };
    this.viewTotal = total;
    if (this.heard === heard) this.heard = undefined;
    // Nothing new: the same index (the same objects: nothing on screen is drawn again).
    const quiet =
      !changed && walk.missed.size === 0 && prev?.off === undefined && prev?.index.missed.size === 0;
    if (quiet && prev !== undefined) return { ...prev, events: [], away: false, total, partial };
    const { index, events } = merge.finish(committed, this.max);
    this.baseline = undefined;
    this.seq += 1;
    return { index, events, seq: this.seq, total, off: undefined, away: baseline !== undefined, partial };
  }

  /** The pages the account fills now: the total's (at most `max` jobs), else the view's. */
  private pagesFor(total: number | undefined, view: SweepView | undefined): number {
    if (view === undefined) return MAX_PAGES;
    const jobs = total === undefined || view.closed ? view.ids.length : Math.min(total, this.max);
    return Math.max(1, Math.ceil(jobs / view.perPage));
  }

  /** The index is off above max (auto): dropped, and from now on one small request per interval. */
  private offAbove(total: number, seen = 0, sweepEnds = true): SweepResult {
    // A total not believed: the jobs seen so far, "60+ jobs".
    const jobs = total > this.max ? `${total} jobs` : `${seen}+ jobs`;
    if (sweepEnds) {
      this.reader.forget(() => false);
      this.view = undefined;
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
}
