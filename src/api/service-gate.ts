// One backoff per service. A 429 or a 503 is the service speaking for all of its clients' requests,
// not for the one that got it: while it holds, no request of this run goes to that origin (one
// gate per client, and a client talks to one origin: it follows redirects only within it), whoever
// would send it (the page, the selected job, the pins, the index's sweep, watch's jobs). Each
// poller asks `heldMs` before it sends and waits that long (poller.ts); the client waits here
// too (pass), for requests a poller does not start (the sweep's later pages). `r` is the one
// exception: its requests are marked (exempt) and go at once, once.
//
// How long: the Retry-After, floored (0, a negative number, a date in the past: a service with a
// skewed clock would get a request storm) and capped (a day is no answer for a monitor); without
// one, a backoff that doubles with each such answer in a row, from 2 s to a minute. Any success
// to a request sent after the hold began lifts it, and the backoff starts again.
import { monotonicMs } from "../model/monotonic.js";

export const HOLD_MIN_MS = 1000;
export const HOLD_MAX_MS = 10 * 60_000;
const BACKOFF_FIRST_MS = 2000;
const BACKOFF_MAX_MS = 60_000;
/**
 * Timers wait on the monotonic clock, which stands still while the machine sleeps: a long hold is
 * looked at again this often, so that one over by the wall clock after a sleep ends within it.
 */
export const HOLD_CHECK_MS = 30_000;

export interface Hold {
  /** Monotonic ms the hold ends. */
  until: number;
  /** Wall ms it ends: after a sleep (the monotonic clock stands still while the machine sleeps) the one that comes first. */
  untilWall: number;
  /** Why, in words for the header: "rate limited" (429) or "service unavailable" (503). */
  reason: string;
}

export interface GateClock {
  now(): number;
  wall(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realGateClock: GateClock = {
  now: monotonicMs,
  wall: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class ServiceGate {
  private hold: Hold | undefined;
  /** Monotonic ms the current hold began: a success to a request sent before it proves nothing. */
  private since = Number.NEGATIVE_INFINITY;
  /** 429/503 answers without a Retry-After since the last success: the backoff's step. */
  private strikes = 0;
  private timer: unknown;
  private readonly listeners = new Set<() => void>();
  private readonly exempted = new WeakSet<AbortSignal>();

  constructor(
    private readonly clock: GateClock = realGateClock,
    private readonly random: () => number = Math.random,
  ) {}

  /** Monotonic ms on the gate's clock: when a request is sent, for limited and answered. */
  now(): number {
    return this.clock.now();
  }

  /** ms until requests may go again; 0 when they may now. */
  heldMs(): number {
    if (!this.hold) return 0;
    const left = Math.min(this.hold.until - this.clock.now(), this.hold.untilWall - this.clock.wall());
    return Math.max(0, left);
  }

  /** The hold in force, if any (undefined once it has passed). */
  current(): Hold | undefined {
    return this.heldMs() > 0 ? this.hold : undefined;
  }

  /**
   * The service answered 429 or 503 to a request sent at `sentAt` (monotonic ms), with
   * `retryAfterMs` when it said how long. Returns how long every request is held from now.
   */
  limited(status: number, retryAfterMs: number | undefined, sentAt: number): number {
    let wait: number;
    if (retryAfterMs === undefined) {
      // Equal jitter: the monitors of a lab limited at the same moment do not all come back together.
      const step = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.min(this.strikes, 10));
      wait = step / 2 + (step / 2) * this.random();
      this.strikes++;
    } else wait = Math.min(HOLD_MAX_MS, Math.max(HOLD_MIN_MS, retryAfterMs));
    const now = this.clock.now();
    // A later answer never shortens a hold already in force (two pollers' 429s, the second with a smaller Retry-After).
    const left = Math.max(wait, this.heldMs());
    if (this.heldMs() === 0) this.since = sentAt;
    this.hold = {
      until: now + left,
      untilWall: this.clock.wall() + left,
      reason: status === 429 ? "rate limited" : "service unavailable",
    };
    this.arm(left);
    this.tell();
    return left;
  }

  /** A success to a request sent at `sentAt`: sent after the hold began, it ends the hold. */
  answered(sentAt: number): void {
    if (sentAt < this.since) return;
    this.strikes = 0;
    if (!this.hold) return;
    this.hold = undefined;
    this.since = Number.NEGATIVE_INFINITY;
    this.arm(undefined);
    this.tell();
  }

  /** This request (by its signal) goes whatever the hold: `r`'s. */
  exempt(signal: AbortSignal): void {
    this.exempted.add(signal);
  }

  isExempt(signal: AbortSignal | undefined): boolean {
    return signal !== undefined && this.exempted.has(signal);
  }

  /** Resolves once requests may go (at once when they may now); rejects when `signal` aborts first. */
  pass(signal: AbortSignal | undefined): Promise<void> {
    if (this.heldMs() === 0 || this.isExempt(signal)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.heldMs() > 0) return;
        done();
        resolve();
      };
      const onAbort = () => {
        done();
        reject(signal?.reason ?? new Error("aborted"));
      };
      const done = () => {
        off();
        signal?.removeEventListener("abort", onAbort);
      };
      const off = this.subscribe(check);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Told when a hold begins, grows, ends or is lifted. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The one timer: it tells the listeners when the hold has passed. */
  private arm(ms: number | undefined): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (ms === undefined) return;
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = undefined;
        if (this.heldMs() > 0) return this.arm(this.heldMs());
        this.hold = undefined;
        this.tell();
      },
      Math.min(ms, HOLD_CHECK_MS),
    );
  }

  private tell(): void {
    for (const l of Array.from(this.listeners)) l();
  }
}
