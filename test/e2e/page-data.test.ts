// The monitor's data and selection in daily use, in a real terminal: pages that the service
// changes under the user (duplicates, a shrinking page count, nonsense totals, a job pushed to the
// next page), jumps to jobs that are elsewhere or nowhere, huge logs and 64-bit ids. Where the demo
// cannot produce the data, a scripted spec-shaped service on loopback does.
import { afterEach, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { specJob } from "../helpers/payloads.js";
import {
  type ListQuery,
  pageOf,
  type ScriptedService,
  startScriptedService,
} from "../helpers/scripted-service.js";
import { KEYS, type Session, startCli } from "./pty.js";
import { header, markedRow, rows, selectedId } from "./screen.js";

let s: Session | undefined;
let service: ScriptedService | undefined;
let demo: DemoServer | undefined;

afterEach(async () => {
  s?.kill("SIGKILL");
  s = undefined;
  await service?.close();
  service = undefined;
  await demo?.close();
  demo = undefined;
});

function open(
  url: string,
  token: string,
  opts: { interval?: string; listInterval?: string; flags?: string[] } = {},
) {
  const args = ["--base-url", url, "--interval", opts.interval ?? "300ms"];
  args.push("--list-interval", opts.listInterval ?? "500ms", ...(opts.flags ?? []));
  s = startCli(args, { cols: 140, rows: 30, env: { JOBTOP_TOKEN: token } });
  return s;
}

const statusLine = (t: Session) => t.screen()[28] ?? "";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A job of the scripted service, with its own name so its row is recognisable. */
const job = (id: number, over: Record<string, unknown> = {}) =>
  specJob(id, {
    displayID: `j-${id}`,
    app: { ...(specJob(id).app as object), remark: `run-${id}` },
    ...over,
  });

describe("the monitor's data and selection", () => {
  it("survives a page job whose log grew by 140 000 entries between two polls", async () => {
    const base = job(102);
    const log = (base.state as { log: unknown[] }).log.slice();
    for (let i = 0; i < 140_000; i++)
      log.push({ id: 1000 + i, status: 1 + (i % 2), ts: { seconds: 1_700_000_200 + i }, sourceId: 102 });
    const grown = JSON.stringify(
      pageOf([job(101), { ...base, status: 1, state: { status: 1, log } }, job(103)], {
        page: 1,
        perPage: 20,
        order: "desc",
      }),
    );
    let answers = 0;
    service = await startScriptedService({
      list: (q) => (++answers <= 2 ? pageOf([job(101), base, job(103)], q) : { raw: grown }),
    });
    // The first row stays selected: only the page poll sees the long log.
    const t = open(service.url, service.token, { listInterval: "1s" });
    await t.waitFor("Job 101", 8000);
    const sc = await t.waitFor(/✱ 1 change/, 15_000);
    expect(rows(sc).find((l) => l.includes("j-102"))).toMatch(/^ ✱/);
    // Still alive and answering keys. (Not by selecting that job: the detail pane's own handling
    // of a long timeline is src/render/detail-lines.ts's business.)
    t.press("o");
    await t.waitFor((x) => header(x).includes("· asc ·"), 8000);
  }, 40_000);

  it("shows a page with the same id twice as one row per job, and counts no phantom change", async () => {
    // The second copy of 101 differs (another status): compared with the first, it looked like a
    // change on every poll.
    service = await startScriptedService({
      list: (q) => pageOf([job(101), job(102), job(101, { status: 3 }), job(103)], q, { total: 4 }),
    });
    const t = open(service.url, service.token, { flags: ["--bell"] });
    let sc = await t.waitFor((x) => selectedId(x) === "101" && rows(x).length === 3, 8000);
    expect(sc).toContain("1 duplicate row hidden");
    expect(rows(sc).filter((l) => l.includes("j-101"))).toHaveLength(1);
    t.press("j");
    sc = await t.waitFor((x) => selectedId(x) === "102");
    expect(markedRow(sc)).toContain("j-102");
    t.press("j");
    sc = await t.waitFor((x) => selectedId(x) === "103");
    expect(markedRow(sc)).toContain("j-103");
    expect(sc).toContain("run-103 ");
    await sleep(3000); // six polls
    expect(header(t.text())).not.toMatch(/change/);
    expect(t.raw().replace(/\x1b\][^\x07]*\x07/g, "")).not.toContain("\x07");
  }, 30_000);

  it("moves to the last page that exists when the page count shrinks under the user, and says so", async () => {
    let numPages = 3;
    const all = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112].map((id) => job(id));
    service = await startScriptedService({
      list: (q) => {
        const jobs = numPages === 3 ? all : all.slice(0, 8);
        return pageOf(jobs.slice((q.page - 1) * q.perPage, q.page * q.perPage), q, {
          total: jobs.length,
          numPages,
        });
      },
    });
    const t = open(service.url, service.token, { flags: ["--per-page", "4"] });
    await t.waitFor("page 1/3", 8000);
    t.press(KEYS.end);
    await t.waitFor((x) => header(x).includes("page 3/3") && selectedId(x) === "109");
    numPages = 2;
    const sc = await t.waitFor((x) => header(x).includes("page 2/2") && rows(x).length === 4, 8000);
    expect(sc).toMatch(/page 3 no longer exists/);
    expect(sc).not.toContain("no jobs");
  }, 30_000);

  it("shows no negative or absurd total and flags it, whatever the pagination says", async () => {
    let over: Record<string, number> = { total: -100, numPages: 0 };
    service = await startScriptedService({
      list: (q) => pageOf([job(101), job(102)], q, over),
    });
    const t = open(service.url, service.token);
    let sc = await t.waitFor(/total\?/, 8000);
    expect(header(sc)).toMatch(/page 1\/1 · desc · (\?|2) jobs/);
    expect(sc).not.toContain("-100");
    over = { total: 1e15, numPages: 2_000_000_000, page: 7 };
    sc = await t.waitFor((x) => /page\?/.test(header(x)), 8000);
    expect(header(sc)).toMatch(/page 1\/1 · desc · (\?|2) jobs.*total\?/);
    expect(sc).not.toMatch(/2000000000|1000000000000000/);
    t.press(KEYS.end); // no page to go to: this one is not full, so it is the last
    await sleep(600);
    expect(header(t.text())).toMatch(/page 1\/1/);
    over = { total: 2 };
    await t.waitFor((x) => /page 1\/1 · desc · 2 jobs/.test(header(x)) && !/total\?/.test(x), 8000);
  }, 30_000);

  it("says a job reached with : does not exist, keeps saying it, and polls it no faster than the page", async () => {
    service = await startScriptedService({ list: (q) => pageOf([job(101), job(102)], q) });
    const t = open(service.url, service.token, { interval: "200ms", listInterval: "1s" });
    await t.waitFor((x) => selectedId(x) === "101", 8000);
    // ":" first, and the rest once the prompt shows: keys typed before the terminal is in raw
    // mode are echoed by the tty, and an echoed Enter shifts the screen by a line.
    t.press(":");
    await t.waitFor("jump to job id or displayID:");
    t.press(`12345${KEYS.enter}`);
    let sc = await t.waitFor("job 12345 not found", 8000);
    expect(sc).toMatch(/Job 12345 · not found/);
    const asked = () => service?.requests.filter((r) => r.query.get("id") === "12345").length ?? 0;
    const before = asked();
    await sleep(3000);
    sc = t.text();
    expect(asked() - before).toBeLessThanOrEqual(4); // one a second, not five
    expect(sc).toContain("job 12345 not found");
    expect(sc).toContain("job not found"); // the service's own words
    expect(header(sc)).toMatch(/● ok/);
    expect(header(sc)).not.toMatch(/retrying|offline/);
    expect(statusLine(t)).not.toMatch(/keeping the last good data|⚠/);
    t.press(KEYS.esc);
    await t.waitFor((x) => selectedId(x) === "101");
  }, 30_000);

  it("says which page a job reached with : was last seen on, and takes a displayID too", async () => {
    demo = await startDemoServer({ port: 0, tickMs: 0 });
    const d = demo;
    // Without the index (with it, a displayID on any page is found: test/e2e/index-scope.test.ts).
    const t = open(d.url, d.token, { listInterval: "600ms", flags: ["--per-page", "5", "--index", "off"] });
    await t.waitFor(/Job \d+/, 8000);
    const newest = Number(selectedId(t.text()));
    t.press(KEYS.right); // page 2: newest-5 … newest-9
    await t.waitFor((x) => header(x).includes("page 2/") && selectedId(x) === String(newest - 5));
    t.press(KEYS.left);
    await t.waitFor((x) => header(x).includes("page 1/") && selectedId(x) === String(newest));
    t.press(`:${newest - 7}${KEYS.enter}`);
    let sc = await t.waitFor((x) => selectedId(x) === String(newest - 7));
    expect(sc).toMatch(/not on this page · last seen on page 2/);
    expect(markedRow(sc)).toBeUndefined();
    // A displayID on this page selects its job.
    const other = d.getJob(newest - 3);
    t.press(`:${other?.displayID}${KEYS.enter}`);
    sc = await t.waitFor((x) => selectedId(x) === String(newest - 3));
    expect(markedRow(sc)).toContain(other?.displayID);
    // One that is not on this page cannot be found without a search the service does not offer.
    t.press(`:${d.getJob(newest - 9)?.displayID}${KEYS.enter}`);
    sc = await t.waitFor(/not on this page — type its numeric id/);
    expect(selectedId(sc)).toBe(String(newest - 3));
  }, 30_000);

  it("keeps following the selected job when new jobs push it to the next page, and says so", async () => {
    demo = await startDemoServer({ port: 0, tickMs: 0 });
    const d = demo;
    const t = open(d.url, d.token, { flags: ["--per-page", "5"] });
    await t.waitFor(/Job \d+/, 8000);
    const newest = Number(selectedId(t.text()));
    for (let i = 0; i < 4; i++) t.press("j");
    const mine = String(newest - 4); // the last row
    await t.waitFor((x) => selectedId(x) === mine);
    const added = d.addJob();
    let sc = await t.waitFor((x) => rows(x).some((l) => l.includes(added.displayID)), 8000);
    sc = await t.waitFor(/moved to page 2/); // the index places it (test/e2e/follow.test.ts: ⏎ follows it)
    expect(selectedId(sc)).toBe(mine);
    expect(markedRow(sc)).toBeUndefined();
    await sleep(1500); // polls go on; the selection stays on its job
    sc = t.text();
    expect(selectedId(sc)).toBe(mine);
    expect(sc).toContain(`${d.getJob(Number(mine))?.displayID} · status`);
    // A movement key comes back to the list, at the row the job left.
    t.press("j");
    sc = await t.waitFor((x) => selectedId(x) === String(newest - 3));
    expect(markedRow(sc)).toContain(d.getJob(newest - 3)?.displayID);
    expect(sc).not.toMatch(/moved to page|moved off this page/);
  }, 30_000);

  it("takes the negative ids a service uses: listed, reached with :, pinned with --pin", async () => {
    service = await startScriptedService({
      list: (q) => pageOf([job(101), job(-3)], q),
      job: (id) =>
        /^-?\d+$/.test(id) ? { code: 0, msg: "", job: job(Number(id)) } : { code: 404, msg: "no", job: null },
    });
    const t = open(service.url, service.token, { listInterval: "1s", flags: ["--pin", "-7"] });
    await t.waitFor(/Job 101\b/, 8000);
    t.press("j");
    await t.waitFor(/id -3 · j--3 · status/);
    t.press(":");
    await t.waitFor("jump to job id or displayID:");
    t.press(`-5${KEYS.enter}`);
    const sc = await t.waitFor(/id -5 · j--5 · status/, 8000);
    expect(sc).toMatch(/Job -5 · not on this page/); // the service's answer, not "not found"
    const asked = (id: string) =>
      service?.requests.filter((r) => r.path === "/v1/job" && r.query.get("id") === id).length ?? 0;
    await t.waitFor(() => asked("-5") > 0 && asked("-7") > 0 && asked("-3") > 0, 5000);
    t.press("e");
    await t.waitFor(/pinned: ★ j--7 /);
  }, 30_000);

  it("asks for a job by exactly the 64-bit id the service sent", async () => {
    const big = ["9007199254740993", "9007199254740995"];
    const raw = (q: ListQuery) =>
      JSON.stringify(pageOf([job(1001), job(1002)], q))
        .replace(/"id":1001,/, `"id":${big[0]},`)
        .replace(/"id":1002,/, `"id":${big[1]},`);
    service = await startScriptedService({
      list: (q) => ({ raw: raw(q) }),
      job: (id) => {
        const i = big.indexOf(id);
        if (i < 0) return { code: 404, msg: "job not found", job: null };
        return {
          raw: `{"code":0,"msg":"","job":${JSON.stringify(job(1001 + i)).replace(/"id":\d+,/, `"id":${id},`)}}`,
        };
      },
    });
    const t = open(service.url, service.token);
    await t.waitFor((x) => selectedId(x) === big[0] && x.includes(`id ${big[0]} · j-1001`), 8000);
    t.press("j");
    await t.waitFor((x) => selectedId(x) === big[1] && x.includes(`id ${big[1]} · j-1002`));
    const asked = () =>
      new Set(service?.requests.filter((r) => r.path === "/v1/job").map((r) => r.query.get("id")));
    await t.waitFor(() => asked().size === 2);
    expect([...asked()].sort()).toEqual(big);
  }, 30_000);
});
