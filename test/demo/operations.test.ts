// The demo's own create and cancel (src/demo/operations.ts), over real HTTP: the spec's envelope,
// a cancelled job stopped with its log entry, a created job first on page 1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseActions } from "../../src/actions/definitions.js";
import { DEMO_ACTIONS } from "../../src/demo/actions.js";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

// biome-ignore lint/suspicious/noExplicitAny: raw JSON from the wire
type Body = any;
async function call(
  method: string,
  path: string,
  body?: string,
  token = demo.token,
): Promise<{ status: number; body: Body }> {
  const res = await fetch(demo.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
  });
  return { status: res.status, body: await res.json() };
}

describe("the demo's create and cancel", () => {
  it("DELETE /v1/job?id= stops a running job with a log entry; again: 409; unknown: 404", async () => {
    const running = (await call("GET", "/v1/job/jobs?page=1&per_page=100")).body.job.find(
      (j: Body) => j.status === 2,
    );
    expect(running).toBeDefined();
    const before = running.state.log.length;
    const r = await call("DELETE", `/v1/job?id=${running.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      code: 0,
      msg: "",
      job: { id: running.id, status: 3, state: { status: 3 } },
    });
    const after = (await call("GET", `/v1/job?id=${running.id}`)).body.job;
    expect(after.status).toBe(3);
    expect(after.state.log).toHaveLength(before + 1);
    expect(after.state.log.at(-1)).toMatchObject({ status: 3, sourceId: running.id });
    expect((await call("DELETE", `/v1/job?id=${running.id}`)).body).toEqual({
      code: 409,
      msg: "job is already stopped",
      job: null,
    });
    expect((await call("DELETE", "/v1/job?id=999999")).body.code).toBe(404);
    expect((await call("DELETE", "/v1/job?id=1e2")).body.code).toBe(404);
    expect((await call("DELETE", `/v1/job?id=${running.id}`, undefined, "wrong")).status).toBe(401);
  });

  it("POST /v1/demo/jobs creates a queued job that is first on page 1 (desc)", async () => {
    const app = { remark: "again; $(id)", cmd: "python train.py", ports: "ignored" };
    const r = await call("POST", "/v1/demo/jobs", JSON.stringify({ app }));
    expect(r.body).toMatchObject({
      code: 0,
      msg: "",
      job: { status: 6, app: { remark: "again; $(id)", cmd: "python train.py" } },
    });
    const page = (await call("GET", "/v1/job/jobs?page=1&per_page=5&order=desc")).body;
    expect(page.job[0].id).toBe(r.body.job.id);
  });

  it("a create with a body that is not {app: {…}} is a 400 with the envelope", async () => {
    expect(await call("POST", "/v1/demo/jobs", "not json")).toEqual({
      status: 400,
      body: { code: 400, msg: "the body is not JSON" },
    });
    expect((await call("POST", "/v1/demo/jobs", JSON.stringify({ app: { remark: 5 } }))).body.msg).toBe(
      "app.remark: expected a string",
    );
    expect((await call("POST", "/v1/demo/jobs", "x".repeat(70_000))).body.msg).toBe("body too large");
    // Other methods and paths are still refused as before.
    expect((await call("POST", "/v1/job")).status).toBe(405);
    expect((await call("DELETE", "/v1/job/jobs")).status).toBe(405);
  });

  it("--demo's actions are valid actions: C cancels (type the displayID), R resubmits", () => {
    const r = parseActions(DEMO_ACTIONS, { usedKeys: new Set(), statusLabels: DEMO_STATUS_LABELS });
    expect(r.errors).toEqual([]);
    expect(r.actions.map((a) => [a.key, a.name, a.confirm, a.statuses])).toEqual([
      ["C", "cancel", "type", [6, 1, 2]],
      ["R", "resubmit", "yes", undefined],
    ]);
  });
});
