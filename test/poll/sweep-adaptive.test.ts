// Issue 31, the sweep's side: requests spent where things change, against the demo service over
// real HTTP (2000 jobs, pages of 100). An unchanged page is read less often (its period doubles up
// to a cap), a new job at the head costs page 1 and page 2 (page 2 is page 1's tail and the rest
// shifted: the same page), a job gone from page 7 is found by reading from the head until a page
// matches again, a change on a page not due is seen within the cap, and a sweep reads no more
// than its byte budget. Sweeps every second here; each test waits on the sweeps it counts.
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { realClock } from "../../src/poll/poller.js";
import { Sweeper, type SweepOptions, type SweepSnapshot } from "../../src/poll/sweep.js";
import { until as untilSnap } from "../helpers/monitor-until.js";
import { specJob } from "../helpers/payloads.js";
import { pageOf, type ScriptedService, startScriptedService } from "../helpers/scripted-service.js";

let demo: DemoServer | undefined;
let svc: ScriptedService | undefined;
let sweeper: Sweeper | undefined;
afterEach(async () => {
  sweeper?.stop();
  sweeper = undefined;
  await demo?.close();
  demo = undefined;
  await svc?.close();
  svc = undefined;
});

/** A scripted service of `jobs` (read live) in pages of 100, and a sweeper of it every second. */
async function sweepOf(jobs: readonly unknown[], o: Partial<SweepOptions> = {}): Promise<Sweeper> {
  svc = await startScriptedService({
    list: (q) =>
      pageOf(jobs.slice((q.page - 1) * 100, q.page * 100), { ...q, perPage: 100 }, { total: jobs.length }),
  });
  sweeper = new Sweeper({
    client: createClient({ baseUrl: svc.url, token: svc.token }),
    mode: "on",
    intervalMs: 1000,
    ...o,
  });
  return sweeper;
}

/** The sweeper, and the requests each finished sweep sent (index 1: the first sweep's). */
async function start(o: Partial<SweepOptions>) {
  demo = await startDemoServer({ port: 0, tickMs: 0, jobCount: 2000, maxPerPage: 100 });
  const s = new Sweeper({
    client: createClient({ baseUrl: demo.url, token: demo.token }),
    mode: "on",
    intervalMs: 1000,
    ...o,
  });
  sweeper = s;
  const reads: number[] = [0];
  let seen = 0;
  s.subscribe(() => {
    const x = s.getSnapshot();
    if (x.sweeps === seen) return;
    seen = x.sweeps;
    reads[x.sweeps] = x.requests - reads.slice(0, x.sweeps).reduce((a, b) => a + (b ?? 0), 0);
  });
  s.start();
  return { s, d: demo, reads };
}

/** Reads of an unchanged account with pages capped at 8 sweeps: every page at sweeps 1, 2, 4 and 8, none at 9–15. */
const EIGHT = { periodMax: 8, budget: { pages: 100, bytes: 1e9 } };

const until = (s: Sweeper, test: (x: SweepSnapshot) => boolean, ms = 40_000) => untilSnap(s, test, ms);

describe("the sweep of 2000 jobs", () => {
  it("reads an unchanged page less often: every sweep, then every 2, 4, 8 (the cap), not 20 pages a sweep", async () => {
    const { s, reads } = await start(EIGHT);
    await until(s, (x) => x.sweeps >= 12);
    expect(reads[1]).toBe(20);
    expect(reads[2]).toBe(20);
    expect(reads.slice(9, 12)).toEqual([0, 0, 0]);
    // 11 sweeps: 80 requests (20 at 1, 2, 4, 8), where each sweep read all 20 pages: 220.
    let sum = 0;
    for (const r of reads.slice(1, 12)) sum += r ?? 0;
    expect(sum).toBe(80);
    expect(s.getSnapshot().index.entries.size).toBe(2000);
  }, 60_000);

  it("a new job at the head (the page poll saw the total): the next sweep reads page 1 and page 2 only", async () => {
    const { s, d, reads } = await start(EIGHT);
    const quiet = await until(s, (x) => x.sweeps >= 9);
    const job = d.addJob();
    s.pageTotal(2001);
    const after = await until(s, (x) => x.sweeps >= quiet.sweeps + 1);
    expect(reads[quiet.sweeps + 1]).toBe(2);
    expect(after.index.entries.size).toBe(2001);
    expect(after.index.entries.has(String(job.id))).toBe(true);
    // Its order is the service's: the new job first, the rest as they were.
    expect([...after.index.entries.keys()].slice(0, 3)).toEqual([String(job.id), "2000", "1999"]);
  }, 60_000);

  it("a job gone from page 7: read from the head until a page matches again, then dropped", async () => {
    const { s, d, reads } = await start(EIGHT);
    const quiet = await until(s, (x) => x.sweeps >= 9);
    // Desc: page 7 holds 1400 … 1301.
    expect(d.removeJob(1350)).toBe(true);
    s.pageTotal(1999);
    const found = await until(s, (x) => x.sweeps >= quiet.sweeps + 1);
    // Pages 1–6 as they were, 7 without it, 8 its old view shifted up by one: 8 of 20.
    expect(reads[quiet.sweeps + 1]).toBe(8);
    expect(found.index.missed.has("1350")).toBe(true);
    // The page before is read again to be sure; then it is gone.
    const gone = await until(s, (x) => !x.index.entries.has("1350"));
    expect(gone.index.entries.size).toBe(1999);
    expect(gone.sweeps).toBe(quiet.sweeps + 2);
  }, 60_000);

  it("a change on a page not due (no total moved) is seen within the cap: 8 sweeps", async () => {
    const { s, d } = await start(EIGHT);
    const quiet = await until(s, (x) => x.sweeps >= 9);
    // Page 15 holds 600 … 501: one of them queued, moved on.
    let id = 0;
    for (let i = 600; i > 500 && id === 0; i--) if (d.getJob(i)?.status === 6) id = i;
    expect(id, "the demo's world (seed 42) has a queued job on page 15").toBeGreaterThan(0);
    d.advance(id);
    const seen = await until(s, (x) => x.events.some((e) => e.id === String(id)));
    expect(seen.sweeps - quiet.sweeps).toBeLessThanOrEqual(8);
  }, 60_000);

  it("a sweep that fails half way is retried as it was, not as a sweep of every page", async () => {
    const { s, d, reads } = await start(EIGHT);
    const quiet = await until(s, (x) => x.sweeps >= 9);
    d.addJob();
    s.pageTotal(2001);
    d.injectFault("500", 1, "/v1/job/jobs");
    await until(s, (x) => x.poll.failures >= 1);
    await until(s, (x) => x.sweeps > quiet.sweeps);
    // The failed page 1, then pages 1 and 2 again: 3 requests, not 1 + 20.
    expect(reads[quiet.sweeps + 1]).toBe(3);
    expect(s.getSnapshot().index.entries.size).toBe(2001);
  }, 60_000);

  it("after the machine slept (its wall clock an hour on, the monotonic one not), reads every page again", async () => {
    let slept = 0;
    const { s, reads } = await start({ ...EIGHT, clock: { ...realClock, wall: () => Date.now() + slept } });
    const quiet = await until(s, (x) => x.sweeps >= 9);
    slept = 3_600_000;
    await until(s, (x) => x.sweeps > quiet.sweeps);
    expect(reads[quiet.sweeps + 1]).toBe(20);
  }, 60_000);

  it("a service ordered by update time moves a changed job from page 12 to the head: no job leaves the index", async () => {
    // The spec leaves what `order` sorts by open. One job moving up from position 1150 was read as
    // the 1150 jobs before it gone: 551 of them left the index for two sweeps (2000 → 1449 → 1749).
    const jobs = Array.from(
      { length: 2000 },
      (_, i) =>
        specJob(2000 - i) as { id: number; status: number; state: { status: number; log: unknown[] } },
    );
    const s = await sweepOf(jobs);
    const sizes: number[] = [];
    let seen = 0;
    s.subscribe(() => {
      const snap = s.getSnapshot();
      if (snap.sweeps === seen) return;
      seen = snap.sweeps;
      sizes.push(snap.index.entries.size);
      if (snap.sweeps !== 3) return;
      const i = jobs.findIndex((j) => j.id === 850);
      const [j] = jobs.splice(i, 1) as [(typeof jobs)[number]];
      j.status = 3;
      j.state = {
        status: 3,
        log: [...j.state.log, { id: 9, status: 3, ts: { seconds: 1_700_000_999 }, sourceId: 1 }],
      };
      jobs.unshift(j);
    });
    s.start();
    const moved = await until(s, (x) => x.events.some((e) => e.id === "850"));
    await until(s, (x) => x.sweeps >= moved.sweeps + 4);
    expect(Math.min(...sizes)).toBe(2000);
    expect(s.getSnapshot().index.entries.get("850")?.status).toBe(3);
  }, 60_000);

  it("reads no more than its byte budget a sweep after the first, the most overdue pages first", async () => {
    // A service without ETags (each answer a full 200): pages of 100 jobs of ~1.5 kB weigh ~150 kB,
    // so a budget of 50 kB affords one a sweep.
    const jobs = Array.from({ length: 2000 }, (_, i) => specJob(2000 - i));
    const s = await sweepOf(jobs, { budget: { pages: 100, bytes: 50_000 } });
    const x = svc as ScriptedService;
    const perSweep: number[] = [];
    let seen = 0;
    s.subscribe(() => {
      const snap = s.getSnapshot();
      if (snap.sweeps === seen) return;
      seen = snap.sweeps;
      perSweep.push(x.requests.length);
    });
    s.start();
    await until(s, (y) => y.sweeps >= 6);
    const reads = perSweep.map((n, i) => n - (perSweep[i - 1] ?? 0));
    expect(reads.slice(0, 6)).toEqual([20, 1, 1, 1, 1, 1]);
    // The most overdue first: pages 1 to 5, one a sweep.
    expect(x.requests.slice(20, 25).map((r) => r.query.get("page"))).toEqual(["1", "2", "3", "4", "5"]);
  }, 60_000);
});
