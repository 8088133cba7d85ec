// A spec-shaped job service on loopback whose answers the test writes: for what the demo cannot
// produce (the same id twice on a page, a page that shrinks, a negative total, 64-bit ids). It
// speaks the spec's HTTP (Bearer auth, GET /v1/job and /v1/job/jobs, the envelope); only the
// content is scripted.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface ListQuery {
  page: number;
  perPage: number;
  order: string;
}

/**
 * An answer: an object sent as JSON with HTTP 200, or raw text (with a status and headers of its
 * own, or 200 and JSON), or a status and body (and headers), or none at all: `hang` (the connection stays open, silent) or `reset` (closed at once).
 */
export type Answer =
  | unknown
  | { raw: string; status?: number; headers?: Record<string, string> }
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { hang: true }
  | { reset: true };

export interface Script {
  list(q: ListQuery): Answer;
  /**
   * The single job (and any other method to /v1/job: an action's DELETE, say); by default the
   * job of that id in the last page answered, else code 404.
   */
  job?(id: string, method: string): Answer;
}

export interface ScriptedService {
  url: string;
  token: string;
  /** Every API request, in order: method, path, query string, and when it came (Date.now()). */
  requests: { method: string; path: string; query: URLSearchParams; at: number }[];
  close(): Promise<void>;
}

export async function startScriptedService(script: Script): Promise<ScriptedService> {
  const token = "scripted-token";
  const requests: ScriptedService["requests"] = [];
  const sockets = new Set<Socket>();
  let lastPage: unknown[] = [];

  const send = (res: ServerResponse, a: Answer) => {
    if (a && typeof a === "object" && "hang" in a && a.hang === true) return;
    if (a && typeof a === "object" && "reset" in a && a.reset === true) {
      res.socket?.destroy();
      return;
    }
    if (a && typeof a === "object" && "raw" in a && typeof a.raw === "string") {
      // A raw body with a status of its own: a gateway's HTML 404, say.
      const status = "status" in a && typeof a.status === "number" ? a.status : 200;
      const headers = "headers" in a ? (a.headers as Record<string, string>) : {};
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(a.raw);
    } else if (a && typeof a === "object" && "status" in a && typeof a.status === "number" && "body" in a) {
      const headers = "headers" in a ? (a.headers as Record<string, string>) : {};
      res.writeHead(a.status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(a.body));
    } else {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(a));
    }
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://scripted");
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(res, { status: 401, body: { code: 401, msg: "unauthorized" } });
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      at: Date.now(),
    });
    if (url.pathname === "/v1/job/jobs") {
      const q = {
        page: Number(url.searchParams.get("page") ?? 1),
        perPage: Number(url.searchParams.get("per_page") ?? 20),
        order: url.searchParams.get("order") ?? "desc",
      };
      const a = script.list(q);
      if (a && typeof a === "object" && "job" in a && Array.isArray(a.job)) lastPage = a.job;
      return send(res, a);
    }
    if (url.pathname === "/v1/job") {
      const id = url.searchParams.get("id") ?? "";
      if (script.job) return send(res, script.job(id, req.method ?? "GET"));
      const job = lastPage.find((j) => String((j as { id?: unknown }).id) === id);
      return send(res, job ? { code: 0, msg: "", job } : { code: 404, msg: "job not found", job: null });
    }
    return send(res, { status: 404, body: { code: 404, msg: "not found" } });
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (e) {
      if (!res.headersSent) send(res, { status: 500, body: { code: 500, msg: String(e) } });
    }
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A list answer in the spec's envelope, with the pagination a correct service would send. */
export function pageOf(
  jobs: unknown[],
  q: ListQuery,
  over: Partial<{ total: number; numPages: number; page: number; perPage: number }> = {},
) {
  const total = over.total ?? jobs.length;
  return {
    code: 0,
    msg: "",
    pagination: {
      total,
      numPages: Math.max(1, Math.ceil(total / q.perPage)),
      page: q.page,
      perPage: q.perPage,
      ...over,
    },
    job: jobs,
  };
}
