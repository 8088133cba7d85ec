// The monitor's live data, outside React: one poller for the page, one for the selected job,
// and the status-change tracker that both feed. The UI reads one snapshot through
// useSyncExternalStore and calls the methods below; it never fetches by itself.
import type { JobClient } from "../api/client.js";
import { describeError, isApiError } from "../api/errors.js";
import type { Job } from "../api/schema.js";
import { activeHighlights, addHighlights, type Highlights, nextExpiry } from "../model/highlights.js";
import { type ShownPage, shapePage } from "../model/page.js";
import { diffJob } from "../model/timeline.js";
import { type Clock, createPoller, type Poller, type PollSnapshot } from "./poller.js";

export const HIGHLIGHT_MS = 10_000;
/** New log entries highlighted per job and poll: the newest. More could not be shown anyway. */
export const MAX_ENTRY_HIGHLIGHTS = 50;
/** Jobs whose page is remembered for "last seen on page N" (bounded: the monitor runs for days). */
const SEEN_PAGES_MAX = 2_000;

export type Order = "desc" | "asc";

/** The selected job is not there: the service answered its request with an error code or a 404. */
export interface MissingJob {
  id: string;
  /** The service's words (not yet sanitised: render through sanitize()). */
  message: string;
  /** It said "not found" (HTTP 404, code 404, or those words); else it is only "not available". */
  notFound: boolean;
}

export interface MonitorSnapshot {
  page: number;
  order: Order;
  /** Jobs per page asked for (changes with the terminal's size under --per-page auto). */
  perPage: number;
  selectedId: string | undefined;
  list: PollSnapshot<ShownPage>;
  job: PollSnapshot<Job>;
  /** Set while the service says the selected job does not exist (then job.data is undefined). */
  missing: MissingJob | undefined;
  /** Something the monitor did by itself that the user must be told (one line); seq tells them apart. */
  notice: { text: string; seq: number } | undefined;
  /** Keys `job:<id>` and `entry:<logEntryId>` that changed recently, with their expiry. */
  highlights: Highlights;
  changeCount: number;
}

/** What the single-job request answered: the job, or that it is missing. */
type JobAnswer = { job: Job; missing?: undefined } | { job?: undefined; missing: MissingJob };

export interface MonitorOptions {
  client: JobClient;
  perPage: number;
  order: Order;
  intervalMs: number;
  listIntervalMs: number;
  /** How long a change stays highlighted (default 10 s). */
  highlightMs?: number;
  clock?: Clock;
  now?: () => number;
}

export class Monitor {
  private readonly list: Poller<ShownPage>;
  private readonly job: Poller<JobAnswer>;
  private readonly listeners = new Set<() => void>();
  /** The last copy seen of each job on screen, from either poller, so a change is counted once. */
  private known = new Map<string, Job>();
  /** The page each job was last seen on, in this order, oldest first. */
  private seenPages = new Map<string, number>();
  private noticeSeq = 0;
  private jobInterval: number;
  private highlightTimer: ReturnType<typeof setTimeout> | undefined;
  private snap: MonitorSnapshot;
  private readonly now: () => number;

  constructor(private readonly opts: MonitorOptions) {
    this.now = opts.now ?? (() => performance.now());
    this.jobInterval = opts.intervalMs;
    this.list = createPoller<ShownPage>({
      fetch: this.listFetch(1, opts.order),
      intervalMs: opts.listIntervalMs,
      clock: opts.clock,
    });
    this.job = createPoller<JobAnswer>({
      fetch: () => Promise.reject(new Error("no job selected")),
      intervalMs: opts.intervalMs,
      clock: opts.clock,
    });
    this.snap = {
      page: 1,
      order: opts.order,
      perPage: opts.perPage,
      selectedId: undefined,
      list: this.list.getSnapshot(),
      job: { ...this.job.getSnapshot(), data: undefined },
      missing: undefined,
      notice: undefined,
      highlights: new Map(),
      changeCount: 0,
    };
    this.list.subscribe(() => this.onList());
    this.job.subscribe(() => this.onJob());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): MonitorSnapshot => this.snap;

  start(): void {
    this.list.start();
  }

  stop(): void {
    this.list.stop();
    this.job.stop();
    if (this.highlightTimer) clearTimeout(this.highlightTimer);
    this.highlightTimer = undefined;
  }

  refresh(): void {
    this.list.refreshNow();
    if (this.snap.selectedId !== undefined) this.job.refreshNow();
  }

  /** Last page number that can be believed, for End and bounds. */
  numPages(): number {
    return this.snap.list.data?.facts.numPages ?? 1;
  }

  /** The page the job was on when last seen in this order, if it was seen this session. */
  lastSeenPage(id: string): number | undefined {
    return this.seenPages.get(id);
  }

  setPage(page: number): void {
    const p = Math.min(Math.max(1, page), this.numPages());
    if (p === this.snap.page) return;
    this.update({ page: p });
    this.list.reset(this.listFetch(p, this.snap.order), { keepData: true });
  }

  /**
   * A new page size: the page asked for is the one that holds the job at `anchor` (0-based, in
   * the service's order) under the old size, so the job the user watches stays on screen.
   */
  setPerPage(perPage: number, anchor = (this.snap.page - 1) * this.snap.perPage): void {
    if (perPage === this.snap.perPage || !Number.isSafeInteger(perPage) || perPage < 1) return;
    const page = Math.floor(Math.max(0, anchor) / perPage) + 1;
    this.update({ perPage, page });
    this.list.reset(this.listFetch(page, this.snap.order), { keepData: true });
  }

  setOrder(order: Order): void {
    if (order === this.snap.order) return;
    this.seenPages.clear();
    this.update({ order, page: 1 });
    this.list.reset(this.listFetch(1, order), { keepData: true });
  }

  select(id: string | undefined): void {
    if (id === this.snap.selectedId) return;
    this.update({ selectedId: id, missing: undefined });
    if (id === undefined) {
      this.job.stop();
      return;
    }
    this.job.reset(this.jobFetch(id), { keepData: false });
    this.job.start();
    this.retime();
  }

  private listFetch(page: number, order: Order) {
    const client = this.opts.client;
    const perPage = this.snap?.perPage ?? this.opts.perPage;
    return async (signal: AbortSignal) =>
      shapePage(await client.listJobs({ page, perPage, order }, signal), { page, perPage, order });
  }

  /**
   * The single job. How the service says "no such job" the spec does not tell; the demo answers
   * code ≠ 0 with "job not found". An error code or an HTTP 404 for this one request is taken as
   * "missing": the service answered, so it is data to show (and poll slowly), not a failure to retry.
   */
  private jobFetch(id: string) {
    const client = this.opts.client;
    return async (signal: AbortSignal): Promise<JobAnswer> => {
      try {
        return { job: await client.getJob(id, signal) };
      } catch (e) {
        if (!isApiError(e)) throw e;
        const status = e.details.status ?? e.details.code;
        if (e.kind !== "envelope" && !(e.kind === "http" && status === 404)) throw e;
        const message = describeError(e);
        return { missing: { id, message, notFound: status === 404 || /not[\s_-]*found/i.test(message) } };
      }
    };
  }

  private onList(): void {
    const list = this.list.getSnapshot();
    const data = list.data;
    const fresh = data !== undefined && data !== this.snap.list.data;
    if (fresh) {
      const jobs: Job[] = [];
      for (const item of data.items) if (item.ok) jobs.push(item.job);
      this.observe(jobs, true);
      this.rememberPages(data);
    }
    this.update({ list });
    if (fresh) this.followPageCount(data);
    this.retime();
  }

  private onJob(): void {
    const raw = this.job.getSnapshot();
    const answer = raw.data;
    if (answer?.job && answer.job !== this.snap.job.data) this.observe([answer.job], false);
    this.update({ job: { ...raw, data: answer?.job }, missing: answer?.missing });
    this.retime();
  }

  /** The page asked for is past the last one (jobs went away): go to the last that exists, and say so. */
  private followPageCount(data: ShownPage): void {
    const { asked, facts } = data;
    if (asked.page !== this.snap.page || asked.order !== this.snap.order) return; // an older request
    if (asked.page <= facts.numPages) return;
    this.noticeOf(`page ${asked.page} no longer exists: showing page ${facts.numPages}, the last`);
    this.setPage(facts.numPages);
  }

  private noticeOf(text: string): void {
    this.noticeSeq += 1;
    this.update({ notice: { text, seq: this.noticeSeq } });
  }

  private rememberPages(data: ShownPage): void {
    for (const item of data.items) {
      if (!item.ok) continue;
      this.seenPages.delete(item.job.id); // re-inserted last: the map stays in order of last sight
      this.seenPages.set(item.job.id, data.asked.page);
    }
    for (const id of this.seenPages.keys()) {
      if (this.seenPages.size <= SEEN_PAGES_MAX) break;
      this.seenPages.delete(id);
    }
  }

  /**
   * The selected job is polled at the job interval while it is on this page and exists; a job off
   * the page, or missing, at the page interval: at most one request per interval per resource.
   */
  private retime(): void {
    const id = this.snap.selectedId;
    if (id === undefined) return;
    const onPage = this.snap.list.data?.items.some((i) => i.ok && i.job.id === id) ?? false;
    const { intervalMs, listIntervalMs } = this.opts;
    this.jobInterval = onPage && !this.snap.missing ? intervalMs : Math.max(intervalMs, listIntervalMs);
    this.job.setInterval(this.jobInterval);
  }

  /** How often the selected job is asked for now. */
  jobIntervalMs(): number {
    return this.jobInterval;
  }

  /** Compares fresh copies with the last ones seen; a new log entry or status is a change. */
  private observe(jobs: Job[], isPage: boolean): void {
    const keys: string[] = [];
    let count = 0;
    // One id counts once per answer: a second copy compared with the first is no change.
    const seen = new Set<string>();
    for (const next of jobs) {
      if (seen.has(next.id)) continue;
      seen.add(next.id);
      const d = diffJob(this.known.get(next.id), next, MAX_ENTRY_HIGHLIGHTS);
      if (d.changed) {
        count++;
        keys.push(`job:${next.id}`);
        for (const e of d.newEntryIds) keys.push(`entry:${e}`);
      }
    }
    if (isPage) {
      // Remember only what is on screen: the page and the selected job. Bounded memory for days.
      const keep = new Map<string, Job>();
      for (const j of jobs) if (!keep.has(j.id)) keep.set(j.id, j);
      const sel = this.snap.selectedId;
      const selJob = sel === undefined ? undefined : this.known.get(sel);
      if (selJob && !keep.has(selJob.id)) keep.set(selJob.id, selJob);
      this.known = keep;
    } else {
      for (const j of jobs) this.known.set(j.id, j);
    }
    if (count > 0) {
      const highlights = addHighlights(
        this.snap.highlights,
        keys,
        this.now(),
        this.opts.highlightMs ?? HIGHLIGHT_MS,
      );
      this.update({ highlights, changeCount: this.snap.changeCount + count });
      this.scheduleFade();
    }
  }

  /** Re-render once when the next highlight expires, so it fades without a render per second. */
  private scheduleFade(): void {
    if (this.highlightTimer) clearTimeout(this.highlightTimer);
    const next = nextExpiry(this.snap.highlights);
    if (!Number.isFinite(next)) return;
    this.highlightTimer = setTimeout(
      () => {
        this.highlightTimer = undefined;
        this.update({ highlights: activeHighlights(this.snap.highlights, this.now()) });
        this.scheduleFade();
      },
      Math.max(0, next - this.now()) + 5,
    );
    this.highlightTimer.unref?.();
  }

  private update(patch: Partial<MonitorSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    for (const l of this.listeners) l();
  }
}
