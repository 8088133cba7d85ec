// The Monitor's watch rules under fake timers, fed by a scripted client: status-change events,
// pinned jobs polled wherever they are (and only where nothing else polls them), pause, and the
// job interval changed by + and -.
import { describe, expect, it, vi } from "vitest";
import type { JobClient, JobPage } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { type Job, JobSchema } from "../../src/api/schema.js";
import { EVENTS_MAX } from "../../src/model/events.js";
import { fakeTimedMonitors } from "../helpers/fake-monitor.js";
import { specJob } from "../helpers/payloads.js";

/** A job whose log ends in `status`, `steps` entries after the spec job's three (so it is newer). */
function job(id: number | string, status = 2, steps = 0): Job {
  const base = JobSchema.parse(specJob(101, { id, displayID: `j-${id}` }));
  const log = base.state.log.slice();
  for (let i = 1; i <= steps; i++)
    log.push({
      id: String(100 + i),
      status: i === steps ? status : 2,
      ts: { seconds: 1_700_000_120 + i * 60 },
      sourceId: String(id),
    });
  return { ...base, status, state: { status, log } };
}

type Q = { page: number; perPage: number; order: string };

/** A client whose answers the test scripts; it records every request and when. */
function scripted(list: (q: Q) => Job[], getJob: (id: string) => Job) {
  const calls = { list: [] as { q: Q; at: number }[], job: [] as { id: string; at: number }[] };
  const client: JobClient = {
    listJobs: async (q) => {
      calls.list.push({ q, at: Date.now() });
      const jobs = list(q);
      const page: JobPage = {
        pagination: { total: 100, numPages: 5, page: q.page, perPage: q.perPage },
        items: jobs.map((j) => ({ ok: true, job: j })),
      };
      return page;
    },
    getJob: async (id) => {
      calls.job.push({ id, at: Date.now() });
      return getJob(id);
    },
  };
  const jobCalls = (id: string, since = 0) => calls.job.filter((c) => c.id === id && c.at >= since).length;
  return { client, calls, jobCalls };
}

const start = fakeTimedMonitors({ intervalMs: 1000, listIntervalMs: 5000 });

/** Page 1 holds jobs 1–3, page 2 jobs 4–6; job 50 is on no page asked for. */
const pages = (status: Record<string, Job>) => (q: Q) =>
  (q.page === 1 ? ["1", "2", "3"] : ["4", "5", "6"]).map((id) => status[id] ?? job(id));

describe("status-change events", () => {
  it("records a change of a job on the page: from, to, how long in the old state; counts it unseen", async () => {
    const jobs: Record<string, Job> = {};
    const { client } = scripted(pages(jobs), (id) => jobs[id] ?? job(id));
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    jobs["2"] = job("2", 3, 1); // running since 1_700_000_120, stopped at +60 s
    await vi.advanceTimersByTimeAsync(5500);
    const s = m.getSnapshot();
    expect(s.events).toHaveLength(1);
    expect(s.events[0]).toMatchObject({ id: "2", displayID: "j-2", from: 2, to: 3, prevSec: 60 });
    expect(s.unseen).toBe(1);
    m.markSeen();
    expect(m.getSnapshot().unseen).toBe(0);
    expect(m.getSnapshot().events).toHaveLength(1);
    // While the pane is on screen, a change is seen as it comes; once it is gone, counted again.
    m.setEventsShown(true);
    jobs["3"] = job("3", 3, 1);
    await vi.advanceTimersByTimeAsync(5500);
    expect(m.getSnapshot()).toMatchObject({ unseen: 0, events: { length: 2 } });
    m.setEventsShown(false);
    jobs["1"] = job("1", 3, 1);
    await vi.advanceTimersByTimeAsync(5500);
    expect(m.getSnapshot()).toMatchObject({ unseen: 1, events: { length: 3 } });
  });

  it("keeps the newest 200, however many changes come", async () => {
    let round = 0;
    const { client } = scripted(
      (q) =>
        q.page === 1 ? Array.from({ length: 60 }, (_, i) => job(i + 1, round % 2 === 0 ? 2 : 3, round)) : [],
      (id) => job(id),
    );
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    for (round = 1; round <= 5; round++) await vi.advanceTimersByTimeAsync(5500);
    const s = m.getSnapshot();
    expect(s.events).toHaveLength(EVENTS_MAX);
    expect(s.unseen).toBe(300);
    // Newest first: the last round's changes lead, each seq one below the one before.
    expect(s.events[0]?.seq).toBe(300);
    expect(s.events.at(-1)?.seq).toBe(101);
  });

  it("ignores a copy older than the one seen: no change undone and made again", async () => {
    const jobs: Record<string, Job> = {};
    const { client } = scripted(pages(jobs), (id) => jobs[id] ?? job(id));
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    m.select("2");
    jobs["2"] = job("2", 3, 2);
    await vi.advanceTimersByTimeAsync(1100); // the job's poll sees it first
    expect(m.getSnapshot().events).toHaveLength(1);
    // The page answers with the copy from before (a late, cached answer).
    jobs["2"] = job("2", 2, 1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(m.getSnapshot().events).toHaveLength(1);
    expect(m.getSnapshot().changeCount).toBe(1);
  });
});

describe("pinned jobs", () => {
  it("polls a pinned job off the page at the page interval, and its change is an event", async () => {
    const jobs: Record<string, Job> = {};
    const { client, jobCalls } = scripted(pages(jobs), (id) => jobs[id] ?? job(id));
    const m = start(client, { pins: ["50"] });
    await vi.advanceTimersByTimeAsync(0);
    expect(jobCalls("50")).toBe(1); // once the page has answered: it is not on it
    await vi.advanceTimersByTimeAsync(30_000);
    const n = jobCalls("50");
    expect(n).toBeGreaterThanOrEqual(6); // 1 + one per 5 s (±10 %)
    expect(n).toBeLessThanOrEqual(8);
    jobs["50"] = job("50", 3, 1);
    await vi.advanceTimersByTimeAsync(5500);
    expect(m.getSnapshot().events.map((e) => [e.id, e.from, e.to])).toEqual([["50", 2, 3]]);
    expect(m.getSnapshot().pins).toMatchObject([{ id: "50", via: "own", job: { status: 3 } }]);
  });

  it("asks nothing more for a pinned job on the page; off it, asks an interval after it was last seen", async () => {
    const { client, jobCalls } = scripted(pages({}), (id) => job(id));
    const m = start(client, { pins: ["2"] });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(jobCalls("2")).toBe(0);
    expect(m.getSnapshot().pins).toMatchObject([{ id: "2", via: "page" }]);
    m.refresh(); // the page (and job 2 on it) seen just now
    await vi.advanceTimersByTimeAsync(0);
    const t0 = Date.now();
    m.setPage(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(jobCalls("2")).toBe(0); // seen on page 1 a moment ago: not at once
    await vi.advanceTimersByTimeAsync(5500);
    expect(jobCalls("2", t0)).toBe(1);
    expect(m.getSnapshot().pins).toMatchObject([{ id: "2", via: "own" }]);
    m.setPage(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(jobCalls("2", t0)).toBe(1); // back on the page: its own poller stopped
  });

  it("polls a selected pinned job at the job interval, off the page, with no second poller", async () => {
    const { client, jobCalls } = scripted(pages({}), (id) => job(id));
    const m = start(client, { pins: ["50"] });
    await vi.advanceTimersByTimeAsync(0);
    m.select("50");
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(10_000);
    const n = jobCalls("50", t0);
    expect(n).toBeGreaterThanOrEqual(9); // every second, not every 5 s, and not twice per interval
    expect(n).toBeLessThanOrEqual(12);
    expect(m.jobIntervalMs()).toBe(1000);
    expect(m.getSnapshot().pins).toMatchObject([{ id: "50", via: "selected" }]);
  });

  it("pins and unpins with w, at most 20", async () => {
    const { client, jobCalls } = scripted(pages({}), (id) => job(id));
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    expect(m.togglePin("50")).toBe("pinned");
    await vi.advanceTimersByTimeAsync(100);
    expect(jobCalls("50")).toBe(1);
    expect(m.togglePin("50")).toBe("unpinned");
    await vi.advanceTimersByTimeAsync(20_000);
    expect(jobCalls("50")).toBe(1);
    for (let i = 0; i < 20; i++) expect(m.togglePin(String(100 + i))).toBe("pinned");
    expect(m.togglePin("999")).toBe("full");
    expect(m.getSnapshot().pins).toHaveLength(20);
  });
});

describe("pause and the job interval", () => {
  it("sends no request at all while paused, and asks for everything at once on resume", async () => {
    const { client, calls } = scripted(pages({}), (id) => job(id));
    const m = start(client, { pins: ["50"] });
    await vi.advanceTimersByTimeAsync(0);
    m.select("2");
    await vi.advanceTimersByTimeAsync(3000);
    m.pause();
    const [lists, jobs] = [calls.list.length, calls.job.length];
    m.select("3");
    m.refresh();
    await vi.advanceTimersByTimeAsync(120_000);
    expect([calls.list.length, calls.job.length]).toEqual([lists, jobs]);
    expect(m.getSnapshot().pausedSince).toBeDefined();
    m.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(m.getSnapshot().pausedSince).toBeUndefined();
    expect(calls.list.length).toBe(lists + 1);
    expect(
      calls.job
        .slice(jobs)
        .map((c) => c.id)
        .sort(),
    ).toEqual(["3", "50"]);
  });

  it("polls the selected job at the interval + and - set", async () => {
    const { client, jobCalls } = scripted(pages({}), (id) => job(id));
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    m.select("1");
    await vi.advanceTimersByTimeAsync(100);
    m.setJobInterval(4000);
    expect(m.getSnapshot().intervalMs).toBe(4000);
    const t0 = Date.now();
    const heard: number[] = [];
    m.subscribe(() => {
      const at = m.getSnapshot().job.okAt;
      if (at !== undefined && at !== heard.at(-1)) heard.push(at);
    });
    await vi.advanceTimersByTimeAsync(20_000);
    const n = jobCalls("1", t0);
    // Its own requests, every 4 s at most; a page answer holding it (every 5 s) stands for some
    // (issue 31): heard at least every 4 s give or take the jitter and the wait for the page.
    expect(n).toBeLessThanOrEqual(6);
    expect(heard.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < heard.length; i++)
      expect((heard[i] as number) - (heard[i - 1] as number)).toBeLessThanOrEqual(4000 * 1.75 + 1);
  });
});

describe("a token rotated while requests wait out its rejection", () => {
  it("the page, the selected job and the pins rejected ask again at once; r asks the client to read it", async () => {
    let rejecting = false;
    const reject = () => {
      if (rejecting) throw new ApiError("auth", "token rejected (HTTP 401)", { status: 401 });
    };
    const { client, calls } = scripted(
      (q) => {
        reject();
        return pages({})(q);
      },
      (id) => {
        reject();
        return job(id);
      },
    );
    const listeners = new Set<() => void>();
    let rereads = 0;
    client.rereadToken = () => {
      rereads++;
    };
    client.onTokenChange = (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    };
    const m = start(client, { pins: ["50"] });
    await vi.advanceTimersByTimeAsync(0);
    m.select("1");
    await vi.advanceTimersByTimeAsync(100);
    rejecting = true;
    await vi.advanceTimersByTimeAsync(6000); // each has been rejected: retried in a minute
    const s = m.getSnapshot();
    expect([s.list.error, s.job.error, s.pins[0]?.error]).toEqual([
      expect.any(ApiError),
      expect.any(ApiError),
      expect.any(ApiError),
    ]);
    const [lists, jobs] = [calls.list.length, calls.job.length];
    await vi.advanceTimersByTimeAsync(10_000);
    expect([calls.list.length, calls.job.length]).toEqual([lists, jobs]);

    rejecting = false; // the client read a new token
    for (const l of listeners) l();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.list.length).toBe(lists + 1);
    expect(
      calls.job
        .slice(jobs)
        .map((c) => c.id)
        .sort(),
    ).toEqual(["1", "50"]);
    expect(m.getSnapshot().pins[0]?.error).toBeUndefined();

    m.refresh();
    expect(rereads).toBe(1);
  });
});
