// A fetch on node:http(s), for the commands for scripts. On Node 20, the global fetch (undici)
// parses HTTP with a WebAssembly build of llhttp that it compiles when it loads: the first request
// waits for that compile (30–90 ms here), and once the parser has run hot, V8 optimises it on a
// background thread that Node then waits for at exit (100–200 ms after the output). Node's own
// HTTP parser is native: a one-shot command answers sooner and exits at once. (Node 24's undici
// compiles lazily and lightly; this is still the shorter path there.)
//
// Only what the client needs: GET with headers, an AbortSignal, `redirect: "manual"` (the 3xx
// answer as it is, with its url, for the client's own same-origin rule) or "follow" (without the
// Authorization header to another origin), gzip/deflate/br bodies decoded, and errors shaped like
// fetch's (TypeError "fetch failed" with the socket error as `cause`), so the client's error
// mapping reads them the same way.
import type { IncomingMessage, RequestOptions } from "node:http";
import { createRequire } from "node:module";
import { Readable } from "node:stream";

const require = createRequire(import.meta.url);
const MAX_REDIRECTS = 5;
/** Statuses whose Response must have a null body (the constructor throws otherwise). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export function nodeFetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
  const req = input instanceof Request ? input : new Request(input, init);
  const headers: Record<string, string> = {};
  req.headers.forEach((value, key) => {
    headers[key] = value;
  });
  headers["accept-encoding"] = "gzip, deflate, br";
  const follow = req.redirect === "follow";
  return send(new URL(req.url), req.method, headers, req.signal, follow ? 0 : MAX_REDIRECTS + 1);
}

/** `redirects`: how many were followed; past MAX_REDIRECTS a 3xx is returned as it is ("manual"). */
function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  signal: AbortSignal | null,
  redirects: number,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    // Loaded on first use: a start that only prints --help loads neither.
    const mod = url.protocol === "https:" ? require("node:https") : require("node:http");
    const options: RequestOptions = { method, headers };
    const request = (mod as typeof import("node:http")).request(url, options);
    const onAbort = () => request.destroy(abortError(signal) as Error);
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => signal?.removeEventListener("abort", onAbort);
    request.on("error", (err) => {
      done();
      reject(signal?.aborted ? abortError(signal) : fetchFailed(err));
    });
    request.on("response", (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location && status !== 304 && redirects <= MAX_REDIRECTS) {
        res.resume();
        done();
        if (redirects === MAX_REDIRECTS) return reject(fetchFailed(new Error("redirect count exceeded")));
        const next = new URL(location, url);
        const h = { ...headers };
        if (next.origin !== url.origin) delete h.authorization;
        return resolve(send(next, method, h, signal, redirects + 1));
      }
      const responseHeaders = new Headers();
      for (const [key, value] of Object.entries(res.headers)) {
        if (Array.isArray(value)) for (const v of value) responseHeaders.append(key, v);
        else if (value !== undefined) responseHeaders.set(key, value);
      }
      let body: Readable = res;
      const encoding = (res.headers["content-encoding"] ?? "").trim().toLowerCase();
      if (encoding === "gzip" || encoding === "deflate" || encoding === "br") {
        const zlib = require("node:zlib") as typeof import("node:zlib");
        const decoder =
          encoding === "gzip"
            ? zlib.createGunzip()
            : encoding === "deflate"
              ? zlib.createInflate()
              : zlib.createBrotliDecompress();
        res.on("error", (e) => decoder.destroy(e));
        body = res.pipe(decoder);
        // Decoded, the length is not what was sent: the client's size check must not trust it.
        responseHeaders.delete("content-length");
        responseHeaders.delete("content-encoding");
      }
      // The body stream ends with the exchange: an abort (the deadline) fails the read in progress.
      body.once("close", done);
      const webBody = NULL_BODY.has(status) ? null : (Readable.toWeb(body) as ReadableStream<Uint8Array>);
      if (webBody === null) res.resume();
      const response = new Response(webBody, { status, headers: responseHeaders });
      // A constructed Response has an empty url (the client resolves a relative Location against
      // it), and refuses a reason phrase with control characters, which fetch passes on as sent
      // (the client sanitises it where it is shown).
      Object.defineProperty(response, "url", { value: url.href });
      Object.defineProperty(response, "statusText", { value: res.statusMessage ?? "" });
      resolve(response);
    });
    request.end();
  });
}

function fetchFailed(cause: unknown): TypeError {
  return Object.assign(new TypeError("fetch failed"), { cause: withTlsCode(cause) });
}

/**
 * node:http writes the request before the TLS handshake is done, so a TLS failure reaches it as
 * a bare EPROTO ("write EPROTO …:SSL routines:…:wrong version number:…"), where undici's fetch has
 * the reason's own code (ERR_SSL_WRONG_VERSION_NUMBER). The code is built from the reason as
 * Node builds it, so the client words both the same.
 */
function withTlsCode(e: unknown): unknown {
  const err = e as { code?: unknown; message?: unknown } | undefined;
  if (err?.code !== "EPROTO" || typeof err.message !== "string") return e;
  const reason = /SSL routines:[^:]*:([a-z0-9 ]+):/i.exec(err.message)?.[1];
  if (reason) err.code = `ERR_SSL_${reason.trim().toUpperCase().replace(/ +/g, "_")}`;
  return e;
}

function abortError(signal: AbortSignal | null): unknown {
  return signal?.reason ?? new DOMException("This operation was aborted", "AbortError");
}
