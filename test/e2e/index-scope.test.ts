// The account's index on screen (issue 24) in a real pseudo-terminal against the demo service
// over HTTP (120 jobs over 6 pages at per_page 20): the header's counts per status, the scope key
// `a` with `f` over every job, `:` to a displayID on another page, jobs shifting pages while the
// sweeps run, and pinned jobs listed on top of every page. What the screen shows is compared with
// what the service says over HTTP.
import { describe, expect, it } from "vitest";
import type { Job } from "../../src/api/schema.js";
import { allJobs as demoJobs } from "../helpers/demo-jobs.js";
import { KEYS, type PtyOptions } from "./pty.js";
import { demoSessions } from "./sessions.js";

// A sweep of 20 jobs a page: 6 requests, so jobs can move between pages while one runs.
const { demo, start } = await demoSessions({ maxPerPage: 20 });

function open(extra: string[] = [], opts: PtyOptions = {}) {
  return start(
    ["--base-url", demo.url, "--per-page", "20", "--list-interval", "1s", "--index-interval", "1s", ...extra],
    { ...opts, env: { JOBTOP_TOKEN: demo.token, ...opts.env } },
  );
}

const allJobs = () => demoJobs(demo);

/** The list's rows (a status symbol after the marker), as shown (at 120 columns the ID column is the last). */
const listRows = (screen: string) =>
  screen
    .split("\n")
    .slice(2)
    .map((l) => l.split("│")[0] ?? "")
    .filter((l) => /^[ ›][ ✱][ ★][◌◔●■?] /.test(l));
/** A row's ID column: its last cell. */
const rowId = (row: string) => /(\d+)\s*$/.exec(row)?.[1];
const header = (screen: string) => screen.split("\n")[0] ?? "";
const count = (jobs: Job[], status: number) => jobs.filter((j) => j.status === status).length;

describe("the account's counts in the header", () => {
  it("are the service's, per status, with the glyphs the list uses", async () => {
    const jobs = await allJobs();
    const t = open([], { cols: 160 });
    const sc = await t.waitFor((x) => / · \d+ ● 2/.test(header(x)), 15_000);
    const h = header(sc);
    expect(h).toContain(`${jobs.length} jobs`);
    for (const [code, glyph] of [
      [6, "◌"],
      [1, "◔"],
      [2, "●"],
      [3, "■"],
    ] as const)
      expect(h).toContain(`${count(jobs, code)} ${glyph} ${code}`);
    // Still the page's scope, said so.
    expect(h).toMatch(/page 1\/6/);
  }, 30_000);

  it("stay within a narrow terminal: parts shortened or counted, no line wrapped", async () => {
    const t = open([], { cols: 70 });
    await t.waitFor(/Job \d+/, 10_000);
    // The counts shortened ("27◌") or those dropped counted ("+3 more"), the end kept.
    await t.waitFor((x) => /\d+◌|\+\d more/.test(header(x)), 15_000);
    expect(t.wrapped()).toBe(0);
    expect(header(t.text())).toContain("● ok");
  }, 30_000);
});

describe("scope a", () => {
  it("a then f lists every running job of the account, not only the page's", async () => {
    const running = (await allJobs()).filter((j) => j.status === 2).map((j) => j.id);
    expect(running.length).toBeGreaterThan(20);
    // Tall enough for every running job of the demo on one screen.
    const t = open([], { rows: 60, cols: 120 });
    await t.waitFor((x) => / · \d+ ● 2/.test(header(x)), 15_000);
    t.press("a");
    await t.waitFor(/all jobs · desc · 120 jobs/);
    t.press("f"); // status 6 (queued first, as the header lists them)
    await t.waitFor("status: 6 (");
    t.press("f"); // status 1
    await t.waitFor("status: 1 (");
    t.press("f"); // status 2
    const sc = await t.waitFor(`status: 2 (${running.length} of 120)`);
    const ids = listRows(sc).map(rowId);
    expect(ids.sort()).toEqual([...running].sort());
    // And back to the page: its own 20 rows, page 1's.
    t.press("a");
    await t.waitFor(/page 1\/6/);
    // Said in words that end (it read "this page: page 1 of the service's").
    await t.waitFor("this page only: page 1 of 6");
  }, 30_000);

  it(": reaches a job by its displayID on another page", async () => {
    const jobs = await allJobs();
    const far = jobs[65] as Job; // page 4
    const t = open();
    await t.waitFor((x) => / · \d+ ● 2/.test(header(x)), 15_000);
    t.press(":");
    for (const ch of far.displayID) t.press(ch);
    t.press(KEYS.enter);
    const sc = await t.waitFor(`Job ${far.id}`);
    expect(sc).not.toContain("type its numeric id");
    // Under a, the same job is on a row of the list, selected.
    t.press("a");
    const all = await t.waitFor(/all jobs/);
    const selected = listRows(all).find((r) => r.startsWith("›"));
    expect(selected && rowId(selected)).toBe(far.id);
  }, 30_000);
});

describe("pins", () => {
  it("a job pinned on page 4 is listed on top of page 1 and of the next, once, with ★", async () => {
    const jobs = await allJobs();
    const far = jobs[70] as Job;
    const t = open(["--pin", far.id]);
    let sc = await t.waitFor((x) => listRows(x).some((r) => rowId(r) === far.id), 15_000);
    let rows = listRows(sc);
    expect(rowId(rows[0] as string)).toBe(far.id);
    expect((rows[0] as string)[2]).toBe("★");
    expect(rows.filter((r) => rowId(r) === far.id)).toHaveLength(1);
    t.press(KEYS.right);
    sc = await t.waitFor(/page 2\/6/);
    sc = await t.waitFor((x) => listRows(x).some((r) => rowId(r) === (jobs[20] as Job).id));
    rows = listRows(sc);
    expect(rowId(rows[0] as string)).toBe(far.id);
    // On page 4, its own page, it is listed once: on top, not again in its place.
    t.press(KEYS.right);
    t.press(KEYS.right);
    sc = await t.waitFor(/page 4\/6/);
    sc = await t.waitFor((x) => listRows(x).some((r) => rowId(r) === (jobs[61] as Job).id));
    rows = listRows(sc);
    expect(rowId(rows[0] as string)).toBe(far.id);
    expect(rows.filter((r) => rowId(r) === far.id)).toHaveLength(1);
    expect(rows).toHaveLength(20);
  }, 30_000);
});

describe("jobs moving while the index sweeps", () => {
  it("jobs shifting pages while the sweeps run: each id listed once, none lost", async () => {
    const t = open([], { rows: 40, cols: 120 });
    await t.waitFor((x) => / · \d+ ● 2/.test(header(x)), 15_000);
    t.press("a");
    await t.waitFor(/all jobs/);
    // New jobs push every job down a page, removed ones pull them up, while sweeps walk the pages.
    for (let i = 0; i < 8; i++) {
      demo.addJob();
      const victim = (await allJobs())[30 + i * 7];
      if (victim) demo.removeJob(Number(victim.id));
      await new Promise((r) => setTimeout(r, 150));
    }
    const want = (await allJobs()).map((j) => j.id);
    expect(new Set(want).size).toBe(want.length);
    // Two sweeps after the last change: the index holds the service's jobs (a job missed once is kept for one more sweep).
    let sc = await t.waitFor((x) => header(x).includes(`all jobs · desc · ${want.length} jobs`), 20_000);
    // Walk the list a screen at a time: every row's id, each one once per screen.
    const seen = new Set<string>();
    t.press(KEYS.home);
    sc = await t.waitFor((x) => /row 1\//.test(header(x)) && listRows(x).some((r) => r.startsWith("›")));
    for (let screens = 0; screens < 20; screens++) {
      const ids = listRows(sc).map(rowId) as string[];
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) seen.add(id);
      if (
        seen.size >= want.length &&
        (/row (\d+)\/(\d+)/.exec(header(sc)) ?? []).slice(1).every((v, _, a) => v === a[1])
      )
        break;
      const rowOf = (x: string) => /row (\d+)\//.exec(header(x))?.[1];
      const before = rowOf(sc);
      t.press(KEYS.pgdn);
      // Wait for the selected row's number to move, not for any change of the header: the sweeps
      // change its counts too, and a screen read then, before PgDn is drawn, made the next PgDn a
      // second one (a screen of rows never seen). The selected row (›) must be among the rows too.
      sc = await t
        .waitFor((x) => rowOf(x) !== before && listRows(x).some((r) => r.startsWith("›")), 5000)
        .catch(() => t.text());
    }
    expect([...seen].sort()).toEqual([...want].sort());
    expect(header(sc)).toContain(`/${want.length}`);
  }, 60_000);
});
