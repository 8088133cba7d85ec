// What an error answer (4xx, 5xx) says, in a line a user can act on. Its body was dropped unread,
// so a wrong base_url (`…:8710/v1`, which asks `/v1/v1/job/jobs`) read "HTTP 404 Not Found from
// the service" for ever: neither the path asked nor the service's own words. Now the first few
// kB are read: the spec's envelope (`code`, `msg`) is the service speaking, and then its `msg` is
// shown (sanitised, cut); anything else (a gateway's HTML, a framework's text) is not, and a 404
// then names the path asked (never the query or the token) and where base_url ends.
import { oneLine } from "./answer.js";
import { parseJsonBody } from "./body.js";
import { ApiError } from "./errors.js";
import type { Reply } from "./http-get.js";

/** Enough for any envelope's msg or a page's <title>; the rest is not read. */
const PEEK_BYTES = 4096;
/** The service's words, whether they came in its envelope, and the envelope's code. */
export interface ServiceWords {
  text: string | undefined;
  envelope: boolean;
  code?: number;
}

/**
 * `e` (statusError's, kind "http") with the service's words and, for a 404 that is not the
 * envelope (or any 404 of the list, which never means a missing job), the path asked and a hint
 * on base_url. `base` is the base URL; `url` what was asked.
 */
export async function explainStatus(
  e: ApiError,
  res: Reply,
  url: URL,
  base: URL,
  list: boolean,
): Promise<ApiError> {
  const words = await serviceWords(res);
  const said = words.text && !saysNoMore(words.text, e.message) ? `: ${words.text}` : "";
  const details = { ...e.details, envelope: words.envelope, code: words.code };
  if (e.details.status !== 404 || (words.envelope && !list))
    return new ApiError("http", `${e.message}${said}`, details);
  const status = e.message.replace(/ from the service$/, "");
  return new ApiError("http", `${status} for ${shownPath(url)}${said}; ${baseHint(base)}`, details);
}

/** A gateway's page titled "502 Bad Gateway" says nothing the status line does not. */
function saysNoMore(words: string, status: string): boolean {
  const letters = (t: string) => t.toLowerCase().replace(/[^a-z]/g, "");
  return letters(status).includes(letters(words));
}

/** The path asked, as a line may show it: no query, no user or password (a URL's pathname has none). */
function shownPath(url: URL): string {
  return oneLine(url.pathname);
}

/** Where base_url should end: before the API's /v1. */
export function baseHint(base: URL): string {
  const path = base.pathname.replace(/\/+$/, "");
  if (/\/v1$/i.test(path))
    return `base_url is the part before /v1: ${oneLine(`${base.origin}${path.slice(0, -3)}`)}`;
  return "is base_url right? it is the part before /v1/job";
}

/** The first few kB of the body, read as the envelope, other JSON, a page's title or a line of text. */
async function serviceWords(res: Reply): Promise<ServiceWords> {
  let bytes: Buffer;
  try {
    bytes = await peek(res, PEEK_BYTES);
  } catch {
    return { text: undefined, envelope: false };
  }
  const type = res.headers.get("content-type");
  try {
    const json = parseJsonBody(bytes, type, res.status) as Record<string, unknown> | null;
    if (json && typeof json === "object" && !Array.isArray(json)) {
      const { code, msg } = json;
      if (Number.isInteger(code) && code !== 0 && typeof msg === "string")
        return { text: msg.trim() ? quoted(msg) : undefined, envelope: true, code: code as number };
      const other = [json.message, json.error, json.detail].find((v) => typeof v === "string");
      return { text: typeof other === "string" && other.trim() ? quoted(other) : undefined, envelope: false };
    }
  } catch {
    // Not JSON (or cut inside it): read as text below.
  }
  const text = bytes.toString("utf8");
  const title = /<title[^>]*>([^<]*)</i.exec(text)?.[1];
  const line = title ?? (/<[a-z!]/i.test(text) ? undefined : text.split(/\r?\n/).find((l) => l.trim()));
  return { text: line?.trim() ? quoted(line) : undefined, envelope: false };
}

/** The service's words in a line: sanitised, cut (answer.ts's oneLine), quoted. */
function quoted(s: string): string {
  return `"${oneLine(s)}"`;
}

/** Up to `max` bytes of the body; the rest is dropped and the connection freed. */
async function peek(res: Reply, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (res.body) {
    for await (const value of res.body) {
      chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      size += value.byteLength;
      if (size >= max) break;
    }
  }
  await res.cancel();
  return Buffer.concat(chunks).subarray(0, max);
}
