// How the index's sweep asks for one page of the list, moved out of sweep.ts to keep it short
// (house limit ~400 lines): sweep.ts decides which pages to read and what they mean; this reads
// one. Each request waits until the sweeps' last one is sweepGapMs old (walk-bounds.ts), is
// counted (requests, bytes: the header's figures and the service's bill), hands its jobs to the
// Monitor (onJobs: a polled job in it counts as its poll), and a page answered the same as last
// time (a 304 to its ETag, or the same bytes: page-memo.ts) is last time's page, not parsed again.
import type { AnswerInfo, JobClient, JobPage } from "../api/client.js";
import type { Job } from "../api/schema.js";
import { indexPage, type LastSeen } from "../model/job-index.js";
import type { Order } from "../model/order.js";
import { pageMemo } from "./page-memo.js";
import type { Clock } from "./poller.js";
import type { ReadPage } from "./sweep-types.js";
import { sleep } from "./walk-bounds.js";

export interface SweepReaderOptions {
  client: JobClient;
  order: Order;
  clock: Clock;
  /** The least time between two of the sweeps' requests (sweepGapMs). */
  gapMs: number;
  /** Unix seconds now, for a status that moved without a log entry. */
  nowSec: () => number;
  onJobs?: (jobs: readonly Job[]) => void;
  onSameJobs?: (ids: readonly string[]) => void;
}

export class SweepReader {
  /** Each page's last answer, by "page:perPage" (a digest and its validators, not its bytes). */
  private readonly memo = pageMemo();
  private sent = 0;
  private received = 0;
  private last = 0;
  /** Monotonic ms the sweeps' last request went out. */
  private sentAt: number | undefined;

  constructor(private readonly o: SweepReaderOptions) {}

  /** HTTP requests sent so far. */
  get requests(): number {
    return this.sent;
  }

  /** Bytes of their answers so far. */
  get bytes(): number {
    return this.received;
  }

  /** Bytes of the last page's answer (a 304: nothing but its headers; 0 without the client's figures). */
  get weighed(): number {
    return this.last;
  }

  /** Forgets the answers of the pages `keep` refuses (another size, past the last page; all when off). */
  forget(keep: (key: string) => boolean): void {
    this.memo.retain(keep);
  }

  /** One page, as entries and changes; the same bytes as last time (`remember`) give last time's page back. */
  async read(
    page: number,
    perPage: number,
    signal: AbortSignal,
    last: (id: string) => LastSeen | undefined,
    remember: boolean,
  ): Promise<ReadPage> {
    const q = { page, perPage, order: this.o.order };
    const map = (p: JobPage) => {
      const jobs = [];
      let bad = 0;
      for (const item of p.items)
        if (item.ok) jobs.push(item.job);
        else bad++;
      this.o.onJobs?.(jobs);
      return {
        pagination: p.pagination,
        page: indexPage(jobs, last, this.o.nowSec(), bad),
        count: p.items.length,
      };
    };
    await this.paced(signal);
    this.sent += 1;
    this.last = 0;
    const client = this.o.client;
    if (client.listJobsMapped && remember) {
      const info: AnswerInfo = { bytes: 0, notModified: false, same: false };
      const got = await client.listJobsMapped(q, signal, this.memo.forPage(`${page}:${perPage}`), map, info);
      this.received += info.bytes;
      this.last = info.bytes;
      if (info.same) this.o.onSameJobs?.(got.page.entries.map((e) => e.id));
      return got;
    }
    return map(await client.listJobs(q, signal));
  }

  /** Waits until the last request of the sweeps is gapMs old (none: at once). */
  private async paced(signal: AbortSignal): Promise<void> {
    const wait = this.sentAt === undefined ? 0 : this.sentAt + this.o.gapMs - this.o.clock.now();
    if (wait > 0) await sleep(this.o.clock, wait, signal);
    this.sentAt = this.o.clock.now();
  }
}
