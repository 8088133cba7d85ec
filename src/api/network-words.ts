// Plain words for why an exchange failed below HTTP: the error code Node (undici) hangs on the
// "fetch failed" TypeError's cause chain, turned into a kind and one line a person can act on.
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

const NETWORK: Record<string, string> = {
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

/** The first error code on the cause chain (fetch's TypeError → undici's or TLS's error → …). */
export function errorCode(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let depth = 0; depth < 5 && cur && typeof cur === "object"; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && code !== "") return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Kind and words for a transport failure with this code; `host` is the service's host. */
export function transportWords(
  code: string | undefined,
  host: string,
): { kind: ApiErrorKind; message: string } {
  const generic = { kind: "network" as const, message: "network error (connection failed or dropped)" };
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
  if (code === "UND_ERR_HEADERS_OVERFLOW")
    return {
      kind: "http",
      message:
        "response headers over Node's size limit (UND_ERR_HEADERS_OVERFLOW); " +
        "NODE_OPTIONS=--max-http-header-size=65536 raises it",
    };
  const words = NETWORK[code];
  return words ? { kind: "network", message: words } : generic;
}
