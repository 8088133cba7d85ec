// The selected job's own poll, moved out of monitor.ts to keep it short (house limit ~400 lines):
// its poller, how often it asks (the job interval wherever the job is, the page's while the
// service says it is missing or its status is final, slower when its answers weigh: jobPace), its
// wait for the page's answer when that answer is due soon and will hold the job anyway (one answer,
// many uses), and its answers into the Monitor's snapshot. The Monitor still says which job is
// selected and when to start and stop; this part reads and publishes through the host it is given,
// as follow.ts's Follower does.
import type { JobClient } from "../api/client.js";
import type { Job } from "../api/schema.js";
import { JOB_BYTES_PER_MIN } from "./byte-budget.js";
import { type JobAnswer, jobFetch, jobPace } from "./job-answer.js";
import type { MonitorSnapshot } from "./monitor-types.js";
import type { PollGroup } from "./poll-group.js";
import { type Clock, createPoller, type Poller } from "./poller.js";

/** What the selected job's poll reads of the Monitor and tells it. */
export interface SelectedHost {
  client: JobClient;
  /** The job interval the Monitor starts with, and the page's. */
  intervalMs: number;
  listIntervalMs: number;
  /** Status codes that do not change again (the config's `final`). */
  final: readonly number[];
  clock?: Clock;
  group: PollGroup;
  snapshot: () => MonitorSnapshot;
  update: (patch: Pick<Partial<MonitorSnapshot>, "job" | "missing" | "jobPollMs" | "jobPollWhy">) => void;
  /** The jobs the page on screen lists. */
  pageIds: () => Set<string>;
  /** Ms until the page's next poll, undefined when none is due (the list poller's untilNextPoll). */
  untilPagePoll: () => number | undefined;
  /** A job's last copy, from whichever request brought it (changes.ts). */
  last: (id: string) => Job | undefined;
  /** A new copy of the selected job: to the change tracker. */
  observe: (job: Job) => void;
}

export class SelectedJob {
  readonly poller: Poller<JobAnswer>;
  /** How often the selected job is asked for now (retime). */
  private interval: number;

  constructor(private readonly host: SelectedHost) {
    this.interval = host.intervalMs;
    this.poller = createPoller<JobAnswer>({
      fetch: () => Promise.reject(new Error("no job selected")),
      intervalMs: host.intervalMs,
      clock: host.clock,
      group: host.group,
      defer: () => this.pageSoon(),
      bytesPerMin: JOB_BYTES_PER_MIN,
    });
  }

  /** Asks for this job from now on (not started: the Monitor starts it unless paused). */
  show(id: string): void {
    this.poller.reset(jobFetch(this.host.client, id), { keepData: false });
  }

  /** Its poll answered (or failed): the answer into the snapshot, and the pace it sets. */
  onAnswer(): void {
    const raw = this.poller.getSnapshot();
    const answer = raw.data;
    if (answer?.job && answer.job !== this.host.snapshot().job.data) this.host.observe(answer.job);
    this.host.update({ job: { ...raw, data: answer?.job }, missing: answer?.missing });
    this.retime();
  }

  /**
   * The selected job is polled at the job interval wherever it is (on this page, moved to
   * another, reached with `:`): the job the user watches is never slowed behind their back. A
   * job the service says is missing is asked for at the page interval.
   */
  retime(): void {
    const snap = this.host.snapshot();
    if (snap.selectedId === undefined) return;
    const answer = this.poller.getSnapshot().data;
    const pace = jobPace({
      intervalMs: snap.intervalMs,
      listIntervalMs: this.host.listIntervalMs,
      slow: snap.missing !== undefined,
      status: (answer?.job ?? this.host.last(snap.selectedId))?.status,
      final: this.host.final,
      bytes: answer?.bytes,
    });
    this.interval = pace.ms;
    this.poller.setInterval(this.interval);
    if (this.interval !== snap.jobPollMs || pace.why !== snap.jobPollWhy)
      this.host.update({ jobPollMs: this.interval, jobPollWhy: pace.why });
  }

  /** How often the selected job is asked for now. */
  intervalMs(): number {
    return this.interval;
  }

  /**
   * The selected job's poll is due, and the page that holds it is asked for within half an
   * interval (or is on its way): its answer will count as the job's poll (heard), so the job waits
   * for it, by at most half an interval and a grace for the answer to arrive.
   */
  private pageSoon(): number {
    const id = this.host.snapshot().selectedId;
    if (id === undefined || !this.host.pageIds().has(id)) return 0;
    const wait = this.host.untilPagePoll();
    const grace = Math.min(1000, this.interval / 4);
    return wait !== undefined && wait <= this.interval / 2 ? wait + grace : 0;
  }
}
