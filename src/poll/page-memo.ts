// The sweep's memory of each page's last answer (same-body.ts's SameBody, for the index): a page
// answered with the same bytes as last time gives last time's value back, unparsed, as the
// page poller's memo does. But it keeps a digest of the bytes, not the bytes: the sweep reads up
// to 200 pages (20 000 jobs), and their bytes kept would be 24 MB at ~1.2 KB a job, 160 MB at
// ~8 KB; 200 digests are 4 kB. SHA-1 of node:crypto, loaded at the first page (after the first
// frame: nothing on the way to it loads node:crypto). It also counts the bytes of each answer,
// for the sweep's byte budget.
import type { Hash } from "node:crypto";
import type { SameBody } from "../api/same-body.js";
import { loadBuiltin } from "../load-builtin.js";

export interface PageMemo {
  /** The memo for one page (its number and size), whatever the request's URL. */
  forPage(key: string): SameBody;
  /** Bytes of the answers decoded through it since the last call (a page's answer, when read one at a time). */
  takeBytes(): number;
  /** Forgets the pages `keep` refuses (another size, past the last page). */
  retain(keep: (key: string) => boolean): void;
}

let createHash: ((algorithm: string) => Hash) | undefined;

function digest(bytes: Buffer): Buffer {
  createHash ??= (loadBuiltin("node:crypto") as typeof import("node:crypto")).createHash;
  return createHash("sha1").update(bytes).digest();
}

export function pageMemo(): PageMemo {
  const last = new Map<string, { digest: Buffer; value: unknown }>();
  let bytes = 0;
  return {
    forPage: (key) => ({
      decode<T>(_url: string, body: Buffer, decode: () => T): T {
        bytes += body.length;
        const d = digest(body);
        const had = last.get(key);
        if (had?.digest.equals(d)) return had.value as T;
        last.delete(key);
        const value = decode();
        last.set(key, { digest: d, value });
        return value;
      },
    }),
    takeBytes() {
      const b = bytes;
      bytes = 0;
      return b;
    },
    retain(keep) {
      for (const key of Array.from(last.keys())) if (!keep(key)) last.delete(key);
    },
  };
}
