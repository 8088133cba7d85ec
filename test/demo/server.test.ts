// The demo service against the spec, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobSchema } from "../../src/api/schema.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

// biome-ignore lint/suspicious/noExplicitAny: raw JSON from the wire
type Body = any;
async function get(path: string, token: string | null = demo.token): Promise<{ status: number; body: Body }> {
  const res = await fetch(demo.url + path, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: await res.json() };
}

describe("demo service follows the spec", () => {
  it("requires the bearer token", async () => {
    expect(await get("/v1/job/jobs", null)).toEqual({
      status: 401,
      body: { code: 401, msg: "unauthorized" },
    });
    expect((await get("/v1/job?id=1", "wrong")).status).toBe(401);
  });

  it("paginates: disjoint pages covering every job, correct arithmetic", async () => {
    const first = await get("/v1/job/jobs?page=1&per_page=25&order=desc");
    const { total, numPages, perPage } = first.body.pagination;
    expect(first.body.code).toBe(0);
    expect(first.body.msg).toBe("");
    expect(perPage).toBe(25);
    expect(numPages).toBe(Math.ceil(total / 25));
    const ids = new Set<number>();
    for (let p = 1; p <= numPages; p++) {
      const r = await get(`/v1/job/jobs?page=${p}&per_page=25&order=desc`);
      expect(r.body.pagination.page).toBe(p);
      expect(r.body.job.length).toBe(p < numPages ? 25 : total - 25 * (numPages - 1));
      for (const j of r.body.job) ids.add(j.id);
    }
    expect(ids.size).toBe(total);
    const beyond = await get(`/v1/job/jobs?page=${numPages + 1}&per_page=25`);
    expect(beyond.body.job).toEqual([]);
  });

  it("orders desc (newest first) and asc (the reverse)", async () => {
    const all = (await get("/v1/job/jobs?page=1&per_page=100&order=desc")).body;
    const desc = all.job.map((j: Body) => j.id);
    expect(desc).toEqual([...desc].sort((a: number, b: number) => b - a));
    const asc = (
      await get(`/v1/job/jobs?page=${all.pagination.numPages}&per_page=100&order=asc`)
    ).body.job.map((j: Body) => j.id);
    expect(asc).toEqual([...asc].sort((a: number, b: number) => a - b));
  });

  it("caps per_page and rejects bad parameters with a code and msg", async () => {
    expect((await get("/v1/job/jobs?per_page=1000")).body.pagination.perPage).toBe(100);
    const bad = await get("/v1/job/jobs?page=zero");
    expect(bad.body.code).not.toBe(0);
    expect(bad.body.msg).not.toBe("");
  });

  it("answers an unknown id with a non-zero code and a msg", async () => {
    const r = await get("/v1/job?id=999999");
    expect(r.status).toBe(200);
    expect(r.body.code).not.toBe(0);
    expect(r.body.msg).toBe("job not found");
  });

  it("serves jobs that parse, with ascending logs starting at 6, and the same copy from both endpoints", async () => {
    const page = (await get("/v1/job/jobs?page=1&per_page=100")).body.job;
    for (const j of page) {
      expect(JobSchema.safeParse(j).success).toBe(true);
      expect(j.status).toBe(j.state.status);
      expect(j.state.log[0].status).toBe(6);
      const ids = j.state.log.map((e: Body) => e.id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
      expect(j.state.log.every((e: Body) => e.sourceId === j.id)).toBe(true);
    }
    const one = (await get(`/v1/job?id=${page[3].id}`)).body.job;
    expect(one).toEqual(page[3]);
  });

  it("uses every kind of value the client must handle", async () => {
    const jobs = (await get("/v1/job/jobs?page=1&per_page=100")).body.job as Body[];
    const text = JSON.stringify(jobs);
    expect(text).toMatch(/ssh:\/\/[^"]+:\d+/);
    expect(text).toMatch(/https:\/\/[^"]+:\d+\?token=/);
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    expect(text).toMatch(/\p{Extended_Pictographic}/u);
    expect(text).toMatch(/_TOKEN=|API_KEY=|PASSWORD=/);
    expect(jobs.some((j) => j.app.remark === "")).toBe(true);
    expect(new Set(jobs.map((j) => j.status))).toEqual(new Set([6, 1, 2, 3]));
  });

  it("advances a job with a new log entry visible over HTTP", async () => {
    const page = (await get("/v1/job/jobs?page=1&per_page=100")).body.job as Body[];
    const j = page.find((x) => x.status !== 3);
    const entry = demo.advance(j.id);
    const after = (await get(`/v1/job?id=${j.id}`)).body.job;
    expect(after.state.log.at(-1)).toEqual(entry);
    expect(after.status).toBe(entry?.status);
    expect(entry?.id).toBeGreaterThan(j.state.log.at(-1).id);
  });

  it("has a control surface for tests in other processes", async () => {
    const post = (path: string) =>
      fetch(demo.url + path, { method: "POST", headers: { authorization: `Bearer ${demo.token}` } });
    expect((await post("/_demo/fault?kind=500&count=1")).status).toBe(200);
    expect((await get("/v1/job/jobs")).status).toBe(500);
    expect((await get("/v1/job/jobs")).status).toBe(200);
    expect((await post("/_demo/fault?kind=nonsense")).status).toBe(400);
    // A fault for one path leaves the other's requests alone, and waits for its own.
    expect((await post("/_demo/fault?kind=500&count=1&path=/v1/job/jobs")).status).toBe(200);
    expect((await get("/v1/job?id=1")).status).toBe(200);
    expect((await get("/v1/job/jobs")).status).toBe(500);
    expect((await get("/v1/job/jobs")).status).toBe(200);
  });

  it("has jobs over at least 5 pages of 20, and jobs go away (the later ones move up a page)", async () => {
    const d = await startDemoServer({ port: 0, tickMs: 0 });
    try {
      const first = await fetch(`${d.url}/v1/job/jobs?page=1&per_page=20`, {
        headers: { authorization: `Bearer ${d.token}` },
      }).then((r) => r.json());
      expect(first.pagination.numPages).toBeGreaterThanOrEqual(5);
      const post = (path: string) =>
        fetch(d.url + path, { method: "POST", headers: { authorization: `Bearer ${d.token}` } }).then((r) =>
          r.json(),
        );
      expect((await post("/_demo/remove?id=3")).code).toBe(0);
      expect(d.getJob(3)).toBeUndefined();
      expect((await post("/_demo/remove?id=3")).code).not.toBe(0);
      const added = await post("/_demo/add");
      expect(d.getJob(added.job.id)).toBeDefined();
    } finally {
      await d.close();
    }
  });

  it("ticks change jobs on later pages too: two steps at once, jobs going away", async () => {
    const { World } = await import("../../src/demo/world.js");
    const w = new World(42, 120, () => 1_700_000_000);
    const before = new Map(w.all().map((j) => [j.id, j]));
    for (let i = 0; i < 60; i++) w.tick();
    const now = w.all();
    // The older half is pages 4–6 of 20 in the default (newest first) order.
    const older = [...before.values()].slice(0, 60);
    const twoSteps = older.filter((j) => {
      const after = w.get(j.id);
      return after !== undefined && after.state.log.length - j.state.log.length >= 2;
    });
    expect(twoSteps.length).toBeGreaterThan(0);
    expect(now.length).toBeLessThan(before.size + 60);
    expect(older.some((j) => w.get(j.id) === undefined)).toBe(true);
  });

  it("closes promptly even with a hanging request", async () => {
    const d = await startDemoServer({ port: 0, tickMs: 0 });
    d.injectFault("hang");
    const pending = fetch(`${d.url}/v1/job/jobs`, { headers: { authorization: `Bearer ${d.token}` } }).catch(
      (e) => e,
    );
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    await d.close();
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
  });
});
