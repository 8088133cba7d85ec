// The header's connection state and the status line in a real terminal, against the demo
// service's fault switch: one state from both pollers that never contradicts itself, and an
// error that is never hidden behind an info message.
import { afterEach, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { type Session, startCli } from "./pty.js";

let demo: DemoServer | undefined;
let s: Session | undefined;

afterEach(async () => {
  s?.kill("SIGKILL");
  s = undefined;
  await demo?.close();
  demo = undefined;
});

async function open(extra: string[], timeout = "1s") {
  demo = await startDemoServer({ port: 0, tickMs: 0, retryAfterSec: 1 });
  // The faults injected here meet the page's and the job's requests: the index's sweeps (on by
  // default, issue 24) are off, or one of them would take the fault.
  s = startCli(["--base-url", demo.url, "--timeout", timeout, "--index", "off", ...extra], {
    cols: 140,
    rows: 30,
    env: { JOBTOP_TOKEN: demo.token },
  });
  await s.waitFor((sc) => /● ok/.test(sc) && /Job \d+/.test(sc), 10_000);
  return { t: s, d: demo };
}

/** Every screen seen until `stop` says so, sampled every 50 ms. */
async function sample(t: Session, ms: number, stop: (sc: string) => boolean = () => false) {
  const seen: string[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const sc = t.text();
    seen.push(sc);
    if (stop(sc)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return seen;
}

describe("connection state and status line", () => {
  it("answers on time: '● ok' stands still; a late answer shows its age, then it is calm again", async () => {
    const { t, d } = await open(["--interval", "500ms", "--list-interval", "2s"], "4s");
    await new Promise((r) => setTimeout(r, 700));
    // Four job polls and more: every answer the same, on time. The state has no age to tick
    // ("● ok 0s ago", "1s ago", "0s ago" … was a frame a second for nothing).
    const calm = await sample(t, 2500);
    const headers = new Set(calm.map((sc) => /● ok[^·]*/.exec(sc.split("\n")[0] ?? "")?.[0]));
    expect([...headers]).toEqual(["● ok "]);
    // The selected job's next request gets no answer for 4 s: the data turns late (fresh for two
    // intervals, 1 s) and the header says how old it is, without waiting for the timeout.
    d.injectFault("hang", 1);
    const late = await t.waitFor((sc) => /● ok \ds ago/.test(sc.split("\n")[0] ?? ""), 5000);
    expect(late.split("\n")[0]).not.toMatch(/retrying|offline/);
    await t.waitFor((sc) => /● ok ·/.test(sc.split("\n")[0] ?? ""), 10_000);
  }, 40_000);

  it("a job off the page is polled at its own interval, and that is on time too", async () => {
    // The page every 3 s; the selected job every second, on the page or off it.
    const { t } = await open(["--interval", "1s", "--list-interval", "3s"]);
    t.press(":5\r"); // job 5 is on the last page, not this one
    await t.waitFor(/not on this page/, 5000);
    await new Promise((r) => setTimeout(r, 500));
    // An answer a second: fresh within two of them, all along.
    const seen = await sample(t, 7000);
    const headers = new Set(seen.map((sc) => /● ok[^·]*/.exec(sc.split("\n")[0] ?? "")?.[0]));
    expect([...headers]).toEqual(["● ok "]);
  }, 40_000);

  it("one timed-out request is 'retrying', not 'offline' next to fresh data", async () => {
    const { t, d } = await open(["--interval", "1s", "--list-interval", "2s"]);
    d.injectFault("hang", 1); // the next request, page or job, gets no answer
    const during = await t.waitFor(/no answer from \S+ within 1s/, 10_000);
    const header = during.split("\n")[0] ?? "";
    expect(header).toMatch(/◐ retrying/);
    expect(header).not.toMatch(/offline/);
    // And it recovers by itself within about one interval.
    await t.waitFor((sc) => /● ok/.test(sc) && !/⚠/.test(sc), 5000);
  }, 40_000);

  it("says 'offline since' once, with one stable time, through an outage; back within an interval", async () => {
    const { t, d } = await open(["--interval", "500ms", "--list-interval", "2s"]);
    const port = d.port;
    await d.close();
    demo = undefined;
    await t.waitFor(/offline since \d\d:\d\d:\d\d/, 10_000);
    const seen = await sample(t, 6000);
    const since = new Set<string>();
    for (const sc of seen) {
      const header = sc.split("\n")[0] ?? "";
      const m = /offline since (\d\d:\d\d:\d\d)/.exec(header);
      if (m?.[1]) since.add(m[1]);
      expect(header).toMatch(/offline since|retrying/); // never "ok" during the outage
    }
    expect([...since]).toHaveLength(1);
    demo = await startDemoServer({ port, tickMs: 0 });
    const back = Date.now();
    await t.waitFor((sc) => /● ok/.test(sc) && !/⚠/.test(sc), 10_000);
    // The page poll is every 2 s: it is back within about that, not after a long backoff.
    expect(Date.now() - back).toBeLessThan(2000 + 1500);
  }, 60_000);

  it("says how old the rows are while only the page fails, not the age of the job's last answer", async () => {
    const { t, d } = await open(["--interval", "500ms", "--list-interval", "1s"]);
    d.injectFault("500", 10_000, "/v1/job/jobs");
    const failedAt = Date.now();
    // The job answers every 500 ms: the header said "data from 0s ago" under 30 s old rows.
    const sc = await t.waitFor(
      (x) => /◐ retrying[^·]*· data from ([6-9]|\d\d)s ago/.test(x.split("\n")[0] ?? ""),
      15_000,
    );
    const age = Number(/data from (\d+)s ago/.exec(sc.split("\n")[0] ?? "")?.[1]);
    expect(age).toBeLessThanOrEqual((Date.now() - failedAt) / 1000 + 2); // the page's age, no older
    expect(sc).toMatch(/⚠ page: HTTP 500/);
    d.clearFaults();
    await t.waitFor((x) => /● ok ·/.test(x.split("\n")[0] ?? ""), 10_000);
  }, 40_000);

  it("r does not hide an error behind 'refreshing…'", async () => {
    const { t, d } = await open(["--interval", "1s", "--list-interval", "2s"]);
    d.injectFault("500", 10_000);
    await t.waitFor(/⚠ (page|job): HTTP 500/, 10_000);
    t.press("r");
    // The refresh fails at once; the error must stay in sight, not an 8 s "refreshing…".
    const seen = await sample(t, 1500);
    const last = seen.at(-1) ?? "";
    expect(last).toMatch(/⚠ (page|job): HTTP 500/);
    expect(last).not.toContain("refreshing…");
  }, 40_000);

  it("r says 'refreshing…' until its requests have ended, not 8 s more", async () => {
    // Nothing else polls for a minute (no index sweep): the requests are r's, the page's and the job's.
    const { t, d } = await open(["--interval", "60s", "--list-interval", "60s"]);
    // A job on the page changes, so that the refresh's answer shows ("✱ 1 change").
    const shown = t.text();
    let changed = false;
    for (let id = 119; id > 100 && !changed; id--)
      changed = shown.includes(` ${id} `) && d.getJob(id)?.status !== 3 && d.advance(id) !== undefined;
    expect(changed).toBe(true);
    await t.waitFor(() => d.requestCount() === 2); // the first page and the selected job
    const n = d.requestCount();
    t.press("r");
    // The refresh's two requests, as the service counts them: the page's answer (and its change
    // mark) can be on screen before the job's request has reached the service.
    await t.waitFor(() => d.requestCount() >= n + 2, 10_000);
    await t.waitFor(/✱ 1 change/, 5000);
    expect(d.requestCount()).toBe(n + 2);
    // The answers are on screen: the words go with them (they stayed for the status line's 8 s).
    await t.waitFor((sc) => !sc.includes("refreshing…"), 2000);
  }, 40_000);
});
