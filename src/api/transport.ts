// How requests reach the service: node:http(s) (http-get.ts), unless a proxy or an extra CA
// applies. Then (and only then) a bundled undici is loaded and its own fetch is used with its own
// dispatcher (the client takes it through http-get.ts's fromFetch), not Node's global fetch with it:
// a dispatcher from another undici major than the global fetch's (Node 20 has 6.x, Node 24
// 7.x) can fail at request time, and a start without a proxy should load nothing more.
// NODE_USE_ENV_PROXY is not needed: HTTPS_PROXY, HTTP_PROXY and NO_PROXY (and their lower-case
// forms) are read here.
import { proxyProblem, showProxy } from "../model/proxy-url.js";
// Types only: undici-fetch.ts (and undici) load when a proxy or a CA file applies.
import type { EnvProxies, EnvProxy } from "./undici-fetch.js";

export interface TransportOptions {
  /** An http(s) proxy URL that overrides the environment, or "none" to ignore it. */
  proxy?: string;
  /** A PEM file of CAs to trust besides the default ones. */
  caFile?: string;
  env: Record<string, string | undefined>;
}

/**
 * The environment's proxies, read as undici reads them: the lower-case variable first, and one
 * that is set but empty means none. A value without a scheme ("proxy:3128", which curl
 * accepts) is taken as http://. Returns what is wrong with a value that is not an http(s) URL,
 * in one line with the value's credentials masked.
 */
export function envProxies(env: Record<string, string | undefined>): EnvProxies | { error: string } {
  const pick = (lower: string, upper: string): EnvProxy | string | undefined => {
    const name = env[lower] !== undefined ? lower : upper;
    const value = env[name]?.trim();
    if (!value) return undefined;
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
    const problem = proxyProblem(url);
    return problem ? `${name}: ${problem}: ${showProxy(value)}` : { name, url };
  };
  const http = pick("http_proxy", "HTTP_PROXY");
  const https = pick("https_proxy", "HTTPS_PROXY");
  if (typeof http === "string") return { error: http };
  if (typeof https === "string") return { error: https };
  return { http, https, noProxy: env.no_proxy ?? env.NO_PROXY ?? "" };
}

/** Does this run need more than node:http (a proxy, an extra CA)? */
export function needsOwnFetch(o: TransportOptions): boolean {
  if (o.caFile) return true;
  if (o.proxy === "none") return false;
  if (o.proxy !== undefined) return true;
  const env = envProxies(o.env);
  return "error" in env || env.http !== undefined || env.https !== undefined;
}

/** A fetch for the client, or undefined for node:http. Throws on a proxy variable that is not a URL. */
export async function transportFetch(o: TransportOptions): Promise<typeof fetch | undefined> {
  if (!needsOwnFetch(o)) return undefined;
  const env = envProxies(o.env);
  if ("error" in env) throw new Error(env.error);
  const { createFetch } = await import("./undici-fetch.js");
  return createFetch({
    proxy: o.proxy,
    caFile: o.caFile,
    extraCaFile: o.env.NODE_EXTRA_CA_CERTS,
    env: o.proxy === undefined ? env : { noProxy: "" },
  });
}
