// What an answer means, before any job is read from it: its status as a typed error (a 429's
// Retry-After), its body read within the size cap, the envelope's code, the transport's failure
// in words, one deadline over the whole exchange. The client (client.ts) and an action's request
// (send-action.ts) read answers alike.
import * as z from "zod/mini";
import { sanitize } from "../model/sanitize.js";
import { parseJsonBody } from "./body.js";
import { ApiError, proxyAuthError } from "./errors.js";
import type { Reply } from "./http-get.js";
import { errorCode, transportWords } from "./network-words.js";
import type { Validators } from "./same-body.js";
import { EnvelopeSchema } from "./schema.js";
import { HOLD_MAX_MS } from "./service-gate.js";

/** A response's bytes, for the envelope and same-body.ts. */
export interface Body {
  bytes: Buffer;
  contentType: string | null;
  status: number;
  /** Its ETag and Last-Modified, when it has them (validators.ts). */
  validators?: Validators;
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
  if (/^[-+]?\d{1,400}(\.\d{1,20})?$/.test(t)) ms = Number(t) * 1000;
  else {
    if (!/[a-z]/i.test(t)) return undefined;
    const at = Date.parse(t);
    if (Number.isNaN(at)) return undefined;
    ms = at - nowMs;
  }
  return Math.min(Math.max(ms, 0), HOLD_MAX_MS);
}

/**
 * A failure below HTTP in words: `host` (the service's host:port) is named when given, as a
 * script's stderr needs (no header there says which service); an action's result (the monitor's
 * header names the host) leaves it out, so that what matters ("the outcome is unknown") fits.
 */
export function toTransportError(
  e: unknown,
  timedOut: boolean,
  timeoutMs: number,
  host: string | undefined,
): ApiError {
  if (e instanceof ApiError) return e;
  const from = host === undefined ? "" : ` from ${sanitize(host)}`;
  if (timedOut) return new ApiError("timeout", `no answer${from} within ${timeoutMs / 1000}s (timeout)`);
  if ((e as { name?: string })?.name === "AbortError") return new ApiError("network", "request cancelled");
  // Only the code is read, never the message: a header error's message holds the header.
  const w = transportWords(errorCode(e), host === undefined ? undefined : sanitize(host));
  return new ApiError(w.kind, w.message);
}

/**
 * Reads the body, refusing more than `max` bytes so a huge answer cannot fill memory. `got.bytes`
 * counts what arrived, also when reading fails (a deadline mid-body): a failed answer costs its
 * bytes too, and the poller waits for them (poller.ts's failureDelay).
 */
export async function readCapped(
  res: Reply,
  max: number,
  got: { bytes: number } = { bytes: 0 },
): Promise<Buffer> {
  const declared = Number(res.headers.get("content-length"));
  if (declared > max) {
    await res.cancel();
    throw tooLarge(max, declared);
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  for await (const value of res.body) {
    got.bytes += value.byteLength;
    if (got.bytes > max) {
      await res.cancel();
      throw tooLarge(max, got.bytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(max: number, bytes: number): ApiError {
  return new ApiError("too-large", `response larger than ${Math.round(max / 1024 / 1024)} MB, refused`, {
    bytes,
  });
}

export function schemaError(error: z.core.$ZodError, prefix: string): ApiError {
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
