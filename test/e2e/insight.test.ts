// Issue 32 on screen, in a real pseudo-terminal against the demo service over HTTP: stuck rules
// ([[alerts]]) counted in the header, marked on the rows and said once each in the events pane;
// what is stuck is checked against the service's own jobs.
import { describe, expect, it } from "vitest";
import type { Job } from "../../src/api/schema.js";
import { writeConfig } from "../helpers/config-file.js";
import { allJobs as demoJobs } from "../helpers/demo-jobs.js";
import type { PtyOptions } from "./pty.js";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions({ maxPerPage: 20 });

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
  return start(["--base-url", demo.url, "--per-page", "20", "--index-interval", "1s", ...extra], {
    cols: 160,
    ...opts,
    env: { JOBTOP_TOKEN: demo.token, XDG_CONFIG_HOME: cfg.home, ...opts.env },
  });
}

const allJobs = () => demoJobs(demo);

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
    // f offers "stuck" first, as the header counts it first: exactly the stuck jobs of the account.
    t.press("\x1b");
    await t.waitFor((x) => !(x.split("\n")[0] ?? "").includes("filter:"));
    t.press("f");
    const only = await t.waitFor(/status: ⧗ stuck \(\d+ of 120\)/);
    expect(only).toContain(`status: ⧗ stuck (${want.length} of 120)`);
    t.press("f");
    await t.waitFor((x) => !x.includes("status: ⧗ stuck"));
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

describe("a stuck job's detail", () => {
  it("names the rule it breaks under its status, and a job that breaks none says nothing of it", async () => {
    const jobs = await allJobs();
    const want = stuckIds(jobs, Date.now() / 1000);
    const free = jobs.find((j) => j.status !== 6);
    expect(want.length).toBeGreaterThan(0);
    const t = open([], { env: { NO_COLOR: "1" } });
    await t.waitFor(new RegExp(`${want.length} ⧗ stuck`), 20_000);
    // Found by an independent service: the row said ⧗, the detail nothing of why.
    t.press(":");
    t.press(`${want[0]}\r`);
    const screen = await t.waitFor((x) => x.includes(`Job ${want[0]}`) && x.includes("⧗ stuck: queued-long"));
    const detail = screen.split("\n").map((l) => l.split("│")[1] ?? "");
    const status = detail.findIndex((l) => l.includes("status ◌ queued"));
    expect(detail[status + 1]).toMatch(/^⧗ stuck: queued-long\s*$/);
    t.press(":");
    t.press(`${free?.id}\r`);
    const other = await t.waitFor((x) => x.includes(`Job ${free?.id}`));
    expect(other).not.toContain("⧗ stuck: ");
  });
});

describe("the stats view (i)", () => {
  it("shows the service's counts per status, the window and grouping keys, and the same text without colour", async () => {
    const jobs = await allJobs();
    const t = open([], { rows: 60, env: { NO_COLOR: "1" } });
    await t.waitFor(/⧗ stuck/, 20_000);
    t.press("i");
    const screen = await t.waitFor(/Over the whole account \(the index\)/);
    for (const [code, name] of [
      [6, "◌ queued"],
      [1, "◔ starting"],
      [2, "● running"],
      [3, "■ stopped"],
    ] as const) {
      const n = jobs.filter((j) => j.status === code).length;
      expect(screen).toMatch(new RegExp(`\\n  ${name} +${n} `));
    }
    expect(screen).toContain("transitions in the last 24h");
    expect(screen).toMatch(/TREND of the counts per status/);
    expect(screen).toMatch(/◌ queued +[▁▂▃▄▅▆▇█]+ +min \d+ +max \d+ +now \d+/);
    expect(screen).toMatch(/WAITED in the first status/);
    t.press("]");
    await t.waitFor(/transitions in the last 3d/);
    t.press("b");
    const byGpu = await t.waitFor(/grouped by gpu/);
    // A group per GPU name, each with its jobs.
    const per = new Map<string, number>();
    for (const j of jobs) {
      const k = j.res.gpus > 0 && j.res.gpuName ? j.res.gpuName : "(none)";
      per.set(k, (per.get(k) ?? 0) + 1);
    }
    // The largest group comes first, with its count.
    const [name, n] = [...per].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] as [string, number];
    expect(byGpu).toContain(`${name} — ${n} jobs`);
    t.press("\x1b");
    await t.waitFor((x) => !x.includes("Over the whole account"));
  });

  it("keeps the trend across restarts: the first screen after a start shows the days before", async () => {
    const stateHome = (await import("../helpers/cli.js")).freshStateHome();
    const { writeFileSync, mkdirSync, statSync, existsSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { trendPath } = await import("../../src/state/trend-file.js");
    const { stateName } = await import("../../src/state/away-session.js");
    mkdirSync(join(stateHome, "jobtop"), { recursive: true, mode: 0o700 });
    const file = trendPath(stateName(undefined, demo.url), { XDG_STATE_HOME: stateHome });
    // Two days of 5-minute slots, queued going 0 → 99 → 0.
    const now = Math.floor(Date.now() / 1000 / 300) * 300;
    const slots: number[][] = [];
    for (let i = 575; i >= 1; i--) slots.push([now - i * 300, i === 300 ? 99 : 5, 1]);
    writeFileSync(file, JSON.stringify({ v: 1, step: 300, codes: [6, 2], slots }), { mode: 0o600 });
    const t = open([], { rows: 60, env: { XDG_STATE_HOME: stateHome } });
    await t.waitFor(/⧗ stuck/, 20_000);
    t.press("i");
    const screen = await t.waitFor(/◌ queued +[▁▂▃▄▅▆▇█]+ +min \d+ +max 99 +now \d+/);
    expect(screen).toContain("the last 2d to now");
    t.press("q");
    t.press("q");
    await t.exited();
    // Written back on the way out, private, with this run's sweep in its slot.
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const back = JSON.parse(readFileSync(file, "utf8")) as { slots: number[][] };
    expect(back.slots.length).toBeGreaterThanOrEqual(576);
  });
});
