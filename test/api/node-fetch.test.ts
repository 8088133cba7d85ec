// The client on the node:http transport (src/api/node-fetch.ts, used by the commands for
// scripts) against the demo service over real HTTP: the same answers and the same error kinds
// as on the global fetch, for every fault.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { nodeFetch } from "../../src/api/node-fetch.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, retryAfterSec: 3 });
});
afterAll(async () => {
  await demo.close();
});

const client = (over: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl: demo.url, token: demo.token, timeoutMs: 2000, fetch: nodeFetch, ...over });
const page = { page: 1, perPage: 5, order: "desc" };

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error("expected the call to fail");
}

/** A server of our own for what the demo does not do (redirects, gzip); records each request. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe("the client on node:http", () => {
  it("lists a page and fetches one job with the bearer token", async () => {
    const p = await client().listJobs(page);
    expect(p.items).toHaveLength(5);
    const first = p.items[0];
    if (!first?.ok) throw new Error("first job did not parse");
    const job = await client().getJob(first.job.id);
    expect(job.displayID).toBe(first.job.displayID);
  });

  it.each([
    ["401", "auth", /token rejected \(HTTP 401\)/],
    ["502-html", "http", /HTTP 502/],
    ["malformed", "parse", /malformed JSON/],
    ["drift", "schema", /^schema: /],
    ["code", "envelope", /backend unavailable/],
    ["500", "http", /HTTP 500/],
  ] as const)("fault %s is a %s error", async (fault, kind, message) => {
    demo.injectFault(fault, 1);
    const e = await failure(client().listJobs(page));
    expect(e.kind).toBe(kind);
    expect(e.message).toMatch(message);
  });

  it("reads Retry-After on 429 and 503", async () => {
    demo.injectFault("429", 1);
    const e = await failure(client().listJobs(page));
    expect(e.kind).toBe("rate-limit");
    expect(e.details.retryAfterMs).toBe(3000);
    demo.injectFault("503", 1);
    expect((await failure(client().listJobs(page))).details.retryAfterMs).toBe(3000);
  });

  it("says a job that does not exist is an envelope error", async () => {
    const e = await failure(client().getJob("987654321"));
    expect(e.kind).toBe("envelope");
    expect(e.message).toMatch(/job not found/);
  });

  it("times out, and cancels, a hanging request even when garbage is collected while it waits", async () => {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const collect = setInterval(gc, 50);
    try {
      demo.injectFault("hang", 2);
      const t0 = performance.now();
      const e = await failure(client({ timeoutMs: 400 }).listJobs(page));
      expect(e.kind).toBe("timeout");
      expect(performance.now() - t0).toBeLessThan(1500);
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 300);
      const t1 = performance.now();
      await failure(client({ timeoutMs: 60_000 }).getJob("1", ac.signal));
      expect(performance.now() - t1).toBeLessThan(1500);
    } finally {
      clearInterval(collect);
      demo.clearFaults();
    }
  });

  it("refuses a body over the cap without buffering it", async () => {
    demo.injectFault("huge", 1);
    const before = process.memoryUsage().arrayBuffers;
    const e = await failure(client({ maxBodyBytes: 1024 * 1024, timeoutMs: 5000 }).listJobs(page));
    expect(e.kind).toBe("too-large");
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(20 * 1024 * 1024);
  });

  it("says a reset connection is a network error", async () => {
    demo.injectFault("reset", 2);
    const e = await failure(client().listJobs(page));
    expect(e.kind).toBe("network");
    demo.clearFaults();
  });

  it("says connection refused when nothing listens", async () => {
    const s = await serve(() => {});
    const url = s.url;
    await s.close();
    const e = await failure(client({ baseUrl: url }).getJob("1"));
    expect(e.kind).toBe("network");
    expect(e.message).toBe("connection refused");
  });

  it("gives the client the 3xx as it is: a moved path is followed, another host refused", async () => {
    const same = await serve((req, res) => {
      if (req.url?.startsWith("/old/")) res.writeHead(308, { location: `/v1/job?id=1` });
      else if (req.url?.startsWith("/v1/job/jobs")) res.writeHead(302, { location: `${demo.url}${req.url}` });
      else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"code":0,"msg":"","job":null}');
        return;
      }
      res.end();
    });
    try {
      // Another origin (the demo, on another port): refused by the client, the token not sent.
      const e = await failure(client({ baseUrl: same.url }).listJobs(page));
      expect(e.kind).toBe("redirect");
      // Same origin, relative Location: followed (to a job the schema then refuses).
      const moved = await failure(client({ baseUrl: `${same.url}/old` }).getJob("1"));
      expect(moved.kind).toBe("schema");
      expect(same.seen.map((r) => r.url)).toContain("/v1/job?id=1");
      for (const r of same.seen) expect(r.headers.authorization).toBe(`Bearer ${demo.token}`);
    } finally {
      await same.close();
    }
  });

  it("follows redirects itself when asked, without the token to another origin", async () => {
    const other = await serve((_req, res) => {
      res.writeHead(200);
      res.end("ok");
    });
    const same = await serve((_req, res) => {
      res.writeHead(301, { location: `${other.url}/x` });
      res.end();
    });
    try {
      const res = await nodeFetch(`${same.url}/a`, { headers: { authorization: "Bearer t" } });
      expect(await res.text()).toBe("ok");
      expect(res.url).toBe(`${other.url}/x`);
      expect(other.seen[0]?.headers.authorization).toBeUndefined();
    } finally {
      await same.close();
      await other.close();
    }
  });

  it("decodes a gzip body", async () => {
    const real = await client().listJobs(page);
    const body = gzipSync(
      JSON.stringify({
        code: 0,
        msg: "",
        pagination: real.pagination,
        job: real.items.map((i) => (i.ok ? { ...i.job } : null)),
      }),
    );
    const s = await serve((_req, res) => {
      res.writeHead(200, {
        "content-type": "application/json",
        "content-encoding": "gzip",
        "content-length": String(body.length),
      });
      res.end(body);
    });
    try {
      const p = await client({ baseUrl: s.url }).listJobs(page);
      expect(p.items.filter((i) => i.ok)).toHaveLength(5);
      expect(s.seen[0]?.headers["accept-encoding"]).toMatch(/gzip/);
    } finally {
      await s.close();
    }
  });
});
