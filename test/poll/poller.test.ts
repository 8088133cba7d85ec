// The poller under fake timers: scheduling, overlap, abort, backoff and recovery.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import { PollGroup } from "../../src/poll/poll-group.js";
import { type Clock, createPoller } from "../../src/poll/poller.js";

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

  it("keeps the last good data across failures and retries at the interval", async () => {
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
      jitter: 0,
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
    expect(new Set(gaps)).toEqual(new Set([1000])); // no quicker, no slower, however long it lasts
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(p.getSnapshot().error).toBeUndefined();
    expect(p.getSnapshot().failures).toBe(0);
    const before = starts.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(starts.length).toBe(before + 1);
    p.stop();
  });

  it("puts a due poll off once when another answer is about to come (defer), never twice, never a refresh", async () => {
    const m = manualFetch<number>();
    let asked = 0;
    const p = createPoller({
      fetch: m.fetch,
      intervalMs: 1000,
      jitter: 0,
      clock,
      defer: () => {
        asked++;
        return 300;
      },
    });
    p.start();
    m.calls[0]?.resolve(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(m.calls).toHaveLength(1); // due at 1000: put off 300 ms
    expect(p.untilNextPoll()).toBe(300);
    await vi.advanceTimersByTimeAsync(300);
    expect(m.calls).toHaveLength(2); // then it goes, whatever defer says
    expect(asked).toBe(1);
    p.refreshNow(); // coalesced behind the request in flight: goes at once after it
    m.calls[1]?.resolve(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(m.calls).toHaveLength(3);
    expect(asked).toBe(1);
    p.stop();
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

  it("tells requests nothing answered from errors the service answered, and when each began", async () => {
    // "Offline since" is when the answers stopped: a 429 is an answer.
    const results: (ApiError | "ok")[] = [];
    const p = createPoller({
      fetch: async () => {
        const r = results.shift() ?? "ok";
        if (r === "ok") return 1;
        throw r;
      },
      intervalMs: 1000,
      jitter: 0,
      clock,
    });
    const t0 = Date.now();
    const tooMany = new ApiError("rate-limit", "rate limited (HTTP 429)", { status: 429 });
    const reset = new ApiError("network", "connection reset");
    results.push(
      tooMany,
      tooMany,
      tooMany,
      reset,
      reset,
      new ApiError("timeout", "no answer"),
      tooMany,
      reset,
    );
    p.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(p.getSnapshot()).toMatchObject({ failures: 3, failingSince: t0, answerWall: t0 + 2000 });
    expect(p.getSnapshot().silentSince).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2000);
    expect(p.getSnapshot()).toMatchObject({ failures: 5, failingSince: t0, answerWall: t0 + 2000 });
    expect(p.getSnapshot()).toMatchObject({ silentSince: t0 + 3000, silentFailures: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(p.getSnapshot()).toMatchObject({ silentSince: t0 + 3000, silentFailures: 3 });
    await vi.advanceTimersByTimeAsync(1000); // a 429 again: answered
    expect(p.getSnapshot()).toMatchObject({
      silentSince: undefined,
      silentFailures: 0,
      answerWall: t0 + 6000,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(p.getSnapshot()).toMatchObject({ silentSince: t0 + 7000, silentFailures: 1, failures: 8 });
    await vi.advanceTimersByTimeAsync(1000); // a success
    expect(p.getSnapshot()).toMatchObject({ silentSince: undefined, failures: 0, answerWall: t0 + 8000 });
    p.stop();
  });

  it("dates a timed-out request's silence from when it went out", async () => {
    const m = manualFetch<number>();
    const p = createPoller({ fetch: m.fetch, intervalMs: 1000, jitter: 0, clock });
    const t0 = Date.now();
    p.start();
    await vi.advanceTimersByTimeAsync(10_000);
    m.calls[0]?.reject(new ApiError("timeout", "no answer within 10s (timeout)"));
    await vi.advanceTimersByTimeAsync(0);
    expect(p.getSnapshot()).toMatchObject({ silentSince: t0, silentFailures: 1, failingSince: t0 + 10_000 });
    p.stop();
  });

  describe("a group of pollers of one service", () => {
    /** Two pollers in a group: `a` fails without an answer until told, `b`'s requests are by hand. */
    function pair() {
      const group = new PollGroup();
      let aDown = true;
      const aStarts: number[] = [];
      const a = createPoller({
        fetch: async () => {
          aStarts.push(Date.now());
          if (aDown) throw new ApiError("network", "connection reset");
          return "a";
        },
        intervalMs: 2000,
        jitter: 0,
        clock,
        group,
      });
      const b = manualFetch<string>();
      const bp = createPoller({ fetch: b.fetch, intervalMs: 10_000, jitter: 0, clock, group });
      return { a, aStarts, b, bp, up: () => (aDown = false) };
    }

    it("abandons a request stuck since before the service came back, and asks again at once", async () => {
      // The complaint: the page came back ~14 s after the service, its request hung until the 10 s
      // timeout while the job's requests were answered.
      const { a, b, bp, up } = pair();
      bp.start(); // hangs
      a.start();
      await vi.advanceTimersByTimeAsync(5000); // a fails at 0, 2000, 4000
      expect(b.calls).toHaveLength(1);
      up();
      await vi.advanceTimersByTimeAsync(1000); // a's retry at 6000 is answered
      expect(a.getSnapshot().data).toBe("a");
      expect(b.calls[0]?.signal.aborted).toBe(true);
      expect(b.calls).toHaveLength(2); // asked again at once
      b.calls[0]?.resolve("late"); // the abandoned one answers after all: ignored
      b.calls[1]?.resolve("fresh");
      await vi.advanceTimersByTimeAsync(0);
      expect(bp.getSnapshot().data).toBe("fresh");
      expect(bp.getSnapshot().failures).toBe(0); // abandoning is no failure
      await vi.advanceTimersByTimeAsync(9999);
      expect(b.calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(b.calls).toHaveLength(3); // then at its own interval again
      expect(b.maxConcurrent()).toBeLessThanOrEqual(2); // the abandoned one was aborted, not kept
      a.stop();
      bp.stop();
    });

    it("leaves alone a slow request when the answer was no recovery, or the request is newer", async () => {
      const { a, b, bp, up } = pair();
      up();
      a.start(); // healthy all along
      bp.start(); // slow, not stuck
      await vi.advanceTimersByTimeAsync(9000);
      expect(b.calls).toHaveLength(1);
      expect(b.calls[0]?.signal.aborted).toBe(false);
      b.calls[0]?.resolve("slow");
      await vi.advanceTimersByTimeAsync(0);
      a.stop();
      bp.stop();

      // Sent after the answered request went out: not stuck on the service's silence.
      const q = pair();
      q.a.start();
      await vi.advanceTimersByTimeAsync(1000); // a failed at 0, retries at 2000
      q.up();
      await vi.advanceTimersByTimeAsync(1000 - 1);
      q.bp.start(); // at 1999, before a's answered request went out at 2000
      await vi.advanceTimersByTimeAsync(1);
      expect(q.a.getSnapshot().data).toBe("a");
      expect(q.b.calls).toHaveLength(2);
      q.b.calls[1]?.resolve("x");
      await vi.advanceTimersByTimeAsync(0);
      q.bp.stop();
      q.bp.start(); // at 2000: sent with or after it
      await vi.advanceTimersByTimeAsync(4000); // a's next answer (no recovery) wakes nothing
      expect(q.b.calls).toHaveLength(3);
      expect(q.b.calls[2]?.signal.aborted).toBe(false);
      q.a.stop();
      q.bp.stop();
    });

    it("does not wake a poller waiting out its interval: it asks no sooner than a healthy one", async () => {
      const group = new PollGroup();
      let down = true;
      const starts: number[] = [];
      const b = createPoller({
        fetch: async () => {
          starts.push(Date.now());
          if (down) throw new ApiError("network", "connection refused");
          return "b";
        },
        intervalMs: 10_000,
        jitter: 0,
        clock,
        group,
      });
      let aDown = true;
      const a = createPoller({
        fetch: async () => {
          if (aDown) throw new ApiError("network", "connection refused");
          return "a";
        },
        intervalMs: 2000,
        jitter: 0,
        clock,
        group,
      });
      b.start();
      a.start();
      await vi.advanceTimersByTimeAsync(3000);
      aDown = false;
      down = false;
      await vi.advanceTimersByTimeAsync(1000); // a answered at 4000
      expect(a.getSnapshot().data).toBe("a");
      expect(starts).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(6000);
      expect(starts).toHaveLength(2); // at 10 000, its interval
      a.stop();
      b.stop();
    });

    it("forgets a stopped poller", async () => {
      const { a, b, bp, up } = pair();
      bp.start();
      a.start();
      await vi.advanceTimersByTimeAsync(3000);
      bp.stop();
      up();
      await vi.advanceTimersByTimeAsync(2000);
      expect(b.calls).toHaveLength(1); // stopped: not asked again
      a.stop();
    });
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

  it("spreads retries as it spreads healthy polls: within the jitter of the interval, whatever the draw", async () => {
    const draws = [0, 0.5, 0.999, 0.25, 0.75, 0.1, 0.9, 0.001, 0.6, 0.4];
    let d = 0;
    const starts: number[] = [];
    const p = createPoller({
      fetch: async () => {
        starts.push(Date.now());
        throw new ApiError("http", "HTTP 502");
      },
      intervalMs: 1000,
      random: () => draws[d++ % draws.length] ?? 0,
      clock,
    });
    p.start();
    await vi.advanceTimersByTimeAsync(200_000);
    p.stop();
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] ?? 0));
    expect(gaps.length).toBeGreaterThan(150);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(900);
      expect(gap).toBeLessThanOrEqual(1100);
    }
    expect(new Set(gaps).size).toBeGreaterThan(3); // jittered, not in step
  });

  it("never asks a failing service more often than a healthy one", async () => {
    // The complaint: the 2 s job poll was retried every ~1.3 s through an outage (a quick first
    // retry, then half to all of a ceiling that grew to the interval).
    for (const intervalMs of [300, 2_000, 10_000]) {
      for (const error of [
        new ApiError("network", "connection refused"),
        new ApiError("timeout", "no answer"),
        new ApiError("http", "HTTP 502"),
        new ApiError("rate-limit", "rate limited (HTTP 429)", { status: 429 }),
      ]) {
        for (const draw of [0, 0.5, 0.999]) {
          const count = async (fail: boolean) => {
            const starts: number[] = [];
            const p = createPoller({
              fetch: async () => {
                starts.push(Date.now());
                if (fail) throw error;
                return 1;
              },
              intervalMs,
              random: () => draw,
              clock,
            });
            p.start();
            await vi.advanceTimersByTimeAsync(120_000);
            p.stop();
            return starts;
          };
          const healthy = await count(false);
          const failing = await count(true);
          const what = `${intervalMs} ms, ${error.kind}, draw ${draw}`;
          expect(failing.length, what).toBeLessThanOrEqual(healthy.length);
          const gaps = failing.slice(1).map((t, i) => t - (failing[i] ?? 0));
          for (const g of gaps) expect(g, what).toBeGreaterThanOrEqual(Math.max(250, intervalMs * 0.9));
        }
      }
    }
  });

  it("is back within one interval of the service answering again, whatever the outage's length", async () => {
    // The complaint: a short outage left a 10 s page poll stale for 20–60 s after the service
    // was back, because the retry delay grew to a minute.
    for (const intervalMs of [2_000, 10_000]) {
      for (const outageMs of [3_000, 25_000, 300_000]) {
        for (const draw of [0, 0.5, 0.999]) {
          let downUntil = Number.POSITIVE_INFINITY;
          const p = createPoller({
            fetch: async () => {
              if (Date.now() < downUntil) throw new ApiError("timeout", "no answer");
              return Date.now();
            },
            intervalMs,
            random: () => draw,
            clock,
          });
          p.start();
          await vi.advanceTimersByTimeAsync(0);
          const okBefore = p.getSnapshot().okWall;
          downUntil = Date.now() + 1 + outageMs; // the next poll fails, and so on for outageMs
          await vi.advanceTimersByTimeAsync(outageMs);
          expect(p.getSnapshot().failures).toBeGreaterThan(0);
          expect(p.getSnapshot().okWall).toBe(okBefore);
          await vi.advanceTimersByTimeAsync(downUntil - Date.now()); // the service answers again now
          const back = Date.now();
          // One interval, give or take its jitter (10 %), as a healthy poll would come.
          await vi.advanceTimersByTimeAsync(intervalMs * 1.1);
          const s = p.getSnapshot();
          expect(s.failures, `interval ${intervalMs}, outage ${outageMs}, draw ${draw}`).toBe(0);
          expect(s.okWall).toBeGreaterThanOrEqual(back);
          expect(s.okWall).toBeLessThanOrEqual(back + intervalMs * 1.1);
          p.stop();
        }
      }
    }
  });

  it("lets a Retry-After make it ask later, never sooner: 0, a past date or less than the interval", async () => {
    // The complaint: Retry-After: 0 (or a negative number, or a date in the past: a skewed clock)
    // made a request every 250 ms, ~11 times the load of a healthy service.
    for (const [retryAfterMs, gap] of [
      [0, 10_000],
      [3_000, 10_000],
      [30_000, 30_000],
      [600_000, 600_000],
      [900_000, 600_000], // capped at 10 min, as the service's gate caps it (src/api/service-gate.ts)
    ] as const) {
      const starts: number[] = [];
      const p = createPoller({
        fetch: async () => {
          starts.push(Date.now());
          throw new ApiError("rate-limit", "rate limited", { status: 429, retryAfterMs });
        },
        intervalMs: 10_000,
        jitter: 0,
        clock,
      });
      const t0 = Date.now();
      p.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(p.getSnapshot().retryAt).toBe(t0 + gap);
      await vi.advanceTimersByTimeAsync(1_300_000);
      p.stop();
      const gaps = starts.slice(1).map((t, i) => t - (starts[i] ?? 0));
      expect(new Set(gaps), `Retry-After ${retryAfterMs} ms`).toEqual(new Set([gap]));
    }
  });

  it("marks failures in the snapshot and recovers to the normal interval", async () => {
    let fail = true;
    const starts: number[] = [];
    const p = createPoller({
      fetch: async () => {
        starts.push(Date.now());
        if (fail) throw new ApiError("timeout", "no answer in 10 s");
        return "ok";
      },
      intervalMs: 2000,
      jitter: 0,
      random: () => 0.5,
      clock,
    });
    const t0 = Date.now();
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    let s = p.getSnapshot();
    expect(s.failures).toBe(1);
    expect(s.failingSince).toBe(t0);
    expect(s.retryAt).toBe(t0 + 2000);
    fail = false;
    await vi.advanceTimersByTimeAsync(2000);
    s = p.getSnapshot();
    expect(s).toMatchObject({ data: "ok", failures: 0, error: undefined, retryAt: undefined });
    expect(s.failingSince).toBeUndefined();
    expect(s.okWall).toBe(t0 + 2000);
    await vi.advanceTimersByTimeAsync(6000);
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] ?? 0));
    expect(gaps).toEqual([2000, 2000, 2000, 2000]);
    p.stop();
  });

  it("reset keeps data when asked, swaps the fetch function, and fetches at once", async () => {
    const p = createPoller<string>({ fetch: async () => "page 1", intervalMs: 1000, jitter: 0, clock });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    const m = manualFetch<string>();
    p.reset(m.fetch, { keepData: true });
    expect(m.calls).toHaveLength(1);
    expect(p.getSnapshot().data).toBe("page 1"); // shown until page 2 arrives
    m.calls[0]?.resolve("page 2");
    await vi.advanceTimersByTimeAsync(0);
    expect(p.getSnapshot().data).toBe("page 2");
    p.reset();
    expect(p.getSnapshot().data).toBeUndefined();
    expect(p.getSnapshot().okAt).toBeUndefined();
    p.stop();
  });

  it("stop aborts the request in flight and ignores its answer", async () => {
    const m = manualFetch<number>();
    const p = createPoller({ fetch: m.fetch, intervalMs: 1000, clock });
    p.start();
    p.stop();
    expect(m.calls[0]?.signal.aborted).toBe(true);
    m.calls[0]?.resolve(7);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(p.getSnapshot().data).toBeUndefined();
    expect(p.getSnapshot().inFlight).toBe(false);
    expect(m.calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("uses a fresh AbortController for every request", async () => {
    const signals: AbortSignal[] = [];
    const p = createPoller({
      fetch: async (signal) => {
        signals.push(signal);
        return 1;
      },
      intervalMs: 1000,
      jitter: 0,
      clock,
    });
    p.start();
    await vi.advanceTimersByTimeAsync(3000);
    p.stop();
    expect(signals).toHaveLength(4);
    expect(new Set(signals).size).toBe(4);
  });

  it("notifies only on change and never builds a snapshot on read", async () => {
    const p = createPoller({ fetch: async () => 42, intervalMs: 1000, jitter: 0, clock });
    let notified = 0;
    p.subscribe(() => notified++);
    const initial = p.getSnapshot();
    p.refreshNow(); // not started: nothing happens
    p.setInterval(1000); // same interval: nothing happens
    expect(notified).toBe(0);
    expect(p.getSnapshot()).toBe(initial);
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    const after = p.getSnapshot();
    expect(after).not.toBe(initial);
    const n = notified;
    await vi.advanceTimersByTimeAsync(500); // between polls
    expect(notified).toBe(n);
    expect(p.getSnapshot()).toBe(after);
    p.stop();
  });

  it("setInterval re-times the pending poll from the last success", async () => {
    let calls = 0;
    const p = createPoller({
      fetch: async () => ++calls,
      intervalMs: 10_000,
      jitter: 0,
      clock,
    });
    p.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(1);
    p.setInterval(2000);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(3);
    p.stop();
  });

  it("polls at once after a resume while the data was fresh", async () => {
    const starts: number[] = [];
    const p = createPoller({
      fetch: async () => {
        starts.push(Date.now());
        return 1;
      },
      intervalMs: 1000,
      jitter: 0,
      clock,
    });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    wallOffset = 600_000; // ten minutes asleep
    await vi.advanceTimersByTimeAsync(1000);
    expect(starts).toHaveLength(2);
    expect(p.getSnapshot().okWall).toBe(Date.now() + wallOffset); // age reads from the wall clock
    p.stop();
  });

  it("runs 100 000 cycles with at most one timer and no growth in listeners", async () => {
    let n = 0;
    const p = createPoller({ fetch: async () => n++, intervalMs: 1000, jitter: 0.1, clock });
    let maxTimers = 0;
    let notified = 0;
    const unsubscribe = p.subscribe(() => {
      notified++;
      if ((notified & 63) === 0) maxTimers = Math.max(maxTimers, vi.getTimerCount());
    });
    // A listener that comes and goes (as React does on re-mount) must not be kept.
    let stale = 0;
    for (let i = 0; i < 1000; i++) p.subscribe(() => stale++)();
    const heapBefore = process.memoryUsage().heapUsed;
    p.start();
    for (let i = 0; i < 100; i++) {
      await vi.advanceTimersByTimeAsync(1_000_000);
      expect(vi.getTimerCount()).toBeLessThanOrEqual(1);
    }
    expect(n).toBeGreaterThan(90_000);
    expect(maxTimers).toBeLessThanOrEqual(1);
    expect(stale).toBe(0);
    expect(notified).toBe(p.getSnapshot().requests); // one per cycle: the answer (inFlight is silent)
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(20_000_000); // loose: GC timing varies
    unsubscribe();
    p.stop();
    expect(vi.getTimerCount()).toBe(0);
  }, 20_000);
});
