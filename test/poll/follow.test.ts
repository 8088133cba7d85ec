// The selected job followed across pages (src/poll/follow.ts): where the index places it once
// new jobs push it off the page, the pages a search asks for (and how few), and the Monitor
// following it there against the demo service, over HTTP, while jobs arrive at the head.
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.js";
import type { Job } from "../../src/api/schema.js";
import { startDemoServer } from "../../src/demo/server.js";
import type { ShownPage } from "../../src/model/page.js";
import { FOLLOW_PAGES_MAX, indexedPage, searchPages } from "../../src/poll/follow.js";
import { Monitor, type MonitorSnapshot } from "../../src/poll/monitor.js";
import { until } from "../helpers/monitor-until.js";

/** What each test started, ended after it, the last first. */
const started: (() => unknown)[] = [];
afterEach(async () => {
  for (const end of started.splice(0).reverse()) await end();
});

/** The Monitor on the demo (5 jobs a page: 120 … 116 on page 1), and the pages of the list it asks for. */
async function start(o: { index?: boolean; intervalMs?: number } = {}) {
  const d = await startDemoServer({ port: 0, tickMs: 0 });
  started.push(() => d.close());
  const client = createClient({ baseUrl: d.url, token: d.token });
  const pages: number[] = [];
  const listJobs = client.listJobs.bind(client);
  client.listJobs = (q, signal) => {
    pages.push(q.page);
    return listJobs(q, signal);
  };
  const m = new Monitor({
    client,
    perPage: 5,
    order: "desc",
    intervalMs: o.intervalMs ?? 60_000,
    listIntervalMs: 60_000,
    index: o.index ? { mode: "on", intervalMs: 60_000 } : undefined,
  });
  started.push(() => m.stop());
  m.start();
  await until(m, (s) => s.list.data !== undefined);
  /** The pages asked for since `from` (a length of `pages` read before). */
  const since = (from: number) => pages.slice(from);
  return { m, d, pages, since };
}

/** The page on screen lists the job. */
const lists = (s: MonitorSnapshot, id: string) =>
  s.list.data?.items.some((i) => i.ok && i.job.id === id) ?? false;
/** The list's answer for this page is in, and no request of the job's is under way. */
const answered = (s: MonitorSnapshot) =>
  !s.list.inFlight && !s.job.inFlight && s.list.data?.asked.page === s.page;

describe("searchPages", () => {
  it("starts where the job is thought to be, then its neighbours, the order's way first, never the page on screen", () => {
    expect(searchPages(1, { skip: 1, numPages: 24, order: "desc" })).toEqual([2, 3, 4, 5, 6]);
    expect(searchPages(5, { skip: 1, numPages: 24, order: "desc" })).toEqual([5, 6, 4, 7, 3]);
    expect(searchPages(5, { skip: 1, numPages: 24, order: "asc" })).toEqual([5, 4, 6, 3, 7]);
    expect(searchPages(3, { skip: 3, numPages: 3, order: "desc" })).toEqual([2, 1]);
    expect(searchPages(1, { skip: 1, numPages: 1, order: "desc" })).toEqual([]);
    // However many pages the service announces, a search asks for a few.
    expect(searchPages(500_000, { skip: 1, numPages: 1_000_000, order: "desc" })).toHaveLength(
      FOLLOW_PAGES_MAX,
    );
  });

  it("a job last seen on a page far beyond the pages there are now: the last pages, at once (attacked after the merge)", () => {
    // A service announced 10^15 pages (End opened the last), then 2: the walk from page 10^15
    // back into range took a step per page (0.7 s from 10^8; the monitor froze from 10^15).
    const t0 = process.hrtime.bigint();
    expect(searchPages(1e15, { skip: 1e15, numPages: 2, order: "desc" })).toEqual([2, 1]);
    expect(searchPages(1e15, { skip: 2, numPages: 2, order: "asc" })).toEqual([1]);
    expect(searchPages(-5, { skip: 0, numPages: 3, order: "desc" })).toEqual([1, 2, 3]);
    expect(Number(process.hrtime.bigint() - t0) / 1e6).toBeLessThan(50);
  });
});

describe("indexedPage", () => {
  const page = (n: number, ids: string[], perPage = 3): ShownPage =>
    ({
      asked: { page: n, perPage, order: "desc" },
      facts: { numPages: 9, total: 27 },
      items: ids.map((id) => ({ ok: true, job: { id } as Job })),
      duplicates: 0,
    }) as unknown as ShownPage;
  const swept = ["10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]; // the sweep's order: newest first

  it("places the job by the index's order, shifted by the jobs that arrived since the sweep", () => {
    expect(indexedPage("8", swept, 10, false, page(1, ["10", "9", "8"]), 3)).toBe(1);
    // Two new jobs on top: 8 is the fifth job now, on page 2.
    expect(indexedPage("8", swept, 10, false, page(1, ["12", "11", "10"]), 3)).toBe(2);
    // The page on screen is another one: the shift is read from it all the same.
    expect(indexedPage("8", swept, 10, false, page(2, ["9", "8", "7"]), 3)).toBe(2);
    expect(indexedPage("99", swept, 10, false, page(1, ["10"]), 3)).toBeUndefined();
  });

  it("turns the index round for the other order, and one moved job does not mislead it", () => {
    // In "asc" the oldest comes first: job 3 is the third, page 1.
    expect(indexedPage("3", swept, 10, true, undefined, 3)).toBe(1);
    // Page 2 after two new jobs, with a job the index places far off (it moved since): the middle
    // of the shifts holds, where the first job's alone would say page 1.
    expect(indexedPage("4", swept, 10, false, page(2, ["2", "8", "7"]), 3)).toBe(3);
  });
});

describe("the Monitor follows the selected job", () => {
  it("polls the selected job at its interval when new jobs push it off the page", async () => {
    const { m, d } = await start({ intervalMs: 200 });
    m.select("116"); // the last row of page 1 (120 … 116)
    await until(m, (s) => s.job.data?.id === "116");
    d.addJob();
    m.refresh();
    await until(m, (s) => answered(s) && !lists(s, "116"));
    expect(m.jobIntervalMs()).toBe(200);
    // Asked for again and again at 200 ms (the page's 60 s before): nothing else polls meanwhile.
    const n = d.requestCount();
    await new Promise<void>((resolve) => {
      const t = setInterval(() => {
        if (d.requestCount() < n + 5) return;
        clearInterval(t);
        resolve();
      }, 20);
    });
    expect(m.getSnapshot().job.data?.id).toBe("116");
  });

  it("says which page the index places it on, and opens that page", async () => {
    const { m, d, pages, since } = await start({ index: true });
    await until(m, (s) => (s.index?.seq ?? 0) >= 1);
    m.select("116");
    expect(m.getSnapshot().elsewhere).toBeUndefined();
    d.addJob();
    d.addJob();
    m.refresh();
    // Before any new sweep: the page on screen says two jobs came on top.
    let s = await until(m, (x) => x.elsewhere?.page === 2 && answered(x));
    expect(s.elsewhere).toMatchObject({ id: "116", searching: undefined, notFound: undefined });
    const n = pages.length;
    expect(m.follow("116")).toBe("searching");
    s = await until(m, (x) => answered(x) && lists(x, "116"));
    expect(s.page).toBe(2);
    expect(s.elsewhere).toBeUndefined();
    expect(since(n)).toEqual([2]);
    expect(m.follow("116")).toBe("here");
  });

  it("without the index, asks for the nearest pages one at a time and stops on the one that holds it", async () => {
    const { m, d, pages, since } = await start();
    m.select("116");
    await until(m, (s) => s.job.data?.id === "116");
    for (let i = 0; i < 6; i++) d.addJob(); // 126 … 122 | 121 … 117 | 116 …
    m.refresh();
    let s = await until(m, (x) => answered(x) && !lists(x, "116") && x.job.data?.id === "116");
    expect(s.elsewhere).toMatchObject({ id: "116", page: undefined });
    const n = pages.length;
    expect(m.follow("116")).toBe("searching");
    expect(m.getSnapshot().elsewhere?.searching).toEqual({ page: 2, asked: 1, of: FOLLOW_PAGES_MAX });
    s = await until(m, (x) => answered(x) && lists(x, "116"));
    expect(s.page).toBe(3);
    expect(since(n)).toEqual([2, 3]);
  });

  it("a job on none of the pages near: five pages asked, then back where it started, and says so", async () => {
    const { m, d, pages, since } = await start();
    m.select("116");
    await until(m, (s) => s.job.data?.id === "116");
    for (let i = 0; i < 30; i++) d.addJob(); // 116 is on page 8 now
    m.refresh();
    await until(m, (x) => answered(x) && !lists(x, "116"));
    const n = pages.length;
    expect(m.follow("116")).toBe("searching");
    // ⏎ again meanwhile: the same search goes on, no page is asked for twice.
    expect(m.follow("116")).toBe("searching");
    const s = await until(m, (x) => x.elsewhere?.notFound !== undefined && x.page === 1 && answered(x));
    expect(s.elsewhere?.notFound).toEqual({ from: 2, to: 6 });
    expect(since(n)).toEqual([2, 3, 4, 5, 6, 1]); // FOLLOW_PAGES_MAX pages, then back
  });

  it("looks for no page of a job the service says it does not have", async () => {
    const { m, d, pages, since } = await start();
    m.select("116");
    await until(m, (s) => s.job.data?.id === "116");
    d.removeJob(116);
    m.refresh();
    await until(m, (x) => answered(x) && x.missing?.id === "116");
    const n = pages.length;
    expect(m.follow("116")).toBe("missing");
    expect(since(n)).toEqual([]);
  });

  it("ends the search when the user turns the page, selects another job or pauses", async () => {
    const { m, d, pages, since } = await start();
    m.select("116");
    for (let i = 0; i < 30; i++) d.addJob();
    m.refresh();
    await until(m, (x) => answered(x) && !lists(x, "116"));
    expect(m.follow("116")).toBe("searching");
    m.setPage(9);
    const s = await until(m, (x) => x.page === 9 && answered(x));
    expect(s.elsewhere?.searching).toBeUndefined();
    const n = pages.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(m.getSnapshot().page).toBe(9);
    expect(since(n)).toEqual([]);
    expect(m.follow("116")).toBe("searching");
    m.select("101");
    expect(m.getSnapshot().elsewhere?.searching).toBeUndefined();
    m.pause();
    expect(m.follow("116")).toBe("paused");
  });
});
