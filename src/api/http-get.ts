// One GET, over node:http(s): what the client needs of fetch, without fetch. Node's fetch is
// undici, loaded on first use: ~35 ms of CPU and 10–16 MB of memory on Node 20 and 24 alike
// (more than the rest of a start-up's network code), and its idle keep-alive socket holds a
// one-shot `--once` open for ~250 ms after its output. node:http costs ~4 ms and ~3 MB, and its
// agent lets go of idle sockets (unref) by itself.
//
// The reply is the part of a fetch Response the client reads (status, headers.get, url, body
// as chunks, cancel), so a real fetch can stand in (fromFetch: a proxy's, say).
import type { IncomingMessage } from "node:http";
import * as http from "node:http";
import { loadBuiltin } from "../load-builtin.js";

export interface Reply {
  status: number;
  statusText: string;
  /** The URL asked for (redirects are not followed here). */
  url: string;
  headers: { get(name: string): string | null };
  /** The body, decoded (gzip, deflate, br), in chunks; null when there is none. */
  body: AsyncIterable<Uint8Array> | null;
  /** Drops the rest of the body and frees the connection. */
  cancel(): Promise<void>;
}

export type Get = (
  url: URL,
  init: {
    headers: Record<string, string>;
    signal: AbortSignal;
    /** GET unless said: an action's DELETE, POST… (src/api/send-action.ts). */
    method?: string;
    body?: string;
  },
) => Promise<Reply>;

// node:https (with node:tls) and node:zlib cost start-up time and are needed only for an
// https:// service or a compressed answer: loaded then (load-builtin.ts).

/** Errors of requests sent on a new connection (see onNewConnection). */
const NEW_CONNECTION = new WeakSet<object>();

/**
 * Did this request fail on a connection of its own, not on a reused keep-alive socket the server
 * had just closed? Then asking again at once would only ask a failing service twice.
 */
export function onNewConnection(e: unknown): boolean {
  return typeof e === "object" && e !== null && NEW_CONNECTION.has(e);
}

/**
 * GETs with keep-alive connections, per client. Without keep-alive (an action's requests), each
 * request has a connection of its own, so none fails on a socket the server has just closed.
 */
export function httpGet(keepAlive = true): Get {
  const agents: { http?: http.Agent; https?: http.Agent } = {};
  return (url, init) =>
    new Promise<Reply>((resolve, reject) => {
      const secure = url.protocol === "https:";
      const lib: typeof http = secure ? loadBuiltin("node:https") : http;
      const kind = secure ? "https" : "http";
      const agent = agents[kind] ?? new lib.Agent({ keepAlive });
      agents[kind] = agent;
      const req = lib.request(
        url,
        {
          method: init.method ?? "GET",
          headers: { ...init.headers, "accept-encoding": "gzip, deflate, br" },
          signal: init.signal,
          agent,
        },
        (res) => resolve(reply(url, res)),
      );
      req.on("error", (e) => {
        if (!req.reusedSocket) NEW_CONNECTION.add(e);
        reject(e);
      });
      req.end(init.body);
    });
}

function reply(url: URL, res: IncomingMessage): Reply {
  const encoding = String(res.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  let body: AsyncIterable<Uint8Array> = res;
  if (encoding === "gzip" || encoding === "x-gzip" || encoding === "deflate" || encoding === "br") {
    const zlib: typeof import("node:zlib") = loadBuiltin("node:zlib");
    // Lenient, as browsers and fetch are: a truncated gzip end is not an error by itself.
    const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
    const decoder =
      encoding === "br"
        ? zlib.createBrotliDecompress()
        : encoding === "deflate"
          ? zlib.createInflate(flush)
          : zlib.createGunzip(flush);
    res.on("error", (e) => decoder.destroy(e));
    body = res.pipe(decoder);
  }
  return {
    status: res.statusCode ?? 0,
    statusText: res.statusMessage ?? "",
    url: url.href,
    headers: {
      get(name) {
        const v = res.headers[name.toLowerCase()];
        return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
      },
    },
    body,
    cancel: async () => {
      res.destroy();
      if (body !== res) (body as { destroy?: () => void }).destroy?.();
    },
  };
}

/**
 * A fetch (undici's with a proxy, from transport.ts) as a Get. It is given a Request, which is
 * held by the reply until the exchange ends: a fetch links the Request's signal to ours only
 * weakly, and after a garbage collection an abort (the deadline) would reach nothing.
 */
export function fromFetch(fetcher: typeof fetch): Get {
  return async (url, init) => {
    const request = new Request(url, { headers: init.headers, signal: init.signal, redirect: "manual" });
    // An action's method and body go in the init: Node's global Request is another undici's,
    // whose body the proxy's fetch (undici-fetch.ts) would read as empty.
    const res =
      init.body === undefined && init.method === undefined
        ? await fetcher(request)
        : await fetcher(request, { method: init.method, body: init.body });
    const body = res.body as (AsyncIterable<Uint8Array> & { cancel(): Promise<void> }) | null;
    return {
      status: res.status,
      statusText: res.statusText,
      url: url.href,
      headers: res.headers,
      body,
      cancel: async () => {
        await body?.cancel().catch(() => {});
        void request;
      },
    };
  };
}
