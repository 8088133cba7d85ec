// The index's sweep's shapes (sweep.ts): its options, what a sweep leaves, and the snapshot the
// Monitor and the header read.
import type { JobClient, JobPage } from "../api/client.js";
import type { Job } from "../api/schema.js";
import type { IndexEvent, IndexPage, JobIndex, LastSeen } from "../model/job-index.js";
import type { Order } from "../model/order.js";
import type { PollGroup } from "./poll-group.js";
import type { Clock, PollSnapshot } from "./poller.js";

export type IndexMode = "auto" | "on" | "off";

export interface SweepOptions {
  client: JobClient;
  mode: IndexMode;
  /** `auto` is on while the service's total is at most this; `on` holds this many jobs at most. */
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
  /** Each sweep's budget after the first: pages, bytes (PASS_PAGES, PASS_BYTES). */
  budget?: { pages: number; bytes: number };
  /** An unchanged page is read every this many sweeps at most (PAGE_PERIOD_MAX; 1: every page, every sweep). */
  periodMax?: number;
  /** A page's jobs, when its answer changed: the Monitor's polled jobs in it count as polled (job-answer.ts). */
  onJobs?: (jobs: readonly Job[]) => void;
  /** The ids of a page answered the same as last time (a 304, the same bytes): what it held still holds. */
  onSameJobs?: (ids: readonly string[]) => void;
}

/** One finished sweep, as the poller keeps it (its data). */
export interface SweepResult {
  index: JobIndex;
  /** The changes this sweep found, oldest first. */
  events: readonly IndexEvent[];
  /** Rises by one per sweep that changed something. */
  seq: number;
  /** The service's total, as the sweep last knew it (undefined when it made no sense). */
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
  /** The last sweep's changes, oldest first, and its number (tells sweeps apart). */
  events: readonly IndexEvent[];
  seq: number;
  /** The last sweep's changes are the "while away" ones (counted from the saved state). */
  away: boolean;
  total: number | undefined;
  /** The per_page the service grants, once known. */
  perPage: number | undefined;
  /** HTTP requests sent by the sweeps so far, and the bytes of their answers. */
  requests: number;
  bytes: number;
  /** Sweeps ended well so far (a sweep that read nothing new leaves `seq` as it was). */
  sweeps: number;
  /** One line when the last sweep stopped before its end (its pages went on past the bound). */
  stopped: string | undefined;
  /** `on` above max: only the first `held` jobs are indexed. */
  partial: PartialIndex | undefined;
  /** index_max: `on` holds at most this many jobs, `auto` is off above it. */
  max: number;
  /** Wall ms the page read longest ago was read: what the index may have missed is no older. */
  oldestWall: number | undefined;
  /** The sweeps' interval, and the most an unchanged page waits (PAGE_PERIOD_MAX of them). */
  intervalMs: number;
  /** The sweeps' poller: okWall is the index's age, error/failures/retryAt while it fails. */
  poll: PollSnapshot<unknown>;
}

/** One page as the sweep reads it. */
export interface ReadPage {
  pagination: JobPage["pagination"];
  page: IndexPage;
  /** Rows on it (jobs or not). */
  count: number;
}
