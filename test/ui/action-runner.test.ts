// The monitor's action runner (src/ui/action-runner.ts) against the demo service over HTTP. Issue
// 29.4: with the confirmation open, the tagged jobs stopped or were removed, and their DELETEs went
// out anyway: each job is fetched again right before its request, `statuses` apply then, and a job
// gone, in another status now, or whose fetch failed is skipped, its line saying why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseActions } from "../../src/actions/definitions.js";
import { createClient } from "../../src/api/client.js";
import { type Job, JobSchema } from "../../src/api/schema.js";
import { type ActionRequest, createActionSender } from "../../src/api/send-action.js";
import { buildConfig } from "../../src/config/resolve.js";
import { DEMO_ACTIONS } from "../../src/demo/actions.js";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { createActionRunner } from "../../src/ui/action-runner.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

function setup() {
  const { actions } = parseActions(DEMO_ACTIONS, { usedKeys: new Set(), statusLabels: DEMO_STATUS_LABELS });
  const config = {
    ...buildConfig({ demo: true, once: false, bell: false }, { statusLabels: DEMO_STATUS_LABELS }),
    baseUrl: demo.url,
    actions,
  };
  const sent: ActionRequest[] = [];
  const events: string[] = [];
  const said: string[] = [];
  const client = createClient({ baseUrl: demo.url, token: demo.token, timeoutMs: 2000 });
  const sender = createActionSender({ baseUrl: demo.url, token: demo.token, timeoutMs: 2000 });
  const runner = createActionRunner({
    config,
    monitor: { noteEvent: (_job, line) => void events.push(line), refresh: () => {}, paused: () => true },
    client,
    send: () => (req, signal) => {
      sent.push(req);
      return sender(req, signal);
    },
    token: () => demo.token,
  });
  const cancel = actions.find((a) => a.name === "cancel");
  if (!cancel) throw new Error("no cancel");
  /** Runs cancel on these jobs (as confirmed: the copies the screen showed) to its summary. */
  const run = async (jobs: Job[]) => {
    runner.run(cancel, jobs, (text) => said.push(text));
    for (const until = Date.now() + 10_000; runner.running() !== undefined; ) {
      if (Date.now() > until) throw new Error("the action did not end");
      await new Promise((r) => setTimeout(r, 20));
    }
    return said.at(-1) ?? "";
  };
  return { run, sent, events };
}

/** Running demo jobs no other test here touches, as the screen had them (copies). */
const used = new Set<number>();
function running(n: number): Job[] {
  const out: Job[] = [];
  for (let id = 1; id <= 120 && out.length < n; id++) {
    const job = demo.getJob(id);
    if (job && job.status === 2 && !used.has(id)) {
      used.add(id);
      // As the client parses it (ids are strings).
      out.push(JobSchema.parse(structuredClone(job)));
    }
  }
  if (out.length < n) throw new Error("not enough running demo jobs");
  return out;
}

describe("an action's jobs are fetched again right before each request", () => {
  it("a job stopped and one removed since the confirmation are skipped, the third cancelled", async () => {
    const app = setup();
    const [stopped, removed, live] = running(3) as [Job, Job, Job];
    // What happened while the question was open.
    expect(demo.advance(Number(stopped.id))?.status).toBe(3);
    expect(demo.removeJob(Number(removed.id))).toBe(true);
    const summary = await app.run([stopped, removed, live]);
    expect(app.events).toEqual([
      `cancel ${stopped.displayID}: skipped: it is 3 (stopped) now; cancel applies to 6 (queued), 1 (starting), 2 (running)`,
      `cancel ${removed.displayID}: skipped: gone: service error code 404: job not found`,
      `cancel ${live.displayID}: done`,
    ]);
    expect(summary).toBe("cancel: 1 of 3 jobs done, 2 skipped");
    // One DELETE: the live job's.
    expect(app.sent.map((r) => `${r.method} ${r.url.searchParams.get("id")}`)).toEqual([`DELETE ${live.id}`]);
    expect(demo.getJob(Number(live.id))?.status).toBe(3);
  });

  it("a job whose fetch fails is skipped, nothing sent, and the line says why", async () => {
    const app = setup();
    const [job] = running(1) as [Job];
    demo.injectFault("500", 1, "/v1/job");
    await app.run([job]);
    expect(app.events).toEqual([
      expect.stringMatching(
        new RegExp(
          `^cancel ${job.displayID}: skipped: could not be fetched again \\(HTTP 500.*\\); nothing sent$`,
        ),
      ),
    ]);
    expect(app.sent).toEqual([]);
    expect(demo.getJob(Number(job.id))?.status).toBe(2);
  });
});
