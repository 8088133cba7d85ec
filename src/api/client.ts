// The job service client: ky for HTTP (base URL, Bearer auth, one quick retry on a dropped
// keep-alive socket), then our own checks on status, size, JSON, envelope and schema, each
// failing with a typed ApiError. Retrying with backoff is the poller's job, not this module's.
import ky, { type KyInstance } from "ky";
import { z } from "zod";
import { ApiError, redactError } from "./errors.js";
import { EnvelopeSchema, type Job, JobSchema, type Pagination } from "./schema.js";

export interface ClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs?: number; // covers the whole exchange, body included
  maxBodyBytes?: number;
  /** The fetch to use (a proxy's or a private CA's, from transport.ts); Node's own by default. */
  fetch?: typeof fetch;
}

export type Order = string;

/** One entry of a page: a parsed job, or the reason this one could not be parsed. */
export type PageItem =
  | { ok: true; job: Job }
  | { ok: false; index: number; id: number | undefined; error: string };

export interface JobPage {
  pagination: Pagination;
  items: PageItem[];
}

export interface JobClient {
  getJob(id: number, signal?: AbortSignal): Promise<Job>;
  listJobs(q: { page: number; perPage: number; order: Order }, signal?: AbortSignal): Promise<JobPage>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY = 16 * 1024 * 1024;
const MAX_RETRY_AFTER_MS = 5 * 60_000;

export function createClient(opts: ClientOptions): JobClient {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const http: KyInstance = ky.create({
    prefixUrl: opts.baseUrl.replace(/\/+$/, ""),
    headers: { authorization: `Bearer ${opts.token}`, accept: "application/json" },
    // Our own deadline (below) covers the body too; ky's would only cover the headers.
    timeout: false,
    throwHttpErrors: false,
    // A reused keep-alive socket the server just closed fails with "fetch failed": retry once.
    // Status-based retries are left to the poller, which backs off with jitter.
    retry: { limit: 1, methods: ["get"], statusCodes: [], maxRetryAfter: 0 },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });

  /** One API call; its errors never carry the token, even if the server echoes it back. */
  function request(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    return send(path, params, signal).catch((e: unknown) => {
      throw redactError(e, opts.token);
    });
  }

  async function send(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    // A garbage collection while a request waits must not cut it off from its deadline. Node
    // (20 and 24) links a Request's signal to the one it was given only weakly, and nothing
    // holds the Request ky builds once fetch() has it: after a GC, aborting does nothing, and a
    // service that accepts the connection but never answers (a half-open link after a network
    // drop) holds the poll forever. So the Requests are held here until the exchange ends, and
    // the deadline is a plain timer on one controller (AbortSignal.timeout is weakly held too).
    const requests: Request[] = [];
    const ac = new AbortController();
    const deadline = { passed: false };
    const timer = setTimeout(() => {
      deadline.passed = true;
      ac.abort();
    }, timeoutMs);
    const onAbort = () => ac.abort();
    if (signal?.aborted) ac.abort();
    else signal?.addEventListener("abort", onAbort, { once: true });
    try {
      return await exchange(path, params, ac.signal, deadline, requests);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      requests.length = 0;
    }
  }

  async function exchange(
    path: string,
    params: Record<string, string>,
    signal: AbortSignal,
    deadline: { passed: boolean },
    requests: Request[],
  ): Promise<unknown> {
    let res: Response;
    try {
      res = await http.get(path, {
        searchParams: params,
        signal,
        hooks: { beforeRequest: [(request) => void requests.push(request)] },
      });
    } catch (e) {
      throw toTransportError(e, deadline.passed, timeoutMs);
    }
    if (res.status < 200 || res.status > 299) {
      await res.body?.cancel().catch(() => {});
      throw statusError(res);
    }
    let text: string;
    try {
      text = await readCapped(res, maxBody);
    } catch (e) {
      throw toTransportError(e, deadline.passed, timeoutMs);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      const type = res.headers.get("content-type") ?? "no content type";
      const what = /html/i.test(type) || /^\s*</.test(text) ? "an HTML page" : "malformed JSON";
      throw new ApiError("parse", `server sent ${what} instead of JSON (HTTP ${res.status})`, {
        status: res.status,
      });
    }
    const env = EnvelopeSchema.safeParse(json);
    if (!env.success) throw schemaError(env.error, "");
    if (env.data.code !== 0) {
      const msg = env.data.msg ? `: ${oneLine(env.data.msg)}` : "";
      throw new ApiError("envelope", `service error code ${env.data.code}${msg}`, { code: env.data.code });
    }
    return env.data;
  }

  return {
    async getJob(id, signal) {
      const env = (await request("v1/job", { id: String(id) }, signal)) as { job?: unknown };
      const parsed = JobSchema.safeParse(env.job);
      if (!parsed.success) throw redactError(schemaError(parsed.error, "job"), opts.token);
      return parsed.data;
    },
    async listJobs(q, signal) {
      const env = (await request(
        "v1/job/jobs",
        { page: String(q.page), per_page: String(q.perPage), order: q.order },
        signal,
      )) as { job?: unknown; pagination?: Pagination };
      if (!env.pagination) throw new ApiError("schema", "schema: pagination: missing from the list response");
      if (!Array.isArray(env.job)) throw new ApiError("schema", "schema: job: expected an array of jobs");
      // Parse job by job, so that one malformed job becomes one bad row, not a blank page.
      const items = env.job.map((raw, index): PageItem => {
        const parsed = JobSchema.safeParse(raw);
        if (parsed.success) return { ok: true, job: parsed.data };
        const id =
          typeof raw === "object" && raw && typeof (raw as { id?: unknown }).id === "number"
            ? (raw as { id: number }).id
            : undefined;
        const error = redactError(schemaError(parsed.error, `job[${index}]`), opts.token) as ApiError;
        return { ok: false, index, id, error: error.message };
      });
      // Every job broken is not one bad row but a changed schema: fail, so the last good page stays.
      const firstBad = items.find((i) => !i.ok);
      if (firstBad && !firstBad.ok && items.every((i) => !i.ok)) throw new ApiError("schema", firstBad.error);
      return { pagination: env.pagination, items };
    },
  };
}

function statusError(res: Response): ApiError {
  const s = res.status;
  if (s === 401 || s === 403) {
    return new ApiError("auth", `token rejected (HTTP ${s}): check JOBTOP_TOKEN or --token-file`, {
      status: s,
    });
  }
  const retryAfterMs = parseRetryAfter(res.headers.get("retry-after"));
  if (s === 429 || (s === 503 && retryAfterMs !== undefined)) {
    const wait = retryAfterMs !== undefined ? `, retry after ${Math.ceil(retryAfterMs / 1000)}s` : "";
    const what = s === 429 ? "rate limited" : "service unavailable";
    return new ApiError("rate-limit", `${what} (HTTP ${s}${wait})`, { status: s, retryAfterMs });
  }
  const text = res.statusText ? ` ${oneLine(res.statusText)}` : "";
  return new ApiError("http", `HTTP ${s}${text} from the service`, { status: s, retryAfterMs });
}

/** Retry-After is either delta-seconds or an HTTP date. Capped: a server must not park us for a day. */
export function parseRetryAfter(v: string | null, nowMs = Date.now()): number | undefined {
  if (!v) return undefined;
  const t = v.trim();
  let ms: number;
  if (/^\d+$/.test(t)) ms = Number(t) * 1000;
  else {
    const at = Date.parse(t);
    if (Number.isNaN(at)) return undefined;
    ms = at - nowMs;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

function toTransportError(e: unknown, timedOut: boolean, timeoutMs: number): ApiError {
  if (e instanceof ApiError) return e;
  if (timedOut) return new ApiError("timeout", `no answer within ${timeoutMs / 1000}s (timeout)`);
  const err = e as { name?: string; cause?: { code?: string }; code?: string };
  if (err?.name === "AbortError") return new ApiError("network", "request cancelled");
  const code = err?.cause?.code ?? err?.code;
  const words: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ECONNRESET: "connection reset",
    ENOTFOUND: "host not found (DNS)",
    EAI_AGAIN: "DNS lookup failed",
    ETIMEDOUT: "connection timed out",
    EHOSTUNREACH: "host unreachable",
    ENETUNREACH: "network unreachable",
    UND_ERR_SOCKET: "connection closed by the server",
    UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  };
  const msg = (code && words[code]) ?? "network error (connection failed or dropped)";
  return new ApiError("network", msg);
}

/** Reads the body as text, refusing more than `max` bytes so a huge answer cannot fill memory. */
async function readCapped(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get("content-length"));
  if (declared > max) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge(max);
  }
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(max: number): ApiError {
  return new ApiError("too-large", `response larger than ${Math.round(max / 1024 / 1024)} MB, refused`);
}

function schemaError(error: z.ZodError, prefix: string): ApiError {
  const first = error.issues[0];
  const path = [
    prefix,
    ...(first?.path ?? []).map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)),
  ]
    .join("")
    .replace(/^\./, "")
    .replace(/\.\[/g, "[");
  const what = first ? first.message : z.prettifyError(error);
  return new ApiError("schema", `schema: ${path || "response"}: ${oneLine(what)}`);
}

function oneLine(s: string): string {
  const line = s.replace(/\s+/g, " ").trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}
