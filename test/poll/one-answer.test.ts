// One answer, many uses (issue 31), under fake timers with a scripted client: a page's or a
// sweep's answer that holds the selected job or a pin unchanged counts as its poll; a job in a
// status the config calls final is polled at the list's interval; a job whose answers weigh
// megabytes is polled less often (the header says so), and r still asks at once.
import { describe, expect, it, vi } from "vitest";
import type { AnswerInfo, JobClient, JobPage } from "../../src/api/client.js";
import { type Job, JobSchema } from "../../src/api/schema.js";
import { resolveSettings } from "../../src/config/resolve.js";
import type { Config } from "../../src/config/types.js";
import { headerParts, headerProps } from "../../src/render/header-props.js";
import { initialUi } from "../../src/render/ui-state.js";
import type { View } from "../../src/render/view.js";
import { fakeTimedMonitors } from "../helpers/fake-monitor.js";
import { specJob } from "../helpers/payloads.js";

/** A new object each answer, as a real client's decoding makes: equal by content only. */
const job = (id: number, status = 2): Job =>
  JobSchema.parse(specJob(id, { id, displayID: `j-${id}`, status }));

type Q = { page: number; perPage: number; order: string };

/** A client answering `jobs()` for every page and job; it records each request's path, id and time. */
function service(
  jobs: () => Job[],
  bytes: (id: string) => number = () => 900,
  pageBytes: () => number = () => 900,
) {
  const calls: { what: "page" | "job"; id?: string; perPage?: number; at: number }[] = [];
  const page = (q: Q): JobPage => {
    const all = jobs();
    return {
      pagination: { total: all.length, numPages: 1, page: q.page, perPage: q.perPage },
      items: all.map((j) => ({ ok: true, job: { ...j } })),
    };
  };
  const client: JobClient = {
    listJobs: async (q, _signal, info?: AnswerInfo) => {
      calls.push({ what: "page", perPage: q.perPage, at: Date.now() });
      if (info) Object.assign(info, { bytes: pageBytes(), notModified: false, same: false });
      return page(q);
    },
    getJob: async (id, _signal, info?: AnswerInfo) => {
      calls.push({ what: "job", id, at: Date.now() });
      if (info) Object.assign(info, { bytes: bytes(id), notModified: false, same: false });
      const found = jobs().find((j) => j.id === id) ?? job(Number(id));
      return { ...found };
    },
  };
  return { client, calls };
}

const start = fakeTimedMonitors({ intervalMs: 2000, listIntervalMs: 10_000 });

/** The header's props as the UI makes them from the monitor's snapshot now (200 columns, the demo's config). */
function headerNow(m: ReturnType<typeof start>) {
  const { config } = resolveSettings([], { demo: true, once: false });
  const view = { items: [], pageCount: 0, selection: { row: -1 } } as unknown as View;
  return headerProps(m.getSnapshot(), config as Config, initialUi, view, {
    host: "h",
    width: 200,
    now: Date.now(),
  });
}

describe("one answer, many uses", () => {
  it("a page answer holding the selected job unchanged counts as its poll: no job request within the interval after it", async () => {
    const { client, calls } = service(() => [job(3), job(2), job(1)]);
    const m = start(client, { intervalMs: 2000, listIntervalMs: 3000 });
    await vi.advanceTimersByTimeAsync(0);
    m.select("2");
    await vi.advanceTimersByTimeAsync(120_000);
    const pages = calls.filter((c) => c.what === "page").map((c) => c.at);
    const polls = calls.filter((c) => c.what === "job").map((c) => c.at);
    // After each page answer (but the first, before the job was selected), the job's next own
    // request comes an interval later at the soonest (less the jitter, 10 %).
    const early = pages.slice(1).filter((p) => polls.some((j) => j > p && j < p + 1800));
    console.log(`120 s at 2s/3s: ${polls.length} job requests, ${pages.length} page requests`);
    expect(early).toEqual([]);
    // Each page answer stood for a job poll: ~40 page answers, ~60 × 2 s slots; before, ~60 job requests.
    expect(polls.length).toBeLessThan(45);
  });

  it("a page copy that differs does not count: the job's own poll comes at its time", async () => {
    let status = 2;
    const { client, calls } = service(() => [job(2, status)]);
    const m = start(client, { intervalMs: 2000, listIntervalMs: 3000 });
    await vi.advanceTimersByTimeAsync(0);
    m.select("2");
    await vi.advanceTimersByTimeAsync(100);
    // From now on the page says status 3, the job's own answer (scripted) the same: its own copy
    // is status 2 until its next poll; that poll is not skipped (it may wait for the page's answer
    // due within half an interval, and a grace after it: 2 s × 1.75 at most).
    status = 3;
    const before = calls.filter((c) => c.what === "job").length;
    await vi.advanceTimersByTimeAsync(3600);
    expect(calls.filter((c) => c.what === "job").length).toBe(before + 1);
    expect(m.getSnapshot().job.data?.status).toBe(3);
  });

  it("a sweep's answer holding a pin off the page counts as the pin's poll", async () => {
    const { client, calls } = service(() => [job(3), job(2), job(1)]);
    // The page holds 3 and 2 only (perPage 2); the pin is 1, off it. The index sweeps every 2 s.
    const pageOnly: JobClient = {
      ...client,
      listJobs: async (q, signal, info) => {
        const p = await client.listJobs(q, signal, info);
        return q.perPage === 2 ? { ...p, items: p.items.slice(0, 2) } : p;
      },
    };
    start(pageOnly, {
      perPage: 2,
      intervalMs: 2000,
      listIntervalMs: 5000,
      pins: ["1"],
      // Every page read at every sweep (an unchanged one is read less often by default).
      index: { mode: "on", intervalMs: 2000, periodMax: 1 },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    const pin = calls.filter((c) => c.what === "job" && c.id === "1").length;
    const sweeps = calls.filter((c) => c.what === "page" && c.perPage !== 2).length;
    console.log(`60 s: the pin asked ${pin} times on its own, ${sweeps} sweep requests`);
    expect(sweeps).toBeGreaterThan(20);
    // Its first own poll (before any sweep held it), then none: each sweep, 2 s apart, stood for it.
    expect(pin).toBeLessThanOrEqual(2);
  });
});

describe("final statuses", () => {
  it("a selected job in a final status is polled at the list's interval; back at the job interval in another", async () => {
    let status = 3;
    const { client, calls } = service(() => [job(2, status)]);
    const m = start(client, { intervalMs: 1000, listIntervalMs: 10_000, final: [3, 4] });
    await vi.advanceTimersByTimeAsync(0);
    m.select("2");
    await vi.advanceTimersByTimeAsync(100);
    expect(m.jobIntervalMs()).toBe(10_000);
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.filter((c) => c.what === "job" && c.at > t0).length).toBeLessThanOrEqual(4);
    status = 2; // resubmitted, say: its next answer brings it back to the job interval
    m.refresh();
    await vi.advanceTimersByTimeAsync(100);
    expect(m.jobIntervalMs()).toBe(1000);
  });
});

describe("large answers cost what they weigh", () => {
  it("a job of 14 MB answers is polled every 30 s, the header says so; r asks at once; a 304 is back at 2 s", async () => {
    let bytes = 14 * 1024 * 1024;
    const { client, calls } = service(
      () => [job(2)],
      () => bytes,
    );
    const m = start(client, { intervalMs: 2000, listIntervalMs: 10_000 });
    await vi.advanceTimersByTimeAsync(0);
    m.select("2");
    await vi.advanceTimersByTimeAsync(100);
    expect(m.jobIntervalMs()).toBe(30_000);
    const header = headerParts(headerNow(m));
    expect(header.rest).toContain("polled every 30s: 14 MB answers");
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(60_000);
    const own = calls.filter((c) => c.what === "job" && c.at > t0).length;
    expect(own).toBeLessThanOrEqual(3); // every 30 s (a page answer may stand for one)
    m.refresh(); // r
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c.what === "job" && c.at > t0).length).toBe(own + 1);
    bytes = 0; // a 304: weighs nothing
    m.refresh();
    await vi.advanceTimersByTimeAsync(100);
    expect(m.jobIntervalMs()).toBe(2000);
    expect(m.getSnapshot().jobPollWhy).toBeUndefined();
  });

  it("a page of 14 MB answers is asked every 30 s, the header says so and keeps it on time; r asks at once; a 304 is back at 10 s", async () => {
    // Measured from outside: the page holding a 200 000-entry job was read every 10 s, 86 MB a
    // minute, while the job's own poll (which the page's answer stood for) said "every 30s".
    let bytes = 14 * 1024 * 1024;
    const { client, calls } = service(
      () => [job(2)],
      () => bytes,
      () => bytes,
    );
    const m = start(client, { intervalMs: 2000, listIntervalMs: 10_000 });
    await vi.advanceTimersByTimeAsync(100);
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(120_000);
    const pages = calls.filter((c) => c.what === "page" && c.at > t0).length;
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(pages).toBeLessThanOrEqual(5); // every 30 s (± jitter), not every 10 s (12)
    const props = headerNow(m);
    expect(headerParts(props).rest).toContain("page every 30s: 14 MB answers");
    expect(props.freshMs).toBeGreaterThanOrEqual(60_000); // two of its own intervals: not "late" at 20 s
    // The job selected, as heavy as its page: one clause for both.
    m.select("2");
    await vi.advanceTimersByTimeAsync(100);
    const both = headerParts(headerNow(m));
    expect(both.rest).toContain("page and job every 30s: 14 MB answers");
    m.refresh(); // r
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c.what === "page" && c.at > t0).length).toBe(pages + 1);
    bytes = 0; // a 304: weighs nothing
    m.refresh();
    await vi.advanceTimersByTimeAsync(100);
    expect(m.getSnapshot().pagePollWhy).toBeUndefined();
    const t1 = Date.now();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((c) => c.what === "page" && c.at > t1).length).toBeGreaterThanOrEqual(5);
  });
});

describe("the page's pace follows the page asked for", () => {
  it("another page starts at the list's interval: one that fails is retried every 10 s, not at the last page's 30 s, and the header names no weight it never had", async () => {
    // Page 1 holds a 14 MB job, page 2 does not and fails: its retries came every 30 s and the
    // header said 'page every 30s: 14 MB answers' of a page never answered.
    const calls: { page: number; at: number }[] = [];
    const client: JobClient = {
      listJobs: async (q, _signal, info?: AnswerInfo) => {
        calls.push({ page: q.page, at: Date.now() });
        if (q.page === 2) throw new Error("connection reset");
        if (info) Object.assign(info, { bytes: 14 * 1024 * 1024, notModified: false, same: false });
        return {
          pagination: { total: 40, numPages: 2, page: q.page, perPage: q.perPage },
          items: [{ ok: true, job: job(1) }],
        };
      },
      getJob: async (id) => job(Number(id)),
    };
    const m = start(client, { intervalMs: 2000, listIntervalMs: 10_000 });
    await vi.advanceTimersByTimeAsync(100);
    expect(m.getSnapshot().pagePollMs).toBe(30_000);
    m.setPage(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(m.getSnapshot().pagePollWhy).toBeUndefined();
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(60_000);
    // Every 10 s (± jitter): 5 or 6 retries in a minute, not 2.
    expect(calls.filter((c) => c.page === 2 && c.at > t0).length).toBeGreaterThanOrEqual(5);
  });
});

describe("resume after a pause", () => {
  it("a heavy selected job on the page is not asked beside the page at once: the page's answer stands for it", async () => {
    // p, p on a page holding a 14 MB job read it twice at once (the page's and the job's own
    // request): 28 MB per resume, where the page's answer holds the same job.
    const { client, calls } = service(
      () => [job(2)],
      () => 14 * 1024 * 1024,
      () => 14 * 1024 * 1024,
    );
    const m = start(client, { intervalMs: 2000, listIntervalMs: 10_000 });
    await vi.advanceTimersByTimeAsync(100);
    m.select("2");
    await vi.advanceTimersByTimeAsync(100);
    m.pause();
    await vi.advanceTimersByTimeAsync(5000);
    const t0 = Date.now();
    m.resume();
    await vi.advanceTimersByTimeAsync(5000);
    const after = calls.filter((c) => c.at >= t0);
    expect(after.filter((c) => c.what === "page").length).toBe(1);
    expect(after.filter((c) => c.what === "job").length).toBe(0);
  });
});
