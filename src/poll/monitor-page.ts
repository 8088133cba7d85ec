// The page on screen, moved out of monitor.ts to keep it short (house limit ~400 lines): its
// poller, which page of which size in which order it asks for (a new size keeps the watched job on
// screen, a new order starts at page 1), where each job was last seen in this order (seen-pages.ts),
// a page asked for past the last one, and each answer shared once with the jobs polled on their own
// (job-answer.ts). The Monitor still applies each answer (onList: changes, pins, index, follow);
// this part reads and publishes through the host it is given, as follow.ts's Follower does.
import type { AnswerInfo, JobClient } from "../api/client.js";
import type { Job } from "../api/schema.js";
import type { Order } from "../model/order.js";
import { type ShownPage, shapePage } from "../model/page.js";
import { formatBytes, JOB_BYTES_PER_MIN, pacedIntervalMs } from "./byte-budget.js";
import type { MonitorSnapshot } from "./monitor-types.js";
import type { PollGroup } from "./poll-group.js";
import { type Clock, createPoller, type Poller, type PollSnapshot } from "./poller.js";
import { SeenPages } from "./seen-pages.js";

/** What the page reads of the Monitor and tells it. */
export interface PageHost {
  client: JobClient;
  /** The first request's size and order (the snapshot holds them after). */
  perPage: number;
  order: Order;
  listIntervalMs: number;
  clock?: Clock;
  group: PollGroup;
  snapshot: () => MonitorSnapshot;
  update: (
    patch: Pick<Partial<MonitorSnapshot>, "page" | "perPage" | "order" | "pagePollMs" | "pagePollWhy">,
  ) => void;
  /** The user moved to another page, size or order: a search for the selected job ends (follow.ts). */
  moved: () => void;
  notice: (text: string) => void;
}

export class MonitorPage {
  readonly poller: Poller<ShownPage>;
  private readonly seen = new SeenPages();
  /** The page's last answer (okAt): each answer is shared once. */
  private okAt: number | undefined;
  /** The last answer's body bytes (0 for a 304): the page's pace (retime). */
  private lastBytes = 0;

  constructor(private readonly host: PageHost) {
    this.poller = createPoller<ShownPage>({
      fetch: this.fetch(1, host.order, host.perPage),
      intervalMs: host.listIntervalMs,
      clock: host.clock,
      group: host.group,
      bytesPerMin: JOB_BYTES_PER_MIN,
    });
  }

  /** Last page number that can be believed, for End and bounds. */
  numPages(): number {
    return this.host.snapshot().list.data?.facts.numPages ?? 1;
  }

  /** The page the job was on when last seen in this order, if it was seen this session. */
  lastSeenPage(id: string): number | undefined {
    return this.seen.get(id);
  }

  /** Asks for this page (within 1 and the last), keeping the last one's rows until it answers. */
  show(page: number): void {
    const snap = this.host.snapshot();
    const p = Math.min(Math.max(1, page), this.numPages());
    if (p === snap.page) return;
    this.host.update({ page: p });
    this.ask(this.fetch(p, snap.order, snap.perPage));
  }

  /**
   * A new page size: the page asked for is the one that holds the job at `anchor` (0-based, in
   * the service's order) under the old size, so the job the user watches stays on screen.
   */
  setPerPage(perPage: number, anchor: number): void {
    if (perPage === this.host.snapshot().perPage || !Number.isSafeInteger(perPage) || perPage < 1) return;
    this.host.moved();
    const page = Math.floor(Math.max(0, anchor) / perPage) + 1;
    this.host.update({ perPage, page });
    this.ask(this.fetch(page, this.host.snapshot().order, perPage));
  }

  setOrder(order: Order): void {
    const snap = this.host.snapshot();
    if (order === snap.order) return;
    this.host.moved();
    this.seen.clear();
    this.host.update({ order, page: 1 });
    this.ask(this.fetch(1, order, snap.perPage));
  }

  /**
   * Asks for another page (number, size or order) at once, keeping the last one's rows. Its weight
   * is not known yet: it starts at the list's interval, not at the last page's pace (a page that
   * failed was retried every 30 s, the header naming the 14 MB of the page left).
   */
  private ask(fetch: (signal: AbortSignal) => Promise<ShownPage>): void {
    this.lastBytes = 0;
    this.retime();
    this.poller.reset(fetch, { keepData: true });
  }

  /** A fresh answer: the page each of its jobs was seen on. */
  remember(data: ShownPage): void {
    this.seen.remember(data);
  }

  /** Each job of an answer not shared yet to `heard` (each answer once, however often its snapshot is told). */
  share(list: PollSnapshot<ShownPage>, heard: (job: Job) => void): void {
    if (list.data === undefined || list.okAt === this.okAt) return;
    this.okAt = list.okAt;
    for (const item of list.data.items) if (item.ok) heard(item.job);
  }

  /**
   * The page's answers cost what they weigh, as the selected job's do (job-answer.ts jobPace): a
   * page holding a job of a 200 000-entry log is 14 MB, and read every 10 s it cost the service
   * 86 MB a minute while the header said the job was "polled every 30s" (measured from outside,
   * BENCHMARKS.md). Slower while its answers weigh more than the budget, back once they do not
   * (a 304 weighs nothing); `r` asks at once whatever this says.
   */
  retime(): void {
    const base = this.host.listIntervalMs;
    const ms = pacedIntervalMs(this.lastBytes, base, JOB_BYTES_PER_MIN);
    const why = ms > base ? `${formatBytes(this.lastBytes)} answers` : undefined;
    const snap = this.host.snapshot();
    if (ms === (snap.pagePollMs ?? base) && why === snap.pagePollWhy) return;
    this.poller.setInterval(ms);
    this.host.update({ pagePollMs: ms, pagePollWhy: why });
  }

  /** The page asked for is past the last one (jobs went away): go to the last that exists, and say so. */
  followPageCount(data: ShownPage): void {
    const { asked, facts } = data;
    const snap = this.host.snapshot();
    if (asked.page !== snap.page || asked.order !== snap.order) return; // an older request
    if (asked.page <= facts.numPages) return;
    this.host.notice(`page ${asked.page} no longer exists: showing page ${facts.numPages}, the last`);
    this.host.moved();
    this.show(facts.numPages);
  }

  private fetch(page: number, order: Order, perPage: number) {
    const client = this.host.client;
    return async (signal: AbortSignal) => {
      const info: AnswerInfo = { bytes: 0, notModified: false, same: false };
      const shown = shapePage(await client.listJobs({ page, perPage, order }, signal, info), {
        page,
        perPage,
        order,
      });
      this.lastBytes = info.bytes;
      return shown;
    };
  }
}
