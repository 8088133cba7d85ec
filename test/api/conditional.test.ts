// Conditional requests (issue 31): the client sends back an answer's ETag / Last-Modified for the
// same request, a 304 gives back the value kept for it, over node:http and through a proxy
// (undici's fetch); the demo service sends strong ETags and answers If-None-Match with 304.
import { createServer, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnswerInfo, createClient } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { transportFetch } from "../../src/api/transport.js";
import { etagOf, noneMatch } from "../../src/demo/etag.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { specJob } from "../helpers/payloads.js";
import { type ForwardProxy, startForwardProxy } from "../helpers/proxy.js";

let demo: DemoServer;
let proxy: ForwardProxy;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
  proxy = await startForwardProxy();
});
afterAll(async () => {
  await proxy.close();
  await demo.close();
});

const info = (): AnswerInfo => ({ bytes: -1, notModified: false, same: false });
const q = { page: 1, perPage: 5, order: "desc" as const };

/** A service of our own: records each request's headers; `answer` writes the response. */
async function recording(
  answer: (url: URL, headers: IncomingHttpHeaders, res: import("node:http").ServerResponse) => void,
) {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    seen.push({ url: `${url.pathname}${url.search}`, headers: req.headers });
    answer(url, req.headers, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe("the demo's ETags", () => {
  it("are strong, of the bytes: equal bytes, equal tags; a changed byte, another", () => {
    const a = etagOf(Buffer.from('{"code":0}'));
    expect(a).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(etagOf(Buffer.from('{"code":0}'))).toBe(a);
    expect(etagOf(Buffer.from('{"code":1}'))).not.toBe(a);
    const big = Buffer.alloc(300_000, 97);
    const bigTag = etagOf(big);
    big[123_456] = 98;
    expect(etagOf(big)).not.toBe(bigTag);
    expect(noneMatch(`"x", ${a}`, a)).toBe(true);
    expect(noneMatch(`W/${a}`, a)).toBe(true); // a GET's If-None-Match compares weakly
    expect(noneMatch("*", a)).toBe(true);
    expect(noneMatch('"other"', a)).toBe(false);
    expect(noneMatch(undefined, a)).toBe(false);
  });
});

describe("conditional requests", () => {
  it("a job asked again is answered 304 by the demo: the same object, no body; a change brings it anew", async () => {
    const c = createClient({ baseUrl: demo.url, token: demo.token });
    const first = info();
    const a = await c.getJob("7", undefined, first);
    expect(first).toMatchObject({ notModified: false, same: false });
    expect(first.bytes).toBeGreaterThan(200);
    const again = info();
    expect(await c.getJob("7", undefined, again)).toBe(a);
    expect(again).toEqual({ bytes: 0, notModified: true, same: true });
    demo.advance(7);
    const changed = info();
    const b = await c.getJob("7", undefined, changed);
    expect(b).not.toBe(a);
    expect(changed).toMatchObject({ notModified: false, same: false });
    expect(b.state.log.length).toBe(a.state.log.length + 1);
  });

  it("the page too, per query: another page, order or size is asked without a validator", async () => {
    const c = createClient({ baseUrl: demo.url, token: demo.token });
    const a = await c.listJobs(q);
    const again = info();
    expect(await c.listJobs(q, undefined, again)).toBe(a);
    expect(again.notModified).toBe(true);
    const other = info();
    await c.listJobs({ ...q, page: 2 }, undefined, other);
    expect(other.notModified).toBe(false);
    const back = info();
    expect(await c.listJobs(q, undefined, back)).toBe(a); // page 1's tag was kept for page 1
    expect(back.notModified).toBe(true);
  });

  it("each request sends its own URL's ETag, and Last-Modified as If-Modified-Since", async () => {
    const svc = await recording((url, headers, res) => {
      const id = url.searchParams.get("id") ?? "";
      const etag = `"tag-${id}"`;
      if (headers["if-none-match"] === etag) return res.writeHead(304, { etag }).end();
      res.writeHead(200, {
        "content-type": "application/json",
        etag,
        "last-modified": "Wed, 25 Nov 2026 12:00:00 GMT",
      });
      res.end(JSON.stringify({ code: 0, msg: "", job: specJob(Number(id)) }));
    });
    try {
      const c = createClient({ baseUrl: svc.url, token: "secret-token" });
      for (const id of ["7", "8", "7", "8"]) await c.getJob(id);
      expect(
        svc.seen.map((r) => [r.url, r.headers["if-none-match"], r.headers["if-modified-since"]]),
      ).toEqual([
        ["/v1/job?id=7", undefined, undefined],
        ["/v1/job?id=8", undefined, undefined],
        ["/v1/job?id=7", '"tag-7"', "Wed, 25 Nov 2026 12:00:00 GMT"],
        ["/v1/job?id=8", '"tag-8"', "Wed, 25 Nov 2026 12:00:00 GMT"],
      ]);
    } finally {
      await svc.close();
    }
  });

  it("a job of megabytes and a small one asked in turn (the selected job and a pin): each sends its ETag", async () => {
    // A 5 MB job is more than the kept answers' byte bound: let go whole, its ETag went with it
    // each time the other job's answer came, and it was asked in full every time.
    const big = JSON.stringify({ code: 0, msg: "", job: specJob(1, { desc: "x".repeat(5_000_000) }) });
    const small = JSON.stringify({ code: 0, msg: "", job: specJob(2) });
    const svc = await recording((url, headers, res) => {
      const id = url.searchParams.get("id") ?? "";
      const etag = `"tag-${id}"`;
      if (headers["if-none-match"] === etag) return res.writeHead(304, { etag }).end();
      res.writeHead(200, { "content-type": "application/json", etag });
      res.end(id === "1" ? big : small);
    });
    try {
      const c = createClient({ baseUrl: svc.url, token: "secret-token" });
      // Held as a poller holds its job while it shows it.
      const shown = new Map<string, unknown>();
      const bytes: number[] = [];
      for (const id of ["1", "2", "1", "2", "1"]) {
        const got = info();
        const job = await c.getJob(id, undefined, got);
        if (shown.has(id)) expect(job).toBe(shown.get(id));
        shown.set(id, job);
        bytes.push(got.bytes);
      }
      expect(svc.seen.map((r) => r.headers["if-none-match"])).toEqual([
        undefined,
        undefined,
        '"tag-1"',
        '"tag-2"',
        '"tag-1"',
      ]);
      expect(bytes.slice(2)).toEqual([0, 0, 0]);
    } finally {
      await svc.close();
    }
  });

  it("a 304 to a request that named no earlier answer is an error; a hostile ETag is not echoed", async () => {
    let round = 0;
    const svc = await recording((_url, _headers, res) => {
      round++;
      if (round === 1) return res.writeHead(304).end();
      // A tag with a control character, or a megabyte long, would only be sent back: not kept.
      res.writeHead(200, { "content-type": "application/json", etag: `"${"x".repeat(5000)}"` });
      res.end(JSON.stringify({ code: 0, msg: "", job: specJob(1) }));
    });
    try {
      const c = createClient({ baseUrl: svc.url, token: "secret-token" });
      const e = await c.getJob("1").catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).message).toBe("HTTP 304 Not Modified to a request that named no earlier answer");
      await c.getJob("1");
      await c.getJob("1");
      expect(svc.seen.map((r) => r.headers["if-none-match"])).toEqual([undefined, undefined, undefined]);
    } finally {
      await svc.close();
    }
  });

  it("a Last-Modified later than the answer is not sent back: the job changes under it", async () => {
    // A service whose clock (or files) ran ahead: If-Modified-Since 2999 was answered 304 for
    // every change after it, the job frozen on screen.
    let version = 1;
    const svc = await recording((_url, headers, res) => {
      if (headers["if-modified-since"]) return res.writeHead(304).end();
      res.writeHead(200, {
        "content-type": "application/json",
        "last-modified": "Wed, 01 Jan 2999 00:00:00 GMT",
      });
      res.end(JSON.stringify({ code: 0, msg: "", job: specJob(1, { desc: `v${version}` }) }));
    });
    try {
      const c = createClient({ baseUrl: svc.url, token: "secret-token" });
      expect((await c.getJob("1")).desc).toBe("v1");
      version = 2;
      expect((await c.getJob("1")).desc).toBe("v2");
      expect(svc.seen.map((r) => r.headers["if-modified-since"])).toEqual([undefined, undefined]);
    } finally {
      await svc.close();
    }
  });

  it("through a proxy (undici's fetch) a 304 is the kept answer too", async () => {
    const c = createClient({
      baseUrl: demo.url,
      token: demo.token,
      fetch: await transportFetch({ env: { HTTP_PROXY: proxy.url } }),
    });
    const before = proxy.records.length;
    const a = await c.getJob("9");
    const again = info();
    expect(await c.getJob("9", undefined, again)).toBe(a);
    expect(again).toEqual({ bytes: 0, notModified: true, same: true });
    const sent = proxy.records.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers["if-none-match"]).toMatch(/^"[0-9a-z]+-/);
  });
});
