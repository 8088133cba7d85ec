// A poller outside React: an await-then-sleep loop (never setInterval), at most one request in
// flight, a fresh AbortController per request, retries at the healthy interval (see
// failureDelay), later when Retry-After asks (capped), slow retries when the token is rejected,
// no request while the service holds them all (its gate: src/api/service-gate.ts) but for an
// urgent refresh (`r`), and a snapshot object that only changes when something changed (as
// useSyncExternalStore requires).
import { isApiError } from "../api/errors.js";
import { HOLD_CHECK_MS, HOLD_MAX_MS, type ServiceGate } from "../api/service-gate.js";
import { monotonicMs } from "../model/monotonic.js";
import { pacedIntervalMs } from "./byte-budget.js";
import type { PollGroup } from "./poll-group.js";

export interface Clock {
  /** Monotonic milliseconds: scheduling must not care about wall-clock jumps. */
  now(): number;
  wall(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: monotonicMs,
  wall: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t: unknown = setTimeout(fn, ms);
    // A pending poll must not keep the process alive on its own (e.g. after the UI exits).
    const h = t as { unref?: unknown } | undefined;
    if (typeof h?.unref === "function") (h.unref as () => void).call(t);
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface PollerOptions<T> {
  fetch: (signal: AbortSignal) => Promise<T>;
  intervalMs: number;
  authRetryMs?: number;
  retryAfterCapMs?: number;
  /** Fraction of the interval added or taken at random, so many clients do not poll in step. */
  jitter?: number;
  random?: () => number;
  clock?: Clock;
  /** The other pollers of the same service: an answer after silence wakes their stuck requests. */
  group?: PollGroup;
  /** The service's hold on every request; the group's when not given. */
  gate?: Pick<ServiceGate, "heldMs" | "exempt" | "subscribe">;
  /**
   * Asked when a healthy poll is due: ms to wait for another answer that is about to hold this
   * resource too (the page's, for the selected job), or 0 to ask now. Once per poll, so a poll
   * is never put off twice.
   */
  defer?: () => number;
  /**
   * The bytes a minute its failed answers may cost (byte-budget.ts): a failure that cost bytes (an
   * answer over the size cap, a deadline mid-body) is retried no sooner than they allow. Without
   * it, a 17 MB job was read to the 16 MB cap and refused every 2 s: 480 MB a minute.
   */
  bytesPerMin?: number;
}

export interface PollSnapshot<T> {
  /** Last good data, kept across failures (cleared by reset unless keepData). */
  data: T | undefined;
  /** Monotonic ms of the last success. It does not advance while the machine sleeps: show ages from okWall. */
  okAt: number | undefined;
  /** Wall ms of the last success. */
  okWall: number | undefined;
  /** Last error, cleared on success. */
  error: unknown | undefined;
  /** Consecutive failures. */
  failures: number;
  /** Monotonic ms of the next attempt while failing. */
  retryAt: number | undefined;
  /** Wall ms of the first failure in this run of failures. */
  failingSince: number | undefined;
  /** Wall ms of the last answer from the service: a success, or an error it answered (a 429, a 500). */
  answerWall: number | undefined;
  /**
   * Wall ms the first request went out that got no answer at all (refused, reset, timed out), in
   * the failures since the last answer; undefined once anything answers. "Offline since" is this.
   */
  silentSince: number | undefined;
  /** Requests in a row with no answer at all (silentSince's run). */
  silentFailures: number;
  inFlight: boolean;
  /** Requests started, in total. */
  requests: number;
}

export interface Poller<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): PollSnapshot<T>;
  /** Starts polling: at once, or after `delayMs` (a resource seen elsewhere a moment ago). */
  start(delayMs?: number): void;
  stop(): void;
  /** Polls now; `urgent` (`r`): even while the service holds every request, this one goes, once. */
  refreshNow(urgent?: boolean): void;
  reset(fetch?: (signal: AbortSignal) => Promise<T>, opts?: { keepData?: boolean }): void;
  setInterval(ms: number): void;
  /** ms until its next request is due (0: in flight, or due now); undefined while stopped or retrying. */
  untilNextPoll(): number | undefined;
  /**
   * Another answer (the page's, a sweep's) showed this resource unchanged just now: it counts as
   * this poll's answer (fresh data, the next poll an interval from now). Only in the healthy
   * cadence: not while a request is in flight, a failure is retried, or the service holds all.
   */
  countAnswer(): void;
}

const MIN_RETRY_MS = 250;

/**
 * Did the service not answer at all: no connection, a reset, nothing before the timeout? Any
 * HTTP status is an answer (a 429 says the service is there), and so is a body we could not use.
 */
export function unanswered(error: unknown): boolean {
  return isApiError(error) && (error.kind === "network" || error.kind === "timeout");
}

export function createPoller<T>(opts: PollerOptions<T>): Poller<T> {
  const clock = opts.clock ?? realClock;
  const random = opts.random ?? Math.random;
  const authRetry = opts.authRetryMs ?? 60_000;
  const retryAfterCap = opts.retryAfterCapMs ?? HOLD_MAX_MS;
  const jitter = opts.jitter ?? 0.1;
  const gate = opts.gate ?? opts.group?.gate;
  let unsubscribeGate: (() => void) | undefined;
  let fetchFn = opts.fetch;
  let interval = opts.intervalMs;
  let running = false;
  /** What the pending timer is for: the normal cadence after a success, a retry, or the service's hold. */
  let timerKind: "normal" | "retry" | "held" = "normal";
  let timer: unknown;
  let timerSetAt = { mono: 0, wall: 0, delay: 0 };
  let controller: AbortController | undefined;
  /** Monotonic ms the request in flight went out. */
  let sentAt = 0;
  /** Bumped on reset/stop: results of older requests are dropped. */
  let generation = 0;
  let again = false;
  /** The due poll was put off once already (defer): the next time it goes. */
  let deferred = false;
  /** A refresh asked for urgently (`r`) while a request was in flight: the next poll is urgent. */
  let urgentNext = false;
  const listeners = new Set<() => void>();
  let snap: PollSnapshot<T> = {
    data: undefined,
    okAt: undefined,
    okWall: undefined,
    error: undefined,
    failures: 0,
    retryAt: undefined,
    failingSince: undefined,
    answerWall: undefined,
    silentSince: undefined,
    silentFailures: 0,
    inFlight: false,
    requests: 0,
  };

  const set = (patch: Partial<PollSnapshot<T>>) => {
    let changed = false;
    for (const k of Object.keys(patch) as (keyof PollSnapshot<T>)[]) if (snap[k] !== patch[k]) changed = true;
    if (!changed) return;
    snap = { ...snap, ...patch };
    for (const l of listeners) l();
  };

  const clearTimer = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
  };

  const schedule = (delay: number, kind: "normal" | "retry" | "held") => {
    clearTimer();
    if (!running) return;
    timerKind = kind;
    timerSetAt = { mono: clock.now(), wall: clock.wall(), delay };
    timer = clock.setTimeout(onTimer, delay);
  };

  const onTimer = () => {
    timer = undefined;
    // Sleep/resume: the wall clock moved far more than the monotonic one. Data is old; start afresh.
    const wallMoved = clock.wall() - timerSetAt.wall;
    const monoMoved = clock.now() - timerSetAt.mono;
    if (wallMoved - monoMoved > 2 * timerSetAt.delay + 5000) {
      set({
        failures: 0,
        retryAt: undefined,
        failingSince: undefined,
        silentSince: undefined,
        silentFailures: 0,
      });
    }
    if (timerKind === "normal" && !deferred && opts.defer) {
      const wait = opts.defer();
      if (wait > 0) {
        deferred = true;
        schedule(wait, "normal");
        return;
      }
    }
    void poll();
  };

  const poll = async (urgent = false) => {
    if (!running) return;
    if (controller) {
      again = true; // coalesce: one more poll right after the one in flight
      urgentNext ||= urgent;
      return;
    }
    urgent ||= urgentNext;
    urgentNext = false;
    // The service holds every request (a 429 or 503 to any): this poll waits until it passes.
    const held = urgent ? 0 : (gate?.heldMs() ?? 0);
    if (held > 0) {
      schedule(Math.min(held, HOLD_CHECK_MS), "held"); // looked at again: the hold may end by the wall clock (a sleep)
      return;
    }
    clearTimer();
    deferred = false;
    const gen = generation;
    const ac = new AbortController();
    if (urgent) gate?.exempt(ac.signal);
    controller = ac;
    const sent = { mono: clock.now(), wall: clock.wall() };
    sentAt = sent.mono;
    // Recorded, not announced: nothing on screen shows a request in flight, and each
    // announcement is a render of the whole screen (two per poll where one will do).
    snap = { ...snap, inFlight: true, requests: snap.requests + 1 };
    let result: { ok: true; data: T } | { ok: false; error: unknown };
    try {
      result = { ok: true, data: await fetchFn(ac.signal) };
    } catch (error) {
      result = { ok: false, error };
    }
    if (controller === ac) controller = undefined;
    if (gen !== generation || !running) return; // aborted by reset/stop: a late answer is ignored
    const wasSilent = snap.silentSince !== undefined;
    const silent = !result.ok && unanswered(result.error);
    const answer = silent
      ? { silentSince: snap.silentSince ?? sent.wall, silentFailures: snap.silentFailures + 1 }
      : { answerWall: clock.wall(), silentSince: undefined, silentFailures: 0 };
    if (result.ok) {
      set({
        data: result.data,
        okAt: clock.now(),
        okWall: clock.wall(),
        error: undefined,
        failures: 0,
        retryAt: undefined,
        failingSince: undefined,
        ...answer,
        inFlight: false,
      });
      // A refresh asked for meanwhile goes at once: it is not put off for another answer (defer).
      deferred = again;
      schedule(again ? 0 : healthyDelay(), "normal");
    } else {
      const delay = failureDelay(result.error);
      set({
        error: result.error,
        failures: snap.failures + 1,
        inFlight: false,
        retryAt: clock.now() + delay,
        failingSince: snap.failingSince ?? clock.wall(),
        ...answer,
      });
      // A refresh asked for during a failing request is honoured, but not faster than the floor.
      schedule(again ? Math.min(delay, MIN_RETRY_MS) : delay, "retry");
    }
    again = false;
    // The service answers again after our silence: the others' requests sent before this one may
    // be stuck on a dead connection until their timeout. They ask again now (see wake).
    if (wasSilent && !silent) opts.group?.answered(member, sent.mono);
  };

  /** The next poll after a success: one interval, give or take the jitter. */
  const healthyDelay = () => Math.max(MIN_RETRY_MS, interval + interval * jitter * (random() * 2 - 1));

  // How soon a failure is retried. Never sooner than a healthy poll would come: a failing service
  // must not get more requests than a healthy one (a quick first retry, then 2 s, 4 s … up to the
  // interval, gave the 2 s job poll a request every ~1.3 s through an outage). Never later either,
  // so the first poll after the service's return comes within an interval, whatever the outage's
  // length. A Retry-After can only make it later (up to the cap): one of 0, a negative number or
  // a date in the past is no reason to ask sooner (it made a request every 250 ms). A rejected
  // token is retried slowly (`r` asks at once).
  const failureDelay = (error: unknown): number => {
    if (isApiError(error) && error.kind === "auth") return authRetry;
    let delay = Math.max(healthyDelay(), gate?.heldMs() ?? 0);
    const spent = isApiError(error) ? error.details.bytes : undefined;
    if (spent !== undefined && opts.bytesPerMin !== undefined)
      delay = pacedIntervalMs(spent, delay, opts.bytesPerMin);
    const retryAfter = isApiError(error) ? error.details.retryAfterMs : undefined;
    return retryAfter === undefined ? delay : Math.max(delay, Math.min(retryAfter, retryAfterCap));
  };

  /** The hold changed: a poll waiting for it goes as soon as it has passed or was lifted, not later. */
  const onGate = () => {
    if (timer === undefined || timerKind !== "held" || !running) return;
    const held = gate?.heldMs() ?? 0;
    if (held === 0) void poll();
    else schedule(Math.min(held, HOLD_CHECK_MS), "held");
  };

  /**
   * Another poller of this service got an answer to a request sent at `answeredSentAt`, after
   * silence. Ours, in flight since before that, is taken as stuck (a hung connection that would
   * hold it until the timeout): abandoned, and asked again at once.
   */
  const member = {
    wake(answeredSentAt: number) {
      if (!running || !controller || sentAt >= answeredSentAt) return;
      abortInFlight();
      void poll();
    },
  };

  const abortInFlight = () => {
    generation++;
    controller?.abort();
    controller = undefined;
    again = false;
    urgentNext = false;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snap,
    start(delayMs) {
      if (running) return;
      running = true;
      opts.group?.join(member);
      unsubscribeGate = gate?.subscribe(onGate);
      if (delayMs !== undefined && delayMs > 0) schedule(delayMs, "normal");
      else void poll();
    },
    stop() {
      running = false;
      opts.group?.leave(member);
      unsubscribeGate?.();
      unsubscribeGate = undefined;
      abortInFlight();
      clearTimer();
      set({ inFlight: false, retryAt: undefined });
    },
    refreshNow(urgent = false) {
      if (!running) return;
      void poll(urgent);
    },
    reset(fetch, o = {}) {
      abortInFlight();
      clearTimer();
      if (fetch) fetchFn = fetch;
      set({
        inFlight: false,
        error: undefined,
        failures: 0,
        retryAt: undefined,
        failingSince: undefined,
        ...(o.keepData ? {} : { data: undefined, okAt: undefined, okWall: undefined }),
      });
      if (running) void poll();
    },
    untilNextPoll() {
      if (!running) return undefined;
      if (controller) return 0;
      if (timer === undefined || timerKind !== "normal") return undefined;
      return Math.max(0, timerSetAt.mono + timerSetAt.delay - clock.now());
    },
    countAnswer() {
      if (!running || controller || timer === undefined || timerKind !== "normal") return;
      const wall = clock.wall();
      set({ okAt: clock.now(), okWall: wall, answerWall: wall });
      deferred = false;
      schedule(healthyDelay(), "normal");
    },
    setInterval(ms) {
      if (ms === interval) return;
      interval = ms;
      // Re-time a pending normal poll from the last success; retries keep their backoff.
      if (timer !== undefined && timerKind === "normal") {
        const since = snap.okAt === undefined ? 0 : clock.now() - snap.okAt;
        schedule(Math.max(0, ms - since), "normal");
      }
    },
  };
}
