// The service's one backoff (src/api/service-gate.ts) under fake timers, and the client and the
// pollers obeying it over real HTTP: a 429 or 503 to one request holds every other.
import { createServer } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClient } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { type GateClock, HOLD_MAX_MS, HOLD_MIN_MS, ServiceGate } from "../../src/api/service-gate.js";
import { PollGroup } from "../../src/poll/poll-group.js";
import { type Clock, createPoller } from "../../src/poll/poller.js";

const clock: GateClock & Clock = {
  now: () => Date.now(),
  wall: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

describe("the gate", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("floors a Retry-After of 0 or less to a second and caps a huge one at 10 min", () => {
    for (const [asked, held] of [
      [0, HOLD_MIN_MS],
      [-5000, HOLD_MIN_MS],
      [300, HOLD_MIN_MS],
      [8000, 8000],
      [86_400_000, HOLD_MAX_MS],
    ] as const) {
      const gate = new ServiceGate(clock);
      expect(gate.limited(429, asked, clock.now()), `Retry-After ${asked} ms`).toBe(held);
      expect(gate.heldMs()).toBe(held);
    }
  });

  it("without a Retry-After, backs off from ~2 s, doubling to a minute; a success starts it again", () => {
    const gate = new ServiceGate(clock, () => 1);
    const holds: number[] = [];
    for (let i = 0; i < 8; i++) holds.push(gate.limited(503, undefined, clock.now()));
    expect(holds).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    const sentAt = clock.now();
    gate.answered(sentAt);
    expect(gate.heldMs()).toBe(0);
    expect(gate.limited(503, undefined, clock.now())).toBe(2000);
    const jittered = new ServiceGate(clock, () => 0);
    expect(jittered.limited(429, undefined, clock.now())).toBe(1000); // equal jitter: half the step at least
  });

  it("a later, shorter answer never shortens a hold; it ends by itself and tells so", async () => {
    const gate = new ServiceGate(clock);
    const told: (string | undefined)[] = [];
    gate.subscribe(() => told.push(gate.current()?.reason));
    gate.limited(503, 10_000, clock.now());
    gate.limited(429, 2000, clock.now());
    expect(gate.heldMs()).toBe(10_000);
    await vi.advanceTimersByTimeAsync(9999);
    expect(gate.heldMs()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(gate.heldMs()).toBe(0);
    expect(gate.current()).toBeUndefined();
    expect(told).toEqual(["service unavailable", "rate limited", undefined]);
  });

  it("ends after a sleep of the machine: the wall clock's end comes first when the monotonic one stood still", () => {
    let mono = 0;
    let wall = 1_000_000;
    const gate = new ServiceGate({ ...clock, now: () => mono, wall: () => wall });
    gate.limited(429, 600_000, 0);
    mono += 1000;
    wall += 60 * 60_000; // an hour asleep: the monotonic clock moved a second
    expect(gate.heldMs()).toBe(0);
    wall -= 2 * 60 * 60_000; // a wall clock set back two hours: the monotonic clock still ends it
    expect(gate.heldMs()).toBe(599_000);
  });

  it("a success lifts the hold only for a request sent after the hold began", async () => {
    const gate = new ServiceGate(clock);
    const before = clock.now();
    await vi.advanceTimersByTimeAsync(10);
    gate.limited(429, 30_000, clock.now());
    gate.answered(before); // sent before the 429: proves nothing
    expect(gate.heldMs()).toBe(30_000);
    gate.answered(clock.now()); // r's request, answered
    expect(gate.heldMs()).toBe(0);
  });

  it("pass waits out the hold, lets an exempt signal through at once, and gives up on abort", async () => {
    const gate = new ServiceGate(clock);
    gate.limited(429, 5000, clock.now());
    let passed = false;
    void gate.pass(undefined).then(() => {
      passed = true;
    });
    const r = new AbortController();
    gate.exempt(r.signal);
    await expect(gate.pass(r.signal)).resolves.toBeUndefined();
    const aborted = new AbortController();
    const gaveUp = gate.pass(aborted.signal);
    aborted.abort();
    await expect(gaveUp).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(4999);
    expect(passed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(passed).toBe(true);
  });

  it("holds every poller of the group: none sends until it passes, then each goes; r goes at once", async () => {
    const gate = new ServiceGate(clock);
    const group = new PollGroup(gate);
    const sent: string[] = [];
    const make = (name: string, intervalMs: number, fail?: () => unknown) =>
      createPoller({
        fetch: async () => {
          sent.push(name);
          const e = fail?.();
          if (e) throw e;
          return name;
        },
        intervalMs,
        jitter: 0,
        clock,
        group,
      });
    let limited = true;
    const page = make("page", 10_000, () => {
      if (!limited) return undefined;
      gate.limited(503, 10_000, clock.now());
      return new ApiError("rate-limit", "service unavailable (HTTP 503, retry after 10s)", {
        status: 503,
        retryAfterMs: 10_000,
      });
    });
    const job = make("job", 1000);
    const pin = make("pin", 2000);
    job.start();
    pin.start();
    await vi.advanceTimersByTimeAsync(0);
    page.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(["job", "pin", "page"]);
    sent.length = 0;
    await vi.advanceTimersByTimeAsync(9000);
    expect(sent).toEqual([]); // 9 s: the job (1 s) and the pin (2 s) asked nothing
    job.refreshNow(true); // r
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(["job"]);
    sent.length = 0;
    limited = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.sort()).toEqual(["job", "page", "pin"]); // 10 s: each asks again, the page answered
    for (const p of [page, job, pin]) p.stop();
  });
});

describe("the client", () => {
  it("holds its next request after a 503 with Retry-After, and says how long in the error", async () => {
    const times: number[] = [];
    const server = createServer((_req, res) => {
      times.push(Date.now());
      if (times.length === 1) res.writeHead(503, { "retry-after": "1" }).end();
      else res.writeHead(200, { "content-type": "application/json" }).end('{"code":0,"msg":"","job":null}');
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const addr = server.address();
    const port = typeof addr === "object" && addr ? addr.port : 0;
    try {
      const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, token: "secret-token" });
      const e = await client.getJob("1").catch((x: unknown) => x as ApiError);
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).details).toMatchObject({ status: 503, retryAfterMs: 1000 });
      expect(client.gate?.current()?.reason).toBe("service unavailable");
      // Another request of the same client (another job) waits the second out before it is sent.
      await client.getJob("2").catch(() => undefined);
      expect(times).toHaveLength(2);
      expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(950);
      expect(client.gate?.current()).toBeUndefined();
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
