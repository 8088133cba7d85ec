// `watch` through an outage (issue 29, a newcomer's trips, 4): 2 jobs through a 45 s outage
// printed 46 lines "job N: connection refused; retrying in 1.9s", one per job every ~2 s. Now the
// outage is said once when it starts and once when it ends, naming the host; a job's own failure
// once per job.
import { afterEach, describe, expect, it } from "vitest";
import { spawnCli } from "../helpers/cli.js";
import { specJob } from "../helpers/payloads.js";
import {
  type Answer,
  pageOf,
  type ScriptedService,
  startScriptedService,
} from "../helpers/scripted-service.js";

let service: ScriptedService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function until(test: () => boolean, what: string, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; !test(); ) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("watch through an outage", () => {
  it("says it once when it starts and once when it ends, however many requests fail", async () => {
    let down = false;
    let broken: string | undefined;
    const fail = (id?: string): Answer | undefined =>
      down ? { reset: true } : id !== undefined && id === broken ? { raw: "{not json" } : undefined;
    service = await startScriptedService({
      list: (q) => pageOf([], q),
      job: (id) => fail(id) ?? { code: 0, msg: "", job: specJob(Number(id)) },
    });
    const svc = service;
    const w = spawnCli(["watch", "101", "102", "--interval", "200ms", "--base-url", svc.url], {
      JOBTOP_TOKEN: svc.token,
    });
    await w.waitFor(/\(101\)/);
    await w.waitFor(/\(102\)/);
    down = true;
    const from = svc.requests.length;
    // Both jobs' requests fail many times over (each every 200 ms).
    await until(() => svc.requests.length >= from + 20, "20 failed requests");
    down = false;
    await w.waitFor(/the service answers again/, { stream: "stderr", timeoutMs: 20_000 });
    // One job's own answer breaks: said once for that job, however often it is asked.
    broken = "102";
    const from2 = svc.requests.length;
    await until(() => svc.requests.length >= from2 + 10, "10 more requests");
    broken = undefined;
    await w.waitFor(/job 102: answers again/, { stream: "stderr", timeoutMs: 20_000 });
    w.signal("SIGINT");
    expect((await w.exited).code).toBe(0);
    const host = new URL(svc.url).host;
    const lines = w.stderr().trimEnd().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      new RegExp(
        `^jobtop: job 10[12]: connection reset by ${host.replace(/\./g, "\\.")}; retrying in \\d\\.\\ds \\(said again when it answers\\)$`,
      ),
    );
    expect(lines[1]).toMatch(
      /^jobtop: job 10[12]: the service answers again \(after \d+s, \d+ failed requests\)$/,
    );
    expect(lines[2]).toMatch(
      /^jobtop: job 102: .*JSON.*; retrying in \d\.\ds \(said again when it answers\)$/,
    );
    expect(lines[3]).toMatch(/^jobtop: job 102: answers again \(after \d+s, \d+ failed requests\)$/);
  }, 60_000);
});
