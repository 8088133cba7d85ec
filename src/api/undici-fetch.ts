// The bundled undici's fetch with a dispatcher for a proxy and/or extra CAs (see transport.ts).
// Only these parts of undici are imported, not its index, which would bring WebSocket, the
// cache stores and the mock agents into the bundle.
import { readFileSync } from "node:fs";
import * as tls from "node:tls";
import connect from "undici/lib/api/api-connect.js";
import Agent from "undici/lib/dispatcher/agent.js";
import Dispatcher from "undici/lib/dispatcher/dispatcher.js";
import EnvHttpProxyAgent from "undici/lib/dispatcher/env-http-proxy-agent.js";
import ProxyAgent from "undici/lib/dispatcher/proxy-agent.js";
import { fetch as undiciFetch } from "undici/lib/web/fetch/index.js";
import { readTrusted } from "../config/trusted-file.js";
import { maskProxy } from "../model/proxy-url.js";
import { ApiError, proxyAuthError } from "./errors.js";

export interface EnvProxy {
  /** The variable it came from: https_proxy, HTTPS_PROXY, http_proxy or HTTP_PROXY. */
  name: string;
  url: string;
}

/** The proxies of the environment (transport.ts reads them). */
export interface EnvProxies {
  http?: EnvProxy;
  https?: EnvProxy;
  noProxy: string;
}

export interface FetchOptions {
  /** A proxy URL that overrides the environment's, or "none". */
  proxy?: string;
  caFile?: string;
  /** NODE_EXTRA_CA_CERTS, which a ca_file must not drop. */
  extraCaFile?: string;
  /** The environment's proxies, already checked (transport.ts). */
  env: EnvProxies;
}

// undici's index gives every dispatcher its request/stream/connect/… methods; the proxy agent
// opens its CONNECT tunnels with connect(), the only one needed here.
(Dispatcher.prototype as { connect?: unknown }).connect ??= connect;

export function createFetch(o: FetchOptions): typeof fetch {
  const ca = o.caFile ? trustedCAs(o.caFile, o.extraCaFile) : undefined;
  const tlsOpts = ca ? { ca } : undefined;
  // proxyTunnel false: plain http goes to the proxy as an absolute-URI request, as proxies
  // expect (many allow CONNECT to port 443 only); https always goes through a CONNECT tunnel.
  const proxyOpts = { requestTls: tlsOpts, proxyTls: tlsOpts, proxyTunnel: false };
  const dispatcher =
    o.proxy === "none"
      ? new Agent({ connect: tlsOpts })
      : o.proxy
        ? new ProxyAgent({ uri: o.proxy, ...proxyOpts })
        : new EnvHttpProxyAgent({
            // Given, so undici does not read process.env itself; https falls back to the http proxy.
            httpProxy: o.env.http?.url ?? "",
            httpsProxy: o.env.https?.url ?? "",
            noProxy: o.env.noProxy,
            connect: tlsOpts,
            ...proxyOpts,
          });
  // The client (http-get.ts's fromFetch) hands over a Request of Node's own fetch, which undici's
  // fetch does not take as one: the same request is described to it field by field (GETs; an
  // action's method and body come in `init`: src/api/send-action.ts).
  const proxies =
    o.proxy && o.proxy !== "none"
      ? [o.proxy]
      : [o.env.https?.url, o.env.http?.url].filter((p): p is string => p !== undefined);
  // The proxy a request to `url` goes through (https falls back to the http proxy, as above).
  const via = (url: string) =>
    o.proxy && o.proxy !== "none"
      ? o.proxy
      : url.startsWith("https:")
        ? (o.env.https ?? o.env.http)?.url
        : o.env.http?.url;
  return ((input: Request, init?: RequestInit) =>
    undiciFetch(input.url, {
      method: input.method,
      headers: input.headers,
      signal: input.signal,
      redirect: input.redirect,
      ...init,
      dispatcher,
    } as never).catch((e: unknown) => {
      throw proxyError(e, proxies, via(input.url)) ?? e;
    })) as unknown as typeof fetch;
}

const WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found (DNS)",
  EAI_AGAIN: "DNS lookup failed",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
};

type Cause = { message?: unknown; code?: unknown; port?: unknown; hostname?: unknown; cause?: unknown };

/**
 * Says when the proxy, not the service, is what failed; undefined for any other error. undici
 * wraps what the proxy said one or two causes deep (a CONNECT refused: fetch's TypeError → a
 * DOMException "Request was cancelled" → "Proxy response (407) !== 200 when HTTP Tunneling").
 */
function proxyError(e: unknown, proxies: string[], via: string | undefined): ApiError | undefined {
  if (proxies.length === 0) return undefined;
  let cause = (e as Cause | undefined)?.cause as Cause | undefined;
  for (let depth = 0; depth < 5 && cause && typeof cause === "object"; depth++) {
    const found = proxyCause(cause, proxies, via);
    if (found) return found;
    cause = cause.cause as Cause | undefined;
  }
  return undefined;
}

function proxyCause(cause: Cause, proxies: string[], via: string | undefined): ApiError | undefined {
  const message = typeof cause.message === "string" ? cause.message : "";
  // 407 to a request (plain http, sent to the proxy) or to the CONNECT of a tunnel (https): the
  // same answer, read the same way as a 407 that reaches the client (client.ts).
  if (/Proxy Authentication Required \(407\)/.test(message) || /Proxy response \(407\)/.test(message))
    return proxyAuthError(via === undefined ? undefined : maskProxy(via));
  const refused = /Proxy response \((\d+)\)/.exec(message);
  if (refused) return new ApiError("network", `the proxy refused the connection (HTTP ${refused[1]})`);
  const words = typeof cause.code === "string" ? WORDS[cause.code] : undefined;
  if (!words) return undefined;
  for (const p of proxies) {
    try {
      const u = new URL(p);
      const port = Number(u.port || (u.protocol === "https:" ? 443 : 80));
      if (cause.port === port || (cause.hostname && cause.hostname === u.hostname))
        return new ApiError("network", `cannot reach the proxy ${maskProxy(p)}: ${words}`);
    } catch {
      // not a URL: undici has refused it already
    }
  }
  return undefined;
}

/** The default CAs (with NODE_EXTRA_CA_CERTS), plus the file's: a private CA adds, it does not replace. */
function trustedCAs(file: string, extraCaFile: string | undefined): string[] {
  // Read as the config read it at start (checked on the descriptor read): a CA others could
  // swap in would let them read and change every request, the token included.
  const extra = readTrusted(file, 1024 * 1024).text;
  const getCA = (tls as { getCACertificates?: (kind: string) => string[] }).getCACertificates;
  let base: string[];
  if (getCA)
    base = getCA("default").slice(); // Node ≥ 22.15: with NODE_EXTRA_CA_CERTS; frozen
  else {
    // Node 20: the bundled roots, and NODE_EXTRA_CA_CERTS read as Node itself would.
    base = tls.rootCertificates.slice();
    if (extraCaFile) {
      try {
        base.push(readFileSync(extraCaFile, "utf8"));
      } catch {
        // Node has already warned about it at start-up.
      }
    }
  }
  base.push(extra);
  return base;
}
