// The Monitor's pinned jobs, moved out of monitor.ts to keep it short (house limit ~400 lines):
// which pins need a poll of their own (off the page, not selected, not paused: pins.ts's
// PinPollers), when each pin's copy last arrived from any request (its own poll then waits an
// interval), each pin's state as the list and the events pane show it (PinState), the pace of a
// pin's answers by their weight, and a pin the service says is not there, said once on the status
// line (missing-pins.ts). The Monitor still owns the snapshot: it tells this part when the page, the
// selection or the pins change (sync, refresh), and this part reads and publishes through the
// host it is given, as follow.ts's Follower does.
import type { JobClient } from "../api/client.js";
import type { Job } from "../api/schema.js";
import { JOB_BYTES_PER_MIN, pacedIntervalMs } from "./byte-budget.js";
import { type JobAnswer, jobFetch } from "./job-answer.js";
import { MissingPins } from "./missing-pins.js";
import type { MonitorSnapshot } from "./monitor-types.js";
import { PINS_MAX, PinPollers, type PinState, pinVia } from "./pins.js";
import type { PollGroup } from "./poll-group.js";
import type { Clock, Poller, PollSnapshot } from "./poller.js";

/** What the pins read of the Monitor and tell it. */
export interface PinsHost {
  client: JobClient;
  /** A pin's own poll runs at the page's interval (slower when its answers weigh). */
  listIntervalMs: number;
  clock?: Clock;
  group: PollGroup;
  /** Monotonic ms. */
  now: () => number;
  snapshot: () => MonitorSnapshot;
  /** The pins' states anew, in the order pinned. */
  publish: (pins: PinState[]) => void;
  paused: () => boolean;
  /** Until the first page has answered, which pins are on it is unknown: none is polled on its own. */
  pageAnswered: () => boolean;
  /** The jobs the page on screen lists. */
  pageIds: () => Set<string>;
  /** A job's last copy, from whichever request brought it (changes.ts). */
  last: (id: string) => Job | undefined;
  /** A pin's own poll brought a copy: to the change tracker. */
  observe: (job: Job) => void;
  /** A line for the status line. */
  notice: (text: string) => void;
}

export class MonitorPins {
  private readonly pollers: PinPollers<JobAnswer>;
  /** Monotonic ms each pinned job's copy last arrived, from any request: its own poll waits an interval after. */
  private readonly seenAt = new Map<string, number>();
  /** Pins the service says are not there, said once on the status line. */
  private readonly missing = new MissingPins();

  constructor(private readonly host: PinsHost) {
    this.pollers = new PinPollers<JobAnswer>({
      fetch: (id) => jobFetch(host.client, id),
      intervalMs: host.listIntervalMs,
      clock: host.clock,
      group: host.group,
      bytesPerMin: JOB_BYTES_PER_MIN,
      onUpdate: (id, snap) => this.onPin(id, snap),
    });
  }

  isPinned(id: string): boolean {
    return this.host.snapshot().pins.some((p) => p.id === id);
  }

  /** Pins these jobs too, each once, PINS_MAX at most; false when none was new. The Monitor syncs after. */
  add(ids: readonly string[]): boolean {
    const before = this.host.snapshot().pins;
    const pins = before.slice();
    for (const id of ids)
      if (!pins.some((p) => p.id === id) && pins.length < PINS_MAX) pins.push(this.state(id));
    if (pins.length === before.length) return false;
    this.host.publish(pins);
    return true;
  }

  /** Pins or unpins a job; "full" when PINS_MAX are pinned already. The Monitor syncs after, unless full. */
  toggle(id: string): "pinned" | "unpinned" | "full" {
    const pins = this.host.snapshot().pins;
    if (this.isPinned(id)) {
      this.seenAt.delete(id);
      this.host.publish(pins.filter((p) => p.id !== id));
      return "unpinned";
    }
    if (pins.length >= PINS_MAX) return "full";
    // Its copy on screen counts as seen now: its own poll comes an interval later, not at once.
    if (this.host.last(id) !== undefined) this.seenAt.set(id, this.host.now());
    this.host.publish(pins.concat(this.state(id)));
    return "pinned";
  }

  /** A pin's copy arrived from another request (the page, the selected job's poll) at `at`. */
  seen(id: string, at: number): void {
    this.seenAt.set(id, at);
  }

  /** Which pins need a poller of their own: off the page, not selected, not paused. */
  sync(atOnce = false): void {
    const own = new Set<string>();
    const snap = this.host.snapshot();
    if (!this.host.paused() && this.host.pageAnswered()) {
      const onPage = this.host.pageIds();
      for (const p of snap.pins) if (!onPage.has(p.id) && p.id !== snap.selectedId) own.add(p.id);
    }
    const interval = this.host.listIntervalMs;
    this.pollers.sync(own, (id) => {
      const seen = this.seenAt.get(id);
      return atOnce || seen === undefined ? 0 : Math.max(0, interval - (this.host.now() - seen));
    });
    this.refresh();
  }

  /** The pins' states anew (a handful of them), when anything they show may have changed. */
  refresh(): void {
    const pins = this.host.snapshot().pins;
    if (pins.length === 0) return;
    const next = pins.map((p) => this.state(p.id));
    const same = next.every((p, i) => {
      const q = pins[i] as PinState;
      return p.job === q.job && p.missing === q.missing && p.error === q.error && p.via === q.via;
    });
    if (!same) this.host.publish(next);
    const missing = this.missing.news(next);
    if (missing) this.host.notice(missing);
  }

  /** Whether a pin is polled on its own now (sync). */
  polled(id: string): boolean {
    return this.pollers.polled(id);
  }

  /** The poller of a pin polled on its own (another answer holding it may count as its poll). */
  poller(id: string): Poller<JobAnswer> | undefined {
    return this.pollers.poller(id);
  }

  /** Polls now each pin whose snapshot `when` picks (a token rotated: those it rejected). */
  refreshIf(when: (snap: PollSnapshot<unknown>) => boolean): void {
    this.pollers.refreshIf(when);
  }

  /** Stops every pin's own poll (pause, quit); sync starts them again. */
  stopAll(): void {
    this.pollers.stopAll();
  }

  /** A pinned job's own poll answered (or failed). */
  private onPin(id: string, snap: PollSnapshot<JobAnswer>): void {
    const job = snap.data?.job;
    if (job && job !== this.host.last(id)) this.host.observe(job);
    // A pin's answers cost what they weigh, as the selected job's do (jobPace): a 14 MB log read
    // every 10 s was 84 MB a minute per pin.
    const bytes = snap.data?.bytes;
    if (bytes !== undefined)
      this.pollers
        .poller(id)
        ?.setInterval(pacedIntervalMs(bytes, this.host.listIntervalMs, JOB_BYTES_PER_MIN));
    this.refresh();
  }

  private state(id: string): PinState {
    const own = this.pollers.snapshot(id);
    const snap = this.host.snapshot();
    const selected = id === snap.selectedId;
    const via = pinVia({
      paused: this.host.paused(),
      own: own !== undefined,
      selected,
      pageAnswered: this.host.pageAnswered(),
    });
    return {
      id,
      job: this.host.last(id),
      missing: own ? own.data?.missing : selected ? snap.missing : undefined,
      error: own?.error,
      via,
    };
  }
}
