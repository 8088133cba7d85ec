// The job service client: ky for HTTP (base URL, Bearer auth, one quick retry on a dropped
// keep-alive socket), then our own checks on status, size, JSON, envelope and schema, each
// failing with a typed ApiError. Retrying with backoff is the poller's job, not this module's.
import ky, { type KyInstance } from "ky";
import { z } from "zod";
import { sanitize } from "../model/sanitize.js";
import { parseJsonBody } from "./body.js";
import { ApiError, redactError } from "./errors.js";
import { errorCode, transportWords } from "./network-words.js";
import { probeStatus } from "./probe.js";
import { keepRaw } from "./raw.js";
import { EnvelopeSchema, type Job, JobSchema, type Pagination } from "./schema.js";

export interface ClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs?: number; // covers the whole exchange, body included
  maxBodyBytes?: number;
  /**
   * The fetch to use (a proxy's or a private CA's, from transport.ts; for the commands for
   * scripts otherwise, src/api/node-fetch.ts); Node's own by default.
   */
  fetch?: typeof fetch;
}

export type Order = string;

/** One entry of a page: a parsed job, or the reason this one could not be parsed. */
export type PageItem =
  | { ok: true; job: Job }
  | { ok: false; index: number; id: string | undefined; error: string };

export interface JobPage {
  pagination: Pagination;
  items: PageItem[];
}

export interface JobClient {
  getJob(id: string, signal?: AbortSignal): Promise<Job>;
  listJobs(q: { page: number; perPage: number; order: Order }, signal?: AbortSignal): Promise<JobPage>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY = 16 * 1024 * 1024;
const MAX_RETRY_AFTER_MS = 5 * 60_000;
/** Same-origin redirects followed (a moved path behind the same host); more is a loop. */
const MAX_REDIRECTS = 5;

export function createClient(opts: ClientOptions): JobClient {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const base = new URL(opts.baseUrl);
  let http: KyInstance;
  try {
    http = ky.create({
      prefixUrl: opts.baseUrl.replace(/\/+$/, ""),
      headers: { authorization: `Bearer ${opts.token}`, accept: "application/json" },
      // Our own deadline (below) covers the body too; ky's would only cover the headers.
      timeout: false,
      throwHttpErrors: false,
      // Redirects are followed here, same origin only (see exchange): fetch would follow one to
      // another host without the token, and that host's 401 would read as "token rejected".
      redirect: "manual",
      // A reused keep-alive socket the server just closed fails with "fetch failed": retry once.
      // Status-based retries are left to the poller, which backs off with jitter.
      retry: { limit: 1, methods: ["get"], statusCodes: [], maxRetryAfter: 0 },
      // A proxy or a private CA: undici's own fetch with its dispatcher (src/api/transport.ts).
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    });
  } catch {
    // Header validation fails with the header, token and all, in its message: never show it.
    throw new ApiError("auth", "the token cannot be sent in an HTTP header (a character headers refuse)");
  }

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
    const hooks = { beforeRequest: [(request: Request) => void requests.push(request)] };
    let res: Response;
    const seen = new Set<string>();
    for (let url: URL | undefined; ; ) {
      try {
        res = url
          ? await http.get(url, { prefixUrl: "", signal, hooks })
          : await http.get(path, { searchParams: params, signal, hooks });
      } catch (e) {
        const err = toTransportError(e, deadline.passed, timeoutMs, base.host);
        const sent = requests.at(-1)?.url;
        if (err.kind === "network" && errorCode(e) === undefined && sent && !signal.aborted) {
          if ((await probeStatus(sent, Math.min(2000, timeoutMs))) === 407) throw proxyAuthError();
        }
        throw err;
      }
      const next = redirectTarget(res);
      if (!next) break;
      await res.body?.cancel().catch(() => {});
      if (next.origin !== base.origin) {
        const where = sanitize(next.origin === "null" ? next.protocol : next.origin); // file:, data: have no origin
        throw new ApiError(
          "redirect",
          `the service redirected to another host (${where}); the token is not sent there:` +
            " use it as --base-url if you trust it",
          { status: res.status },
        );
      }
      if (seen.has(next.href) || seen.size >= MAX_REDIRECTS) {
        const what = seen.has(next.href) ? "back to where it came from" : `more than ${MAX_REDIRECTS}`;
        throw new ApiError("redirect", `redirect loop on the service (${what})`, { status: res.status });
      }
      seen.add(next.href);
      url = next;
    }
    if (res.status < 200 || res.status > 299) {
      await res.body?.cancel().catch(() => {});
      throw statusError(res);
    }
    let bytes: Buffer;
    try {
      bytes = await readCapped(res, maxBody);
    } catch (e) {
      throw toTransportError(e, deadline.passed, timeoutMs, base.host);
    }
    const json = parseJsonBody(bytes, res.headers.get("content-type"), res.status);
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
      const env = (await request("v1/job", { id }, signal)) as { job?: unknown };
      const parsed = JobSchema.safeParse(env.job);
      if (!parsed.success) throw redactError(schemaError(parsed.error, "job"), opts.token);
      keepRaw(parsed.data, env.job);
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
        const rawId = typeof raw === "object" && raw ? (raw as { id?: unknown }).id : undefined;
        // Shown in the bad row: only a plain integer, never the service's text.
        const id =
          typeof rawId === "number" || (typeof rawId === "string" && /^-?\d{1,40}$/.test(rawId))
            ? String(rawId)
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

/** Where a 3xx answer points, if it is a redirect with a usable Location. */
function redirectTarget(res: Response): URL | undefined {
  if (![301, 302, 303, 307, 308].includes(res.status)) return undefined;
  const location = res.headers.get("location");
  if (!location) return undefined;
  try {
    return new URL(location, res.url);
  } catch {
    return undefined; // an unusable Location: reported as the bare 3xx status
  }
}

function proxyAuthError(): ApiError {
  const words = "a proxy on the way asks for its own login (HTTP 407 Proxy Authentication Required)";
  return new ApiError("proxy", words, { status: 407 });
}

function statusError(res: Response): ApiError {
  const s = res.status;
  if (s === 407) return proxyAuthError();
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

function toTransportError(e: unknown, timedOut: boolean, timeoutMs: number, host: string): ApiError {
  if (e instanceof ApiError) return e;
  if (timedOut) return new ApiError("timeout", `no answer within ${timeoutMs / 1000}s (timeout)`);
  if ((e as { name?: string })?.name === "AbortError") return new ApiError("network", "request cancelled");
  // Only the code is read, never the message: a header error's message holds the header.
  const w = transportWords(errorCode(e), sanitize(host));
  return new ApiError(w.kind, w.message);
}

/** Reads the body, refusing more than `max` bytes so a huge answer cannot fill memory. */
async function readCapped(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get("content-length"));
  if (declared > max) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge(max);
  }
  if (!res.body) return Buffer.alloc(0);
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
  return Buffer.concat(chunks);
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
  // The path holds the server's key names: one line, capped and sanitised like any server text.
  return new ApiError("schema", `schema: ${oneLine(path) || "response"}: ${oneLine(what)}`);
}

/** Server text for a message: one line, capped, sanitised (it may hold escapes, bidi controls). */
function oneLine(s: string): string {
  const line = s.replace(/\s+/g, " ").trim();
  return sanitize(line.length > 160 ? `${line.slice(0, 159)}…` : line);
}
