// The Monitor that feeds the UI: one snapshot (monitor-types.ts) of the page on screen, the
// selected job, the pins, the changes (changes.ts) and the index, and the calls the keys make on it.
// It holds the parts together and applies each page's answer (onList); the parts are files of their
// own, each given what it reads of the Monitor as a host: the page (monitor-page.ts), the selected
// job's poll (monitor-job.ts), the pins (monitor-pins.ts), the index's sweeps (monitor-index.ts),
// where the selected job went (follow.ts), the listeners (batched-listeners.ts).
import { isApiError } from "../api/errors.js";
import type { Job } from "../api/schema.js";
import type { LastSeen } from "../model/job-index.js";
import { monotonicMs } from "../model/monotonic.js";
import type { Order } from "../model/order.js";
import type { ShownPage } from "../model/page.js";
import type { LastSeenNow } from "../model/while-away.js";
import { BatchedListeners } from "./batched-listeners.js";
import { ChangeTracker, HIGHLIGHT_MS } from "./changes.js";
import { Follower, type FollowResult } from "./follow.js";
import { AnswerSharing, type JobAnswer } from "./job-answer.js";
import { MonitorIndex } from "./monitor-index.js";
import { SelectedJob } from "./monitor-job.js";
import { MonitorPage } from "./monitor-page.js";
import { MonitorPins } from "./monitor-pins.js";
import { PollGroup } from "./poll-group.js";
import type { Poller, PollSnapshot } from "./poller.js";
import { RefreshWatch } from "./refresh.js";

export { HIGHLIGHT_MS, MAX_ENTRY_HIGHLIGHTS } from "./changes.js";
export type { FollowResult } from "./follow.js";
export type { JobAnswer, MissingJob } from "./job-answer.js";
export type { Elsewhere } from "./monitor-types.js";

import { firstSnapshot, type MonitorOptions, type MonitorSnapshot } from "./monitor-types.js";

export type { MonitorOptions, MonitorSnapshot } from "./monitor-types.js";
export type { PinState } from "./pins.js";

export class Monitor {
  /** The page on screen: its poller (`list`), number, size and order (monitor-page.ts). */
  private readonly page: MonitorPage;
  private readonly list: Poller<ShownPage>;
  /** The selected job's own poll and its pace (monitor-job.ts); `job` is its poller. */
  private readonly selected: SelectedJob;
  private readonly job: Poller<JobAnswer>;
  /** Told of each change, once per page's answer (batched-listeners.ts). */
  private readonly listeners = new BatchedListeners(() => this.refreshing.check());
  private readonly changes: ChangeTracker;
  private noticeSeq = 0;
  private snap: MonitorSnapshot;
  private readonly now: () => number;
  private readonly wall: () => number;
  /** The pinned jobs: their own polls, their states (monitor-pins.ts). */
  private readonly pins: MonitorPins;
  /** The pins are polled only once the first page has answered: until then, which are on it is unknown. */
  private pageAnswered = false;
  /** The last refresh (r) still under way (refresh.ts). */
  private readonly refreshing = new RefreshWatch();
  /** The account index's sweeps and what they bring (monitor-index.ts); undefined when the index is off. */
  private readonly index: MonitorIndex | undefined;
  /** A page's or a sweep's answer holding a polled job counts as its poll (job-answer.ts). */
  private readonly sharing = new AnswerSharing();
  /** Where the selected job went when the page does not list it, and the search that follows it (⏎, `:`). */
  private readonly follower: Follower;

  constructor(private readonly opts: MonitorOptions) {
    this.now = opts.now ?? monotonicMs;
    this.wall = opts.wall ?? (() => Date.now());
    // One service: when any of its requests is answered after silence, the others stuck since stop
    // waiting; while it holds every request (a 429 or 503 to any), none of its pollers sends.
    const group = new PollGroup(opts.client.gate);
    // What every part (monitor-*.ts) reads of the Monitor and tells it; each takes what it needs.
    const host = {
      client: opts.client,
      listIntervalMs: opts.listIntervalMs,
      clock: opts.clock,
      group,
      snapshot: () => this.snap,
      update: (patch: Partial<MonitorSnapshot>) => this.update(patch),
      paused: () => this.paused(),
      pageAnswered: () => this.pageAnswered,
      pageIds: () => this.pageIds(),
      last: (id: string) => this.changes.last(id),
      observe: (job: Job) => this.observe([job], false),
      notice: (text: string) => this.noticeOf(text),
    };
    const moved = () => this.follower.cancel();
    this.page = new MonitorPage({ ...host, perPage: opts.perPage, order: opts.order, moved });
    this.list = this.page.poller;
    this.selected = new SelectedJob({
      ...host,
      intervalMs: opts.intervalMs,
      final: opts.final ?? [],
      untilPagePoll: () => this.list.untilNextPoll(),
    });
    this.job = this.selected.poller;
    this.snap = firstSnapshot(opts, this.list.getSnapshot(), this.job.getSnapshot());
    this.changes = new ChangeTracker({
      now: () => this.now(),
      wall: () => this.wall(),
      highlightMs: opts.highlightMs ?? HIGHLIGHT_MS,
      state: () => this.snap,
      update: (patch) => this.update(patch),
    });
    this.pins = new MonitorPins({ ...host, now: () => this.now(), publish: (pins) => this.update({ pins }) });
    if (opts.index && opts.index.mode !== "off") {
      const index = new MonitorIndex({
        ...host,
        index: opts.index,
        isPinned: (id) => this.isPinned(id),
        polledAlone: (id) => id === this.snap.selectedId || this.pins.polled(id),
        heard: (job) => this.heard(job),
        place: () => this.follower.place(),
        changes: this.changes,
      });
      this.index = index;
      this.snap = { ...this.snap, index: index.snapshot() };
      index.listen();
    }
    this.follower = new Follower({
      snapshot: () => this.snap,
      showPage: (page) => this.page.show(page),
      lastSeenPage: (id) => this.lastSeenPage(id),
      publish: (elsewhere) => this.update({ elsewhere }),
      sweepOrder: opts.index?.order ?? "desc",
    });
    this.list.subscribe(() => this.listeners.atOnce(() => this.onList()));
    this.job.subscribe(() => this.onJob());
    // A token read again after a 401 (a rotation): what waits out its rejection asks again now.
    opts.client.onTokenChange?.(() => this.retryRejected());
    const gate = opts.client.gate;
    gate?.subscribe(() => this.update({ held: gate.current() }));
    for (const id of opts.pins ?? []) this.configuredPins.add(id);
    this.addPins(opts.pins ?? []);
  }

  /** The pins the config gives (--pin, `pins`, and those it named by displayID once found): never kept in the state file. */
  readonly configuredPins = new Set<string>();

  /** Pins these jobs too (the config's, then the state file's: src/state/), each once, PINS_MAX at most. */
  addPins(ids: readonly string[]): void {
    if (!this.pins.add(ids)) return;
    this.syncPins();
    this.selected.retime();
  }

  subscribe = (listener: () => void): (() => void) => this.listeners.subscribe(listener);

  getSnapshot = (): MonitorSnapshot => this.snap;

  start(): void {
    this.list.start();
    if (!this.opts.index?.startLater) this.startIndex();
  }

  /**
   * Starts the index's sweeps (once), counting the first one's changes from `baseline` (the
   * state file's: "while away"). Paused meanwhile: they start on resume.
   */
  startIndex(saved?: { baseline: ReadonlyMap<string, LastSeen>; sinceSec: number }): void {
    this.index?.start(saved);
  }

  stop(): void {
    this.refreshing.cancel();
    this.index?.stop();
    this.list.stop();
    this.job.stop();
    this.pins.stopAll();
    this.changes.stop();
  }

  /**
   * Asks for the page and the selected job again, now. `done` is called once the requests this
   * started have ended (answered or failed), or no longer can (paused, another job selected), so
   * that "refreshing…" goes then, not seconds later. A newer refresh takes the place of one under
   * way: only its `done` is called.
   */
  refresh(done?: () => void): void {
    // r also reads a rejected token's source again at once, not after the minute it waits.
    this.opts.client.rereadToken?.();
    const id = this.snap.selectedId;
    const polled: Poller<unknown>[] = id === undefined ? [this.list] : [this.list, this.job];
    // None ends while paused; the job's no longer counts once another job is selected.
    this.refreshing.start(
      polled,
      done,
      (p) => this.paused() || (p === this.job && this.snap.selectedId !== id),
    );
  }

  private retryRejected(): void {
    const rejected = (s: PollSnapshot<unknown>) => isApiError(s.error) && s.error.kind === "auth";
    if (rejected(this.list.getSnapshot())) this.list.refreshNow();
    this.index?.refreshIf(rejected);
    if (this.snap.selectedId !== undefined && rejected(this.job.getSnapshot())) this.job.refreshNow();
    this.pins.refreshIf(rejected);
  }

  /** Stops every request (the page's, the selected job's, the pins'); the data stays. */
  pause(): void {
    if (this.snap.pausedSince !== undefined) return;
    this.list.stop();
    this.job.stop();
    this.pins.stopAll();
    this.index?.stop();
    this.update({ pausedSince: this.wall() });
    this.follower.cancel();
    this.pins.refresh();
  }

  /** Polls again, everything at once: the data is as old as the pause. */
  resume(): void {
    if (this.snap.pausedSince === undefined) return;
    this.update({ pausedSince: undefined });
    this.list.start();
    this.index?.resume();
    // A job whose answers weigh (jobPollWhy) waits its interval when the page holds it: the page's
    // answer, asked now, stands for its poll (one answer, many uses), not a second 14 MB at once.
    const id = this.snap.selectedId;
    const heavyOnPage = id !== undefined && this.snap.jobPollWhy !== undefined && this.pageIds().has(id);
    if (id !== undefined) this.job.start(heavyOnPage ? this.selected.intervalMs() : undefined);
    this.syncPins(true);
  }

  paused(): boolean {
    return this.snap.pausedSince !== undefined;
  }

  /** The selected job's interval (on the page); + - and = step it (src/ui/input/handlers/intervals.ts). */
  setJobInterval(ms: number): void {
    if (ms === this.snap.intervalMs) return;
    this.update({ intervalMs: ms });
    this.selected.retime();
  }

  /** An action's result on a job ("cancel jb25w8: done"), for the events pane. */
  noteEvent(job: { id: string; displayID: string; status: number }, text: string): void {
    this.changes.note(job, text);
  }

  /** The events pane shows them: the header's count starts again from zero. */
  markSeen = (): void => {
    this.changes.markSeen();
    if (this.snap.away) this.update({ away: undefined });
  };

  /** The events pane came on screen (all seen, and so is each change while it stays) or went. */
  setEventsShown = (shown: boolean): void => {
    this.changes.setEventsShown(shown);
    if (shown && this.snap.away) this.update({ away: undefined });
  };

  /**
   * What the monitor knows of each job now, for the state file: the index's entries, each
   * replaced by a newer copy the page, the selected job or a pin brought since the last sweep.
   */
  lastSeen(): Map<string, LastSeenNow> | undefined {
    return this.index?.lastSeen();
  }

  isPinned(id: string): boolean {
    return this.pins.isPinned(id);
  }

  /** Pins or unpins a job; "full" when PINS_MAX (pins.ts) are pinned already. */
  togglePin(id: string): "pinned" | "unpinned" | "full" {
    const done = this.pins.toggle(id);
    if (done === "full") return done;
    this.syncPins();
    this.selected.retime();
    return done;
  }

  /** Last page number that can be believed, for End and bounds. */
  numPages(): number {
    return this.page.numPages();
  }

  /** The page the job was on when last seen in this order, if it was seen this session. */
  lastSeenPage(id: string): number | undefined {
    return this.page.lastSeenPage(id);
  }

  setPage(page: number): void {
    this.follower.cancel();
    this.page.show(page);
  }

  /**
   * ⏎ on a job that left the page: opens the page that holds it (the index's, else the nearest
   * ones, asked one at a time: follow.ts), where the UI finds its row. `indexedOnly` (`:`): only
   * when the index holds the job.
   */
  follow(id: string, o: { indexedOnly?: boolean } = {}): FollowResult {
    return this.follower.follow(id, o);
  }

  /** A new page size, asking for the page that holds the job at `anchor` (monitor-page.ts). */
  setPerPage(perPage: number, anchor = (this.snap.page - 1) * this.snap.perPage): void {
    this.page.setPerPage(perPage, anchor);
  }

  setOrder(order: Order): void {
    this.page.setOrder(order);
  }

  select(id: string | undefined): void {
    if (id === this.snap.selectedId) return;
    this.update({ selectedId: id, missing: undefined });
    this.follower.cancel();
    this.follower.place();
    this.syncPins();
    if (id === undefined) {
      this.job.stop();
      return;
    }
    this.selected.show(id);
    if (!this.paused()) this.job.start();
    this.selected.retime();
  }

  private onList(): void {
    const list = this.list.getSnapshot();
    const data = list.data;
    const fresh = data !== undefined && data !== this.snap.list.data;
    if (fresh) {
      const jobs: Job[] = [];
      for (const item of data.items) if (item.ok) jobs.push(item.job);
      this.observe(jobs, true);
      this.page.remember(data);
      this.index?.pageTotal(data.facts.total);
    }
    this.update({ list });
    this.page.retime();
    this.page.share(list, (job) => this.heard(job));
    if (fresh) this.follower.onPage(data);
    if (fresh) this.page.followPageCount(data);
    if (fresh || (!this.pageAnswered && list.error !== undefined)) {
      this.pageAnswered = true;
      this.syncPins();
      this.index?.afterPage();
    }
    this.selected.retime();
  }

  private onJob(): void {
    this.selected.onAnswer();
    if (this.snap.selectedId !== undefined && this.isPinned(this.snap.selectedId)) this.pins.refresh();
  }

  /** Another answer (the page's, a sweep's) holds this job: it may count as its own poll. */
  private heard(job: Job): void {
    const poller = job.id === this.snap.selectedId ? this.job : this.pins.poller(job.id);
    if (poller) this.sharing.offer(poller, job);
  }

  /** Which pins need a poller of their own (monitor-pins.ts); the sweep's copies of the others go. */
  private syncPins(atOnce = false): void {
    this.pins.sync(atOnce);
    this.index?.keepCopies();
  }

  private pageIds(): Set<string> {
    const ids = new Set<string>();
    for (const i of this.snap.list.data?.items ?? []) if (i.ok) ids.add(i.job.id);
    return ids;
  }

  /** A line for the status line: what the monitor did by itself, or the notifier found (tmux). */
  noticeOf(text: string): void {
    this.noticeSeq += 1;
    this.update({ notice: { text, seq: this.noticeSeq } });
  }

  /** How often the selected job is asked for now (monitor-job.ts). */
  jobIntervalMs(): number {
    return this.selected.intervalMs();
  }

  /** Fresh copies to the change tracker; a pin's copy, compared, counts as seen now (syncPins). */
  private observe(jobs: Job[], isPage: boolean): void {
    const now = this.now();
    const pinned = new Set<string>();
    for (const p of this.snap.pins) pinned.add(p.id);
    let watched: string[] | undefined;
    if (isPage) {
      watched = this.snap.pins.map((p) => p.id);
      if (this.snap.selectedId !== undefined) watched.push(this.snap.selectedId);
    }
    this.changes.observe(jobs, watched, (id) => {
      if (pinned.has(id)) this.pins.seen(id, now);
    });
  }

  private update(patch: Partial<MonitorSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    this.listeners.changed();
  }
}
