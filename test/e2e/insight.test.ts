// Issue 32 on screen, in a real pseudo-terminal against the demo service over HTTP: stuck rules
// ([[alerts]]) counted in the header, marked on the rows and said once each in the events pane;
// what is stuck is checked against the service's own jobs.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { writeConfig } from "../helpers/config-file.js";
import { type PtyOptions, type Session, startCli } from "./pty.js";

let demo: DemoServer;
let s: Session | undefined;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, maxPerPage: 20 });
});
afterAll(async () => {
  await demo.close();
});
afterEach(() => {
  s?.kill("SIGKILL");
  s = undefined;
});

const RULE = `[status]
6 = "queued"
1 = "starting"
2 = "running"
3 = "stopped"

[[alerts]]
name = "queued-long"
statuses = ["queued"]
longer_than = "1d"
`;

function open(extra: string[] = [], opts: PtyOptions = {}) {
  const cfg = writeConfig(RULE);
  s = startCli(["--base-url", demo.url, "--per-page", "20", "--index-interval", "1s", ...extra], {
    cols: 160,
    ...opts,
    env: { JOBTOP_TOKEN: demo.token, XDG_CONFIG_HOME: cfg.home, ...opts.env },
  });
  return s;
}

async function allJobs(): Promise<Job[]> {
  const jobs: Job[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${demo.url}/v1/job/jobs?page=${page}&per_page=20&order=desc`, {
      headers: { authorization: `Bearer ${demo.token}` },
    });
    const body = (await res.json()) as { job: unknown[]; pagination: { numPages: number } };
    for (const j of body.job) jobs.push(JobSchema.parse(j));
    if (page >= body.pagination.numPages) return jobs;
  }
}

/** Queued for more than a day since the newest log entry: the rule, computed here from the service's jobs. */
function stuckIds(jobs: Job[], nowSec: number): string[] {
  return jobs
    .filter((j) => {
      if (j.status !== 6 || j.state.log.length === 0) return false;
      const last = Math.max(...j.state.log.map((e) => e.ts.seconds));
      return nowSec - last > 86_400;
    })
    .map((j) => j.id);
}

describe("stuck rules on screen", () => {
  it("the header counts the stuck jobs, their rows carry ⧗, and the events pane says each once", async () => {
    const jobs = await allJobs();
    const want = stuckIds(jobs, Date.now() / 1000);
    expect(want.length).toBeGreaterThan(1);
    const t = open([], { env: { NO_COLOR: "1" } });
    const head = await t.waitFor(new RegExp(`${want.length} ⧗ stuck`), 20_000);
    expect(head.split("\n")[0]).toContain(`${want.length} ⧗ stuck · `);
    // The whole account (a), filtered to the queued (f): the stuck ones carry the mark after ◌.
    t.press("a");
    await t.waitFor(/all jobs/);
    t.press("/");
    t.press("queued\r");
    const screen = await t.waitFor(/◌⧗ queued/);
    const marked = screen.split("\n").filter((l) => /◌⧗ queued/.test(l));
    for (const row of marked) {
      // The ID column, before the queue's (Q) at this width.
      const id = /(\d+)\s+\d+\s*$/.exec(row.split("│")[0] ?? "")?.[1];
      expect(want, row).toContain(id);
    }
    // The events pane: one line per stuck job, naming the rule.
    t.press("e");
    const events = await t.waitFor(/stuck: queued-long/);
    const lines = events.split("\n").filter((l) => l.includes("stuck: queued-long"));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(want.length);
    // Sweeps go on every second: no job is said twice.
    await t.waitFor((x) => x.includes("● ok"));
    const again = t
      .text()
      .split("\n")
      .filter((l) => l.includes("stuck: queued-long"));
    expect(new Set(again).size).toBe(again.length);
  });
});
