// The index's bounds as a user sees them (issue 29), in a real pseudo-terminal over HTTP: a
// hostile service whose pages never end stops the sweep with one line in the header (requests
// and memory bounded), an account that grows past index_max loses its counts at once and `a`
// says how to index it, and the title counts the account's running jobs as the header does.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { type HostileService, startHostileService } from "../helpers/hostile-service.js";
import { type Session, startCli } from "./pty.js";

let s: Session | undefined;
let demo: DemoServer | undefined;
let svc: HostileService | undefined;
afterEach(async () => {
  s?.kill("SIGKILL");
  s = undefined;
  await demo?.close();
  demo = undefined;
  await svc?.close();
  svc = undefined;
});

const header = (screen: string) => screen.split("\n")[0] ?? "";
const rssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

describe("the index against a service whose pages never end", () => {
  it("--index on: the sweep stops at the pages page 1 announced and two more, says so in the header, again each interval", async () => {
    // It sent 2 431 requests in 30 s and grew to 370 MB (issue 29.2).
    svc = await startHostileService({ total: "grow", bytes: 2000 });
    const x = svc;
    s = startCli(
      [
        "--base-url",
        x.url,
        "--index",
        "on",
        "--index-max",
        "2000",
        "--index-interval",
        "1s",
        "--list-interval",
        "60s",
      ],
      {
        cols: 200,
        env: { JOBTOP_TOKEN: x.token },
      },
    );
    const t = s;
    const sweeps = () =>
      x.requests.filter((r) => r.path === "/v1/job/jobs" && r.query.get("per_page") !== "20");
    // The page's answer (20 made up) comes first; then the sweep's page 1 (100 more) announces
    // 320 jobs: 4 pages, and two more.
    const sc = await t.waitFor((y) => /index stopped at page \d+ of \d+ announced/.test(header(y)), 15_000);
    expect(header(sc)).toContain("index stopped at page 6 of 4 announced");
    expect(sweeps()).toHaveLength(6);
    // The next sweep's page 1 announces 10 pages (12 asked for), the one after 23: index_max
    // (2000) ends it at 20 pages, and the index holds those, said so; every sweep then the same.
    await t.waitFor((y) => /first 2000 of \d+ jobs \(index_max\)/.test(header(y)), 20_000);
    expect(sweeps().length).toBeLessThanOrEqual(6 + 12 + 20 + 1);
    expect(rssMb(t.pid)).toBeLessThan(150);
  }, 40_000);
});

describe("an account that grows past index_max", () => {
  it("loses its counts as soon as the page says so, and a says how to index it", async () => {
    demo = await startDemoServer({ port: 0, tickMs: 0, jobCount: 120, maxPerPage: 20 });
    const d = demo;
    s = startCli(
      [
        "--base-url",
        d.url,
        "--index-max",
        "125",
        "--index-interval",
        "10m",
        "--list-interval",
        "1s",
        "--per-page",
        "20",
      ],
      { cols: 200, env: { JOBTOP_TOKEN: d.token } },
    );
    const t = s;
    await t.waitFor((sc) => / · \d+ ● 2/.test(header(sc)), 15_000);
    for (let i = 0; i < 10; i++) d.addJob();
    // The page's next answer says 130: the counts go with it (they summed to 120 next to
    // "130 jobs" until the next sweep, 10 minutes away).
    const sc = await t.waitFor((x) => header(x).includes("130 jobs"), 10_000);
    expect(header(sc)).toContain("index off: 130 jobs > index_max 125");
    expect(header(sc)).not.toMatch(/\d+ ● 2/);
    t.press("a");
    await t.waitFor(
      "no index: index off: 130 jobs > index_max 125: --index-max 130 indexes every job, --index on the first 125",
    );
  }, 30_000);
});

describe("the terminal title", () => {
  it("counts the account's running jobs once the index has them, as the header does", async () => {
    // It counted the page's (page 1 of 6) next to the header's count of the account's.
    demo = await startDemoServer({ port: 0, tickMs: 0, jobCount: 120, maxPerPage: 20 });
    const d = demo;
    s = startCli(
      ["--base-url", d.url, "--per-page", "20", "--status-labels", "6=queued,1=starting,2=running,3=stopped"],
      { cols: 200, env: { JOBTOP_TOKEN: d.token } },
    );
    const t = s;
    const titles = () => Array.from(t.raw().matchAll(/\x1b\]2;([^\x07]*)\x07/g), (m) => m[1] ?? "");
    const sc = await t.waitFor((x) => / · \d+ ● running/.test(header(x)), 15_000);
    const account = Number(/ · (\d+) ● running/.exec(header(sc))?.[1]);
    let onPage = 0;
    for (let id = 120; id > 100; id--) if (d.getJob(id)?.status === 2) onPage++;
    expect(account).not.toBe(onPage);
    await t.waitFor(() => titles().at(-1)?.endsWith(` · ${account} running`) === true, 5000);
  }, 30_000);
});
