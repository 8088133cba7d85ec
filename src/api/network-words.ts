// Plain words for why an exchange failed below HTTP: the error code node:http gives (or undici
// hangs on fetch's "fetch failed" TypeError's cause chain), turned into a kind and one line a
// person can act on.
import type { ApiErrorKind } from "./errors.js";

const UNTRUSTED = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_UNTRUSTED",
  "CERT_SIGNATURE_FAILURE",
]);

/** What failed, naming the host (and port) asked: a script's stderr has no header saying which. */
const NETWORK: Record<string, [string, string]> = {
  ECONNREFUSED: ["connection refused", " by"],
  ECONNRESET: ["connection reset", " by"],
  ENOTFOUND: ["host not found (DNS)", ":"],
  EAI_AGAIN: ["DNS lookup failed", " for"],
  ETIMEDOUT: ["connection timed out", ":"],
  EHOSTUNREACH: ["host unreachable", ":"],
  ENETUNREACH: ["network unreachable", ":"],
  UND_ERR_SOCKET: ["connection closed by the server", ":"],
  UND_ERR_CONNECT_TIMEOUT: ["connection timed out", ":"],
};

/**
 * The first error code on the cause chain (fetch's TypeError → undici's or TLS's error → …), or
 * of the first attempt when a connection tried each address of a host (an AggregateError).
 */
export function errorCode(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let depth = 0; depth < 5 && cur && typeof cur === "object"; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (code === "EPROTO") return opensslCode((cur as { message?: unknown }).message) ?? code;
    if (typeof code === "string" && code !== "") return code;
    const { cause, errors } = cur as { cause?: unknown; errors?: unknown };
    cur = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return undefined;
}

/**
 * node:https fails a handshake with EPROTO and OpenSSL's reason in the message only ("…:SSL
 * routines:ssl3_get_record:wrong version number:…"); Node names such errors ERR_SSL_ and the
 * reason elsewhere, and so does this. Nothing but that pattern is taken from the message.
 */
function opensslCode(message: unknown): string | undefined {
  const reason =
    typeof message === "string"
      ? /:SSL routines:[a-z0-9_]*:([a-z0-9 ]{1,60}):/.exec(message)?.[1]
      : undefined;
  return reason ? `ERR_SSL_${reason.toUpperCase().replace(/ /g, "_")}` : undefined;
}

/**
 * Kind and words for a transport failure with this code; `host` is the service's host[:port] (no
 * user or password: URL.host), named in a network failure's words when given.
 */
export function transportWords(
  code: string | undefined,
  host: string | undefined,
): { kind: ApiErrorKind; message: string } {
  const to = host === undefined ? "" : ` to ${host}`;
  const generic = { kind: "network" as const, message: `network error (connection${to} failed or dropped)` };
  if (!code) return generic;
  if (UNTRUSTED.has(code))
    return { kind: "tls", message: `certificate not trusted (${code}) — see NODE_EXTRA_CA_CERTS` };
  if (code === "CERT_HAS_EXPIRED") return { kind: "tls", message: `certificate expired (${code})` };
  if (code === "CERT_NOT_YET_VALID")
    return { kind: "tls", message: `certificate not yet valid (${code}): check this machine's clock` };
  if (code === "CERT_REVOKED") return { kind: "tls", message: `certificate revoked (${code})` };
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID")
    return { kind: "tls", message: `certificate is not for ${host} (${code})` };
  if (code === "ERR_SSL_WRONG_VERSION_NUMBER" || code === "ERR_SSL_PACKET_LENGTH_TOO_LONG")
    return { kind: "tls", message: `TLS handshake failed (${code}): is the service http://, not https://?` };
  if (/^(ERR_SSL_|ERR_TLS_|CERT_|EPROTO$)/.test(code))
    return { kind: "tls", message: `TLS handshake failed (${code})` };
  if (code === "UND_ERR_HEADERS_OVERFLOW" || code === "HPE_HEADER_OVERFLOW")
    return {
      kind: "http",
      message:
        `response headers over Node's size limit (${code}); ` +
        "NODE_OPTIONS=--max-http-header-size=65536 raises it",
    };
  // node:http's parser (llhttp) refusing what came back: not HTTP, or broken HTTP.
  if (code.startsWith("HPE_")) return { kind: "http", message: `the answer is not valid HTTP (${code})` };
  const words = NETWORK[code];
  if (!words) return generic;
  return { kind: "network", message: host === undefined ? words[0] : `${words[0]}${words[1]} ${host}` };
}
