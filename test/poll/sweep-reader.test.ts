// How the sweep asks for one page (src/poll/sweep-reader.ts), against the demo service over real
// HTTP on loopback: counted (requests, bytes), its jobs handed on, a page answered the same as last
// time given back unparsed (the demo's ETag: a 304) and said (onSameJobs), forgotten pages asked
// for in full, and each request paced gapMs after the last. The sweeps that use it are tested in
// sweep.test.ts and sweep-adaptive.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.js";
import type { Job } from "../../src/api/schema.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import type { Clock } from "../../src/poll/poller.js";
import { SweepReader } from "../../src/poll/sweep-reader.js";

let demo: DemoServer | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

/** A clock standing at 0 whose timers fire at once, keeping each wait it was asked for. */
function stillClock() {
  const waits: number[] = [];
  const clock: Clock = {
    now: () => 0,
    wall: () => 0,
    setTimeout: (fn, ms) => {
      waits.push(ms);
      return setImmediate(fn);
    },
    clearTimeout: (h) => clearImmediate(h as ReturnType<typeof setImmediate>),
  };
  return { clock, waits };
}

async function reader(gapMs = 0) {
  demo = await startDemoServer({ port: 0, tickMs: 0, jobCount: 30 });
  const client = createClient({ baseUrl: demo.url, token: demo.token });
  const heard: (readonly Job[])[] = [];
  const same: (readonly string[])[] = [];
  const { clock, waits } = stillClock();
  const r = new SweepReader({
    client,
    order: "desc",
    clock,
    gapMs,
    nowSec: () => 1_700_000_000,
    onJobs: (jobs) => heard.push(jobs),
    onSameJobs: (ids) => same.push(ids),
  });
  return { r, heard, same, waits, d: demo };
}

const signal = new AbortController().signal;
const none = () => undefined;

describe("SweepReader", () => {
  it("reads a page, counts its request and bytes, and hands its jobs on", async () => {
    const { r, heard, same } = await reader();
    const got = await r.read(1, 10, signal, none, true);
    expect(got.count).toBe(10);
    expect(got.page.entries).toHaveLength(10);
    expect(heard).toHaveLength(1);
    expect(heard[0]?.map((j) => j.id)).toEqual(got.page.entries.map((e) => e.id));
    expect(same).toEqual([]);
    expect(r.requests).toBe(1);
    expect(r.bytes).toBeGreaterThan(1000);
    expect(r.weighed).toBe(r.bytes);
  });

  it("gives a page answered the same back unparsed, and says its ids; forgotten, it is read in full", async () => {
    const { r, heard, same, d } = await reader();
    const first = await r.read(2, 10, signal, none, true);
    const full = r.weighed;
    const again = await r.read(2, 10, signal, none, true);
    expect(d.notModifiedCount()).toBe(1);
    expect(again).toBe(first);
    expect(heard).toHaveLength(1);
    expect(same).toEqual([first.page.entries.map((e) => e.id)]);
    expect(r.weighed).toBeLessThan(full / 2);
    expect(r.requests).toBe(2);
    r.forget(() => false);
    const third = await r.read(2, 10, signal, none, true);
    expect(d.notModifiedCount()).toBe(1);
    expect(third).not.toBe(first);
    expect(heard).toHaveLength(2);
    expect(same).toHaveLength(1);
    expect(r.weighed).toBe(full);
  });

  it("keeps no memo of a probe (remember false): counted, its jobs handed on each time, never said the same", async () => {
    const { r, heard, same } = await reader();
    await r.read(1, 1, signal, none, false);
    await r.read(1, 1, signal, none, false);
    expect(r.requests).toBe(2);
    expect(heard).toHaveLength(2);
    expect(same).toEqual([]);
    // The client's plain listJobs says nothing of its bytes: none counted.
    expect(r.bytes).toBe(0);
    expect(r.weighed).toBe(0);
  });

  it("waits gapMs after the sweeps' last request before the next, none before the first", async () => {
    const { r, waits } = await reader(250);
    await r.read(1, 5, signal, none, true);
    expect(waits).toEqual([]);
    await r.read(2, 5, signal, none, true);
    expect(waits).toEqual([250]);
  });
});
