// `--once --all`'s walk (src/modes/once-all.ts) against the demo service over loopback: 120 jobs
// over 6 pages of 20, with jobs added and removed between two pages as a busy account does.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient, type JobClient } from "../../src/api/client.js";
import type { Config } from "../../src/config/types.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { walkAccount } from "../../src/modes/once-all.js";

// A fresh demo for each test: each changes the account.
let demo: DemoServer;
beforeEach(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, maxPerPage: 20, retryAfterSec: 1 });
});
afterEach(async () => {
  await demo.close();
});

const config = { order: "desc", intervalMs: 100, timeoutMs: 3000 } as Config;

/** The demo's client; `after(page)` runs once each page's answer is in (the service changes then). */
function client(after?: (page: number) => void): { client: JobClient; asked: number[] } {
  const real = createClient({ baseUrl: demo.url, token: demo.token });
  const asked: number[] = [];
  return {
    asked,
    client: {
      getJob: (id, signal) => real.getJob(id, signal),
      listJobs: async (q, signal) => {
        asked.push(q.page);
        const page = await real.listJobs(q, signal);
        after?.(q.page);
        return page;
      },
    },
  };
}

/** The ids the demo holds now. */
function demoIds(): string[] {
  const ids: string[] = [];
  for (let id = 1; id <= 400; id++) if (demo.getJob(id)) ids.push(String(id));
  return ids.sort();
}

async function walk(c: JobClient, errors: string[] = []) {
  const r = await walkAccount({ client: c, config, err: (m) => errors.push(m) });
  if (!r.ok) throw new Error(r.message);
  return r.data;
}

describe("--once --all's walk", () => {
  it("walks the 6 pages at the size the service grants, one request each, every job once", async () => {
    const c = client();
    const a = await walk(c.client);
    expect(a.perPage).toBe(20);
    expect(c.asked).toEqual([1, 2, 3, 4, 5, 6]);
    expect(a.requests).toBe(6);
    expect([...a.jobs.keys()].sort()).toEqual(demoIds());
    expect(a.unsettled).toBe(false);
  });

  it("a job added while it walks pushes one to the next page: seen twice, kept once; the walk runs again", async () => {
    let added: string | undefined;
    const c = client((page) => {
      if (page === 2 && added === undefined) added = String(demo.addJob().id);
    });
    const errors: string[] = [];
    const a = await walk(c.client, errors);
    // The total moved during the first walk (120 → 121): a second one, which did not move.
    expect(c.asked).toEqual([1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7]);
    expect(a.unsettled).toBe(false);
    expect(errors).toEqual([]);
    expect([...a.jobs.keys()].sort()).toEqual(demoIds());
    expect(a.jobs.has(added as string)).toBe(true);
  });

  it("a job removed while it walks pulls one up a page, unseen by the first walk: the second finds it", async () => {
    // Desc order: page 1 holds 120…101. Removing 115 after page 2 pulls 80 (page 3's first) up to page 2.
    let removed = false;
    const first: string[] = [];
    const c = client((page) => {
      if (page === 2 && !removed) {
        removed = demo.removeJob(115);
      }
    });
    const a = await walk(c.client);
    for (const id of a.jobs.keys()) first.push(id);
    expect(removed).toBe(true);
    expect(a.jobs.has("80")).toBe(true);
    // The removed job was seen before it went (the walks' union): every job of now, once.
    for (const id of demoIds()) expect(a.jobs.has(id)).toBe(true);
    expect(new Set(first).size).toBe(first.length);
  });

  it("says so on stderr when the total moved in both walks", async () => {
    const c = client((page) => {
      if (page === 3) demo.addJob();
    });
    const errors: string[] = [];
    const r = await walkAccount({ client: c.client, config, err: (m) => errors.push(m) });
    expect(r.ok && r.data.unsettled).toBe(true);
  });

  it("keeps the copy with the newer state.log when one id comes on two pages", async () => {
    // Page 1 is the newest 20 (120…101). Its last becomes a job that can still advance (jobs
    // above it removed); the add moves it to page 2, and it advances in between.
    let last = 101;
    while ((demo.getJob(last)?.status ?? 3) === 3) last--;
    for (let id = 102; id < 102 + (101 - last); id++) demo.removeJob(id);
    let entry: string | undefined;
    const c = client((page) => {
      if (page === 1 && entry === undefined) {
        demo.addJob();
        entry = String(demo.advance(last)?.id ?? "none");
      }
    });
    const a = await walk(c.client);
    expect(entry).not.toBe("none");
    expect(a.jobs.get(String(last))?.state.log.at(-1)?.id).toBe(entry);
  });

  it("a page that keeps failing ends the walk with one line, after retrying until the deadline", async () => {
    const c = client((page) => {
      if (page === 2) demo.injectFault("500", 1000, "/v1/job/jobs");
    });
    const errors: string[] = [];
    const t0 = Date.now();
    const r = await walkAccount({
      client: c.client,
      config: { ...config, timeoutMs: 1500 },
      err: (m) => errors.push(m),
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe(1);
    expect(r.message).toMatch(
      /^--all: page 3 failed, nothing printed: gave up after 1\.5s \(--timeout sets how long\): /,
    );
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1400);
    expect(c.asked.filter((p) => p === 3).length).toBeGreaterThan(1);
    expect(errors.length).toBeGreaterThan(0);
  });
});
