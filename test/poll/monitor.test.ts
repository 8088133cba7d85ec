// The Monitor's data rules under fake timers, fed by a scripted client: what a change is, pages the
// service changes under the user, jobs that are missing or elsewhere, and data-sized inputs.
import { describe, expect, it, vi } from "vitest";
import type { JobClient, JobPage, PageItem } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { type Job, JobSchema } from "../../src/api/schema.js";
import { MAX_ENTRY_HIGHLIGHTS } from "../../src/poll/monitor.js";
import { headLines } from "../../src/render/selected-lines.js";
import { fakeTimedMonitors } from "../helpers/fake-monitor.js";
import { specJob } from "../helpers/payloads.js";

const job = (id: number | string, over: Record<string, unknown> = {}): Job =>
  JobSchema.parse(specJob(101, { id, displayID: `j-${id}`, ...over }));
const item = (j: Job): PageItem => ({ ok: true, job: j });

type Q = { page: number; perPage: number; order: string };

/** A client whose answers the test scripts; it records every request. */
function scripted(list: (q: Q) => JobPage, getJob?: (id: string) => Job | Error) {
  const calls = { list: [] as Q[], job: [] as { id: string; at: number }[] };
  const client: JobClient = {
    listJobs: async (q) => {
      calls.list.push(q);
      return list(q);
    },
    getJob: async (id) => {
      calls.job.push({ id, at: Date.now() });
      const found = getJob
        ? getJob(id)
        : new ApiError("envelope", "service error code 404: job not found", { code: 404 });
      if (found instanceof Error) throw found;
      return found;
    },
  };
  return { client, calls };
}

const pageOf = (jobs: Job[], q: Q, over: Partial<JobPage["pagination"]> = {}): JobPage => ({
  pagination: { total: jobs.length, numPages: 1, page: q.page, perPage: q.perPage, ...over },
  items: jobs.map(item),
});

const start = fakeTimedMonitors({ intervalMs: 1000, listIntervalMs: 5000 });

describe("Monitor", () => {
  it("marks a new log entry new in its own job only, when the service numbers entries per job", async () => {
    // Seen: a job whose status changed every 3 s lit ✱ on day-old entries of another job that
    // had entries with the same ids (the spec does not say entry ids are unique across jobs).
    const entry = (id: number, status: number, src: number) => ({
      id,
      status,
      ts: { seconds: 1_700_000_000 + id * 60 },
      sourceId: src,
    });
    const log = (src: number, n: number) =>
      Array.from({ length: n }, (_, i) => entry(i + 1, [6, 1, 2, 3][i] ?? 2, src));
    const other = job(102, { status: 3, state: { status: 3, log: log(102, 4) } });
    const before = job(101, { state: { status: 2, log: log(101, 3) } });
    const grown = job(101, { status: 3, state: { status: 3, log: log(101, 4) } });
    let n = 0;
    const { client } = scripted((q) => pageOf([++n === 1 ? before : grown, other], q));
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(5500);
    const s = m.getSnapshot();
    expect(s.changeCount).toBe(1);
    const opts = {
      width: 80,
      nowSec: 1_700_001_000,
      labels: {},
      showSecrets: false,
      highlights: s.highlights,
      // The monitor's clock here (its `now`), which stamped the highlights.
      monoMs: Date.now(),
    };
    const marked = (j: Job) => headLines(j, opts).filter((l) => /^[ ▶]✱/.test(l.text)).length;
    expect(marked(grown)).toBe(1); // its entry 4, new
    expect(marked(other)).toBe(0); // 102's own entry 4 is a day old
  });

  it("survives a page job whose log grew by 140 000 entries, and highlights only the newest few", async () => {
    const before = job(102);
    const log = before.state.log.slice();
    for (let i = 0; i < 140_000; i++)
      log.push({
        id: String(1000 + i),
        status: 1 + (i % 2),
        ts: { seconds: 1_700_000_200 + i },
        sourceId: "102",
      });
    const grown: Job = { ...before, status: 1, state: { status: 1, log } };
    let n = 0;
    const { client } = scripted((q) => pageOf([job(101), ++n === 1 ? before : grown], q));
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(5500);
    const s = m.getSnapshot();
    expect(s.list.data?.items[1]?.ok && s.list.data.items[1].job.state.log.length).toBe(140_003);
    expect(s.changeCount).toBe(1);
    expect(s.highlights.size).toBe(1 + MAX_ENTRY_HIGHLIGHTS);
    expect(s.highlights.has("job:102")).toBe(true);
    expect(s.highlights.has(`entry:102:${1000 + 139_999}`)).toBe(true); // the newest
    expect(s.highlights.has("entry:102:1000")).toBe(false);
    // The highlights fade on their own timer: the monitor's schedule copes with the long log too.
    await vi.advanceTimersByTimeAsync(10_100);
    expect(m.getSnapshot().highlights.size).toBe(0);
  });

  it("shows a page with one id twice as one row, and counts no change between the two copies", async () => {
    // A page shifting under pagination can list a job twice; the copies may differ.
    const { client, calls } = scripted(
      (q) => pageOf([job(101), job(102), job(101, { status: 3 }), job(103)], q),
      (id) => job(id),
    );
    const m = start(client);
    m.select("101");
    await vi.advanceTimersByTimeAsync(60_000); // 12 page polls, 60 job polls
    const s = m.getSnapshot();
    expect(calls.list.length).toBeGreaterThan(10);
    expect(s.list.data?.items.map((i) => i.ok && i.job.id)).toEqual(["101", "102", "103"]);
    expect(s.list.data?.duplicates).toBe(1);
    expect(s.changeCount).toBe(0);
    expect(s.highlights.size).toBe(0);
  });

  it("still counts a real change of a job that is listed twice", async () => {
    let status = 2;
    const { client } = scripted((q) => pageOf([job(101, { status }), job(101, { status: 9 })], q));
    const m = start(client);
    await vi.advanceTimersByTimeAsync(6000);
    expect(m.getSnapshot().changeCount).toBe(0);
    status = 3;
    await vi.advanceTimersByTimeAsync(5000);
    expect(m.getSnapshot().changeCount).toBe(1);
  });

  it("moves to the last page that exists when the page count shrinks under it, and says so", async () => {
    let numPages = 3;
    const { client, calls } = scripted((q) =>
      pageOf(q.page <= numPages ? [job(100 + q.page)] : [], q, { total: numPages, numPages, perPage: 1 }),
    );
    const m = start(client, { perPage: 1 });
    await vi.advanceTimersByTimeAsync(0);
    m.setPage(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(m.getSnapshot().page).toBe(3);
    expect(m.getSnapshot().notice).toBeUndefined();
    numPages = 2;
    await vi.advanceTimersByTimeAsync(5500);
    const s = m.getSnapshot();
    expect(s.page).toBe(2);
    expect(s.notice?.text).toBe("page 3 no longer exists: showing page 2, the last");
    expect(calls.list.at(-1)?.page).toBe(2);
    expect(s.list.data?.asked.page).toBe(2);
    expect(s.list.data?.items.map((i) => i.ok && i.job.id)).toEqual(["102"]);
    expect(m.numPages()).toBe(2);
  });

  it("never offers pages the pagination cannot back: numPages 0, negative or absurd", async () => {
    let over: Partial<JobPage["pagination"]> = { total: -100, numPages: 0 };
    const { client } = scripted((q) => pageOf([job(101), job(102)], q, over));
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    expect(m.numPages()).toBe(1);
    expect(m.getSnapshot().list.data?.facts).toEqual({ numPages: 1, total: 2, doubts: ["pages?", "total?"] });
    over = { total: 1e15, numPages: 2_000_000_000 };
    await vi.advanceTimersByTimeAsync(5500);
    expect(m.numPages()).toBe(1);
    m.setPage(2_000_000_000);
    expect(m.getSnapshot().page).toBe(1);
  });

  it("says a job the service does not know is missing, is not a failure, and polls it at the page interval", async () => {
    const { client, calls } = scripted((q) => pageOf([job(101)], q));
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    m.select("12345");
    await vi.advanceTimersByTimeAsync(0);
    let s = m.getSnapshot();
    expect(s.missing).toEqual({
      id: "12345",
      message: "service error code 404: job not found",
      notFound: true,
    });
    expect(s.job.error).toBeUndefined(); // the service answered: no retrying, no offline
    expect(s.job.data).toBeUndefined();
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(30_000);
    const asked = calls.job.filter((c) => c.id === "12345" && c.at > t0).length;
    expect(asked).toBeGreaterThanOrEqual(5); // every 5 s (±10 %), not every second
    expect(asked).toBeLessThanOrEqual(7);
    s = m.getSnapshot();
    expect(s.missing?.id).toBe("12345");
    expect(m.jobIntervalMs()).toBe(5000);
  });

  it("takes an HTTP 404 in the envelope for the job as missing, another code as 'not available', and a 500 or a gateway's 404 as a failure", async () => {
    const answers: Record<string, Error> = {
      "1": new ApiError("http", "HTTP 404 Not Found from the service", { status: 404, envelope: true }),
      "40": new ApiError("http", "HTTP 404 Not Found for /v1/job", { status: 404 }),
      "2": new ApiError("envelope", "service error code 5001: backend unavailable", { code: 5001 }),
      "3": new ApiError("http", "HTTP 500 from the service", { status: 500 }),
    };
    const { client } = scripted(
      (q) => pageOf([], q),
      (id) => answers[id] ?? job(id),
    );
    const m = start(client);
    m.select("1");
    await vi.advanceTimersByTimeAsync(0);
    expect(m.getSnapshot().missing).toMatchObject({ id: "1", notFound: true });
    m.select("2");
    await vi.advanceTimersByTimeAsync(0);
    expect(m.getSnapshot().missing).toEqual({
      id: "2",
      message: "service error code 5001: backend unavailable",
      notFound: false,
    });
    for (const id of ["3", "40"]) {
      m.select(id);
      await vi.advanceTimersByTimeAsync(0);
      expect(m.getSnapshot().missing).toBeUndefined();
      expect(m.getSnapshot().job.error).toBeInstanceOf(ApiError);
    }
    // A missing job that appears is shown, and polled at the job interval once on the page.
    m.select("4");
    await vi.advanceTimersByTimeAsync(0);
    expect(m.getSnapshot().job.data?.id).toBe("4");
    expect(m.getSnapshot().missing).toBeUndefined();
  });

  it("asks a job whose answers are refused for their weight (over the cap) every 30 s, not at its interval", async () => {
    // Read to the 16 MB cap and refused, every second: ~1 GB a minute from the service.
    const tooLarge = () =>
      new ApiError("too-large", "response larger than 16 MB, refused", { bytes: 16 * 1024 * 1024 + 1 });
    const { client, calls } = scripted(
      (q) => pageOf([job(101)], q),
      (id) => (id === "101" || id === "7" ? tooLarge() : job(id)),
    );
    const m = start(client, { pins: ["7"] });
    m.select("101");
    await vi.advanceTimersByTimeAsync(59_000);
    const asked = (id: string) => calls.job.filter((c) => c.id === id).length;
    // The first ask, then every 30 s (two in 59 s); the pin off the page alike.
    expect(asked("101")).toBeLessThanOrEqual(3);
    expect(asked("7")).toBeLessThanOrEqual(3);
    expect(m.getSnapshot().job.error).toBeInstanceOf(ApiError);
  });

  it("asks a pin whose answers weigh megabytes as seldom as their bytes allow, and at its interval again once they are light", async () => {
    let weight = 14 * 1024 * 1024;
    const asked: number[] = [];
    const client: JobClient = {
      listJobs: async (q) => pageOf([job(101)], q),
      getJob: async (id, _signal, info) => {
        asked.push(Date.now());
        if (info) info.bytes = weight;
        return job(id);
      },
    };
    start(client, { pins: ["7"] });
    await vi.advanceTimersByTimeAsync(59_000);
    // 14 MB at 2 MB a minute: every 30 s (the most a poll is slowed), not every 5 s.
    expect(asked.length).toBeLessThanOrEqual(3);
    weight = 0; // an answer of no weight (a 304): back to the interval
    await vi.advanceTimersByTimeAsync(31_000);
    const n = asked.length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(asked.length - n).toBeGreaterThanOrEqual(3);
  });

  it("polls the selected job at the job interval on the page and off it (the job the user watches)", async () => {
    const { client, calls } = scripted(
      (q) => pageOf([job(101)], q),
      (id) => job(id),
    );
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    m.select("101");
    // Heard every second: by its own request, or by a page answer holding it unchanged (issue 31).
    let heard = 0;
    let okAt: number | undefined;
    const unsubscribe = m.subscribe(() => {
      const at = m.getSnapshot().job.okAt;
      if (at !== okAt) heard++;
      okAt = at;
    });
    await vi.advanceTimersByTimeAsync(10_000);
    unsubscribe();
    expect(heard).toBeGreaterThanOrEqual(8);
    expect(calls.job.filter((c) => c.id === "101").length).toBeLessThanOrEqual(11);
    expect(m.jobIntervalMs()).toBe(1000);
    m.select("9007199254740993"); // off the page; asked for by exactly that string
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(20_000);
    const off = calls.job.filter((c) => c.id === "9007199254740993" && c.at >= t0).length;
    expect(off).toBeGreaterThanOrEqual(18); // every second, not every 5 s
    expect(off).toBeLessThanOrEqual(22);
    expect(m.jobIntervalMs()).toBe(1000);
    expect(m.getSnapshot().job.data?.id).toBe("9007199254740993");
  });

  it("remembers the page each job was last seen on, until the order changes", async () => {
    const { client } = scripted((q) => pageOf([job(q.page * 10), job(q.page * 10 + 1)], q, { numPages: 3 }));
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    m.setPage(2);
    await vi.advanceTimersByTimeAsync(0);
    m.setPage(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(m.lastSeenPage("21")).toBe(2);
    expect(m.lastSeenPage("11")).toBe(1);
    expect(m.lastSeenPage("31")).toBeUndefined();
    m.setOrder("asc");
    expect(m.lastSeenPage("21")).toBeUndefined();
  });

  it("setPerPage asks for the page that holds the anchor job under the new size, and keeps paging by it", async () => {
    const { client, calls } = scripted((q) => pageOf([job(1)], q, { numPages: 20 }));
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    m.setPage(3);
    await vi.advanceTimersByTimeAsync(0);
    // The 50th job (0-based 49, row 9 of page 3 at 20 a page) is on page 2 at 46 a page.
    m.setPerPage(46, 49);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.list.at(-1)).toEqual({ page: 2, perPage: 46, order: "desc" });
    expect(m.getSnapshot()).toMatchObject({ page: 2, perPage: 46 });
    m.setPage(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.list.at(-1)).toEqual({ page: 3, perPage: 46, order: "desc" });
    const n = calls.list.length;
    m.setPerPage(46, 0); // the same size: nothing to ask
    m.setPerPage(0, 0); // not a size
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.list.length).toBe(n);
  });

  it("refresh tells when its requests have ended: answered, refused, or no longer wanted", async () => {
    let answer: () => void = () => {};
    const slow = new Promise<void>((r) => {
      answer = r;
    });
    let held = false;
    const { client } = scripted(
      (q) => pageOf([job(1), job(2)], q),
      (id) => job(id),
    );
    const listJobs = client.listJobs;
    client.listJobs = async (q, signal) => {
      if (held) await slow;
      return listJobs(q, signal);
    };
    const m = start(client);
    await vi.advanceTimersByTimeAsync(0);
    m.select("1");
    await vi.advanceTimersByTimeAsync(0);
    // The page's answer is held: r is not over while it is out, and over as soon as it is in.
    held = true;
    let done = 0;
    m.refresh(() => done++);
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(0);
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(1);
    // A second r while one is under way: only the newest says it is over, once.
    held = false;
    let first = 0;
    let second = 0;
    m.refresh(() => first++);
    m.refresh(() => second++);
    await vi.advanceTimersByTimeAsync(10);
    expect([first, second]).toEqual([0, 1]);
    // Paused, or another job selected meanwhile: over too, not waiting for ever.
    m.refresh(() => done++);
    m.pause();
    expect(done).toBe(2);
    m.resume();
    await vi.advanceTimersByTimeAsync(10);
    m.refresh(() => done++);
    m.select("2");
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(3);
  });
});
