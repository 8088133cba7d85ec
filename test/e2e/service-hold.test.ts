// Issue 29.9: one backoff per service. A 503 with Retry-After on the page held only the page's
// poller: the selected job, a pin off the page and the index's sweep kept asking (8 requests in
// 30 s). Against the built CLI in a real terminal, with a scripted service counting every request
// by path and time: after the 503, nothing asks until the Retry-After has passed; then all resume.
// The header says it once ("service unavailable: retrying in Ns"), and no line says otherwise.
import { describe, expect, it } from "vitest";
import { freshStateHome } from "../helpers/cli.js";
import { specJob } from "../helpers/payloads.js";
import { until } from "../helpers/processes.js";
import { type Answer, pageOf, type ScriptedService } from "../helpers/scripted-service.js";
import type { Session } from "./pty.js";
import { scriptedSessions } from "./sessions.js";

const { serve, start } = scriptedSessions();

/** The monitor on `svc`: the job every second, the page and the index's sweep every 2 s. */
function open(svc: ScriptedService, extra: string[] = []): Session {
  const args = ["--base-url", svc.url, "--interval", "1s", "--list-interval", "2s", "--index", "on"];
  return start([...args, "--index-interval", "2s", ...extra], {
    cols: 160,
    rows: 30,
    env: { JOBTOP_TOKEN: svc.token, XDG_STATE_HOME: freshStateHome() },
  });
}

describe("one backoff per service (issue 29.9)", () => {
  it("a 503 with Retry-After: 10 on the page holds the job, the pin and the sweep too; then all resume", async () => {
    const jobs = [specJob(103), specJob(102), specJob(101)];
    const pinned = specJob(7); // on no page: it has a poller of its own
    let unavailable: { at: number } | "armed" | undefined;
    const unavailableAnswer: Answer = {
      status: 503,
      body: { code: 503, msg: "unavailable" },
      headers: { "retry-after": "10" },
    };
    const service = await serve({
      list: (q) => {
        // The page's own request (20 a page), not the sweep's (it asks for 1000).
        if (unavailable === "armed" && q.perPage === 20) {
          unavailable = { at: Date.now() };
          return unavailableAnswer;
        }
        return pageOf(jobs, q);
      },
      job: (id) => ({ code: 0, msg: "", job: id === "7" ? pinned : specJob(Number(id)) }),
    });
    const svc = service;
    const s = open(svc, ["--pin", "7"]);
    await s.waitFor(/Job 103/, 15_000);
    const asked = (path: string, id?: string, perPage?: string) =>
      svc.requests.filter(
        (r) =>
          r.path === path &&
          (id === undefined || r.query.get("id") === id) &&
          (perPage === undefined || r.query.get("per_page") === perPage),
      ).length;
    // Every poller is at work: the selected job, the pin, the sweep (per_page 1000), the page.
    await until(
      () =>
        asked("/v1/job", "103") >= 2 &&
        asked("/v1/job", "7") >= 1 &&
        asked("/v1/job/jobs", undefined, "1000") >= 2,
      "the job, the pin and the sweep to be polled",
      20_000,
    );
    unavailable = "armed";
    await until(() => typeof unavailable === "object", "the page's 503", 10_000);
    const at = (unavailable as unknown as { at: number }).at;
    // The header says it, counting down; nothing says "ok" meanwhile.
    const held = await s.waitFor(/service unavailable: retrying in \d+s/, 5000).catch(() => s?.text() ?? "");
    // Resumes by itself once the 10 s have passed: the page is asked again.
    await until(
      () =>
        svc.requests.some((r) => r.at > at && r.path === "/v1/job/jobs" && r.query.get("per_page") === "20"),
      "the page to be asked again",
      25_000,
    );
    const after = svc.requests.filter((r) => r.at > at);
    const first = after[0]?.at ?? 0;
    // A request on its way when the 503 came may still arrive (a second's grace, under load).
    const during = after.filter((r) => r.at > at + 1000 && r.at < at + 9000);
    console.log(
      `after a 503 with Retry-After: 10 on the page: ${during.length} requests between 1 s and 9 s ` +
        `(${during.map((r) => `${r.path}?${r.query}`).join(", ")}); the first after it at +${first - at} ms`,
    );
    expect(during).toEqual([]);
    expect(first - at).toBeGreaterThanOrEqual(9000);
    expect(held).toMatch(/service unavailable: retrying in \d+s/);
    expect(held).not.toMatch(/● ok|retry after/);
    // Then every poller asks again: the job, the pin, the sweep.
    await until(
      () =>
        svc.requests.some((r) => r.at > at && r.query.get("id") === "103") &&
        svc.requests.some((r) => r.at > at && r.query.get("id") === "7") &&
        svc.requests.some((r) => r.at > at && r.query.get("per_page") === "1000"),
      "the job, the pin and the sweep to resume",
      15_000,
    );
    await s.waitFor(/● ok/, 10_000);
  }, 90_000);

  it("a huge Retry-After is capped at 10 min; r asks the page and the job at once, once, and nothing else goes", async () => {
    const jobs = [specJob(103), specJob(102), specJob(101)];
    let limited = false;
    const tooMany: Answer = {
      status: 429,
      body: { code: 429, msg: "too many requests" },
      headers: { "retry-after": "86400" },
    };
    const service = await serve({
      list: (q) => (limited ? tooMany : pageOf(jobs, q)),
      job: (id) => (limited ? tooMany : { code: 0, msg: "", job: specJob(Number(id)) }),
    });
    const svc = service;
    const s = open(svc);
    await s.waitFor(/Job 103/, 15_000);
    limited = true;
    const screen = await s.waitFor(/rate limited: retrying in \d+s/, 10_000);
    const left = Number(/rate limited: retrying in (\d+)s/.exec(screen)?.[1]);
    expect(left).toBeGreaterThan(500);
    expect(left).toBeLessThanOrEqual(600); // a day asked for, 10 min kept
    expect(screen).not.toMatch(/retry after|● ok/);
    const count = () => svc.requests.length;
    const settled = count();
    await new Promise((r) => setTimeout(r, 2500));
    expect(count() - settled, "requests while held").toBeLessThanOrEqual(2); // at most those already on their way
    for (const round of [1, 2]) {
      const before = svc.requests.length;
      s.press("r");
      await until(() => svc.requests.length >= before + 2, `r's requests (round ${round})`, 10_000);
      await new Promise((r) => setTimeout(r, 2500));
      const asked = svc.requests.slice(before).map((r) => `${r.path}?${r.query}`);
      // The page and the selected job, once each; not the sweep, and no retry.
      expect(asked.sort(), `round ${round}`).toEqual(
        ["/v1/job/jobs?page=1&per_page=20&order=desc", "/v1/job?id=103"].sort(),
      );
    }
    expect(s.text()).toMatch(/rate limited: retrying in \d+s/);
  }, 90_000);
});
