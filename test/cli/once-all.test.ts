// `jobtop --once --all` and `--status`, through the built CLI, against the demo service over
// loopback (120 jobs over 6 pages of 20) and a scripted one (a page that keeps failing).
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, NODE, runCli, TEST_CACHE_HOME, TEST_CONFIG_HOME } from "../helpers/cli.js";
import { startHostileService } from "../helpers/hostile-service.js";
import { specJob } from "../helpers/payloads.js";
import { pageOf, startScriptedService } from "../helpers/scripted-service.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, maxPerPage: 20 });
});
afterAll(async () => {
  await demo.close();
});

const env = () => ({ JOBTOP_BASE_URL: demo.url, JOBTOP_TOKEN: demo.token });
const LABELS = ["--status-labels", "6=queued,1=starting,2=running,3=stopped"];
/** No terminal control can reach a terminal through these bytes (\n is the only C0 allowed). */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The demo's jobs now, as id → status; desc order (the newest first) is the list's. */
function demoJobs(): Map<string, number> {
  const m = new Map<string, number>();
  for (let id = 1000; id >= 1; id--) {
    const j = demo.getJob(id);
    if (j) m.set(String(id), j.status);
  }
  return m;
}

interface AllJson {
  total: number;
  pages: number;
  perPage: number;
  requests: number;
  status?: number[];
  jobs: { id: string; status: number; app: { remark: string } }[];
}

describe("jobtop --once --all against a hostile service (issue 29.2)", () => {
  it("whose pages never end: stops at the pages page 1 announced and two more, exit 1, one line, nothing printed", async () => {
    // Each answer names two pages past the jobs it made up, and every page holds new ones: it
    // got 12 270 requests in 120 s and 2.2 GB, and printed nothing.
    const svc = await startHostileService({ total: "grow", bytes: 2000 });
    try {
      const env = { JOBTOP_BASE_URL: svc.url, JOBTOP_TOKEN: svc.token };
      const r = await runCli(["--once", "--all", "--json"], env, 20_000, { peakRss: true });
      expect(r.stderr).toBe(
        "jobtop: --all: stopped at page 5, nothing printed: the service's pages went on past the 3 it announced\n",
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(svc.requests).toHaveLength(5);
      expect(r.peakRssMb).toBeLessThan(150);
      // Paced: 50 ms at least from one request to the next (as they arrive: give or take a few).
      const at = svc.requests.map((q) => q.at);
      expect((at[4] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(4 * 50 - 20);
    } finally {
      await svc.close();
    }
  });

  it("that sends ten times the rows it says: held to twice the total it announced and a page more", async () => {
    const svc = await startHostileService({ total: 250, rows: 1000 });
    try {
      const r = await runCli(["--once", "--all"], { JOBTOP_BASE_URL: svc.url, JOBTOP_TOKEN: svc.token });
      expect(r.stderr).toBe(
        "jobtop: --all: stopped at page 1, nothing printed: 1000 jobs where the service announced 250 (at most 600 are read)\n",
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(svc.requests).toHaveLength(1);
    } finally {
      await svc.close();
    }
  });
});

describe("jobtop --once --all", () => {
  it("--json: one document with every job of the 6 pages, each id once, as the service holds them", async () => {
    const before = demo.requestCount();
    const r = await runCli(["--once", "--all", "--json"], env());
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as AllJson;
    const ids = doc.jobs.map((j) => j.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([...demoJobs().keys()].sort());
    expect(doc).toMatchObject({ total: 120, pages: 6, perPage: 20, requests: 6 });
    expect(demo.requestCount() - before).toBe(6);
    // Full jobs, as the service sent them: the state's log, the app's ports and urls are there.
    const full = doc.jobs[0] as unknown as { state: { log: unknown[] }; app: { ports: unknown[] } };
    expect(full.state.log.length).toBeGreaterThan(0);
    expect(Array.isArray(full.app.ports)).toBe(true);
  });

  it("the table: a row per job of the account, and a last line that says so", async () => {
    const r = await runCli(["--once", "--all"], env());
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^STATUS\s+DISPLAY/);
    expect(lines.length).toBe(1 + 120 + 1);
    expect(lines.at(-1)).toBe("all 120 jobs · 6 pages of 20 · order desc");
  });

  it("--status by name and by codes, in both scopes; an unknown name is one line and exit 2", async () => {
    const jobs = demoJobs();
    const firstPage = [...jobs.entries()].slice(0, 20);
    const page = await runCli(["--once", "--status", "running", ...LABELS], env());
    expect(page.code).toBe(0);
    const running = firstPage.filter(([, s]) => s === 2).length;
    expect(running).toBeGreaterThan(0);
    const rows = page.stdout.trimEnd().split("\n").slice(1, -1);
    expect(rows.length).toBe(running);
    for (const row of rows) expect(row).toMatch(/^● running /);
    expect(page.stdout).toContain(`page 1/6 · 120 jobs · ${running} in status running · order desc`);

    const codes = await runCli(["--once", "--status", "2,6", "--json"], env());
    expect(codes.code).toBe(0);
    const pageDoc = JSON.parse(codes.stdout) as AllJson;
    expect(pageDoc.jobs.map((j) => j.id)).toEqual(
      firstPage.filter(([, s]) => s === 2 || s === 6).map(([id]) => id),
    );

    const all = await runCli(["--once", "--all", "--status", "running,6", "--json", ...LABELS], env());
    expect(all.code).toBe(0);
    const doc = JSON.parse(all.stdout) as AllJson;
    expect(doc.status).toEqual([2, 6]);
    expect(doc.total).toBe(120);
    const want = [...jobs.entries()].filter(([, s]) => s === 2 || s === 6).map(([id]) => id);
    expect(doc.jobs.map((j) => j.id).sort()).toEqual(want.sort());

    const table = await runCli(["--once", "--all", "--status", "3"], env());
    expect(table.code).toBe(0);
    const stopped = [...jobs.values()].filter((s) => s === 3).length;
    expect(table.stdout.trimEnd().split("\n").at(-1)).toBe(
      `all 120 jobs · ${stopped} in status 3 · 6 pages of 20 · order desc`,
    );

    const unknown = await runCli(["--once", "--all", "--status", "runing", ...LABELS], env());
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toBe(
      'jobtop: --status: unknown status "runing": use a status code or one of starting (1), running (2), stopped (3), queued (6)\n',
    );
  });

  it("bad usage is exit 2: --all or --status without --once", async () => {
    for (const args of [
      ["--all"],
      ["--status", "2"],
      ["get", "5", "--all"],
      ["wait", "5", "--until", "2", "--status", "2"],
    ]) {
      const r = await runCli(args, env());
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(/^jobtop: --(all|status) works with --once\n$/);
    }
  });

  it("a page that keeps failing: retried until --timeout, then exit 1, one line, nothing on stdout", async () => {
    const jobs = Array.from({ length: 50 }, (_, i) => specJob(50 - i));
    const svc = await startScriptedService({
      list: (q) =>
        q.page === 3
          ? { status: 502, body: { code: 502, msg: "bad gateway" } }
          : pageOf(jobs.slice((q.page - 1) * 20, q.page * 20), { ...q, perPage: 20 }, { total: 50 }),
    });
    try {
      const r = await runCli(["--once", "--all", "--timeout", "1500ms", "--interval", "200ms"], {
        JOBTOP_BASE_URL: svc.url,
        JOBTOP_TOKEN: svc.token,
      });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      const lines = r.stderr.trimEnd().split("\n");
      expect(lines.at(-1)).toMatch(
        /^jobtop: --all: page 3 failed, nothing printed: gave up after 1\.5s \(--timeout sets how long\): HTTP 502/,
      );
      expect(svc.requests.filter((q) => q.query.get("page") === "3").length).toBeGreaterThan(1);
    } finally {
      await svc.close();
    }
  });

  it("a service that ignores page and names a million pages: the walk ends at the first page of nothing new", async () => {
    const jobs = Array.from({ length: 20 }, (_, i) => specJob(20 - i));
    const svc = await startScriptedService({
      list: (q) =>
        pageOf(jobs, { ...q, perPage: 20 }, { total: 20_000_000, numPages: 1_000_000, page: q.page }),
    });
    try {
      const r = await runCli(["--once", "--all", "--json"], {
        JOBTOP_BASE_URL: svc.url,
        JOBTOP_TOKEN: svc.token,
      });
      expect(r.code).toBe(0);
      expect(svc.requests).toHaveLength(2);
      expect(r.stderr).toBe(
        'jobtop: page 2 held only jobs already listed: the walk ended there (does the service ignore "page"?)\n',
      );
      expect((JSON.parse(r.stdout) as AllJson).jobs).toHaveLength(20);
    } finally {
      await svc.close();
    }
  });

  it("fewer jobs than the total says: one line names the difference, the output is unchanged, exit 0", async () => {
    // Total 250 throughout; two jobs moved from page 1 to page 2 between the two reads (seen
    // twice), and two at the end went unseen: 248 distinct. It printed 248 without a word.
    const ids = Array.from({ length: 250 }, (_, i) => 250 - i);
    const rows = (q: { page: number }) =>
      q.page === 1 ? ids.slice(0, 100) : q.page === 2 ? ids.slice(98, 198) : ids.slice(198, 248);
    const svc = await startScriptedService({
      list: (q) =>
        pageOf(
          rows(q).map((id) => specJob(id)),
          { ...q, perPage: 100 },
          { total: 250 },
        ),
    });
    try {
      const env = { JOBTOP_BASE_URL: svc.url, JOBTOP_TOKEN: svc.token };
      const json = await runCli(["--once", "--all", "--json"], env);
      expect(json.code).toBe(0);
      expect(json.stderr).toBe("jobtop: 248 of 250 jobs: 2 moved or were removed while reading\n");
      const doc = JSON.parse(json.stdout) as AllJson;
      expect(doc).toMatchObject({ total: 248, pages: 3, perPage: 100, requests: 3 });
      expect(doc.jobs).toHaveLength(248);
      const table = await runCli(["--once", "--all"], env);
      expect(table.code).toBe(0);
      expect(table.stderr).toBe("jobtop: 248 of 250 jobs: 2 moved or were removed while reading\n");
      expect(table.stdout.trimEnd().split("\n").at(-1)).toBe("all 248 jobs · 3 pages of 100 · order desc");
    } finally {
      await svc.close();
    }
  });

  it("| head -1: the first line, then a quiet end", async () => {
    const script = `"$@" 2>&1 | head -1; echo "status \${PIPESTATUS[0]}"`;
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn("bash", ["-c", script, "bash", NODE, CLI, "--once", "--all", "--json"], {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          XDG_CACHE_HOME: TEST_CACHE_HOME,
          XDG_CONFIG_HOME: TEST_CONFIG_HOME,
          ...env(),
        },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let s = "";
      child.stdout.on("data", (d) => {
        s += d;
      });
      const t = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error("did not finish"));
      }, 15_000);
      child.on("close", () => {
        clearTimeout(t);
        resolve(s);
      });
    });
    expect(out).toBe("{\nstatus 0\n");
  });

  it("escapes in remarks reach neither the table nor the JSON", async () => {
    const job = demo.getJob(30);
    if (!job) throw new Error("no demo job 30");
    const remark = job.app.remark;
    job.app.remark = "evil\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eyrtnE\r\nrow";
    try {
      const table = await runCli(["--once", "--all"], env());
      const json = await runCli(["--once", "--all", "--json"], env());
      for (const r of [table, json]) {
        expect(r.code).toBe(0);
        expect(r.stdout).not.toMatch(CONTROL);
      }
      expect(table.stdout).toContain("evil");
      const doc = JSON.parse(json.stdout) as AllJson;
      expect(doc.jobs.find((j) => j.id === "30")?.app.remark).toBe(job.app.remark);
    } finally {
      job.app.remark = remark;
    }
  });
});
