// The Monitor's side of the account index, moved out of monitor.ts to keep it short (house limit
// ~400 lines): when the sweeps start (after the first page's answer, or after the state file's
// baseline when startIndex waits for it), pause and resume with the rest, what a finished sweep
// brings to the Monitor (its snapshot, its changes to the events once each, "while away" to the
// header), a sweep's page that holds the selected job or a pin polled on its own counting as its
// poll (job-answer.ts), and what is known of each job for the state file (lastSeen). sweep.ts is
// the sweeper itself; this is the glue, made only when the index is on.
import type { JobClient } from "../api/client.js";
import type { Job } from "../api/schema.js";
import type { LastSeen } from "../model/job-index.js";
import { awaySummary, type LastSeenNow, lastSeenNow } from "../model/while-away.js";
import type { ChangeTracker } from "./changes.js";
import type { MonitorOptions, MonitorSnapshot } from "./monitor-types.js";
import type { PollGroup } from "./poll-group.js";
import type { Clock, PollSnapshot } from "./poller.js";
import { Sweeper, type SweepSnapshot } from "./sweep.js";

/** What the index's glue reads of the Monitor and tells it. */
export interface IndexHost {
  index: NonNullable<MonitorOptions["index"]>;
  client: JobClient;
  clock?: Clock;
  group: PollGroup;
  snapshot: () => MonitorSnapshot;
  update: (patch: Pick<Partial<MonitorSnapshot>, "index" | "away">) => void;
  paused: () => boolean;
  pageAnswered: () => boolean;
  /** The jobs the page on screen lists. */
  pageIds: () => Set<string>;
  isPinned: (id: string) => boolean;
  /** The selected job, or a pin polled on its own: a sweep's copy of it may count as its poll. */
  polledAlone: (id: string) => boolean;
  /** Another answer holds this job: it may count as its own poll (the Monitor's AnswerSharing). */
  heard: (job: Job) => void;
  /** A finished sweep: where the selected job went may be known now (follow.ts). */
  place: () => void;
  changes: ChangeTracker;
}

export class MonitorIndex {
  private readonly sweeper: Sweeper;
  /** The sweeps may run (start, or startIndex when it waits for its baseline). */
  private on = false;
  /** The sweeper starts once the first page has answered (pageAnswer). */
  private onPage = false;
  private seq = 0;
  /** Unix seconds the state file was saved, when start was given one. */
  private awaySinceSec: number | undefined;
  /** The sweep's last copy of each job polled on its own (selected, pins): an unchanged page still holds it. */
  private readonly copies = new Map<string, Job>();

  constructor(private readonly host: IndexHost) {
    this.sweeper = new Sweeper({
      ...host.index,
      client: host.client,
      clock: host.clock,
      group: host.group,
      onJobs: (jobs) => this.heardIn(jobs),
      onSameJobs: (ids) => this.heardAgain(ids),
    });
  }

  /** The sweeper's snapshot now (the Monitor's first snapshot holds it); then onSweep tells each. */
  snapshot(): SweepSnapshot {
    return this.sweeper.getSnapshot();
  }

  /** Listens to the sweeps (once the Monitor's snapshot holds the first). */
  listen(): void {
    this.sweeper.subscribe(() => this.onSweep(this.sweeper.getSnapshot()));
  }

  /**
   * Starts the sweeps (once), counting the first one's changes from `saved.baseline` (the state
   * file's: "while away"). Paused meanwhile: they start on resume.
   */
  start(saved?: { baseline: ReadonlyMap<string, LastSeen>; sinceSec: number }): void {
    if (this.on) return;
    this.on = true;
    if (saved) {
      this.sweeper.setBaseline(saved.baseline);
      this.awaySinceSec = saved.sinceSec;
    }
    // The first sweep waits for the first page's answer: start-up asks for the page alone.
    if (!this.host.pageAnswered()) this.onPage = true;
    else if (!this.host.paused()) this.sweeper.start();
  }

  /** The service's total, as a fresh page said it. */
  pageTotal(total: number | undefined): void {
    this.sweeper.pageTotal(total);
  }

  /** The first page's answer came (pageAnswered is true now): a sweep waiting for it starts. */
  afterPage(): void {
    if (this.onPage && !this.host.paused()) this.sweeper.start();
    this.onPage = false;
  }

  /** Resume: the sweeps start again if they had started. */
  resume(): void {
    if (this.on) this.sweeper.start();
  }

  stop(): void {
    this.sweeper.stop();
  }

  /** Asks again now if `when` picks its last answer (a token rotated: one it rejected). */
  refreshIf(when: (snap: PollSnapshot<unknown>) => boolean): void {
    if (when(this.sweeper.getSnapshot().poll)) this.sweeper.refreshNow();
  }

  /** Drops the sweep's copies of jobs no longer polled on their own. */
  keepCopies(): void {
    for (const id of this.copies.keys()) if (!this.host.polledAlone(id)) this.copies.delete(id);
  }

  /**
   * What the monitor knows of each job now, for the state file: the index's entries, each
   * replaced by a newer copy the page, the selected job or a pin brought since the last sweep.
   */
  lastSeen(): Map<string, LastSeenNow> | undefined {
    const index = this.host.snapshot().index;
    if (!index || index.seq === 0 || index.reason !== undefined) return undefined;
    return lastSeenNow(index.index.entries.values(), (id) => this.host.changes.last(id));
  }

  /** A sweep's snapshot: a finished sweep's changes go to the events (once each), "while away" to the header. */
  private onSweep(s: SweepSnapshot): void {
    const fresh = s.seq !== this.seq;
    this.seq = s.seq;
    this.host.update({ index: s });
    if (!fresh) return;
    this.host.place();
    if (s.reason !== undefined) return;
    const onPage = this.host.pageIds();
    const watched = (id: string) =>
      onPage.has(id) || id === this.host.snapshot().selectedId || this.host.isPinned(id);
    this.host.changes.addIndexEvents(s.events, s.away, watched);
    this.host.changes.pruneTold((id) => s.index.entries.has(id));
    if (s.away) this.host.update({ away: awaySummary(s.events, this.awaySinceSec ?? 0) });
  }

  /** A sweep's page that changed: its jobs polled on their own are heard, and kept for its unchanged answers. */
  private heardIn(jobs: readonly Job[]): void {
    for (const job of jobs) {
      if (!this.host.polledAlone(job.id)) continue;
      this.copies.set(job.id, job);
      this.host.heard(job);
    }
  }

  /** A sweep's page the same as last time (a 304, the same bytes): it still holds the copies it held. */
  private heardAgain(ids: readonly string[]): void {
    for (const id of ids) {
      const job = this.copies.get(id);
      if (job && this.host.polledAlone(id)) this.host.heard(job);
    }
  }
}
