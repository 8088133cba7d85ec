// The job service client: GETs over node:http (http-get.ts: base URL, Bearer auth, one quick
// retry on a dropped keep-alive socket), then our own checks on status, size, JSON, envelope and
// schema, each failing with a typed ApiError. Retrying with backoff is the poller's job.
// (zod's English messages: set by src/zod.ts, which schema.ts imports.)
import * as z from "zod/mini";
import type { Order } from "../model/order.js";
import { sanitize } from "../model/sanitize.js";
import { parseJsonBody } from "./body.js";
import { ApiError, isApiError, proxyAuthError, redactError } from "./errors.js";
import { fromFetch, type Get, httpGet, onNewConnection, type Reply } from "./http-get.js";
import { errorCode, transportWords } from "./network-words.js";
import { keepRaw } from "./raw.js";
import { type SameBody, sameBody } from "./same-body.js";
import { EnvelopeSchema, type Job, JobSchema, type Pagination } from "./schema.js";
import { HOLD_MAX_MS, ServiceGate } from "./service-gate.js";
import { TokenKeeper } from "./token-keeper.js";

export interface ClientOptions {
  baseUrl: string;
  /** The token, or a keeper that reads its source again after a 401 (token-keeper.ts). */
  token: string | TokenKeeper;
  timeoutMs?: number; // covers the whole exchange, body included
  maxBodyBytes?: number;
  /**
   * A fetch to send requests with instead of node:http (http-get.ts): a proxy's or a private
   * CA's, from transport.ts.
   */
  fetch?: typeof fetch;
  /** The service's one backoff (service-gate.ts); the client makes its own when not given. */
  gate?: ServiceGate;
}

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
  /**
   * A page of the list made into `map`'s value, or the value made last time for that request
   * when the answer is the same bytes (`memo`, one per caller: the index's sweep keeps one per
   * page). The sweep's pages never evict the page poller's remembered answer.
   */
  listJobsMapped?<T>(
    q: { page: number; perPage: number; order: Order },
    signal: AbortSignal | undefined,
    memo: SameBody,
    map: (page: JobPage) => T,
  ): Promise<T>;
  /** `r`: the next 401 reads the token's source again at once (TokenKeeper.soon). */
  rereadToken?(): void;
  /** Told when the token changed (read again after a 401): requests waiting out a rejection may go now. */
  onTokenChange?(listener: () => void): () => void;
  /**
   * The service's one backoff: a 429 or 503 holds every request of this client until it passes
   * (the pollers ask it before they send; the client waits on it too). Absent: no such hold.
   */
  gate?: ServiceGate;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY = 16 * 1024 * 1024;
/** Same-origin redirects followed (a moved path behind the same host); more is a loop. */
const MAX_REDIRECTS = 5;

export function createClient(opts: ClientOptions): JobClient {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const base = new URL(opts.baseUrl);
  const tokens = typeof opts.token === "string" ? new TokenKeeper(opts.token) : opts.token;
  // Node checks header values too, but names the header in its error: refused here, in words.
  // (A token read again is checked by its reader: src/config/token-source.ts's tokenProblem is stricter.)
  if (/[^\t\x20-\x7e\x80-\xff]/.test(tokens.current()))
    throw new ApiError("auth", "the token cannot be sent in an HTTP header (a character headers refuse)");
  const prefix = opts.baseUrl.replace(/\/+$/, "");
  const get: Get = opts.fetch ? fromFetch(opts.fetch) : httpGet();
  const gate = opts.gate ?? new ServiceGate();
  /** Masks every token of the run (the service may echo one back), and names the token's source on a rejection. */
  const finish = (e: unknown): unknown => {
    for (const t of tokens.used) e = redactError(e, t);
    if (isApiError(e) && e.kind === "auth" && e.details.status !== undefined)
      return new ApiError("auth", `${e.message}: ${tokens.hint()}`, e.details);
    return e;
  };

  /**
   * One GET. Redirects are followed by exchange, same origin only: a client that followed one to
   * another host would send the token there, or lose it and read that host's 401 as "token
   * rejected". A reused keep-alive socket the server just closed fails before any answer: that
   * is tried once more at once. A new connection that fails is not (a service resetting every
   * connection got each poll twice); retrying is the poller's job.
   */
  async function getOnce(url: URL, signal: AbortSignal, token: string): Promise<Reply> {
    const headers = { authorization: `Bearer ${token}`, accept: "application/json" };
    try {
      return await get(url, { headers, signal });
    } catch (e) {
      // A proxy's 407 (undici-fetch.ts) is an answer, not a dropped socket: asking again is no use.
      if (signal.aborted || onNewConnection(e) || (e instanceof ApiError && e.kind === "proxy")) throw e;
      return await get(url, { headers, signal });
    }
  }

  /**
   * One API call, its envelope decoded by `decode`, or the last call's result when the answer is
   * the same bytes (same-body.ts). Its errors never carry the token, even if the server echoes it.
   */
  async function request<T>(
    path: string,
    params: Record<string, string>,
    signal: AbortSignal | undefined,
    memo: SameBody,
    decode: (env: unknown) => T,
  ): Promise<T> {
    try {
      let sent = tokens.current();
      let body: Body;
      try {
        body = await send(path, params, signal, sent);
      } catch (e) {
        // Rejected: the keeper may read the token's source again (a rotated token); if that gives
        // another token, the same request goes once more with it, at once.
        if (!(isApiError(e) && e.kind === "auth") || signal?.aborted || !(await tokens.rejected(sent)))
          throw e;
        sent = tokens.current();
        body = await send(path, params, signal, sent);
      }
      tokens.accept(sent);
      const key = `${path}?${new URLSearchParams(params)}`;
      return memo.decode(key, body.bytes, () => decode(envelope(body)));
    } catch (e) {
      throw finish(e);
    }
  }
  const sameJob = sameBody();
  const samePage = sameBody();

  async function send(
    path: string,
    params: Record<string, string>,
    signal: AbortSignal | undefined,
    token: string,
  ): Promise<Body> {
    // The service's hold (a 429 or 503 to any request of ours) first: the deadline starts after it.
    try {
      await gate.pass(signal);
    } catch (e) {
      throw toTransportError(e, false, timeoutMs, base.host);
    }
    const sentAt = gate.now();
    const d = withDeadline(timeoutMs, signal);
    try {
      const body = await exchange(path, params, d.signal, d.deadline, token, sentAt);
      gate.answered(sentAt);
      return body;
    } finally {
      d.end();
    }
  }

  async function exchange(
    path: string,
    params: Record<string, string>,
    signal: AbortSignal,
    deadline: { passed: boolean },
    token: string,
    sentAt: number,
  ): Promise<Body> {
    let res: Reply;
    const seen = new Set<string>();
    let url = new URL(`${prefix}/${path}`);
    url.search = new URLSearchParams(params).toString();
    for (;;) {
      try {
        res = await getOnce(url, signal, token);
      } catch (e) {
        throw toTransportError(e, deadline.passed, timeoutMs, base.host);
      }
      const next = redirectTarget(res);
      if (!next) break;
      await res.cancel();
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
      await res.cancel();
      const e = statusError(res);
      if (res.status !== 429 && res.status !== 503) throw e;
      // The service speaks for every request: all of this client's wait (service-gate.ts), and
      // the error says how long, floored and capped, so that the poller that got it waits as long.
      const holdMs = gate.limited(res.status, e.details.retryAfterMs, sentAt);
      throw new ApiError(e.kind, e.message, { ...e.details, retryAfterMs: holdMs });
    }
    let bytes: Buffer;
    try {
      bytes = await readCapped(res, maxBody);
    } catch (e) {
      throw toTransportError(e, deadline.passed, timeoutMs, base.host);
    }
    return { bytes, contentType: res.headers.get("content-type"), status: res.status };
  }

  return {
    getJob: (id, signal) =>
      request("v1/job", { id }, signal, sameJob, (e) => {
        const env = e as { job?: unknown };
        const parsed = JobSchema.safeParse(env.job);
        if (!parsed.success) throw schemaError(parsed.error, "job");
        keepRaw(parsed.data, env.job);
        return parsed.data;
      }),
    listJobs: (q, signal) =>
      request(
        "v1/job/jobs",
        { page: String(q.page), per_page: String(q.perPage), order: q.order },
        signal,
        samePage,
        (e) => decodePage(e as { job?: unknown; pagination?: Pagination }),
      ),
    listJobsMapped: (q, signal, memo, map) =>
      request(
        "v1/job/jobs",
        { page: String(q.page), per_page: String(q.perPage), order: q.order },
        signal,
        memo,
        (e) => map(decodePage(e as { job?: unknown; pagination?: Pagination })),
      ),
    rereadToken: () => tokens.soon(),
    onTokenChange: (listener) => tokens.onChange(listener),
    gate,
  };

  function decodePage(env: { job?: unknown; pagination?: Pagination }): JobPage {
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
      const error = finish(schemaError(parsed.error, `job[${index}]`)) as ApiError;
      return { ok: false, index, id, error: error.message };
    });
    // Every job broken is not one bad row but a changed schema: fail, so the last good page stays.
    const firstBad = items.find((i) => !i.ok);
    if (firstBad && !firstBad.ok && items.every((i) => !i.ok)) throw new ApiError("schema", firstBad.error);
    return { pagination: env.pagination, items };
  }
}

/** A response's bytes, for the envelope and same-body.ts. */
export interface Body {
  bytes: Buffer;
  contentType: string | null;
  status: number;
}

/** The JSON envelope's data, once it says the call succeeded. */
export function envelope(body: Body): unknown {
  const json = parseJsonBody(body.bytes, body.contentType, body.status);
  const env = EnvelopeSchema.safeParse(json);
  if (!env.success) throw schemaError(env.error, "");
  if (env.data.code !== 0) {
    const msg = env.data.msg ? `: ${oneLine(env.data.msg)}` : "";
    throw new ApiError("envelope", `service error code ${env.data.code}${msg}`, { code: env.data.code });
  }
  return env.data;
}

/** Where a 3xx answer points, if it is a redirect with a usable Location. */
function redirectTarget(res: Reply): URL | undefined {
  if (![301, 302, 303, 307, 308].includes(res.status)) return undefined;
  const location = res.headers.get("location");
  if (!location) return undefined;
  try {
    return new URL(location, res.url);
  } catch {
    return undefined; // an unusable Location: reported as the bare 3xx status
  }
}

export function statusError(res: Reply): ApiError {
  const s = res.status;
  if (s === 407) return proxyAuthError();
  // What to check is added by the client: the token's own source (TokenKeeper.hint).
  if (s === 401 || s === 403) return new ApiError("auth", `token rejected (HTTP ${s})`, { status: s });
  const retryAfterMs = parseRetryAfter(res.headers.get("retry-after"));
  if (s === 429 || (s === 503 && retryAfterMs !== undefined)) {
    // "Retry after 0s" says nothing (and the poller waits its interval anyway): left out.
    const wait = retryAfterMs ? `, retry after ${Math.ceil(retryAfterMs / 1000)}s` : "";
    const what = s === 429 ? "rate limited" : "service unavailable";
    return new ApiError("rate-limit", `${what} (HTTP ${s}${wait})`, { status: s, retryAfterMs });
  }
  const text = res.statusText ? ` ${oneLine(res.statusText)}` : "";
  return new ApiError("http", `HTTP ${s}${text} from the service`, { status: s, retryAfterMs });
}

/**
 * Retry-After is either delta-seconds or an HTTP date (which names its day or month). Capped: a
 * server must not park us for a day. A date in the past, a negative number or 0 is 0 (no wait the
 * service asks for: the gate floors it, service-gate.ts); "1.5" is 1.5 s; anything else ("soon")
 * is no Retry-After (Date.parse reads "-5" and "1.5" as dates in 2001: numbers are read first).
 */
export function parseRetryAfter(v: string | null, nowMs = Date.now()): number | undefined {
  if (!v) return undefined;
  const t = v.trim();
  let ms: number;
  if (/^[-+]?\d{1,15}(\.\d{1,6})?$/.test(t)) ms = Number(t) * 1000;
  else {
    if (!/[a-z]/i.test(t)) return undefined;
    const at = Date.parse(t);
    if (Number.isNaN(at)) return undefined;
    ms = at - nowMs;
  }
  return Math.min(Math.max(ms, 0), HOLD_MAX_MS);
}

export function toTransportError(e: unknown, timedOut: boolean, timeoutMs: number, host: string): ApiError {
  if (e instanceof ApiError) return e;
  if (timedOut) return new ApiError("timeout", `no answer within ${timeoutMs / 1000}s (timeout)`);
  if ((e as { name?: string })?.name === "AbortError") return new ApiError("network", "request cancelled");
  // Only the code is read, never the message: a header error's message holds the header.
  const w = transportWords(errorCode(e), sanitize(host));
  return new ApiError(w.kind, w.message);
}

/** Reads the body, refusing more than `max` bytes so a huge answer cannot fill memory. */
export async function readCapped(res: Reply, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get("content-length"));
  if (declared > max) {
    await res.cancel();
    throw tooLarge(max);
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const value of res.body) {
    size += value.byteLength;
    if (size > max) {
      await res.cancel();
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(max: number): ApiError {
  return new ApiError("too-large", `response larger than ${Math.round(max / 1024 / 1024)} MB, refused`);
}

function schemaError(error: z.core.$ZodError, prefix: string): ApiError {
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
export function oneLine(s: string): string {
  const line = s.replace(/\s+/g, " ").trim();
  return sanitize(line.length > 160 ? `${line.slice(0, 159)}…` : line);
}

/**
 * One request's deadline: a plain timer on one controller, held until `end`, which also follows
 * the caller's `signal`. A signal Node holds only weakly (AbortSignal.timeout, a fetch Request's)
 * can be collected while a request waits, and then a service that never answers holds it forever.
 * `deadline.passed` tells a timeout from the caller's abort. Used by the client and send-action.ts.
 */
export function withDeadline(
  timeoutMs: number,
  signal: AbortSignal | undefined,
): { signal: AbortSignal; deadline: { passed: boolean }; end: () => void } {
  const ac = new AbortController();
  const deadline = { passed: false };
  const timer = setTimeout(() => {
    deadline.passed = true;
    ac.abort();
  }, timeoutMs);
  const onAbort = () => ac.abort();
  if (signal?.aborted) ac.abort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: ac.signal,
    deadline,
    end: () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    },
  };
}
