// The shapes of the Monitor (monitor.ts): the snapshot the UI reads, the options it is made with,
// and its first snapshot.
import type { JobClient } from "../api/client.js";
import type { Job } from "../api/schema.js";
import type { Hold } from "../api/service-gate.js";
import type { Order } from "../model/order.js";
import type { ShownPage } from "../model/page.js";
import type { ChangeState } from "./changes.js";
import type { JobAnswer, MissingJob } from "./job-answer.js";
import type { PinState } from "./pins.js";
import type { Clock, PollSnapshot } from "./poller.js";
import type { SweepOptions, SweepSnapshot } from "./sweep.js";

/** What the monitor knows of the selected job while the page on screen does not list it. */
export interface Elsewhere {
  id: string;
  /** The page that holds it, from the index (an estimate a search checks); undefined: unknown. */
  page: number | undefined;
  /** A search under way: the page asked for now, and how many of at most `of` were asked. */
  searching: { page: number; asked: number; of: number } | undefined;
  /** The last search for it ended without it: the pages it asked for, lowest and highest. */
  notFound: { from: number; to: number } | undefined;
}

/** The change tracker's part (highlights, changeCount, events, unseen) is described in changes.ts. */
export interface MonitorSnapshot extends ChangeState {
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
  /** The pinned jobs, in the order pinned, with what is known of each. */
  pins: readonly PinState[];
  /** Wall ms when polling was paused; undefined while it runs. */
  pausedSince: number | undefined;
  /** How often the selected job is polled (+ and - change it). */
  intervalMs: number;
  /**
   * How often the selected job is asked for now: intervalMs, or the page's interval while it is
   * missing. The header's "on time" counts from this.
   */
  jobPollMs: number;
  /** Why jobPollMs is slower than the intervals say: its answers' weight ("14 MB answers"), for the header. */
  jobPollWhy?: string;
  /** How often the page is asked for now, when its answers' weight slowed it (monitor-page.ts retime); else the list interval. */
  pagePollMs?: number;
  /** Why pagePollMs is slower than the list interval ("14 MB answers"), for the header. */
  pagePollWhy?: string;
  /** The account index's sweep (sweep.ts), when the Monitor was given one; undefined otherwise. */
  index: SweepSnapshot | undefined;
  /** The service holds every request (a 429 or 503 to any of them) until then: src/api/service-gate.ts. */
  held: Hold | undefined;
  /**
   * What state.log recorded while jobtop was away (the first sweep against the state file): jobs
   * changed and since when, for the header, until the events pane (where they are) is opened.
   */
  away: { changed: number; sinceSec: number } | undefined;
  /** Where the selected job is while the page on screen does not list it (follow.ts); undefined when it does. */
  elsewhere: Elsewhere | undefined;
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
  /** Wall-clock ms, for the time an event was seen. */
  wall?: () => number;
  /** Jobs pinned from the start (--pin, the config's pins). */
  pins?: readonly string[];
  /** Status codes that do not change again (the config's `final`): a selected job in one is polled at the list's interval. */
  final?: readonly number[];
  /**
   * The account index: swept beside the page (its own interval, one request in flight, the same
   * PollGroup) when given and not "off". Not given: no sweeper, nothing changes.
   */
  index?: Omit<SweepOptions, "client" | "clock" | "group" | "onJobs" | "onSameJobs"> & {
    /** The sweep waits for startIndex() (the state file's baseline, read after the first frame). */
    startLater?: boolean;
  };
}

/** The snapshot before any answer: page 1, nothing selected, nothing seen. */
export function firstSnapshot(
  opts: MonitorOptions,
  list: PollSnapshot<ShownPage>,
  job: PollSnapshot<JobAnswer>,
): MonitorSnapshot {
  return {
    page: 1,
    order: opts.order,
    perPage: opts.perPage,
    selectedId: undefined,
    list,
    job: { ...job, data: undefined },
    missing: undefined,
    notice: undefined,
    highlights: new Map(),
    changeCount: 0,
    events: [],
    unseen: 0,
    pins: [],
    pausedSince: undefined,
    jobPollMs: opts.intervalMs,
    intervalMs: opts.intervalMs,
    index: undefined,
    away: undefined,
    held: undefined,
    elsewhere: undefined,
  };
}
