// The network's real failures, each over real sockets on loopback, each named in its own words
// rather than "network error" or "malformed JSON".
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { specJob } from "../helpers/payloads.js";

const TOKEN = "net-test-token-5678";
const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, origin: string) => void,
  host = "127.0.0.1",
): Promise<string> {
  let origin = "";
  const s = createServer((req, res) => handler(req, res, origin));
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, host, r));
  const addr = s.address();
  origin = `http://${host}:${typeof addr === "object" && addr ? addr.port : 0}`;
  return origin;
}

const pageBody = (jobs: unknown[] = [specJob(1)]) =>
  JSON.stringify({
    code: 0,
    msg: "",
    job: jobs,
    pagination: { total: jobs.length, numPages: 1, page: 1, perPage: 20 },
  });

const list = (baseUrl: string) =>
  createClient({ baseUrl, token: TOKEN, timeoutMs: 3000 }).listJobs({ page: 1, perPage: 20, order: "desc" });

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error("expected the call to fail");
}

describe("redirects", () => {
  it("says the service redirected to another host, and does not send the token there", async () => {
    const seenAuth: (string | undefined)[] = [];
    const other = await serve((req, res) => {
      seenAuth.push(req.headers.authorization);
      res.writeHead(401).end(); // what made the screen say "token rejected"
    }, "localhost");
    const base = await serve((req, res) => res.writeHead(302, { location: `${other}${req.url}` }).end());
    const e = await failure(list(base));
    expect(e.kind).toBe("redirect");
    expect(e.message).toBe(
      `the service redirected to another host (${other}); the token is not sent there: use it as --base-url if you trust it`,
    );
    expect(seenAuth.every((a) => a === undefined)).toBe(true);
  });

  it("follows a redirect on the same origin, token and query kept", async () => {
    const base = await serve((req, res) => {
      if (req.url?.startsWith("/old/"))
        return res.writeHead(308, { location: req.url.replace("/old/", "/new/") }).end();
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return res.writeHead(401).end();
      if (!req.url?.startsWith("/new/v1/job/jobs?page=1")) return res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/json" }).end(pageBody());
    });
    const page = await list(`${base}/old`);
    expect(page.items).toHaveLength(1);
  });

  it("says so when the redirects go round in a loop", async () => {
    const base = await serve((req, res) =>
      res.writeHead(302, { location: req.url?.includes("/a/") ? "/b/x" : "/a/x" }).end(),
    );
    const e = await failure(list(base));
    expect(e.kind).toBe("redirect");
    expect(e.message).toMatch(/^redirect loop/);
  });

  it("sanitises the other host it names", async () => {
    const base = await serve((_req, res) =>
      res.writeHead(302, { location: "https://xn--80ak6aa92e.example\u00ad/" }).end(),
    );
    const e = await failure(list(base));
    expect(e.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
});

describe("statuses and headers", () => {
  it("names 407: a proxy wants its own login", async () => {
    const base = await serve((_req, res) => res.writeHead(407, { "proxy-authenticate": "Basic" }).end());
    const e = await failure(list(base));
    expect(e.kind).toBe("proxy");
    expect(e.message).toMatch(/proxy .* \(HTTP 407 Proxy Authentication Required\)/);
  });

  it("names response headers over Node's limit", async () => {
    const base = await serve((_req, res) => {
      res.setHeader("x-huge", "a".repeat(40_000));
      res.writeHead(200, { "content-type": "application/json" }).end(pageBody());
    });
    const e = await failure(list(base));
    expect(e.message).toMatch(
      /headers over Node's size limit \((UND_ERR_HEADERS_OVERFLOW|HPE_HEADER_OVERFLOW)\)/,
    );
    expect(e.message).toContain("--max-http-header-size");
  });
});

describe("compressed answers (node:http does not decode by itself)", () => {
  for (const [encoding, compress] of [
    ["gzip", gzipSync],
    ["deflate", deflateSync],
    ["br", brotliCompressSync],
  ] as const) {
    it(`reads a ${encoding} body, and caps what it unpacks to`, async () => {
      const body = compress(Buffer.from(pageBody()));
      const base = await serve((req, res) => {
        expect(req.headers["accept-encoding"]).toContain(encoding);
        res.writeHead(200, { "content-type": "application/json", "content-encoding": encoding }).end(body);
      });
      expect((await list(base)).items[0]?.ok).toBe(true);
      // A small answer that unpacks to more than the cap is refused like a big one.
      const bomb = compress(Buffer.from(`${pageBody().slice(0, -1)},"pad":"${"0".repeat(3_000_000)}"}`));
      const big = await serve((_req, res) =>
        res.writeHead(200, { "content-type": "application/json", "content-encoding": encoding }).end(bomb),
      );
      const e = await failure(
        createClient({ baseUrl: big, token: TOKEN, timeoutMs: 3000, maxBodyBytes: 1_000_000 }).listJobs({
          page: 1,
          perPage: 20,
          order: "desc",
        }),
      );
      expect(e.kind).toBe("too-large");
    });
  }
});

describe("body encodings", () => {
  const json = (res: ServerResponse, body: Buffer, type = "application/json") =>
    res.writeHead(200, { "content-type": type, "content-length": body.length }).end(body);

  it("accepts a UTF-8 byte order mark before the JSON", async () => {
    const base = await serve((_req, res) => json(res, Buffer.from(`\ufeff${pageBody()}`, "utf8")));
    const page = await list(base);
    expect(page.items[0]?.ok).toBe(true);
  });

  it("reads a body in the charset it declares (UTF-16, Latin-1)", async () => {
    const body = pageBody([specJob(1, { displayID: "café-1" })]);
    const utf16 = await serve((_req, res) =>
      json(res, Buffer.from(`\ufeff${body}`, "utf16le"), "application/json; charset=utf-16le"),
    );
    const p16 = await list(utf16);
    expect(p16.items[0]?.ok && p16.items[0].job.displayID).toBe("café-1");
    const latin1 = await serve((_req, res) =>
      json(res, Buffer.from(body, "latin1"), "application/json; charset=ISO-8859-1"),
    );
    const pl = await list(latin1);
    expect(pl.items[0]?.ok && pl.items[0].job.displayID).toBe("café-1");
  });

  it("still reads UTF-8 sent under a wrong Latin-1 label (a common misconfiguration)", async () => {
    const body = pageBody([specJob(1, { displayID: "训练-1" })]);
    const base = await serve((_req, res) =>
      json(res, Buffer.from(body, "utf8"), "application/json; charset=iso-8859-1"),
    );
    const page = await list(base);
    expect(page.items[0]?.ok && page.items[0].job.displayID).toBe("训练-1");
  });

  it("names a charset it cannot read, not 'malformed JSON'", async () => {
    const base = await serve((_req, res) =>
      json(res, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), "application/json; charset=x-klingon"),
    );
    const e = await failure(list(base));
    expect(e.kind).toBe("parse");
    expect(e.message).toBe('service declared charset "x-klingon", which jobtop cannot read (HTTP 200)');
  });
});
