// Typed errors the UI can name in one line. No message ever contains the bearer token, and any
// text from the server in a message (a `msg`, a reason phrase, a JSON key) is sanitised where the
// message is built, so every output path (screen, stderr) gets a safe line.
import { sanitize } from "../model/sanitize.js";

export type ApiErrorKind =
  | "auth" // 401/403: token rejected
  | "http" // any other non-2xx status
  | "rate-limit" // 429 / 503 with Retry-After
  | "network" // refused, DNS, reset, socket closed
  | "timeout" // no complete answer within the deadline
  | "envelope" // 200 with code ≠ 0
  | "schema" // JSON that does not match the spec
  | "parse" // not JSON at all (HTML error page, half a body)
  | "too-large" // body over the size cap
  | "tls" // certificate not trusted, expired, for another host; handshake failed
  | "redirect" // to another origin (the token is not sent there), or a loop
  | "proxy"; // 407: a proxy on the way wants its own credentials

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: {
      status?: number;
      retryAfterMs?: number;
      code?: number;
      /** What the failed answer weighed: its body's bytes received before it failed, or the length it declared. */
      bytes?: number;
      /** An error answer's body was the spec's envelope (`code`, `msg`): the service's own words (error-answer.ts). */
      envelope?: boolean;
    } = {},
  ) {
    super(message);
  }

  /** Worth retrying soon? Auth failures are retried too, but slowly (the poller decides how). */
  get retryable(): boolean {
    return this.kind !== "schema" && this.kind !== "envelope";
  }
}

/** A proxy on the way wants its own login: a 407 to a request, or to a tunnel's CONNECT. */
export function proxyAuthError(proxy?: string): ApiError {
  const words = "asks for its own login (HTTP 407 Proxy Authentication Required)";
  const message = proxy
    ? `the proxy ${proxy} ${words}: check the user and password in its URL`
    : `a proxy on the way ${words}`;
  return new ApiError("proxy", message, { status: 407 });
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * The same error with every occurrence of `secret` masked. The client passes every error through
 * this with the bearer token: a server may echo the token back in a message or a field name.
 */
export function redactError(e: unknown, secret: string): unknown {
  // (A token of a few characters would mask ordinary words: "t" in "connection".)
  if (secret.length < 4 || !(e instanceof Error) || !e.message.includes(secret)) return e;
  const message = e.message.split(secret).join("••••••");
  return isApiError(e) ? new ApiError(e.kind, message, e.details) : new Error(message);
}

/** A one-line, plain-words, sanitised description of any error. */
export function describeError(e: unknown): string {
  if (isApiError(e)) return sanitize(e.message);
  if (e instanceof Error) return sanitize(e.message.split("\n")[0] ?? "error");
  return sanitize(String(e));
}
