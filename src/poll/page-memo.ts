// The sweep's memory of each page's last answer (same-body.ts's SameBody, for the index): a page
// answered with the same bytes as last time gives last time's value back, unparsed, as the page
// poller's memo does, and the answer's validators (ETag, Last-Modified) are kept with it, for the
// client to ask "changed since?" and take a 304 as that value. But it keeps a digest of the bytes,
// not the bytes: the sweep reads up to 200 pages (20 000 jobs), and their bytes kept would be
// 27 MB at ~1.3 KB a job, 160 MB at ~8 KB; 200 digests are 4 kB. SHA-1 of node:crypto, loaded at
// the first page (after the first frame: nothing on the way to it loads node:crypto).
import type { Hash } from "node:crypto";
import type { Kept, SameBody, Validators } from "../api/same-body.js";
import { loadBuiltin } from "../load-builtin.js";

export interface PageMemo {
  /** The memo for one page (its number and size), whatever the request's URL. */
  forPage(key: string): SameBody;
  /** Forgets the pages `keep` refuses (another size, past the last page). */
  retain(keep: (key: string) => boolean): void;
}

let createHash: ((algorithm: string) => Hash) | undefined;

function digest(bytes: Buffer): Buffer {
  createHash ??= (loadBuiltin("node:crypto") as typeof import("node:crypto")).createHash;
  return createHash("sha1").update(bytes).digest();
}

export function pageMemo(): PageMemo {
  const last = new Map<string, { digest: Buffer; value: unknown; validators: Validators | undefined }>();
  return {
    forPage: (key) => ({
      decode<T>(_url: string, body: Buffer, decode: () => T, validators?: Validators): T {
        const d = digest(body);
        const had = last.get(key);
        // Same bytes: last time's value, with this answer's validators.
        const value = had?.digest.equals(d) ? (had.value as T) : decode();
        last.set(key, { digest: d, value, validators });
        return value;
      },
      kept(_url: string): Kept | undefined {
        const had = last.get(key);
        return had && { value: had.value, validators: had.validators };
      },
    }),
    retain(keep) {
      for (const key of Array.from(last.keys())) if (!keep(key)) last.delete(key);
    },
  };
}
