// The selected job followed across pages (issue 29, item 10), in a real terminal against the demo
// service over HTTP while new jobs arrive at the head (desc order): the cursor stays on its job as
// the rows shift, the list says where the job went once it leaves the page (the index's page, or
// that ⏎ looks for it), ⏎ opens that page on its row, `:` opens the page of a job of another page,
// and the job the user watches is polled at its interval wherever it is (a scripted service counts).
// And the help's sort lines, which say what a sort covers in each scope.
import { afterEach, describe, expect, it } from "vitest";
import { startDemoServer } from "../../src/demo/server.js";
import { specJob } from "../helpers/payloads.js";
import { pageOf, startScriptedService } from "../helpers/scripted-service.js";
import { KEYS, startCli } from "./pty.js";
import { header, markedRow, rows, selectedId } from "./screen.js";

/** What each test started, ended after it, the last first. */
const started: (() => unknown)[] = [];
afterEach(async () => {
  for (const end of started.splice(0).reverse()) await end();
});

/** jobtop on the demo, 5 jobs a page (120 … 116 on page 1 of 24). */
async function open(flags: string[] = []) {
  const d = await startDemoServer({ port: 0, tickMs: 0 });
  started.push(() => d.close());
  const args = ["--base-url", d.url, "--interval", "300ms", "--list-interval", "500ms", "--per-page", "5"];
  const t = startCli([...args, ...flags], { cols: 140, rows: 30, env: { JOBTOP_TOKEN: d.token } });
  started.push(() => t.kill("SIGKILL"));
  await t.waitFor(/Job \d+/, 10_000);
  return { t, d };
}

/** The index has swept: the header counts the account's jobs per status. */
const indexed = (screen: string) => / · \d+ ◌ 6/.test(header(screen));

describe("the selection follows its job", () => {
  it("stays on its job as rows shift; once pushed to page 2 the list says so and ⏎ opens page 2 on its row", async () => {
    const { t, d } = await open();
    await t.waitFor(indexed, 15_000);
    t.press("jjj");
    const mine = d.getJob(117);
    await t.waitFor((x) => markedRow(x)?.includes(mine?.displayID ?? "?") === true);
    // One new job on top: the cursor stays on the same job, a row lower.
    const first = d.addJob();
    let sc = await t.waitFor((x) => rows(x).some((r) => r.includes(first.displayID)));
    expect(markedRow(sc)).toContain(mine?.displayID);
    expect(rows(sc).indexOf(markedRow(sc) as string)).toBe(4);
    // One more: it is on page 2 now. Still selected (the detail), on no row, and the list says where.
    d.addJob();
    sc = await t.waitFor(/job 117 moved to page 2 · ⏎ follow/);
    expect(markedRow(sc)).toBeUndefined();
    expect(selectedId(sc)).toBe("117");
    t.press(KEYS.enter);
    sc = await t.waitFor(
      (x) => header(x).includes("page 2/") && markedRow(x)?.includes(mine?.displayID ?? "?") === true,
    );
    expect(sc).not.toMatch(/moved to page|moved off/);
    // The cursor goes on from there, on page 2.
    t.press("j");
    sc = await t.waitFor((x) => selectedId(x) === "116");
    expect(markedRow(sc)).toContain(d.getJob(116)?.displayID);
  }, 40_000);

  it("without the index, ⏎ looks on the pages nearest to where the job was and stops on its row", async () => {
    const { t, d } = await open(["--index", "off"]);
    t.press("jjjj");
    const mine = d.getJob(116);
    await t.waitFor((x) => markedRow(x)?.includes(mine?.displayID ?? "?") === true);
    for (let i = 0; i < 6; i++) d.addJob(); // 126 … 122 | 121 … 117 | 116 …: page 3
    let sc = await t.waitFor(/job 116 moved off this page · ⏎ looks for it/);
    expect(markedRow(sc)).toBeUndefined();
    t.press(KEYS.enter);
    sc = await t.waitFor(
      (x) => header(x).includes("page 3/") && markedRow(x)?.includes(mine?.displayID ?? "?") === true,
    );
    expect(selectedId(sc)).toBe("116");
  }, 40_000);

  it(": opens the page that holds a job of another page, with the index, and selects its row", async () => {
    const { t, d } = await open();
    await t.waitFor(indexed, 15_000);
    const far = d.getJob(108); // page 3 (110 … 106)
    t.press(":");
    await t.waitFor("jump to job id");
    t.press(`${far?.displayID}${KEYS.enter}`);
    const sc = await t.waitFor(
      (x) => header(x).includes("page 3/") && markedRow(x)?.includes(far?.displayID ?? "?") === true,
    );
    expect(selectedId(sc)).toBe("108");
    expect(sc).not.toMatch(/not on this page/);
  }, 40_000);

  it("polls the selected job at its interval after new jobs pushed it off the page", async () => {
    let head = 0; // new jobs on top of the 5 the page holds
    const job = (id: number) => specJob(id, { displayID: `j-${id}` });
    const svc = await startScriptedService({
      list: (q) => {
        const ids: number[] = [];
        for (let id = 105 + head; id > 100 && ids.length < q.perPage * 3; id--) ids.push(id);
        return pageOf(ids.slice((q.page - 1) * q.perPage, q.page * q.perPage).map(job), q, {
          total: ids.length,
        });
      },
      job: (id) => ({ code: 0, msg: "", job: job(Number(id)) }),
    });
    started.push(() => svc.close());
    const args = ["--base-url", svc.url, "--interval", "250ms", "--list-interval", "60s", "--per-page", "5"];
    const t = startCli([...args, "--index", "off"], {
      cols: 140,
      rows: 30,
      env: { JOBTOP_TOKEN: svc.token },
    });
    started.push(() => t.kill("SIGKILL"));
    await t.waitFor(/Job 105/, 10_000);
    t.press("jjjj");
    await t.waitFor(/Job 101/);
    head = 1;
    t.press("r");
    await t.waitFor(/Job 101 · moved off this page/);
    // The job's own requests go on at 250 ms (the page's 60 s before this fix): six more come.
    const asked = () =>
      svc.requests.filter((r) => r.path === "/v1/job" && r.query.get("id") === "101").length;
    const n = asked();
    await t.waitFor(() => asked() >= n + 6, 15_000);
    expect(selectedId(t.text())).toBe("101");
  }, 40_000);
});

describe("the help in each scope", () => {
  it("says the sort keys sort this page, or every job of the account under a", async () => {
    const { t } = await open();
    await t.waitFor(indexed, 15_000);
    t.press("?");
    let sc = await t.waitFor(" Keys");
    expect(sc).toContain("sort this page by the next column");
    t.press(KEYS.esc);
    await t.waitFor((x) => !x.includes(" Keys"));
    t.press("a");
    await t.waitFor(/all jobs: \d+ in the index/);
    t.press("?");
    sc = await t.waitFor(" Keys");
    expect(sc).toContain("sort every job of the account by the next column");
    expect(sc).not.toContain("sort this page");
  }, 40_000);
});
