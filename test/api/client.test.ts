// The client against the demo service over real HTTP on loopback.
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, parseRetryAfter } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { FAULT_KINDS } from "../../src/demo/faults.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { specJob } from "../helpers/payloads.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, retryAfterSec: 3 });
});
afterAll(async () => {
  await demo.close();
});

const client = (over: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl: demo.url, token: demo.token, timeoutMs: 2000, ...over });

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error("expected the call to fail");
}

describe("client against the demo service", () => {
  it("lists a page and fetches one job with the bearer token", async () => {
    const page = await client().listJobs({ page: 1, perPage: 5, order: "desc" });
    expect(page.items).toHaveLength(5);
    expect(page.pagination.page).toBe(1);
    const first = page.items[0];
    expect(first?.ok).toBe(true);
    if (!first?.ok) return;
    const job = await client().getJob(first.job.id);
    expect(job.id).toBe(first.job.id);
    expect(job.displayID).toBe(first.job.displayID);
  });

  it("names a rejected token without ever showing it", async () => {
    const e = await failure(
      client({ token: "wrong-token-XYZ" }).listJobs({ page: 1, perPage: 5, order: "desc" }),
    );
    expect(e.kind).toBe("auth");
    expect(e.message).toMatch(/token rejected/);
    expect(e.message).not.toContain("wrong-token-XYZ");
  });

  it("reports a non-zero code with the service's message", async () => {
    const e = await failure(client().getJob("987654321"));
    expect(e.kind).toBe("envelope");
    expect(e.message).toMatch(/code \d+: job not found/);
  });

  it("times out a hanging request", async () => {
    demo.injectFault("hang", 1);
    const t0 = performance.now();
    const e = await failure(client({ timeoutMs: 300 }).listJobs({ page: 1, perPage: 5, order: "desc" }));
    expect(e.kind).toBe("timeout");
    expect(performance.now() - t0).toBeLessThan(1500);
  });

  it("times out, and cancels, a hanging request even when garbage is collected while it waits", async () => {
    // Node links a Request's signal to its source only weakly: without the client holding on,
    // a collection here left requests to a silent service pending forever.
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const collect = setInterval(gc, 50);
    try {
      demo.injectFault("hang", 2);
      const t0 = performance.now();
      const e = await failure(client({ timeoutMs: 400 }).listJobs({ page: 1, perPage: 5, order: "desc" }));
      expect(e.kind).toBe("timeout");
      expect(performance.now() - t0).toBeLessThan(1500);

      const ac = new AbortController();
      setTimeout(() => ac.abort(), 300);
      const t1 = performance.now();
      await failure(client({ timeoutMs: 60_000 }).getJob("1", ac.signal));
      expect(performance.now() - t1).toBeLessThan(1500);
    } finally {
      clearInterval(collect);
    }
  });

  it("says an HTML 502 page is an HTTP error", async () => {
    demo.injectFault("502-html", 1);
    const e = await failure(client().listJobs({ page: 1, perPage: 5, order: "desc" }));
    expect(e.kind).toBe("http");
    expect(e.message).toContain("HTTP 502");
  });

  it("says half a JSON body is malformed", async () => {
    demo.injectFault("malformed", 1);
    const e = await failure(client().listJobs({ page: 1, perPage: 5, order: "desc" }));
    expect(e.kind).toBe("parse");
    expect(e.message).toMatch(/malformed JSON/);
  });

  it("names the field path on schema drift", async () => {
    demo.injectFault("drift", 1);
    const e = await failure(client().listJobs({ page: 1, perPage: 5, order: "desc" }));
    expect(e.kind).toBe("schema");
    expect(e.message).toMatch(/^schema: (job\[\d+\]|pagination)/);
  });

  it("keeps the rest of a page when one job is malformed", async () => {
    demo.injectFault("bad-job", 1);
    const page = await client().listJobs({ page: 1, perPage: 10, order: "desc" });
    const bad = page.items.filter((i) => !i.ok);
    expect(bad).toHaveLength(1);
    expect(page.items.filter((i) => i.ok).length).toBe(page.items.length - 1);
    expect(bad[0]?.ok === false && bad[0].error).toMatch(/^schema: job\[\d+\]\./);
  });

  it("reads Retry-After on 429", async () => {
    demo.injectFault("429", 1);
    const e = await failure(client().listJobs({ page: 1, perPage: 5, order: "desc" }));
    expect(e.kind).toBe("rate-limit");
    expect(e.details.retryAfterMs).toBe(3000);
  });

  it("reads a Retry-After of 0, a date in the past or no valid value as no reason to wait", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter("Wed, 25 Nov 2026 11:59:00 GMT", now)).toBe(0); // a skewed clock
    expect(parseRetryAfter("Wed, 25 Nov 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Fri, 25 Nov 2033 12:00:00 GMT", now)).toBe(600_000); // capped at 10 min
    // Numbers are read as seconds before any date (Date.parse reads "-5" as May 2001): a negative
    // one asks for no wait (the gate floors it to a second: service-gate.test.ts).
    expect(parseRetryAfter("-5", now)).toBe(0);
    expect(parseRetryAfter("1.5", now)).toBe(1500);
    expect(parseRetryAfter("9".repeat(30), now)).toBe(600_000); // a number of any size: capped, not ignored
    for (const v of ["", "soon", "1e3", "0x10"]) expect(parseRetryAfter(v, now), v).toBeUndefined();
  });

  it('does not say "retry after 0s"', async () => {
    const server = createHttpServer((_req, res) => res.writeHead(429, { "retry-after": "0" }).end());
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const addr = server.address();
    const port = typeof addr === "object" && addr ? addr.port : 0;
    try {
      const e = await failure(client({ baseUrl: `http://127.0.0.1:${port}` }).getJob("1"));
      expect(e.kind).toBe("rate-limit");
      expect(e.message).toBe("rate limited (HTTP 429)");
      expect(e.details.retryAfterMs).toBe(1000); // no wait asked: the service's gate holds a second
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("reports a code ≠ 0 in a 200 body", async () => {
    demo.injectFault("code", 1);
    const e = await failure(client().listJobs({ page: 1, perPage: 5, order: "desc" }));
    expect(e.kind).toBe("envelope");
    expect(e.message).toContain("backend unavailable");
  });

  it("refuses a body over the cap without buffering it", async () => {
    demo.injectFault("huge", 1);
    const e = await failure(
      client({ maxBodyBytes: 1024 * 1024, timeoutMs: 5000 }).listJobs({ page: 1, perPage: 5, order: "desc" }),
    );
    expect(e.kind).toBe("too-large");
  });

  it("says what a refused answer weighed: the bytes read to the cap, or to a deadline mid-body", async () => {
    // A 3 MB body without a length (chunked), over a 1 MB cap; then 512 kB and silence past the deadline.
    const server = createHttpServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 32);
      if (req.url?.includes("id=1")) {
        for (let i = 0; i < 48; i++) res.write(chunk);
        res.end();
      } else for (let i = 0; i < 8; i++) res.write(chunk); // then nothing more
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    try {
      const c = client({ baseUrl: `http://127.0.0.1:${port}`, maxBodyBytes: 1024 * 1024, timeoutMs: 1500 });
      const big = await failure(c.getJob("1"));
      expect(big.kind).toBe("too-large");
      expect(big.details.bytes).toBeGreaterThan(1024 * 1024);
      const stalled = await failure(c.getJob("2"));
      expect(stalled.kind).toBe("timeout");
      expect(stalled.details.bytes).toBe(8 * 64 * 1024);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("says a reset connection is a network error", async () => {
    demo.injectFault("reset", 2);
    const e = await failure(client().listJobs({ page: 1, perPage: 5, order: "desc" }));
    expect(e.kind === "network" || e.kind === "parse").toBe(true);
    demo.clearFaults();
  });

  it("reads a body that comes in pieces, and names one cut or stalled half-way", async () => {
    // The pieces joined in order; a connection cut inside the body a reset, a body that stops
    // coming a timeout, each in the words the rest of jobtop uses.
    const page = JSON.stringify({
      code: 0,
      msg: "",
      job: [specJob()],
      pagination: { total: 1, numPages: 1, page: 1, perPage: 5 },
    });
    let mode = "pieces";
    const server = createHttpServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      if (mode === "pieces") {
        let at = 0;
        const next = () => {
          res.write(page.slice(at, at + 300));
          at += 300;
          if (at < page.length) setTimeout(next, 2);
          else res.end();
        };
        next();
        return;
      }
      res.write(page.slice(0, 100));
      if (mode === "cut") setTimeout(() => res.socket?.destroy(), 30);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    const c = createClient({ baseUrl: `http://127.0.0.1:${port}`, token: "t", timeoutMs: 400 });
    try {
      const got = await c.listJobs({ page: 1, perPage: 5, order: "desc" });
      expect(got.items.map((i) => (i.ok ? i.job.id : i.error))).toEqual([String(specJob().id)]);
      mode = "cut";
      let e = await failure(c.listJobs({ page: 1, perPage: 5, order: "desc" }));
      expect([e.kind, e.message]).toEqual(["network", `connection reset by 127.0.0.1:${port}`]);
      mode = "stall";
      e = await failure(c.listJobs({ page: 1, perPage: 5, order: "desc" }));
      expect(e.kind).toBe("timeout");
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("asks once more at once on a reused keep-alive socket that drops, never on a new connection", async () => {
    // A service that resets every connection got each poll twice: twice the load of a healthy one.
    let requests = 0;
    let dropSecond = true;
    const server = createHttpServer((req, res) => {
      requests++;
      const reused = (req.socket as { served?: boolean }).served === true;
      (req.socket as { served?: boolean }).served = true;
      if ((dropSecond && reused) || !dropSecond) return req.socket.destroy();
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 0, msg: "", job: specJob(1) }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const addr = server.address();
    const port = typeof addr === "object" && addr ? addr.port : 0;
    const c = createClient({ baseUrl: `http://127.0.0.1:${port}`, token: "t", timeoutMs: 2000 });
    try {
      await c.getJob("1");
      expect(requests).toBe(1);
      await c.getJob("1"); // on the kept socket, which the server drops: asked again on a new one
      expect(requests).toBe(3);
      dropSecond = false; // now every connection is reset
      requests = 0;
      const e = await failure(c.getJob("1"));
      expect(e.kind).toBe("network");
      expect(requests).toBe(2); // the kept socket, then one new connection: not a third
      requests = 0;
      await failure(c.getJob("1"));
      expect(requests).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("says connection refused when nothing listens", async () => {
    const port = await freePort();
    const e = await failure(
      createClient({ baseUrl: `http://127.0.0.1:${port}`, token: "t", timeoutMs: 2000 }).getJob("1"),
    );
    expect(e.kind).toBe("network");
    expect(e.message).toBe(`connection refused by 127.0.0.1:${port}`);
  });
});

describe("the bearer token in errors", () => {
  it("is in no message, for every fault the demo service can make", async () => {
    const c = client({ timeoutMs: 300, maxBodyBytes: 1024 * 1024 });
    const seen: string[] = [];
    for (const kind of FAULT_KINDS) {
      demo.clearFaults();
      demo.injectFault(kind, 2); // twice: the client retries a dropped socket once
      const page = c.listJobs({ page: 1, perPage: 5, order: "desc" }).then(
        (p) => p.items.flatMap((i) => (i.ok ? [] : [i.error])).join(" "), // bad-job: a row error
        (e: unknown) => (e as Error).message,
      );
      seen.push(`${kind}: ${await page}`);
    }
    demo.clearFaults();
    expect(seen.join("\n")).not.toContain(demo.token);
    expect(seen.filter((l) => /: .+/.test(l))).toHaveLength(FAULT_KINDS.length); // each one failed
  });

  it("is masked even when a hostile server echoes it back", async () => {
    const T = "tok-ECHOED-4242";
    const answers: ((res: import("node:http").ServerResponse) => void)[] = [
      (res) => res.writeHead(200, { "content-type": "application/json" }).end(`{"code":7,"msg":"bad ${T}"}`),
      (res) => res.writeHead(500, `Oops ${T}`).end(),
      (res) => res.writeHead(401, { "content-type": "text/html" }).end(`<h1>${T}</h1>`),
      (res) => res.writeHead(503, `${T}`, { "retry-after": "1" }).end(),
      // The token as a field name that fails the schema: it would be in the error's path.
      (res) =>
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(`{"code":0,"msg":"","job":[{"id":1,"app":{"urls":{"${T}":7}}}],"pagination":{}}`),
    ];
    let next = 0;
    const server = createHttpServer((_req, res) => answers[next++ % answers.length]?.(res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const addr = server.address();
    const port = typeof addr === "object" && addr ? addr.port : 0;
    const c = createClient({ baseUrl: `http://127.0.0.1:${port}`, token: T, timeoutMs: 2000 });
    try {
      for (let i = 0; i < answers.length; i++) {
        const e = await failure(c.listJobs({ page: 1, perPage: 5, order: "desc" }));
        expect(e.message).not.toContain(T);
      }
    } finally {
      server.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

describe("64-bit ids", () => {
  it("lists and fetches a job whose id is beyond 2^53, sending the id back digit for digit", async () => {
    const big = "9007199254740993";
    const body = (job: unknown, list: boolean) =>
      JSON.stringify({
        code: 0,
        msg: "",
        job: list ? [job] : job,
        ...(list ? { pagination: { total: 1, numPages: 1, page: 1, perPage: 20 } } : {}),
      }).replace(/"id":1,/g, `"id":${big},`);
    const asked: string[] = [];
    const server = createHttpServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      res.setHeader("content-type", "application/json");
      if (url.pathname === "/v1/job") {
        asked.push(url.searchParams.get("id") ?? "");
        res.end(body(specJob(1), false));
      } else res.end(body(specJob(1), true));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as { port: number };
      const c = createClient({ baseUrl: `http://127.0.0.1:${port}`, token: "tok-123456", timeoutMs: 2000 });
      const page = await c.listJobs({ page: 1, perPage: 20, order: "desc" });
      const first = page.items[0];
      expect(first?.ok && first.job.id).toBe(big);
      const job = await c.getJob(big);
      expect(job.id).toBe(big);
      expect(asked).toEqual([big]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
