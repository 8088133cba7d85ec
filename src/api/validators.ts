// Conditional requests: an answer's ETag and Last-Modified, read from its headers, and sent back
// as If-None-Match and If-Modified-Since the next time the same request is asked (client.ts);
// a 304 then means the answer kept for it (same-body.ts). A value that is not one a service may
// send (a control character, a megabyte of it) is not kept: it would only be echoed back to it.
import type { Validators } from "./same-body.js";

/** Longer is no entity-tag a sane service sends, and it goes out with every request. */
const MAX_LENGTH = 256;
/** RFC 9110's entity-tag: optionally weak, then quoted visible characters but the quote. */
const ETAG = /^(W\/)?"[\x21\x23-\x7e]*"$/;
/** An HTTP date, as letters, digits, spaces, commas, colons and dashes. */
const HTTP_DATE = /^[A-Za-z0-9 ,:-]+$/;

/** The validators an answer came with, or undefined when it has none worth keeping. */
export function validatorsOf(headers: { get(name: string): string | null }): Validators | undefined {
  const etag = headers.get("etag")?.trim();
  const lastModified = headers.get("last-modified")?.trim();
  const v: Validators = {};
  if (etag && etag.length <= MAX_LENGTH && ETAG.test(etag)) v.etag = etag;
  if (lastModified && lastModified.length <= 64 && HTTP_DATE.test(lastModified)) {
    const at = Date.parse(lastModified);
    // Later than the answer itself (its Date, else our clock) is no time the answer changed: a
    // service whose clock or files were ahead. Sent back, "not modified since 2999" was a 304 to
    // every request while the job changed under it.
    const sent = Date.parse(headers.get("date") ?? "");
    if (!Number.isNaN(at) && at <= (Number.isNaN(sent) ? Date.now() : sent)) v.lastModified = lastModified;
  }
  return v.etag || v.lastModified ? v : undefined;
}

/** The request headers that ask "has it changed since this answer?". */
export function conditionalHeaders(v: Validators | undefined): Record<string, string> {
  const h: Record<string, string> = {};
  if (v?.etag) h["if-none-match"] = v.etag;
  if (v?.lastModified) h["if-modified-since"] = v.lastModified;
  return h;
}
