// A poll whose answer is byte for byte the last one's costs no parse and no render: the client
// hands back the very object it decoded last time, so the poller, the monitor and React all see
// "no change" by identity. Most polls of a monitor left open are such repeats (a page every
// 10 s, the selected job every 2 s); parsing and validating them was most of a poll's CPU, and a
// new object per poll re-rendered the screen.
// Compared byte for byte with the last answer's bytes, kept for that: exact (a change is never
// taken for a repeat), a memcmp per poll, and no node:crypto (a SHA-1 of each answer needed it:
// 2–3.5 ms of every start to load, BENCHMARKS.md). The cost is one answer's bytes per kind of
// request (a page, a job), next to the data decoded from them, which is several times larger.
// The answer's validators (ETag, Last-Modified) are kept with it: the client sends them back
// (If-None-Match, If-Modified-Since), and a 304 means the value kept for that very request. They
// live and go with the bytes they describe, so a 304 is never answered from another request's
// value, and the map that holds them is the memo's, bounded.
// An answer of a megabyte or more is kept as its SHA-256 instead (issue 31): a job with 200 000
// state.log entries answers 14 MB, and its bytes were kept once per memo (the job's, the page's,
// the sweep's: 42 MB, next to a parsed log of ~15 MB). Hashing 14 MB costs ~30 ms, at most once
// per such answer (the job's byte budget polls it every 30 s); node:crypto is loaded only then.
import { loadBuiltin } from "../load-builtin.js";

/** What the service said identifies an answer (validators.ts reads them): sent back, a 304 says it still holds. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

/** An answer kept for a request: what a 304 to its validators means. */
export interface Kept {
  value: unknown;
  validators: Validators | undefined;
}

export interface SameBody {
  /**
   * What `decode` made of the same bytes asked for with the same key last time, or makes now;
   * `validators` are the answer's, kept with it.
   */
  decode<T>(key: string, bytes: Buffer, decode: () => T, validators?: Validators): T;
  /** The answer kept for `key`, if any: its value and its validators. */
  kept?(key: string): Kept | undefined;
}

/** Remembers one answer (the last one decoded without error): the page poller's. */
export function sameBody(): SameBody {
  return sameBodies({ max: 1 });
}

/** Remembers the last answer for each key (the index's sweep: one per page); `retain` forgets the others. */
export interface SameBodies extends SameBody {
  retain(keep: (key: string) => boolean): void;
}

/**
 * The last answer per key, the least recently used let go beyond `max` entries; beyond `maxBytes`
 * of answers the oldest first keep only their validators and a weak hold on their value (the
 * newest is always kept whole, however large): the client's jobs, a handful of ids (the selected
 * job, the pins) of which a few may be megabytes. Let go whole, a 14 MB job's ETag went as soon
 * as a pin's answer came, and the job was asked without it, 14 MB every time, each parsed again.
 * Held weakly, its value lasts while a poller shows it (no memory the poller does not hold
 * already), and a 304 still means it; once let go, the request goes without the validators.
 */
export function sameBodies(bound: { max?: number; maxBytes?: number } = {}): SameBodies {
  const max = bound.max ?? Number.POSITIVE_INFINITY;
  const maxBytes = bound.maxBytes ?? Number.POSITIVE_INFINITY;
  interface Entry {
    /** What is kept to know the answer again (its bytes, or a large one's digest: printOf); undefined once let go for the bound. */
    print: Print | undefined;
    value: unknown;
    /** The value held weakly once the bytes went (an object: a job, a page). */
    weak: WeakRef<object> | undefined;
    validators: Validators | undefined;
  }
  const last = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const had = last.get(key);
    if (!had) return;
    bytes -= had.print?.length ?? 0;
    last.delete(key);
  };
  /** The entry's bytes let go; its value held weakly if it has validators to send, else the entry goes. */
  const lighten = (key: string, e: Entry) => {
    if (!e.validators || typeof e.value !== "object" || e.value === null) return drop(key);
    bytes -= e.print?.length ?? 0;
    e.weak = new WeakRef(e.value);
    e.print = undefined;
    e.value = undefined;
  };
  return {
    decode<T>(key: string, body: Buffer, decode: () => T, validators?: Validators): T {
      const had = last.get(key);
      drop(key);
      const print = printOf(body);
      // Same bytes: last time's value, with the validators of this answer (a new ETag for the same bytes is still that answer's).
      const value = had?.print && samePrint(had.print, print) ? (had.value as T) : decode();
      last.set(key, { print, value, weak: undefined, validators });
      bytes += body.length;
      for (const [k, e] of last) {
        if (last.size <= 1 || (last.size <= max && bytes <= maxBytes)) break;
        if (k === key) continue;
        if (last.size > max) drop(k);
        else if (e.print) lighten(k, e);
      }
      return value;
    },
    kept(key) {
      const had = last.get(key);
      if (!had) return undefined;
      const value = had.weak ? had.weak.deref() : had.value;
      // Its value let go: no answer kept can stand for a 304, so none is asked for.
      if (value === undefined) {
        last.delete(key);
        return undefined;
      }
      // Used again: the most recent now.
      last.delete(key);
      last.set(key, had);
      return { value, validators: had.validators };
    },
    retain(keep) {
      for (const key of Array.from(last.keys())) if (!keep(key)) drop(key);
    },
  };
}

/** What is kept of an answer to know it again: its bytes, or for a large one its length and SHA-256. */
interface Print {
  length: number;
  bytes: Buffer;
}

const DIGEST_FROM = 1 << 20;

function printOf(body: Buffer): Print {
  if (body.length < DIGEST_FROM) return { length: body.length, bytes: body };
  const { createHash } = loadBuiltin("node:crypto") as typeof import("node:crypto");
  return { length: body.length, bytes: createHash("sha256").update(body).digest() };
}

function samePrint(a: Print, b: Print): boolean {
  return a.length === b.length && a.bytes.equals(b.bytes);
}

/** `memo` under one key whatever the request's URL: the index's sweep keeps one answer per page (its number and size). */
export function keyedMemo(memo: SameBody, key: string): SameBody {
  return {
    decode: (_url, bytes, decode, validators) => memo.decode(key, bytes, decode, validators),
    kept: (_url) => memo.kept?.(key),
  };
}
