// The demo's ETags: strong, of the answer's bytes, so that equal bytes have equal tags and any
// change another. Small answers (a page, a job) by a 53-bit hash (cyrb53) in plain JavaScript:
// the demo runs inside `jobtop --demo`, whose way to the first frame loads no node:crypto
// (docs/ARCHITECTURE.md), and a changed answer taken for the same one is 1 in 2^53, a demo's risk.
// Large ones (a 200 000-entry log, 14 MB) by node:crypto's SHA-1, loaded then: the loop takes
// ~120 ms for 14 MB on the 2-core VM, SHA-1 ~20.
import { loadBuiltin } from "../load-builtin.js";

const NATIVE_FROM = 256 * 1024;

export function etagOf(bytes: Uint8Array): string {
  const size = bytes.length.toString(36);
  if (bytes.length >= NATIVE_FROM) {
    const { createHash } = loadBuiltin("node:crypto") as typeof import("node:crypto");
    return `"${size}-${createHash("sha1").update(bytes).digest("base64url")}"`;
  }
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    h1 = Math.imul(h1 ^ b, 2654435761);
    h2 = Math.imul(h2 ^ b, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `"${size}-${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}"`;
}

/**
 * Does If-None-Match name `etag` (RFC 9110: `*`, or a list of tags compared weakly, as a GET's
 * If-None-Match is)? Then the answer is 304.
 */
export function noneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(",") : header;
  if (value.trim() === "*") return true;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  const own = bare(etag);
  return value.split(",").some((t) => bare(t) === own);
}
