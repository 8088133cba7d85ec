// The index's sweep against the demo service over real HTTP on loopback: every page at the
// per_page the service grants, one request in flight, each id once while jobs shift pages, exact
// events from state.log, same bytes not parsed again, auto off above max, backoff on 429, and the
// last good index kept through a failure.
import { afterEach, describe, expect, it } from "vitest";
import { createClient, type JobClient } from "../../src/api/client.js";
import type { DemoServer } from "../../src/demo/server.js";
import { startDemoServer } from "../../src/demo/server.js";
import { Sweeper, type SweepOptions, type SweepSnapshot } from "../../src/poll/sweep.js";
import { until as untilSnap } from "../helpers/monitor-until.js";

let demo: DemoServer | undefined;
let sweeper: Sweeper | undefined;
afterEach(async () => {
  sweeper?.stop();
  sweeper = undefined;
  await demo?.close();
  demo = undefined;
});

/** A client that counts the list requests in flight at once, and each page it parses. */
function counted(inner: JobClient, onPage?: (page: number) => Promise<void> | void) {
  const c = { inFlight: 0, most: 0, parsed: 0, asked: [] as { page: number; perPage: number }[] };
  const client: JobClient = {
    ...inner,
    listJobs: inner.listJobs,
    async listJobsMapped(q, signal, memo, map) {
      c.inFlight++;
      c.most = Math.max(c.most, c.inFlight);
      c.asked.push({ page: q.page, perPage: q.perPage });
      try {
        const out = await (inner.listJobsMapped as NonNullable<JobClient["listJobsMapped"]>)(
          q,
          signal,
          memo,
          (p) => {
            c.parsed++;
            return map(p);
          },
        );
        await onPage?.(q.page);
        return out;
      } finally {
        c.inFlight--;
      }
    },
  };
  return { client, c };
}

async function start(
  serverOpts: Parameters<typeof startDemoServer>[0],
  o: Partial<SweepOptions> = {},
  onPage?: (page: number) => Promise<void> | void,
) {
  demo = await startDemoServer({ port: 0, tickMs: 0, ...serverOpts });
  const { client, c } = counted(createClient({ baseUrl: demo.url, token: demo.token }), onPage);
  sweeper = new Sweeper({ client, mode: "on", intervalMs: 1000, ...o });
  sweeper.start();
  return { c, s: sweeper, d: demo };
}

/** The service's own view: every job id and status, from one page of all. */
function service(d: DemoServer): Map<string, number> {
  const out = new Map<string, number>();
  for (let id = 1; id <= 100_000; id++) {
    const j = d.getJob(id);
    if (j) out.set(String(id), j.status);
    else if (id > 5000) break;
  }
  return out;
}

const until = (s: Sweeper, test: (x: SweepSnapshot) => boolean, ms = 15_000) => untilSnap(s, test, ms);

describe("Sweeper", () => {
  it("sweeps every page at the per_page the service grants, one request in flight, counts equal the service's", async () => {
    const { c, s, d } = await start({ jobCount: 137, maxPerPage: 20 });
    const snap = await until(s, (x) => x.seq >= 1);
    expect(snap.perPage).toBe(20);
    // Asked big once, then what it granted: ceil(137 / 20) = 7 requests.
    expect(c.asked).toEqual([
      { page: 1, perPage: 1000 },
      ...[2, 3, 4, 5, 6, 7].map((page) => ({ page, perPage: 20 })),
    ]);
    expect(c.most).toBe(1);
    const truth = service(d);
    expect(snap.index.entries.size).toBe(137);
    for (const [id, status] of truth) expect(snap.index.entries.get(id)?.status).toBe(status);
    const counts = new Map<number, number>();
    for (const st of truth.values()) counts.set(st, (counts.get(st) ?? 0) + 1);
    expect(new Map(snap.index.counts)).toEqual(counts);
    expect(snap.total).toBe(137);
  });

  it("waits the interval between sweeps, reads an unchanged page less often, and parses no page again whose answer is the same bytes", async () => {
    const { c, s } = await start({ jobCount: 60, maxPerPage: 20 });
    await until(s, (x) => x.sweeps >= 1);
    const [parsedFirst, askedFirst] = [c.parsed, c.asked.length];
    const t0 = Date.now();
    await until(s, (x) => x.sweeps >= 3);
    // Two more sweeps took two intervals (1 s, ±10 % jitter), not a burst.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1500);
    // Sweep 2 read the 3 pages again (one interval after their first read): unchanged, page 1
    // parsed once more (sweep 1 asked it at per_page 1000). Sweep 3 read none: a page read
    // unchanged waits two intervals, then four … up to ten.
    expect(c.asked.slice(askedFirst)).toEqual([1, 2, 3].map((page) => ({ page, perPage: 20 })));
    expect(c.parsed - parsedFirst).toBe(1);
    expect(c.most).toBe(1);
  });

  it("shows a job on page 4 that went 6 → 1 → 2 between sweeps as two events, at the log's times", async () => {
    const { s, d } = await start({ jobCount: 120, maxPerPage: 20 });
    await until(s, (x) => x.seq >= 1);
    // Newest first: page 4 of 20 holds jobs 60 … 41. One of them still queued.
    let id = 0;
    for (let i = 60; i > 40 && id === 0; i--) if (d.getJob(i)?.status === 6) id = i;
    expect(id, "the demo's world (seed 42) has a queued job on page 4").toBeGreaterThan(0);
    const e1 = d.advance(id);
    const e2 = d.advance(id);
    const seq = s.getSnapshot().seq;
    // Read within two more sweeps: the second reads pages 1–3 (its budget), the third 4–6.
    const snap = await until(s, (x) => x.seq > seq && x.events.length > 0);
    expect(snap.events.map((e) => [e.id, e.from, e.to, e.ts, e.entryId])).toEqual([
      [String(id), 6, 1, e1?.ts.seconds, String(e1?.id)],
      [String(id), 1, 2, e2?.ts.seconds, String(e2?.id)],
    ]);
    // And not again on the next sweep.
    const later = await until(s, (x) => x.sweeps > snap.sweeps);
    expect(later.events).toEqual([]);
  });

  it("gives each id once while jobs shift pages during a sweep (gone ones pull up, new ones push down)", async () => {
    let shift: (() => void) | undefined;
    // Every page read every sweep, as the first sweep reads them: how a sweep merges pages that shift.
    const every = { budget: { pages: 100, bytes: 1e9 }, periodMax: 1 };
    const { s, d } = await start({ jobCount: 120, maxPerPage: 20 }, every, (page) => {
      if (page !== 2 || !shift) return;
      shift();
      shift = undefined;
    });
    const check = (snap: SweepSnapshot) => {
      const ids = [...snap.index.entries.keys()];
      expect(new Set(ids).size).toBe(ids.length);
      let counted = 0;
      for (const n of snap.index.counts.values()) counted += n;
      expect(counted).toBe(ids.length);
    };
    await until(s, (x) => x.sweeps >= 1);
    // Between pages 2 and 3: three jobs of page 1 go, so three of page 3 move up to page 2,
    // already read: this sweep misses them. They stay from the last sweep; nothing is lost.
    shift = () => {
      for (const id of [118, 117, 116]) d.removeJob(id);
    };
    const missed = await until(s, (x) => x.sweeps >= 2);
    check(missed);
    expect(missed.index.missed.size).toBe(3);
    for (const id of service(d).keys()) expect(missed.index.entries.has(id)).toBe(true);
    // Then five new jobs: page 3 repeats five jobs of page 2. Each id still once.
    shift = () => {
      for (let i = 0; i < 5; i++) d.addJob();
    };
    const pushed = await until(s, (x) => x.sweeps >= 3);
    check(pushed);
    for (const id of service(d).keys())
      if (Number(id) <= 120) expect(pushed.index.entries.has(id)).toBe(true);
    // The three gone ones: missed by two sweeps in a row, dropped.
    const after = await until(s, (x) => x.sweeps >= 4);
    check(after);
    expect(after.index.entries.has("117")).toBe(false);
    expect(after.index.entries.size).toBe(service(d).size);
  });

  it("auto: off above max, with a reason, and one small request per interval", async () => {
    const { c, s } = await start({ jobCount: 120, maxPerPage: 20 }, { mode: "auto", max: 50 });
    const snap = await until(s, (x) => x.seq >= 1);
    expect(snap.reason).toBe("index off: 120 jobs > index_max 50");
    expect(snap.index.entries.size).toBe(0);
    const [asked, served] = [c.asked.length, demo?.requestCount() ?? 0];
    await new Promise((r) => setTimeout(r, 2500));
    // While off: one request of one job per interval (listJobs, no page of a sweep).
    expect(c.asked.length).toBe(asked);
    const probes = (demo?.requestCount() ?? 0) - served;
    expect(probes).toBeGreaterThanOrEqual(1);
    expect(probes).toBeLessThanOrEqual(3);
  });

  it("auto: a service whose total lies (0) is still off once the sweep has seen more than max jobs", async () => {
    // A total the pages contradict is not believed (model/page.ts), so auto could not see that it
    // was above max and swept every page: a hostile service that says 0 with a million pages of
    // new ids would be swept whole into memory. The jobs seen count as well as the total said.
    demo = await startDemoServer({ port: 0, tickMs: 0, jobCount: 120, maxPerPage: 20 });
    const inner = createClient({ baseUrl: demo.url, token: demo.token });
    const asked: number[] = [];
    const client: JobClient = {
      ...inner,
      listJobsMapped: undefined,
      async listJobs(q, signal) {
        asked.push(q.page);
        const p = await inner.listJobs(q, signal);
        return { ...p, pagination: { ...p.pagination, total: 0 } };
      },
    };
    sweeper = new Sweeper({ client, mode: "auto", max: 50, intervalMs: 1000 });
    sweeper.start();
    const snap = await until(sweeper, (x) => x.seq >= 1);
    expect(snap.index.entries.size).toBe(0);
    expect(snap.reason).toBe("index off: 60+ jobs > index_max 50");
    // Pages of 20: the third page passes 50; the other three are never asked for.
    expect(asked).toEqual([1, 2, 3]);
  });

  it("on: a service that ignores page and names a million pages is asked until a page brings no new job", async () => {
    // --once --all stops there (modes/once-all.ts); the sweep asked for every page named, a
    // million requests per interval, each the same first page.
    demo = await startDemoServer({ port: 0, tickMs: 0, jobCount: 40, maxPerPage: 20 });
    const inner = createClient({ baseUrl: demo.url, token: demo.token });
    const asked: number[] = [];
    const client: JobClient = {
      ...inner,
      listJobsMapped: undefined,
      async listJobs(q, signal) {
        asked.push(q.page);
        const p = await inner.listJobs({ ...q, page: 1 }, signal);
        return {
          ...p,
          pagination: { ...p.pagination, page: q.page, numPages: 1_000_000, total: 20_000_000 },
        };
      },
    };
    sweeper = new Sweeper({ client, mode: "on", intervalMs: 60_000 });
    sweeper.start();
    const snap = await until(sweeper, (x) => x.seq >= 1);
    expect(snap.index.entries.size).toBe(20);
    expect(asked).toEqual([1, 2]);
  });

  it("auto: on at or below max", async () => {
    const { s } = await start({ jobCount: 40, maxPerPage: 20 }, { mode: "auto", max: 40 });
    const snap = await until(s, (x) => x.seq >= 1);
    expect(snap.reason).toBeUndefined();
    expect(snap.index.entries.size).toBe(40);
  });

  it("off: no request at all", async () => {
    const { c, s } = await start({ jobCount: 40 }, { mode: "off" });
    await new Promise((r) => setTimeout(r, 300));
    expect(c.asked).toEqual([]);
    expect(s.getSnapshot().index.entries.size).toBe(0);
    expect(demo?.requestCount()).toBe(0);
  });

  it("keeps the last good index through failures, with its age; a 429's Retry-After backs it off", async () => {
    const { s, d } = await start({ jobCount: 60, maxPerPage: 20, retryAfterSec: 3 });
    const good = await until(s, (x) => x.seq >= 1);
    d.injectFault("500", 1, "/v1/job/jobs");
    const failing = await until(s, (x) => x.poll.failures >= 1);
    expect(failing.index).toBe(good.index);
    expect(failing.poll.okWall).toBe(good.poll.okWall);
    d.injectFault("429", 1, "/v1/job/jobs");
    const before = d.requestCount();
    const limited = await until(s, (x) => x.poll.failures >= 2);
    const t0 = Date.now();
    expect(limited.index).toBe(good.index);
    // Retry-After 3 s, not the 1 s interval.
    await until(s, () => d.requestCount() > before + 1, 10_000);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2500);
    const back = await until(s, (x) => x.poll.failures === 0);
    expect(back.index.entries.size).toBe(60);
  });

  it("asks for fewer jobs a page when an answer is over the client's size cap", async () => {
    demo = await startDemoServer({ port: 0, tickMs: 0, maxPerPage: 1000 });
    const client = createClient({ baseUrl: demo.url, token: demo.token, maxBodyBytes: 50_000 });
    sweeper = new Sweeper({ client, mode: "on", intervalMs: 60_000 });
    sweeper.start();
    const snap = await until(sweeper, (x) => x.seq >= 1);
    expect(snap.index.entries.size).toBe(120);
    // 1000, 250, 62: too large (120 jobs of ~1.3 KB); 15 fits.
    expect(snap.perPage).toBe(15);
  });

  it("refuses an interval under 1 s", () => {
    const client = createClient({ baseUrl: "http://127.0.0.1:9", token: "t" });
    expect(() => new Sweeper({ client, mode: "on", intervalMs: 999 })).toThrow(/1 s/);
  });
});
