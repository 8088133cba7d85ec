// The job service client: GETs over node:http (http-get.ts: base URL, Bearer auth, one quick
// retry on a dropped keep-alive socket), then our own checks on status, size, JSON, envelope and
// schema, each failing with a typed ApiError. Retrying with backoff is the poller's job.
// (zod's English messages: set by src/zod.ts, which schema.ts imports.)
import type { Order } from "../model/order.js";
import { sanitize } from "../model/sanitize.js";
import {
  type Body,
  envelope,
  readCapped,
  schemaError,
  statusError,
  toTransportError,
  withDeadline,
} from "./answer.js";
import { explainStatus } from "./error-answer.js";
import { ApiError, isApiError, redactError } from "./errors.js";
import { fromFetch, type Get, httpGet, onNewConnection, type Reply } from "./http-get.js";
import { keepRaw } from "./raw.js";
import { type SameBody, sameBodies, type Validators } from "./same-body.js";
import { type Job, JobSchema, type Pagination } from "./schema.js";
import { ServiceGate } from "./service-gate.js";
import { TokenKeeper } from "./token-keeper.js";
import { conditionalHeaders, validatorsOf } from "./validators.js";

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
  | {
      ok: false;
      index: number;
      id: string | undefined;
      error: string;
      /** A pinned job the service says is not there: a row of the pins on top (render/index-rows.ts pinsOnTop). */
      pin?: true;
    };

export interface JobPage {
  pagination: Pagination;
  items: PageItem[];
}

/**
 * What one answer cost and whether it was news, filled in by the client when a caller passes one
 * (the job poll's byte budget; the sweep's "page unchanged").
 */
export interface AnswerInfo {
  /** Bytes of the answer's body as received (0 for a 304). */
  bytes: number;
  /** The service answered 304 Not Modified to the validators sent. */
  notModified: boolean;
  /** The value is the very one made last time for this request: a 304, or the same bytes. */
  same: boolean;
}

export interface JobClient {
  getJob(id: string, signal?: AbortSignal, info?: AnswerInfo): Promise<Job>;
  listJobs(
    q: { page: number; perPage: number; order: Order },
    signal?: AbortSignal,
    info?: AnswerInfo,
  ): Promise<JobPage>;
  /**
   * A page of the list made into `map`'s value, or the value made last time for that request
   * when the answer is the same bytes or a 304 (`memo`, one per caller: the index's sweep keeps
   * one per page, keyedMemo). The sweep's pages never evict the page poller's remembered answer.
   */
  listJobsMapped?<T>(
    q: { page: number; perPage: number; order: Order },
    signal: AbortSignal | undefined,
    memo: SameBody,
    map: (page: JobPage) => T,
    info?: AnswerInfo,
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
/**
 * Answers kept per kind of request, for same-body.ts and 304s: the jobs asked for (the selected
 * one and the pins: 20 at most), the pages (flipping back and forth); the least recently asked go
 * first once the kept bytes pass the bound, but the newest is kept however large.
 */
const KEPT_JOBS = { max: 24, maxBytes: 4 * 1024 * 1024 };
const KEPT_PAGES = { max: 4, maxBytes: 4 * 1024 * 1024 };
const NO_BYTES = Buffer.alloc(0);

// What an answer means (answer.ts), as the client's own: send-action.ts and the tests read them here.
export {
  type Body,
  envelope,
  oneLine,
  parseRetryAfter,
  readCapped,
  statusError,
  toTransportError,
  withDeadline,
} from "./answer.js";

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
  async function getOnce(url: URL, signal: AbortSignal, token: string, asked?: Validators): Promise<Reply> {
    const headers = {
      authorization: `Bearer ${token}`,
      accept: "application/json",
      ...conditionalHeaders(asked),
    };
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
   * the same bytes or a 304 to the validators it was kept with (same-body.ts). Its errors never
   * carry the token, even if the server echoes it.
   */
  async function request<T>(
    path: string,
    params: Record<string, string>,
    signal: AbortSignal | undefined,
    memo: SameBody,
    decode: (env: unknown) => T,
    info?: AnswerInfo,
  ): Promise<T> {
    try {
      const key = `${path}?${new URLSearchParams(params)}`;
      // The answer kept for this very request, whose validators ask "changed since?".
      const kept = memo.kept?.(key);
      const asked = kept?.validators;
      let sent = tokens.current();
      let body: Body;
      try {
        body = await send(path, params, signal, sent, asked);
      } catch (e) {
        // Rejected: the keeper may read the token's source again (a rotated token); if that gives
        // another token, the same request goes once more with it, at once.
        if (!(isApiError(e) && e.kind === "auth") || signal?.aborted || !(await tokens.rejected(sent)))
          throw e;
        sent = tokens.current();
        body = await send(path, params, signal, sent, asked);
      }
      tokens.accept(sent);
      // (exchange refuses a 304 to a request that sent no validators: then nothing is kept.)
      const value =
        body.status === 304 && kept
          ? (kept.value as T)
          : memo.decode(key, body.bytes, () => decode(envelope(body)), body.validators);
      if (info) {
        info.bytes = body.bytes.length;
        info.notModified = body.status === 304;
        info.same = kept !== undefined && value === kept.value;
      }
      return value;
    } catch (e) {
      throw finish(e);
    }
  }
  const sameJob = sameBodies(KEPT_JOBS);
  const samePage = sameBodies(KEPT_PAGES);

  async function send(
    path: string,
    params: Record<string, string>,
    signal: AbortSignal | undefined,
    token: string,
    asked: Validators | undefined,
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
      const body = await exchange(path, params, d.signal, d.deadline, token, sentAt, asked);
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
    asked: Validators | undefined,
  ): Promise<Body> {
    let res: Reply;
    const seen = new Set<string>();
    let url = new URL(`${prefix}/${path}`);
    url.search = new URLSearchParams(params).toString();
    for (;;) {
      try {
        res = await getOnce(url, signal, token, asked);
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
    if (res.status === 304) {
      await res.cancel();
      // "Not modified" since what? Nothing was named: no answer kept can stand for it.
      if (!asked)
        throw new ApiError("http", "HTTP 304 Not Modified to a request that named no earlier answer", {
          status: 304,
        });
      return { bytes: NO_BYTES, contentType: null, status: 304 };
    }
    if (res.status < 200 || res.status > 299) {
      const plain = statusError(res);
      // What the service said, and for a wrong base_url the path asked (error-answer.ts).
      const e = plain.kind === "http" ? await explainStatus(plain, res, url, base, path !== "v1/job") : plain;
      if (plain.kind !== "http") await res.cancel();
      if (res.status !== 429 && res.status !== 503) throw e;
      // The service speaks for every request: all of this client's wait (service-gate.ts), and
      // the error says how long, floored and capped, so that the poller that got it waits as long.
      const holdMs = gate.limited(res.status, e.details.retryAfterMs, sentAt);
      throw new ApiError(e.kind, e.message, { ...e.details, retryAfterMs: holdMs });
    }
    let bytes: Buffer;
    const got = { bytes: 0 };
    try {
      bytes = await readCapped(res, maxBody, got);
    } catch (e) {
      const err = toTransportError(e, deadline.passed, timeoutMs, base.host);
      // What arrived before the failure was paid for: said, so that the retry waits for it.
      throw got.bytes > (err.details.bytes ?? 0)
        ? new ApiError(err.kind, err.message, { ...err.details, bytes: got.bytes })
        : err;
    }
    return {
      bytes,
      contentType: res.headers.get("content-type"),
      status: res.status,
      validators: validatorsOf(res.headers),
    };
  }

  return {
    getJob: (id, signal, info) =>
      request(
        "v1/job",
        { id },
        signal,
        sameJob,
        (e) => {
          const env = e as { job?: unknown };
          const parsed = JobSchema.safeParse(env.job);
          if (!parsed.success) throw schemaError(parsed.error, "job");
          keepRaw(parsed.data, env.job);
          return parsed.data;
        },
        info,
      ),
    listJobs: (q, signal, info) =>
      request(
        "v1/job/jobs",
        { page: String(q.page), per_page: String(q.perPage), order: q.order },
        signal,
        samePage,
        (e) => decodePage(e as { job?: unknown; pagination?: Pagination }),
        info,
      ),
    listJobsMapped: (q, signal, memo, map, info) =>
      request(
        "v1/job/jobs",
        { page: String(q.page), per_page: String(q.perPage), order: q.order },
        signal,
        memo,
        (e) => map(decodePage(e as { job?: unknown; pagination?: Pagination })),
        info,
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
