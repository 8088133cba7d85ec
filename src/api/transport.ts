// How requests reach the service: Node's own fetch, unless a proxy or an extra CA applies. Then
// (and only then) a bundled undici is loaded and its own fetch is used with its own dispatcher:
// a dispatcher from another undici major than the global fetch's (Node 20 has 6.x, Node 24
// 7.x) can fail at request time, and a start without a proxy should load nothing more.
// NODE_USE_ENV_PROXY is not needed: HTTPS_PROXY, HTTP_PROXY and NO_PROXY (and their lower-case
// forms) are read here.

export interface TransportOptions {
  /** An http(s) proxy URL that overrides the environment, or "none" to ignore it. */
  proxy?: string;
  /** A PEM file of CAs to trust besides the default ones. */
  caFile?: string;
  env: Record<string, string | undefined>;
}

const PROXY_VARS = ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY"] as const;

/** The proxy variable in force, if any (for messages; undici reads the environment itself). */
export function envProxy(
  env: Record<string, string | undefined>,
): { name: string; value: string } | undefined {
  for (const name of PROXY_VARS) {
    const value = env[name];
    if (value) return { name, value };
  }
  return undefined;
}

/** Does this run need more than Node's own fetch? */
export function needsOwnFetch(o: TransportOptions): boolean {
  if (o.caFile) return true;
  if (o.proxy === "none") return false;
  return o.proxy !== undefined || envProxy(o.env) !== undefined;
}

/** A fetch for ky, or undefined for Node's own. */
export async function transportFetch(o: TransportOptions): Promise<typeof fetch | undefined> {
  if (!needsOwnFetch(o)) return undefined;
  const { createFetch } = await import("./undici-fetch.js");
  return createFetch(o);
}

/** A proxy URL as it may be shown: without a password. */
export function maskProxy(url: string): string {
  try {
    const u = new URL(url);
    const user = u.username ? `${u.username}${u.password ? ":****" : ""}@` : "";
    return `${u.protocol}//${user}${u.host}${u.pathname === "/" ? "" : u.pathname}`;
  } catch {
    return "(not a URL)";
  }
}
