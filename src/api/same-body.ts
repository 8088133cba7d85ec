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
 * The last answer per key, the least recently used let go beyond `max` entries or `maxBytes` of
 * answers (the newest is always kept, however large): the client's jobs, a handful of ids (the
 * selected job, the pins) of which a few may be megabytes.
 */
export function sameBodies(bound: { max?: number; maxBytes?: number } = {}): SameBodies {
  const max = bound.max ?? Number.POSITIVE_INFINITY;
  const maxBytes = bound.maxBytes ?? Number.POSITIVE_INFINITY;
  const last = new Map<string, { bytes: Buffer; value: unknown; validators: Validators | undefined }>();
  let bytes = 0;
  const drop = (key: string) => {
    const had = last.get(key);
    if (!had) return;
    bytes -= had.bytes.length;
    last.delete(key);
  };
  return {
    decode<T>(key: string, body: Buffer, decode: () => T, validators?: Validators): T {
      const had = last.get(key);
      drop(key);
      // Same bytes: last time's value, with the validators of this answer (a new ETag for the same bytes is still that answer's).
      const value = had?.bytes.equals(body) ? (had.value as T) : decode();
      last.set(key, { bytes: body, value, validators });
      bytes += body.length;
      for (const k of last.keys()) {
        if (last.size <= 1 || (last.size <= max && bytes <= maxBytes)) break;
        drop(k);
      }
      return value;
    },
    kept(key) {
      const had = last.get(key);
      if (!had) return undefined;
      // Used again: the most recent now.
      last.delete(key);
      last.set(key, had);
      return { value: had.value, validators: had.validators };
    },
    retain(keep) {
      for (const key of Array.from(last.keys())) if (!keep(key)) drop(key);
    },
  };
}

/** `memo` under one key whatever the request's URL: the index's sweep keeps one answer per page (its number and size). */
export function keyedMemo(memo: SameBody, key: string): SameBody {
  return {
    decode: (_url, bytes, decode, validators) => memo.decode(key, bytes, decode, validators),
    kept: (_url) => memo.kept?.(key),
  };
}
