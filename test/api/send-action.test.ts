// An http action's one request against the demo over loopback (src/api/send-action.ts, with the
// request built by src/actions/http-request.ts): the envelope checked, never sent twice, a
// timeout says the outcome is unknown, the service's msg sanitised, the token never shown.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HttpAction, parseActions } from "../../src/actions/definitions.js";
import { requestFor } from "../../src/actions/http-request.js";
import { createClient } from "../../src/api/client.js";
import { createActionSender } from "../../src/api/send-action.js";
import { transportFetch } from "../../src/api/transport.js";
import { DEMO_ACTIONS } from "../../src/demo/actions.js";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { startForwardProxy } from "../helpers/proxy.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

const [cancel, resubmit] = parseActions(DEMO_ACTIONS, {
  usedKeys: new Set(),
  statusLabels: DEMO_STATUS_LABELS,
}).actions as HttpAction[];

async function runningJob() {
  const client = createClient({ baseUrl: demo.url, token: demo.token });
  const page = await client.listJobs({ page: 1, perPage: 100, order: "desc" });
  const item = page.items.find((i) => i.ok && i.job.status === 2);
  if (!item?.ok) throw new Error("no running job");
  return item.job;
}

describe("sending an http action", () => {
  it("the demo's cancel: done, the job stopped; again: failed with the service's msg", async () => {
    const job = await runningJob();
    const send = createActionSender({ baseUrl: demo.url, token: demo.token });
    const built = requestFor(cancel as HttpAction, job, { baseUrl: demo.url });
    if ("error" in built) throw new Error(built.error);
    expect(built.request.method).toBe("DELETE");
    expect(built.request.url.href).toBe(`${demo.url}/v1/job?id=${job.id}`);
    const before = demo.requestCount();
    const r = await send(built.request);
    expect(r).toMatchObject({ ok: true, job: { id: job.id, status: 3 } });
    expect(demo.getJob(Number(job.id))?.status).toBe(3);
    expect(await send(built.request)).toEqual({
      ok: false,
      unknown: false,
      error: "service error code 409: job is already stopped",
    });
    expect(demo.requestCount() - before).toBe(2);
  });

  it("the demo's resubmit POSTs the job's app as sent: a new job with the same remark", async () => {
    const job = await runningJob();
    const raw = demo.getJob(Number(job.id));
    const built = requestFor(resubmit as HttpAction, job, { baseUrl: demo.url, raw });
    if ("error" in built) throw new Error(built.error);
    expect(JSON.parse(built.request.body ?? "")).toEqual({ app: raw?.app });
    const r = await createActionSender({ baseUrl: demo.url, token: demo.token })(built.request);
    expect(r.ok).toBe(true);
    const made = r.ok ? r.job : undefined;
    expect(made?.status).toBe(6);
    expect(made?.app.remark).toBe(job.app.remark);
    expect(Number(made?.id)).toBeGreaterThan(Number(job.id));
  });

  it("a timeout says the outcome is unknown, and the request was sent once only", async () => {
    const job = await runningJob();
    const built = requestFor(cancel as HttpAction, job, { baseUrl: demo.url });
    if ("error" in built) throw new Error(built.error);
    demo.injectFault("hang", 5);
    const before = demo.requestCount();
    const r = await createActionSender({ baseUrl: demo.url, token: demo.token, timeoutMs: 300 })(
      built.request,
    );
    demo.clearFaults();
    expect(r).toEqual({
      ok: false,
      unknown: true,
      error: "no answer within 0.3s (timeout): the outcome is unknown (not sent again; the job is polled)",
    });
    expect(demo.requestCount() - before).toBe(1);
    // A reset connection: unknown too, and not sent again.
    demo.injectFault("reset", 5);
    const before2 = demo.requestCount();
    const reset = await createActionSender({ baseUrl: demo.url, token: demo.token })(built.request);
    demo.clearFaults();
    expect(reset).toMatchObject({ ok: false, unknown: true });
    expect(demo.requestCount() - before2).toBe(1);
  });

  it("a refused connection is known not to have been sent; another origin is never asked", async () => {
    const send = createActionSender({ baseUrl: "http://127.0.0.1:1", token: "t0k3n-secret" });
    const r = await send({ method: "DELETE", url: new URL("http://127.0.0.1:1/v1/job?id=1") });
    expect(r).toMatchObject({ ok: false, unknown: false });
    const other = await createActionSender({ baseUrl: demo.url, token: demo.token })({
      method: "DELETE",
      url: new URL("http://evil.example/v1/job?id=1"),
    });
    expect(other).toEqual({
      ok: false,
      unknown: false,
      error: "not sent: the URL is not the service's (another origin)",
    });
  });

  it("a wrong token is a failure in words; the service's msg is sanitised; a redirect is not followed", async () => {
    const job = await runningJob();
    const built = requestFor(cancel as HttpAction, job, { baseUrl: demo.url });
    if ("error" in built) throw new Error(built.error);
    const r = await createActionSender({ baseUrl: demo.url, token: "wrong-token" })(built.request);
    expect(r).toMatchObject({
      ok: false,
      unknown: false,
      error: expect.stringMatching(/^token rejected \(HTTP 401\)/),
    });

    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      if (req.url?.startsWith("/moved")) {
        res.writeHead(307, { location: "/v1/job?id=1" });
        return res.end();
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 7, msg: "no \u001b]52;c;ZXZpbA==\u0007 secret-token-123 here" }));
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const send = createActionSender({ baseUrl: base, token: "secret-token-123" });
      const bad = await send({ method: "POST", url: new URL(`${base}/x`), body: "{}" });
      expect(bad).toEqual({
        ok: false,
        unknown: false,
        error: "service error code 7: no ^[]52;c;ZXZpbA==^G •••••• here",
      });
      const moved = await send({ method: "DELETE", url: new URL(`${base}/moved`) });
      expect(moved).toEqual({
        ok: false,
        unknown: false,
        error: "the service redirected (HTTP 307); an action is not sent again",
      });
      expect(seen).toEqual(["POST /x", "DELETE /moved"]);
    } finally {
      server.close();
    }
  });

  it("a gateway's 502 or 504 says the outcome is unknown (the service behind it may have done it); a 500 or 404 failed", async () => {
    // A gateway that gave up waiting for the service has passed the request on: "failed" would
    // invite the user to send a cancel again for a job the service may already be cancelling.
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(Number(req.url?.slice(1)), { "content-type": "text/html" });
      res.end("<html>gateway</html>");
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const send = createActionSender({ baseUrl: base, token: "secret-token-123" });
      for (const code of [502, 504]) {
        const r = await send({ method: "DELETE", url: new URL(`${base}/${code}`) });
        expect(r).toMatchObject({ ok: false, unknown: true });
        expect(r.ok === false && r.error).toMatch(new RegExp(`^HTTP ${code}.*: the outcome is unknown`));
      }
      for (const code of [500, 404])
        expect(await send({ method: "DELETE", url: new URL(`${base}/${code}`) })).toMatchObject({
          ok: false,
          unknown: false,
        });
      expect(seen).toEqual(["DELETE /502", "DELETE /504", "DELETE /500", "DELETE /404"]);
    } finally {
      server.close();
    }
  });

  it("goes through the profile's proxy, as the client's GETs do: method, body and token", async () => {
    const proxy = await startForwardProxy();
    try {
      const job = await runningJob();
      const built = requestFor(resubmit as HttpAction, job, {
        baseUrl: demo.url,
        raw: demo.getJob(Number(job.id)),
      });
      if ("error" in built) throw new Error(built.error);
      const fetch = await transportFetch({ env: { HTTP_PROXY: proxy.url } });
      const r = await createActionSender({ baseUrl: demo.url, token: demo.token, fetch })(built.request);
      expect(r).toMatchObject({ ok: true, job: { status: 6 } });
      expect(proxy.records.map((x) => [x.method, x.target, x.headers.authorization])).toEqual([
        ["POST", `${demo.url}/v1/demo/jobs`, `Bearer ${demo.token}`],
      ]);
    } finally {
      await proxy.close();
    }
  });
});
