// The demo job service on node:http, following docs/job-query-service.md exactly:
// GET /v1/job?id=, GET /v1/job/jobs?page=&per_page=&order=, Bearer auth (401 otherwise),
// and a non-zero `code` with a `msg` for what it cannot answer. Plus a fault switch and a
// small control surface (/_demo/...) for tests that run it in another process, and the demo's
// own create and cancel on paths of its own (operations.ts; the spec shows none). Its answers
// carry a strong ETag of their bytes, and a GET whose If-None-Match names it gets 304 and no body
// (etag.ts), so jobtop's conditional requests are tried against it for real.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { DemoJob as Job, DemoLogEntry as LogEntry } from "./data.js";
import { etagOf, noneMatch } from "./etag.js";
import { answerFault, type FaultKind, isFaultKind } from "./faults.js";
import { answerOperation, isOperation } from "./operations.js";
import { World } from "./world.js";

export type { FaultKind } from "./faults.js";

export interface DemoServerOptions {
  port?: number;
  host?: string;
  token?: string;
  seed?: number;
  jobCount?: number;
  /** How often the world advances (ms); 0 = only when told to. */
  tickMs?: number;
  retryAfterSec?: number;
  /** Largest per_page answered (default MAX_PER_PAGE); benchmarks ask for more. */
  maxPerPage?: number;
}

export interface DemoServer {
  url: string;
  port: number;
  token: string;
  /** From now on only this token is accepted (a rotated token, for tests). */
  setToken(token: string): void;
  close(): Promise<void>;
  /** The next `count` API requests fail so; with `path` ("/v1/job/jobs", say), only those to it. */
  injectFault(kind: FaultKind, count?: number, path?: string): void;
  clearFaults(): void;
  advance(id?: number): LogEntry | undefined;
  addJob(): Job;
  /** The job goes away (the jobs after it move up a page); false when there was none. */
  removeJob(id: number): boolean;
  getJob(id: number): Job | undefined;
  requestCount(): number;
  /** API requests answered 304 Not Modified (their If-None-Match named the answer's ETag). */
  notModifiedCount(): number;
  inFlight(): number;
}

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export async function startDemoServer(opts: DemoServerOptions = {}): Promise<DemoServer> {
  let token = opts.token ?? "demo-token";
  const host = opts.host ?? "127.0.0.1";
  const world = new World(opts.seed ?? 42, opts.jobCount ?? 120);
  const faults: { kind: FaultKind; path?: string }[] = [];
  const sockets = new Set<Socket>();
  let requests = 0;
  let notModified = 0;
  let inFlight = 0;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  /** An API answer with its ETag; 304 and no body when the request's If-None-Match names it. */
  const answer = (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    const bytes = Buffer.from(JSON.stringify(body));
    const etag = etagOf(bytes);
    if (noneMatch(req.headers["if-none-match"], etag)) {
      notModified++;
      res.writeHead(304, { etag });
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json", etag });
    res.end(bytes);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://demo");
    if (req.headers.authorization !== `Bearer ${token}`)
      return json(res, 401, { code: 401, msg: "unauthorized" });

    if (url.pathname.startsWith("/_demo/")) {
      if (req.method !== "POST") return json(res, 405, { code: 405, msg: "use POST" });
      return control(url, res);
    }
    if (isOperation(req, url.pathname)) {
      // The demo's own create and cancel (operations.ts): counted, and the fault switch applies.
      requests++;
      const next = faults.findIndex((f) => f.path === undefined || f.path === url.pathname);
      const fault = next < 0 ? undefined : faults.splice(next, 1)[0]?.kind;
      if (fault && answerFault(fault, res, opts.retryAfterSec ?? 2)) return;
      return answerOperation(req, url, res, world, json);
    }
    if (req.method !== "GET") return json(res, 405, { code: 405, msg: "method not allowed" });
    if (url.pathname !== "/v1/job" && url.pathname !== "/v1/job/jobs") {
      return json(res, 404, { code: 404, msg: "not found" });
    }
    requests++;
    const next = faults.findIndex((f) => f.path === undefined || f.path === url.pathname);
    const fault = next < 0 ? undefined : faults.splice(next, 1)[0]?.kind;
    if (fault && answerFault(fault, res, opts.retryAfterSec ?? 2)) return;

    if (url.pathname === "/v1/job") {
      const id = demoId(url.searchParams.get("id"));
      const job = id === undefined ? undefined : world.get(id);
      if (!job) return json(res, 200, { code: 404, msg: "job not found", job: null });
      return answer(req, res, { code: 0, msg: "", job: corrupt(fault, job) });
    }
    const page = intParam(url, "page", 1);
    const perPage = intParam(url, "per_page", DEFAULT_PER_PAGE);
    const order = url.searchParams.get("order") ?? "desc";
    if (page === undefined || page < 1) return json(res, 200, { code: 400, msg: "invalid page" });
    if (perPage === undefined || perPage < 1) return json(res, 200, { code: 400, msg: "invalid per_page" });
    if (order !== "desc" && order !== "asc") return json(res, 200, { code: 400, msg: "invalid order" });
    const per = Math.min(perPage, opts.maxPerPage ?? MAX_PER_PAGE);
    const all = world.all();
    if (order === "desc") all.reverse();
    const slice = all.slice((page - 1) * per, page * per);
    const jobs: unknown[] = slice.map((j, i) => (fault === "bad-job" && i === 1 ? corrupt("bad-job", j) : j));
    const pagination = {
      total: all.length,
      numPages: Math.max(1, Math.ceil(all.length / per)),
      page,
      perPage: per,
    };
    if (fault === "drift")
      return json(res, 200, {
        code: 0,
        msg: "",
        pagination,
        job: jobs.map((j) => corrupt("drift", j as Job)),
      });
    return answer(req, res, { code: 0, msg: "", pagination, job: jobs });
  };

  const control = (url: URL, res: ServerResponse) => {
    switch (url.pathname) {
      case "/_demo/fault": {
        const kind = url.searchParams.get("kind") ?? "";
        if (!isFaultKind(kind)) return json(res, 400, { code: 400, msg: `unknown fault kind "${kind}"` });
        const path = url.searchParams.get("path") ?? undefined;
        api.injectFault(kind, Number(url.searchParams.get("count") ?? 1) || 1, path);
        return json(res, 200, { code: 0, msg: "" });
      }
      case "/_demo/advance": {
        const id = url.searchParams.get("id");
        const entry = world.advance(id === null ? undefined : (demoId(id) ?? -1));
        return json(res, 200, {
          code: entry ? 0 : 404,
          msg: entry ? "" : "nothing to advance",
          entry: entry ?? null,
        });
      }
      case "/_demo/add":
        return json(res, 200, { code: 0, msg: "", job: world.addJob() });
      case "/_demo/remove": {
        const id = demoId(url.searchParams.get("id"));
        const gone = id !== undefined && world.remove(id);
        return json(res, 200, { code: gone ? 0 : 404, msg: gone ? "" : "no such job" });
      }
      case "/_demo/clear":
        faults.length = 0;
        return json(res, 200, { code: 0, msg: "" });
      default:
        return json(res, 404, { code: 404, msg: "not found" });
    }
  };

  const server = createServer((req, res) => {
    inFlight++;
    res.on("close", () => inFlight--);
    try {
      handle(req, res);
    } catch {
      if (!res.headersSent) json(res, 500, { code: 500, msg: "demo server error" });
    }
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;

  const tickMs = opts.tickMs ?? 3000;
  const ticker = tickMs > 0 ? setInterval(() => world.tick(), tickMs) : undefined;
  ticker?.unref();

  const api: DemoServer = {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    get token() {
      return token;
    },
    setToken: (t) => {
      token = t;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (ticker) clearInterval(ticker);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
    injectFault: (kind, count = 1, path) => {
      for (let i = 0; i < count; i++) faults.push({ kind, path });
    },
    clearFaults: () => {
      faults.length = 0;
    },
    advance: (id) => world.advance(id),
    addJob: () => world.addJob(),
    removeJob: (id) => world.remove(id),
    getJob: (id) => world.get(id),
    requestCount: () => requests,
    notModifiedCount: () => notModified,
    inFlight: () => inFlight,
  };
  return api;
}

/**
 * A job id as the demo's world keys it (its own small numbers). Only plain digits: Number() alone
 * would take "1e2" or " 0x64 " for job 100, and a service must not answer for another id.
 */
function demoId(v: string | null): number | undefined {
  return v !== null && /^\d{1,15}$/.test(v) ? Number(v) : undefined;
}

function intParam(url: URL, name: string, dflt: number): number | undefined {
  const v = url.searchParams.get(name);
  if (v === null || v === "") return dflt;
  return /^\d+$/.test(v) ? Number(v) : undefined;
}

/** Schema drift and malformed jobs, for the fault switch. */
function corrupt(fault: FaultKind | undefined, job: Job): unknown {
  if (fault === "drift") {
    const { createTime: _gone, ...rest } = job;
    return { ...rest, status: "running", queueLen: "3" };
  }
  if (fault === "bad-job") return { ...job, state: { status: job.status, log: [{ id: "x", status: 2 }] } };
  return job;
}
