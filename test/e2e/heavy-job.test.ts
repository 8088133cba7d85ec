// Large answers cost what they weigh (issue 31), in a real terminal: a selected job whose answer
// is ~14 MB (a 200 000-entry state.log) from a service without ETags was read every 2 s; now it is
// polled every 30 s, the header says so, and r still asks at once.
import { describe, expect, it } from "vitest";
import { freshStateHome } from "../helpers/cli.js";
import { specJob } from "../helpers/payloads.js";
import { until } from "../helpers/processes.js";
import { pageOf } from "../helpers/scripted-service.js";
import { scriptedSessions } from "./sessions.js";

const { serve, start } = scriptedSessions();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a job whose answers weigh megabytes", () => {
  it("is polled every 30 s, the header says why, and r asks at once", async () => {
    const small = [specJob(103), specJob(102), specJob(101)];
    const heavy = specJob(103) as { state: { status: number; log: unknown[] } };
    const t0 = 1_700_000_000;
    const log: unknown[] = [];
    for (let i = 0; i < 200_000; i++)
      log.push({ id: 5_000_000 + i, status: [6, 1, 2, 3][i % 4], ts: { seconds: t0 + i }, sourceId: 103 });
    heavy.state = { status: 3, log };
    const raw = JSON.stringify({ code: 0, msg: "", job: heavy });
    expect(raw.length).toBeGreaterThan(13 * 1024 * 1024);
    const service = await serve({
      list: (q) => pageOf(small, q),
      job: (id) => (id === "103" ? { raw } : { code: 0, msg: "", job: specJob(Number(id)) }),
    });
    const svc = service;
    const s = start(["--base-url", svc.url, "--index", "off"], {
      cols: 200,
      rows: 30,
      env: { JOBTOP_TOKEN: svc.token, XDG_STATE_HOME: freshStateHome() },
    });
    await s.waitFor(/polled every 30s: 1\d MB answers/, 30_000);
    const asked = () => svc.requests.filter((r) => r.query.get("id") === "103").length;
    const before = asked();
    await sleep(8000); // four 2 s intervals: nothing
    expect(asked()).toBe(before);
    s.press("r");
    await until(() => asked() > before, "r's request", 10_000);
    expect(asked()).toBe(before + 1);
  }, 90_000);
});
