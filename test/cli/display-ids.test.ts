// DisplayIDs outside the monitor (issue 29, a newcomer's trips, 5): every screen shows a job's
// displayID first, and `:` takes one, but `jobtop get jbhue4` said "not a job id". Now get, watch,
// wait and act take one: found by walking the account's pages (bounded as --once --all), named
// on stderr; one no job has is exit 4, one that names several jobs exit 2.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli } from "../helpers/cli.js";
import { longLogPages } from "../helpers/long-logs.js";
import { specJob } from "../helpers/payloads.js";
import { pageOf, startScriptedService } from "../helpers/scripted-service.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

const env = () => ({ JOBTOP_TOKEN: demo.token });
const nameOf = (id: number) => demo.getJob(id)?.displayID as string;

describe("a displayID for a job id", () => {
  it("get: resolved by walking the pages, named on stderr, in any case", async () => {
    for (const typed of [nameOf(5), nameOf(5).toUpperCase()]) {
      const before = demo.requestCount();
      const r = await runCli(["get", typed, "--base-url", demo.url], env());
      expect(r.code).toBe(0);
      expect(r.stderr).toBe(`jobtop: displayID "${typed}" is job 5\n`);
      expect(r.stdout).toContain(`id 5 · ${nameOf(5)}`);
      // 120 jobs: two pages of 100, and the job.
      expect(demo.requestCount() - before).toBe(3);
    }
  });

  it("watch and wait take one beside ids", async () => {
    const status = demo.getJob(7)?.status;
    const w = await runCli(["wait", nameOf(7), "--until", String(status), "--base-url", demo.url], env());
    expect(w.code).toBe(0);
    expect(w.stdout).toContain(`${nameOf(7)} (7)`);
    const r = await runCli(
      [
        "watch",
        nameOf(8),
        "9",
        "--until",
        `${demo.getJob(8)?.status},${demo.getJob(9)?.status}`,
        "--base-url",
        demo.url,
      ],
      env(),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${nameOf(8)} (8)`);
    expect(r.stdout).toContain(`${nameOf(9)} (9)`);
  });

  it("one no job has: exit 4, one line", async () => {
    const r = await runCli(["get", "no-such-job", "--base-url", demo.url], env());
    expect(r.code).toBe(4);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe('jobtop: no job has the displayID "no-such-job" (of 120 jobs)\n');
  });

  it("one that names two jobs: exit 2, their ids", async () => {
    const jobs = [specJob(101, { displayID: "twin" }), specJob(102, { displayID: "twin" })];
    const s = await startScriptedService({ list: (q) => pageOf(jobs, q) });
    const r = await runCli(["get", "twin", "--base-url", s.url], { JOBTOP_TOKEN: s.token });
    await s.close();
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('jobtop: displayID "twin" names 2 jobs (101, 102): give the id\n');
  });

  it("a walk past its bound says so in get's words, not --all's", async () => {
    // A service announcing 50 jobs that hands out new ones on every page: the walk stops (as
    // --once --all does), and get said "--all: stopped at page 2, nothing printed: …".
    const s = await startScriptedService({
      list: (q) => {
        const jobs = [];
        for (let i = 0; i < q.perPage; i++) jobs.push(specJob(q.page * 1000 + i));
        return pageOf(jobs, q, { total: 50, numPages: 100_000 });
      },
    });
    const r = await runCli(["get", "nope", "--base-url", s.url], { JOBTOP_TOKEN: s.token });
    await s.close();
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'jobtop: looking up displayID "nope": stopped at page 2: 2000 jobs where the service announced 50 (at most 1100 are read)\n',
    );
  });

  it("a word with a space or a control is neither: exit 2 before any request", async () => {
    const before = demo.requestCount();
    const r = await runCli(["get", "a\u001b[2Jb", "--base-url", demo.url], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('jobtop: get: "a^[[2Jb" is not a job id (a whole number) or a displayID\n');
    expect(demo.requestCount()).toBe(before);
  });
});

describe("a displayID among jobs with long logs", () => {
  // 150 jobs of 20 000 log entries (1.3 MB each): the walk that finds one name held every job
  // whole, more than a heap of 128 MB ("JavaScript heap out of memory"; 20 000 jobs of 200
  // entries took 700 MB RSS); it keeps each job's id and displayID.
  const JOBS = 150;
  const ENTRIES = 20_000;
  const PER_PAGE = 10;
  const pageText = longLogPages({ jobs: JOBS, entries: ENTRIES, perPage: PER_PAGE, lastSec: 1_700_020_000 });

  it("get finds it within a 128 MB heap", async () => {
    const s = await startScriptedService({
      list: (q) => ({ raw: pageText(q.page) }),
      job: () => ({ code: 0, msg: "", job: specJob(JOBS, { displayID: "last-one" }) }),
    });
    const r = await runCli(
      ["get", `j-${JOBS}`, "--base-url", s.url],
      { JOBTOP_TOKEN: s.token, NODE_OPTIONS: "--max-old-space-size=128" },
      120_000,
    );
    await s.close();
    expect(r.stderr).toBe(`jobtop: displayID "j-${JOBS}" is job ${JOBS}\n`);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("last-one");
  }, 120_000);
});
