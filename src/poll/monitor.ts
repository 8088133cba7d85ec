// The monitor's live data, outside React: one poller for the page, one for the selected job,
// and the status-change tracker that both feed. The UI reads one snapshot through
// useSyncExternalStore and calls the methods below; it never fetches by itself.
import type { JobClient, JobPage } from "../api/client.js";
import type { Job } from "../api/schema.js";
import { activeHighlights, addHighlights, type Highlights } from "../model/highlights.js";
import { diffJob } from "../model/timeline.js";
import { type Clock, createPoller, type Poller, type PollSnapshot } from "./poller.js";

export const HIGHLIGHT_MS = 10_000;

export type Order = "desc" | "asc";

export interface MonitorSnapshot {
  page: number;
  order: Order;
  selectedId: string | undefined;
  list: PollSnapshot<JobPage>;
  job: PollSnapshot<Job>;
  /** Keys `job:<id>` and `entry:<logEntryId>` that changed recently, with their expiry. */
  highlights: Highlights;
  changeCount: number;
}

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
  private readonly list: Poller<JobPage>;
  private readonly job: Poller<Job>;
  private readonly listeners = new Set<() => void>();
  /** The last copy seen of each job on screen, from either poller, so a change is counted once. */
  private known = new Map<string, Job>();
  private highlightTimer: ReturnType<typeof setTimeout> | undefined;
  private snap: MonitorSnapshot;
  private readonly now: () => number;

  constructor(private readonly opts: MonitorOptions) {
    this.now = opts.now ?? (() => performance.now());
    this.list = createPoller<JobPage>({
      fetch: this.listFetch(1, opts.order),
      intervalMs: opts.listIntervalMs,
      clock: opts.clock,
    });
    this.job = createPoller<Job>({
      fetch: () => Promise.reject(new Error("no job selected")),
      intervalMs: opts.intervalMs,
      clock: opts.clock,
    });
    this.snap = {
      page: 1,
      order: opts.order,
      selectedId: undefined,
      list: this.list.getSnapshot(),
      job: this.job.getSnapshot(),
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

  /** Last page number known from the service, for End and bounds. */
  numPages(): number {
    return Math.max(1, this.snap.list.data?.pagination.numPages ?? 1);
  }

  setPage(page: number): void {
    const p = Math.min(Math.max(1, page), this.numPages());
    if (p === this.snap.page) return;
    this.update({ page: p });
    this.list.reset(this.listFetch(p, this.snap.order), { keepData: true });
  }

  setOrder(order: Order): void {
    if (order === this.snap.order) return;
    this.update({ order, page: 1 });
    this.list.reset(this.listFetch(1, order), { keepData: true });
  }

  select(id: string | undefined): void {
    if (id === this.snap.selectedId) return;
    this.update({ selectedId: id });
    if (id === undefined) {
      this.job.stop();
      return;
    }
    const client = this.opts.client;
    this.job.reset((signal) => client.getJob(id, signal), { keepData: false });
    this.job.start();
  }

  private listFetch(page: number, order: Order) {
    const { client, perPage } = this.opts;
    return (signal: AbortSignal) => client.listJobs({ page, perPage, order }, signal);
  }

  private onList(): void {
    const list = this.list.getSnapshot();
    if (list.data && list.data !== this.snap.list.data) {
      const fresh: Job[] = [];
      for (const item of list.data.items) if (item.ok) fresh.push(item.job);
      this.observe(fresh, true);
    }
    this.update({ list });
  }

  private onJob(): void {
    const job = this.job.getSnapshot();
    if (job.data && job.data !== this.snap.job.data) this.observe([job.data], false);
    this.update({ job });
  }

  /** Compares fresh copies with the last ones seen; a new log entry or status is a change. */
  private observe(jobs: Job[], isPage: boolean): void {
    const keys: string[] = [];
    let count = 0;
    for (const next of jobs) {
      const d = diffJob(this.known.get(next.id), next);
      if (d.changed) {
        count++;
        keys.push(`job:${next.id}`, ...d.newEntryIds.map((e) => `entry:${e}`));
      }
    }
    if (isPage) {
      // Remember only what is on screen: the page and the selected job. Bounded memory for days.
      const keep = new Map<string, Job>();
      for (const j of jobs) keep.set(j.id, j);
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
    const next = Math.min(...this.snap.highlights.values());
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
