// Issue 29.2: every sweep of the index is bounded, against a hostile service over real HTTP on
// loopback (test/helpers/hostile-service.ts: every page brings jobs never seen before, and the
// pagination lies). Pages by what the first answer announced (plus a few for pages that shift),
// jobs by index_max (`index = on` too), requests paced by a minimum gap; a sweep that stops says
// why in one line. Each test waits on the sweeper's own report, never on a fixed time.
import { afterEach, describe, expect, it } from "vitest";
import { createClient, type JobClient } from "../../src/api/client.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { Sweeper, type SweepOptions, type SweepSnapshot } from "../../src/poll/sweep.js";
import { sweepGapMs } from "../../src/poll/walk-bounds.js";
import { type HostileOptions, type HostileService, startHostileService } from "../helpers/hostile-service.js";
import { until as untilSnap } from "../helpers/monitor-until.js";

let svc: HostileService | undefined;
let demo: DemoServer | undefined;
let sweeper: Sweeper | undefined;
afterEach(async () => {
  sweeper?.stop();
  sweeper = undefined;
  await svc?.close();
  svc = undefined;
  await demo?.close();
  demo = undefined;
});

async function hostile(h: HostileOptions, o: Partial<SweepOptions>) {
  svc = await startHostileService(h);
  sweeper = new Sweeper({
    client: createClient({ baseUrl: svc.url, token: svc.token }),
    mode: "on",
    intervalMs: 1000,
    ...o,
  });
  sweeper.start();
  return { s: sweeper, svc };
}

const lists = (x: HostileService) => x.requests.filter((r) => r.path === "/v1/job/jobs");

const until = (s: Sweeper, test: (x: SweepSnapshot) => boolean, ms = 20_000) => untilSnap(s, test, ms);

describe("a sweep against a service whose pages never end", () => {
  it("stops at the pages page 1 announced, plus two, says why in one line, and again each interval", async () => {
    // Page 1 announces 3 pages of 100 (total 300), then each answer two pages more: unbounded,
    // the sweep asked for 2 431 pages in 30 s (issue 29.2).
    const { s, svc: x } = await hostile({ total: "grow" }, {});
    const first = await until(s, (snap) => snap.stopped !== undefined);
    expect(first.stopped).toBe("index stopped at page 5 of 3 announced");
    expect(first.stopped).not.toContain("\n");
    // 3 announced + 2 for pages that shift while sweeping.
    expect(lists(x).length).toBe(5);
    // Nothing of a sweep that did not end is taken for the account.
    expect(first.index.entries.size).toBe(0);
    // The next sweep's page 1 announces 8 pages (600 jobs made up, and two pages more): 10.
    const second = await until(s, (snap) => snap.poll.failures >= 2);
    expect(second.stopped).toBe("index stopped at page 10 of 8 announced");
    expect(lists(x).length).toBe(15);
    expect(x.invented()).toBe(1500);
  });

  it("index = on obeys index_max: a total of ten million holds the first index_max jobs, and says so", async () => {
    const { s, svc: x } = await hostile({ total: 10_000_000 }, { max: 450 });
    const snap = await until(s, (y) => y.seq >= 1);
    expect(snap.index.entries.size).toBe(450);
    expect(snap.partial).toEqual({ held: 450, total: 10_000_000 });
    // ceil(450 / 100) pages, not a hundred thousand.
    expect(lists(x).length).toBe(5);
    // The next sweeps read what their budget affords (3 pages), each page new again here.
    const next = await until(s, (y) => y.sweeps >= 2);
    expect(next.index.entries.size).toBeLessThanOrEqual(450);
    expect(lists(x).length).toBe(5 + 3);
  });

  it("auto: rows beyond what per_page says count against index_max as they come", async () => {
    // Says 100 a page and a total of 250, sends 1000 rows a page.
    const { s, svc: x } = await hostile({ total: 250, rows: 1000 }, { mode: "auto", max: 1500 });
    const snap = await until(s, (y) => y.reason !== undefined);
    expect(snap.reason).toBe("index off: 2000+ jobs > index_max 1500");
    expect(snap.index.entries.size).toBe(0);
    expect(lists(x).length).toBe(2);
  });
});

describe("a sweep of a fast service", () => {
  it("is paced: a minimum gap between its requests, not a burst", async () => {
    demo = await startDemoServer({ port: 0, tickMs: 0, jobCount: 120, maxPerPage: 20 });
    const inner = createClient({ baseUrl: demo.url, token: demo.token });
    const times: number[] = [];
    const client: JobClient = {
      ...inner,
      listJobsMapped(q, signal, memo, map) {
        times.push(performance.now());
        return (inner.listJobsMapped as NonNullable<JobClient["listJobsMapped"]>)(q, signal, memo, map);
      },
    };
    sweeper = new Sweeper({ client, mode: "on", intervalMs: 30_000 });
    sweeper.start();
    await until(sweeper, (y) => y.seq >= 1);
    expect(times.length).toBe(6);
    const gap = sweepGapMs(30_000);
    expect(gap).toBe(250);
    for (let i = 1; i < times.length; i++)
      expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(gap - 5);
  });
});
