// A poll whose answer is byte for byte the last one's costs no parse and no render: the client
// hands back the very object it decoded last time, so the poller, the monitor and React all see
// "no change" by identity. Most polls of a monitor left open are such repeats (a page every
// 10 s, the selected job every 2 s); parsing and validating them was most of a poll's CPU, and a
// new object per poll re-rendered the screen.
// Compared byte for byte with the last answer's bytes, kept for that: exact (a change is never
// taken for a repeat), a memcmp per poll, and no node:crypto (a SHA-1 of each answer needed it:
// 2–3.5 ms of every start to load, BENCHMARKS.md). The cost is one answer's bytes per kind of
// request (a page, a job), next to the data decoded from them, which is several times larger.
export interface SameBody {
  /** What `decode` made of the same bytes asked for with the same key last time, or makes now. */
  decode<T>(key: string, bytes: Buffer, decode: () => T): T;
}

/** Remembers one answer (the last one decoded without error); one per kind of request. */
export function sameBody(): SameBody {
  let last: { key: string; bytes: Buffer; value: unknown } | undefined;
  return {
    decode<T>(key: string, bytes: Buffer, decode: () => T): T {
      if (last && last.key === key && last.bytes.equals(bytes)) return last.value as T;
      last = undefined;
      const value = decode();
      last = { key, bytes, value };
      return value;
    },
  };
}

/** Remembers the last answer for each key (the index's sweep: one per page); `retain` forgets the others. */
export interface SameBodies extends SameBody {
  retain(keep: (key: string) => boolean): void;
}

export function sameBodies(): SameBodies {
  const last = new Map<string, { bytes: Buffer; value: unknown }>();
  return {
    decode<T>(key: string, bytes: Buffer, decode: () => T): T {
      const had = last.get(key);
      if (had?.bytes.equals(bytes)) return had.value as T;
      last.delete(key);
      const value = decode();
      last.set(key, { bytes, value });
      return value;
    },
    retain(keep) {
      for (const key of Array.from(last.keys())) if (!keep(key)) last.delete(key);
    },
  };
}
