// The pinned jobs that nothing else polls: each one off the page and not selected gets a poller
// of its own, at the page interval, with the pollers' usual one-request-in-flight rule and
// backoff. The Monitor says which ones (sync) each time the page, the selection or the pins change.
import type { Job } from "../api/schema.js";
import { MAX_PINS } from "../config/checks.js";
import type { MissingJob } from "./job-answer.js";
import type { PollGroup } from "./poll-group.js";
import { type Clock, createPoller, type Poller, type PollSnapshot } from "./poller.js";

/** Pins a run may hold (the config refuses more at start; `w` says "full"). */
export const PINS_MAX = MAX_PINS;

/** A pinned job as the events pane lists it. */
export interface PinState {
  id: string;
  /** Its last copy, from whichever request saw it last. */
  job: Job | undefined;
  missing: MissingJob | undefined;
  /** The last error of its own poller, while it fails. */
  error: unknown;
  /** Who polls it: the page, the selected job's poller, its own poller, or none (paused, or before the first page). */
  via: "page" | "selected" | "own" | "none";
}

export interface PinPollersOptions<T> {
  fetch: (id: string) => (signal: AbortSignal) => Promise<T>;
  intervalMs: number;
  clock?: Clock;
  group?: PollGroup;
  /** Its failed answers' bytes a minute (poller.ts). */
  bytesPerMin?: number;
  onUpdate: (id: string, snap: PollSnapshot<T>) => void;
}

export class PinPollers<T> {
  private readonly pollers = new Map<string, { poller: Poller<T>; unsubscribe: () => void }>();

  constructor(private readonly o: PinPollersOptions<T>) {}

  /**
   * Polls exactly `ids`: the others stop and are dropped, a new one starts after `delay(id)` ms
   * (0: at once). A job seen on the page a moment ago is not asked for again before an interval.
   */
  sync(ids: ReadonlySet<string>, delay: (id: string) => number): void {
    for (const [id, p] of this.pollers) {
      if (ids.has(id)) continue;
      p.unsubscribe();
      p.poller.stop();
      this.pollers.delete(id);
    }
    for (const id of ids) {
      if (this.pollers.has(id)) continue;
      const poller = createPoller<T>({
        fetch: this.o.fetch(id),
        intervalMs: this.o.intervalMs,
        clock: this.o.clock,
        group: this.o.group,
        bytesPerMin: this.o.bytesPerMin,
      });
      const unsubscribe = poller.subscribe(() => this.o.onUpdate(id, poller.getSnapshot()));
      this.pollers.set(id, { poller, unsubscribe });
      poller.start(delay(id));
    }
  }

  /** The poller's snapshot for a pin polled on its own, else undefined. */
  snapshot(id: string): PollSnapshot<T> | undefined {
    return this.pollers.get(id)?.poller.getSnapshot();
  }

  polled(id: string): boolean {
    return this.pollers.has(id);
  }

  /** The poller of a pin polled on its own (another answer holding it may count as its poll). */
  poller(id: string): Poller<T> | undefined {
    return this.pollers.get(id)?.poller;
  }

  /** Polls now each pin whose snapshot `when` picks (a token rotated: those it rejected). */
  refreshIf(when: (snap: PollSnapshot<T>) => boolean): void {
    for (const { poller } of this.pollers.values()) if (when(poller.getSnapshot())) poller.refreshNow();
  }

  /** Stops and drops them all (pause, quit); sync starts them again. */
  stopAll(): void {
    this.sync(new Set(), () => 0);
  }
}

/**
 * What brings a pinned job's copy: nothing while paused, its own poll, the selected job's, or the
 * page's once the page has answered (until then, which jobs are on it is unknown).
 */
export function pinVia(o: {
  paused: boolean;
  own: boolean;
  selected: boolean;
  pageAnswered: boolean;
}): PinState["via"] {
  if (o.paused) return "none";
  if (o.own) return "own";
  if (o.selected) return "selected";
  return o.pageAnswered ? "page" : "none";
}
