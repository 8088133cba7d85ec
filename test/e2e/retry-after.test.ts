// A Retry-After that asks for no wait at all (0, a negative number, a date in the past: a service
// with a skewed clock) against the built CLI, requests counted at a loopback service: the commands
// (get, wait) and the monitor (in a real terminal) ask a service that answers 429 no more often
// than a healthy one. They asked every 250 ms: `get --timeout 8s` sent 32 requests, the monitor
// at 2 s/4 s 150–160 in 20 s (14 when healthy).
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { specJob } from "../helpers/payloads.js";
import { type Answer, pageOf } from "../helpers/scripted-service.js";
import { scriptedSessions } from "./sessions.js";

const { serve, start } = scriptedSessions();

const PAST = "Sun, 06 Nov 1994 08:49:37 GMT";
const tooMany = (retryAfter: string | undefined): Answer => ({
  status: 429,
  body: { code: 429, msg: "too many requests" },
  headers: retryAfter === undefined ? {} : { "retry-after": retryAfter },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a Retry-After that asks for no wait", () => {
  it("get and wait ask no more often than their interval, and say nothing of 'retry after 0s'", async () => {
    // One service for all: each run asks for its own job id, so its requests can be told apart.
    const header = new Map<string, string | undefined>();
    const service = await serve({
      list: (q) => pageOf([], q),
      job: (id) => tooMany(header.get(id)),
    });
    const svc = service;
    const runs: { id: string; retryAfter: string | undefined; args: string[] }[] = [];
    let id = 100;
    for (const retryAfter of ["0", "-5", PAST, undefined]) {
      for (const command of ["get", "wait"]) {
        id += 1;
        header.set(String(id), retryAfter);
        const args = [command, String(id), "--interval", "1s", "--timeout", "5s"];
        if (command === "wait") args.push("--until", "3");
        runs.push({ id: String(id), retryAfter, args });
      }
    }
    const env = { JOBTOP_BASE_URL: svc.url, JOBTOP_TOKEN: svc.token };
    const results = await Promise.all(runs.map((r) => runCli(r.args, env, 30_000)));
    const counts: string[] = [];
    runs.forEach((run, i) => {
      const r = results[i];
      const what = `${run.args[0]} with Retry-After ${JSON.stringify(run.retryAfter)}`;
      const asked = svc.requests.filter((q) => q.query.get("id") === run.id);
      counts.push(`${what}: ${asked.length}`);
      expect(r?.code, what).toBe(1);
      expect(r?.stderr, what).toMatch(
        /gave up after 5s \(--timeout sets how long\): rate limited \(HTTP 429\)\n$/,
      );
      // The wait is counted from when the request went out: a slow answer leaves less of it.
      expect(r?.stderr, what).not.toMatch(/retry after 0s|retrying in 0\.[0-4]s/);
      // A second apart for 5 s (give or take the jitter): 5 or 6. It was 20 or more. Without a
      // Retry-After the service's backoff doubles from ~2 s (src/api/service-gate.ts): 2 or 3.
      expect(asked.length, what).toBeGreaterThanOrEqual(run.retryAfter === undefined ? 2 : 3);
      expect(asked.length, what).toBeLessThanOrEqual(6);
      for (let k = 1; k < asked.length; k++) {
        const gap = (asked[k]?.at ?? 0) - (asked[k - 1]?.at ?? 0);
        expect(gap, `${what}: request ${k}`).toBeGreaterThanOrEqual(750);
      }
    });
    console.log(`requests in 5 s at --interval 1s: ${counts.join("; ")}`);
  }, 60_000);

  it("the monitor at 2 s/4 s asks a service answering 429 + Retry-After: 0 as often as a healthy one", async () => {
    let limited = false;
    const jobs = [specJob(101), specJob(102), specJob(103)];
    const service = await serve({
      list: (q) => (limited ? tooMany("0") : pageOf(jobs, q)),
      job: (id) => (limited ? tooMany("0") : { code: 0, msg: "", job: specJob(Number(id)) }),
    });
    const svc = service;
    const s = start(["--base-url", svc.url, "--interval", "2s", "--list-interval", "4s"], {
      cols: 140,
      rows: 30,
      env: { JOBTOP_TOKEN: svc.token },
    });
    await s.waitFor(/Job 101/, 10_000);
    const window = async () => {
      const from = svc.requests.length;
      await sleep(8000);
      return svc.requests.slice(from);
    };
    const healthy = await window();
    limited = true;
    await s.waitFor(/rate limited \(HTTP 429\)/, 8000);
    const storm = await window();
    const count = (rs: typeof storm, path: string) => rs.filter((r) => r.path === path).length;
    console.log(
      `monitor, 8 s at 2s/4s: healthy ${healthy.length} requests ` +
        `(${count(healthy, "/v1/job")} job, ${count(healthy, "/v1/job/jobs")} page); ` +
        `429 + Retry-After: 0 ${storm.length} (${count(storm, "/v1/job")} job, ${count(storm, "/v1/job/jobs")} page)`,
    );
    // At most one job request per 1.8 s and one page request per 3.6 s (the interval less its
    // jitter): 5 and 3. It was ~60 in 8 s.
    expect(count(storm, "/v1/job")).toBeLessThanOrEqual(5);
    expect(count(storm, "/v1/job")).toBeGreaterThanOrEqual(3); // and it keeps asking
    expect(count(storm, "/v1/job/jobs")).toBeLessThanOrEqual(3);
    expect(storm.length).toBeLessThanOrEqual(healthy.length + 3);
    expect(s.text()).toMatch(/◐ (rate limited: )?retrying/);
    expect(s.text()).not.toMatch(/offline/); // the service answers: it is not offline
  }, 60_000);
});
