// The poller under fake timers: scheduling, overlap, abort, backoff and recovery.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import { backoffDelay, type Clock, createPoller } from "../../src/poll/poller.js";

let wallOffset = 0;
const clock: Clock = {
  now: () => Date.now(),
  wall: () => Date.now() + wallOffset,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

beforeEach(() => {
  vi.useFakeTimers();
  wallOffset = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fetch whose calls we resolve or reject by hand. */
function manualFetch<T>() {
  const calls: { signal: AbortSignal; resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  const fetch = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      const done = () => concurrent--;
      calls.push({
        signal,
        resolve: (v) => {
          done();
          resolve(v);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      });
    });
  return { fetch, calls, maxConcurrent: () => maxConcurrent };
}

describe("poller", () => {
  it("polls at the interval, one request at a time, even when answers are slow", async () => {
    const m = manualFetch<number>();
    const p = createPoller({ fetch: m.fetch, intervalMs: 1000, jitter: 0, clock });
    p.start();
    expect(m.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000); // answer still pending: no second request
    expect(m.calls).toHaveLength(1);
    p.refreshNow(); // coalesced into one poll after the answer
    expect(m.calls).toHaveLength(1);
    m.calls[0]?.resolve(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(p.getSnapshot().data).toBe(1);
    expect(m.calls).toHaveLength(2); // the coalesced refresh, at once
    m.calls[1]?.resolve(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(m.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(m.calls).toHaveLength(3);
    expect(m.maxConcurrent()).toBe(1);
    p.stop();
  });

  it("aborts the request in flight on reset and ignores its late answer", async () => {
    const m = manualFetch<string>();
    const p = createPoller({ fetch: m.fetch, intervalMs: 1000, jitter: 0, clock });
    p.start();
    const first = m.calls[0];
    p.reset();
    expect(first?.signal.aborted).toBe(true);
    expect(m.calls).toHaveLength(2);
    first?.resolve("stale");
    await vi.advanceTimersByTimeAsync(0);
    expect(p.getSnapshot().data).toBeUndefined();
    m.calls[1]?.resolve("fresh");
    await vi.advanceTimersByTimeAsync(0);
    expect(p.getSnapshot().data).toBe("fresh");
    p.stop();
  });

  it("keeps the last good data across failures and backs off exponentially with full jitter, capped", async () => {
    let fail = false;
    let n = 0;
    const starts: number[] = [];
    const p = createPoller({
      fetch: async () => {
        starts.push(Date.now());
        n++;
        if (fail) throw new ApiError("network", "connection refused");
        return n;
      },
      intervalMs: 1000,
      maxBackoffMs: 8000,
      jitter: 0,
      random: () => 0.999,
      clock,
    });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.getSnapshot().data).toBe(1);
    fail = true;
    await vi.advanceTimersByTimeAsync(60_000);
    const s = p.getSnapshot();
    expect(s.data).toBe(1); // last good data kept
    expect(s.error).toBeInstanceOf(ApiError);
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] ?? 0));
    // 1000 (normal), then ≈2000, 4000, 8000, 8000 … (random ≈ 1 ⇒ the ceiling)
    expect(gaps.slice(0, 5)).toEqual([1000, 1998, 3996, 7992, 7992]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(8000);
    fail = false;
    await vi.advanceTimersByTimeAsync(8000);
    expect(p.getSnapshot().error).toBeUndefined();
    expect(p.getSnapshot().failures).toBe(0);
    const before = starts.length;
    await vi.advanceTimersByTimeAsync(1000); // back to the normal interval at once
    expect(starts.length).toBe(before + 1);
    p.stop();
  });

  it("full jitter spreads retry delays between the floor and the exponential ceiling", () => {
    expect(backoffDelay(3, 1000, 60_000, () => 0)).toBe(250);
    expect(backoffDelay(3, 1000, 60_000, () => 0.5)).toBe(4000);
    expect(backoffDelay(30, 1000, 60_000, () => 0.999)).toBeLessThanOrEqual(60_000);
  });

  it("honours Retry-After, capped", async () => {
    const starts: number[] = [];
    let first = true;
    const p = createPoller({
      fetch: async () => {
        starts.push(Date.now());
        if (first) {
          first = false;
          throw new ApiError("rate-limit", "rate limited", { status: 429, retryAfterMs: 30_000 });
        }
        return 1;
      },
      intervalMs: 1000,
      retryAfterCapMs: 20_000,
      jitter: 0,
      random: () => 0,
      clock,
    });
    p.start();
    await vi.advanceTimersByTimeAsync(19_999);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toHaveLength(2);
    p.stop();
  });

  it("retries slowly when the token is rejected", async () => {
    let calls = 0;
    const p = createPoller({
      fetch: async () => {
        calls++;
        throw new ApiError("auth", "token rejected");
      },
      intervalMs: 1000,
      authRetryMs: 60_000,
      clock,
    });
    p.start();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    p.stop();
  });

  it("keeps the same snapshot object while nothing changes", async () => {
    const p = createPoller({ fetch: async () => 42, intervalMs: 1000, jitter: 0, clock });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    const a = p.getSnapshot();
    expect(p.getSnapshot()).toBe(a);
    p.stop();
  });

  it("leaves no timer behind when stopped", async () => {
    const p = createPoller({ fetch: async () => 1, intervalMs: 1000, clock });
    p.start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(vi.getTimerCount()).toBe(1);
    p.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("resets the backoff after a sleep/resume (wall clock jumped far ahead)", async () => {
    const p = createPoller({
      fetch: async () => {
        throw new ApiError("network", "down");
      },
      intervalMs: 1000,
      jitter: 0,
      random: () => 0.999,
      clock,
    });
    p.start();
    await vi.advanceTimersByTimeAsync(30_000);
    const before = p.getSnapshot().failures;
    expect(before).toBeGreaterThan(3);
    await vi.advanceTimersToNextTimerAsync();
    expect(p.getSnapshot().failures).toBe(before + 1); // no jump: the count goes on
    wallOffset = 3_600_000; // the laptop slept for an hour
    await vi.advanceTimersToNextTimerAsync();
    expect(p.getSnapshot().failures).toBe(1); // resumed: backoff starts afresh
    p.stop();
  });

  it("runs 100 000 cycles with at most one timer and no growth in listeners", async () => {
    let n = 0;
    const p = createPoller({ fetch: async () => n++, intervalMs: 1000, jitter: 0.1, clock });
    const unsubscribe = p.subscribe(() => {});
    p.start();
    for (let i = 0; i < 100; i++) {
      await vi.advanceTimersByTimeAsync(1_000_000);
      expect(vi.getTimerCount()).toBeLessThanOrEqual(1);
    }
    expect(n).toBeGreaterThan(90_000);
    unsubscribe();
    p.stop();
    expect(vi.getTimerCount()).toBe(0);
  }, 60_000);
});
