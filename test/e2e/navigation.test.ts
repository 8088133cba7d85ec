// Navigation and views (issue 14) in a real pseudo-terminal against the demo service over HTTP:
// the live and status filters across pages and orders, rows and pages, the detail pane's own
// scrolling, --per-page auto across a resize, the sort, the JSON view with a field the schema
// does not know, the collapsed fields, and the mouse. Checked by what the screen shows.
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import type { DemoJob } from "../../src/demo/data.js";
import { compareStatuses } from "../../src/model/status.js";
import { specJob } from "../helpers/payloads.js";
import { pageOf, startScriptedService } from "../helpers/scripted-service.js";
import { KEYS, type PtyOptions } from "./pty.js";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

function open(extra: string[] = ["--per-page", "20"], opts: PtyOptions = {}) {
  return start(["--base-url", demo.url, "--interval", "300ms", "--list-interval", "600ms", ...extra], {
    ...opts,
    env: { JOBTOP_TOKEN: demo.token, ...opts.env },
  });
}

async function page(n: number, order = "desc", perPage = 20): Promise<{ jobs: Job[]; numPages: number }> {
  const res = await fetch(`${demo.url}/v1/job/jobs?page=${n}&per_page=${perPage}&order=${order}`, {
    headers: { authorization: `Bearer ${demo.token}` },
  });
  const body = (await res.json()) as { job: unknown[]; pagination: { numPages: number } };
  return { jobs: body.job.map((j) => JobSchema.parse(j)), numPages: body.pagination.numPages };
}

const selectedId = (screen: string) => /Job (\d+)/.exec(screen)?.[1];
/** The list's rows (the lines with a status symbol after the marker), as shown. */
const listRows = (screen: string) =>
  screen
    .split("\n")
    .slice(2)
    .filter((l) => /^[ ›•»][ ✱][ ★][◌◔●■?] /.test(l));
/** What `/nb` should leave: the jobs with "nb" in a field the filter reads (no labels here). */
const matchesNb = (j: Job) =>
  [j.id, j.displayID, j.app.remark, j.app.cmd, j.ctx.nodeDisplayID, String(j.status)].some((v) =>
    v.toLowerCase().includes("nb"),
  );

describe("filters", () => {
  it("/ filters as each key is typed, says how many of the page match, and keeps it across pages and orders", async () => {
    const p1 = (await page(1)).jobs;
    const p2 = (await page(2)).jobs;
    const t = open();
    await t.waitFor(/Job \d+/, 8000);
    t.press("/");
    t.press("n");
    t.press("b");
    // No Enter yet: the rows are filtered already.
    let sc = await t.waitFor(`filter: nb (${p1.filter(matchesNb).length} of 20)`);
    expect(sc).toContain("filter: nb▏");
    expect(listRows(sc)).toHaveLength(p1.filter(matchesNb).length);
    for (const row of listRows(sc)) expect(row.toLowerCase()).toContain("nb");
    // The matches are marked in the rows: on a yellow ground, underlined (for no colour).
    expect(t.raw()).toMatch(/\x1b\[4m(?:\x1b\[[0-9;]*m)*nb/);
    expect(t.raw()).toMatch(/\x1b\[43m(?:\x1b\[[0-9;]*m)*nb/);
    t.press(KEYS.enter);
    await t.waitFor((x) => !x.includes("filter: nb▏"));
    // Next page: the filter stays, and applies to that page's rows.
    t.press(KEYS.right);
    sc = await t.waitFor(`filter: nb (${p2.filter(matchesNb).length} of 20)`);
    expect(sc).toMatch(/page 2\//);
    // f adds a status filter on top of it.
    const statuses = Array.from(new Set(p2.map((j) => j.status))).sort(compareStatuses);
    t.press("f");
    const first = statuses[0] as number;
    const both = p2.filter((j) => matchesNb(j) && j.status === first).length;
    sc = await t.waitFor(`filter: nb · status: ${first} (${both} of 20)`);
    // A new order: both still in force, on the new first page.
    t.press("o");
    const asc = (await page(1, "asc")).jobs;
    const ascBoth = asc.filter((j) => matchesNb(j) && j.status === first).length;
    sc = await t.waitFor(
      (x) => /page 1\/\d+ · asc/.test(x) && x.includes(`filter: nb · status: ${first} (${ascBoth} of 20)`),
    );
    // Esc clears the text first, then the status.
    t.press(KEYS.esc);
    const onlyStatus = asc.filter((j) => j.status === first).length;
    sc = await t.waitFor(`status: ${first} (${onlyStatus} of 20)`);
    expect(sc).not.toContain("filter: nb");
    t.press(KEYS.esc);
    await t.waitFor((x) => !x.includes("status:") && listRows(x).length === 20);
  }, 30_000);

  it("f cycles all → each status on the page, in the header's order → all; Esc at the / prompt clears the filter", async () => {
    const p1 = (await page(1)).jobs;
    const statuses = Array.from(new Set(p1.map((j) => j.status))).sort(compareStatuses);
    expect(statuses.length).toBeGreaterThan(1);
    const t = open();
    await t.waitFor(/Job \d+/, 8000);
    for (const st of statuses) {
      t.press("f");
      const n = p1.filter((j) => j.status === st).length;
      const sc = await t.waitFor(`status: ${st} (${n} of 20)`);
      expect(listRows(sc)).toHaveLength(n);
    }
    t.press("f");
    await t.waitFor((x) => !x.includes("status:") && listRows(x).length === 20);
    t.press("/zz-no-such-job");
    await t.waitFor("no job on this page matches the filter");
    t.press(KEYS.esc);
    await t.waitFor((x) => !x.includes("filter:") && listRows(x).length === 20);
  }, 30_000);
});

describe("rows and pages", () => {
  it("g/G go to the first and last row, shown as 1/20 and 20/20; Home/End stay page keys", async () => {
    const { jobs, numPages } = await page(1);
    const t = open();
    await t.waitFor((x) => selectedId(x) === jobs[0]?.id, 8000);
    expect(t.text()).toContain(" 1/20 ");
    t.press("G");
    let sc = await t.waitFor((x) => selectedId(x) === jobs[19]?.id);
    expect(sc).toContain(" 20/20 ");
    expect(sc).toMatch(/page 1\//); // a row, not a page
    t.press("k");
    await t.waitFor(" 19/20 ");
    t.press("g");
    sc = await t.waitFor((x) => selectedId(x) === jobs[0]?.id);
    expect(sc).toContain(" 1/20 ");
    t.press(KEYS.end);
    await t.waitFor(`page ${numPages}/${numPages}`);
    t.press(KEYS.home);
    await t.waitFor(`page 1/${numPages}`);
  }, 30_000);

  it("with the detail focused, ↑↓, PgDn/PgUp and g/G scroll it, and the page stays", async () => {
    const t = open(["--per-page", "20"], { cols: 120, rows: 20 });
    await t.waitFor(/Job \d+/, 8000);
    const top = (x: string) => Number(/[↑ ][↓ ] (\d+)–\d+\/\d+ /.exec(x)?.[1]);
    await t.waitFor((x) => top(x) === 1);
    t.press(KEYS.tab);
    t.press(KEYS.pgdn);
    let sc = await t.waitFor((x) => top(x) > 1);
    expect(sc).toMatch(/page 1\//);
    const afterPgDn = top(sc);
    t.press(KEYS.down);
    await t.waitFor((x) => top(x) === afterPgDn + 1);
    t.press("G");
    sc = await t.waitFor((x) => /↑ {2}\d+–(\d+)\/\1 /.test(x)); // at the end
    t.press("g");
    await t.waitFor((x) => top(x) === 1);
    t.press(KEYS.pgdn);
    await t.waitFor((x) => top(x) > 1);
    t.press(KEYS.pgup);
    sc = await t.waitFor((x) => top(x) === 1);
    expect(sc).toMatch(/page 1\//);
    // Back on the list, PgDn is a page again.
    t.press(KEYS.tab);
    t.press(KEYS.pgdn);
    await t.waitFor(/page 2\//);
  }, 30_000);

  it("--per-page auto fills the list, and a resize re-pages around the selected job, still selected", async () => {
    // 120×30: 29 lines of frame, 27 of body, the list's first is its titles: 26 jobs a page.
    const t = open(["--per-page", "auto"], { cols: 120, rows: 30 });
    let sc = await t.waitFor((x) => listRows(x).length === 26, 8000);
    expect(sc).toMatch(/page 1\/5 /); // 120 jobs
    const p1 = (await page(1, "desc", 26)).jobs;
    expect(listRows(sc).map((r) => r.includes(p1[25]?.displayID ?? "?"))).toContain(true);
    t.press("j".repeat(9));
    const mine = p1[9] as Job;
    await t.waitFor((x) => selectedId(x) === mine.id);
    // Taller: 46 a page, and the job is still the one selected, on its row.
    t.resize(120, 50);
    sc = await t.waitFor((x) => /page 1\/3 /.test(x) && listRows(x).length === 46, 10_000);
    expect(selectedId(sc)).toBe(mine.id);
    expect(listRows(sc).find((r) => r.startsWith("›"))).toContain(mine.displayID);
    // On a later page, shorter: the page asked for is the one that holds the job.
    t.press(KEYS.right);
    const p2 = (await page(2, "desc", 46)).jobs;
    await t.waitFor((x) => /page 2\/3 /.test(x) && selectedId(x) === p2[0]?.id);
    t.press("j".repeat(30));
    const far = p2[30] as Job; // the 77th job: on page 5 of 16
    await t.waitFor((x) => selectedId(x) === far.id);
    t.resize(120, 20);
    sc = await t.waitFor((x) => /page 5\/8 /.test(x) && listRows(x).length === 16, 10_000);
    expect(selectedId(sc)).toBe(far.id);
    expect(listRows(sc).find((r) => r.startsWith("›"))).toContain(far.displayID);
  }, 40_000);
});

describe("--per-page auto at start", () => {
  it("asks for the page once, at the size of a terminal resized while jobtop starts", async () => {
    const jobs = Array.from({ length: 137 }, (_, i) => specJob(i + 1));
    const service = await startScriptedService({
      list: (q) =>
        pageOf(jobs.slice((q.page - 1) * q.perPage, q.page * q.perPage), q, { total: jobs.length }),
    });
    const dir = mkdtempSync(join(tmpdir(), "jobtop-slow-start-"));
    const fixture = fileURLToPath(new URL("./fixtures/slow-start.cjs", import.meta.url));
    try {
      // 150×24 when it starts; 150×40 (36 rows of list) before it asks for the first page.
      // No index: the page's requests alone (the sweep asks for its own size).
      const t = start(
        ["--base-url", service.url, "--per-page", "auto", "--list-interval", "60s", "--index", "off"],
        {
          cols: 150,
          rows: 24,
          env: { JOBTOP_TOKEN: service.token, NODE_OPTIONS: `--require ${fixture}`, SLOW_START_DIR: dir },
        },
      );
      await t.waitFor(() => existsSync(join(dir, "ready")), 10_000);
      t.resize(150, 40);
      writeFileSync(join(dir, "go"), "");
      // The fitted page on screen: had the first request been for the size seen at the start
      // (150×24: 20 rows), the second, for 36, would be counted by now too.
      await t.waitFor((x) => listRows(x).length === 36, 10_000);
      const pages = service.requests
        .filter((r) => r.path === "/v1/job/jobs")
        .map((r) => r.query.get("per_page"));
      expect(pages).toEqual(["36"]);
    } finally {
      await service.close();
    }
  }, 30_000);
});

describe("views", () => {
  it("< and > sort the page by a column, named in the header; the service's order stays", async () => {
    const t = open();
    await t.waitFor(/Job \d+/, 8000);
    const gpus = (x: string) => listRows(x).map((r) => Number(/ (\d+)× /.exec(r)?.[1] ?? 0));
    for (const column of ["status", "age", "remark", "node", "gpu", "in_status", "waited"]) {
      t.press(">");
      await t.waitFor(`sort: ${column}`);
    }
    t.press("<");
    t.press("<");
    const sc = await t.waitFor((x) => x.includes("sort: gpu") && listRows(x).length === 20);
    const g = gpus(sc);
    expect(g).toEqual(g.slice().sort((a, b) => b - a));
    expect(sc).toMatch(/page 1\/\d+ · desc/);
    t.press(">");
    t.press(">");
    t.press(">");
    await t.waitFor((x) => !x.includes("sort:"));
    t.press("<");
    await t.waitFor("sort: waited");
  }, 30_000);

  it("y shows every field as JSON, one the schema does not know included, secrets masked until s", async () => {
    const { jobs } = await page(1);
    const job = jobs[0] as Job;
    const password = job.app.SSHAuths[0]?.BaseOn.Cred.password;
    const demoJob = demo.getJob(Number(job.id)) as DemoJob & Record<string, unknown>;
    demoJob.futureField = { gpuModel: "B200-preview", apiToken: "tok-future-secret" };
    try {
      const t = open(["--per-page", "20"], { cols: 120, rows: 60 });
      await t.waitFor((x) => selectedId(x) === job.id, 8000);
      // The detail pane names the unknown field in its "More" section, masked.
      t.press(KEYS.tab);
      t.press("G");
      let sc = await t.waitFor("futureField");
      expect(sc).not.toContain("tok-future-secret");
      t.press(KEYS.tab);
      t.press("y");
      sc = await t.waitFor("as JSON");
      t.press("G");
      sc = await t.waitFor('"futureField": {');
      expect(sc).toContain('"gpuModel": "B200-preview"');
      expect(sc).toContain('"apiToken": "••••••"');
      expect(sc).not.toContain("tok-future-secret");
      t.press("g");
      sc = await t.waitFor('"id": ');
      if (password) {
        t.press(KEYS.pgdn);
        sc = await t.waitFor('"password": "••••••"');
        expect(sc).not.toContain(password);
      }
      t.press("s");
      sc = await t.waitFor("secrets shown");
      if (password) expect(sc).toContain(password);
      t.press("G");
      await t.waitFor('"apiToken": "tok-future-secret"');
      t.press(KEYS.esc);
      await t.waitFor((x) => !x.includes("as JSON") && x.includes("State timeline"));
    } finally {
      delete demoJob.futureField;
    }
  }, 30_000);

  it("long environments are collapsed with '… N more', and Enter on the detail expands them", async () => {
    const { jobs } = await page(1);
    const job = jobs.find((j) => j.app.envs.split(";").length >= 6) as Job;
    expect(job).toBeDefined();
    const n = job.app.envs.split(";").length;
    const t = open(["--per-page", "20"], { cols: 120, rows: 60 });
    await t.waitFor(/Job \d+/, 8000);
    t.press("j".repeat(jobs.indexOf(job)));
    let sc = await t.waitFor((x) => selectedId(x) === job.id && x.includes("Environment"));
    expect(sc).toContain(`… ${n - 4} more variables · Enter expands`);
    expect(sc).not.toContain("TZ=UTC"); // the last one
    t.press(KEYS.tab);
    t.press(KEYS.enter);
    sc = await t.waitFor("TZ=UTC");
    expect(sc).not.toContain("more variables");
    t.press(KEYS.enter);
    await t.waitFor("more variables · Enter expands");
  }, 30_000);

  it("--mouse on: a click selects a row, the wheel moves; off by default", async () => {
    const { jobs } = await page(1);
    const plain = open();
    await plain.waitFor(/Job \d+/, 8000);
    expect(plain.raw()).not.toContain("\x1b[?1000h");
    plain.kill("SIGKILL");
    const t = open(["--per-page", "20", "--mouse", "on"]);
    await t.waitFor((x) => selectedId(x) === jobs[0]?.id, 8000);
    expect(t.raw()).toContain("\x1b[?1000h\x1b[?1006h");
    // Row 4 of the list: screen line 6 (header, titles, rows 1–3 above it); 1-based cells.
    t.press("\x1b[<0;10;6M\x1b[<0;10;6m");
    let sc = await t.waitFor((x) => selectedId(x) === jobs[3]?.id);
    expect(sc).toContain(" 4/20 ");
    t.press("\x1b[<65;10;6M");
    sc = await t.waitFor((x) => selectedId(x) === jobs[4]?.id);
    expect(sc).not.toMatch(/sort:/); // the "<" in the report was no key
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
    const raw = t.raw();
    expect(raw.lastIndexOf("\x1b[?1000l")).toBeGreaterThan(raw.lastIndexOf("\x1b[?1000h"));
  }, 30_000);
});
