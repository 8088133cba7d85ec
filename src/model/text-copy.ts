// Text kept for long (the index's entries, the insight's digests) is capped, and the cap must be a
// string of its own: V8's slice of a long string is a view that keeps the whole string alive, so
// 2 000 index entries "capped" at 4 kB each held every 150 kB remark whole (300 MB, not 8).

/** The first `max` characters of `s` in a string of their own (`s` itself when it is short enough). */
export function capCopy(s: string, max: number): string {
  if (s.length <= max) return s;
  // Joined to a character and cut again: V8 flattens the join into a new string of max + 1
  // characters, which the cut's view then holds instead of `s`.
  return ` ${s.slice(0, max)}`.slice(1);
}
