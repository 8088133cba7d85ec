// Fading highlights: keys such as `job:123` and `entry:123:456` (a log entry of job 123) with the time they expire.

export type Highlights = ReadonlyMap<string, number>;

export function addHighlights(
  h: Highlights,
  keys: readonly string[],
  nowMs: number,
  ttlMs: number,
): Highlights {
  const next = new Map(activeHighlights(h, nowMs));
  for (const k of keys) next.set(k, nowMs + ttlMs);
  return next;
}

/** Drops expired keys; returns the same map when nothing expired. */
export function activeHighlights(h: Highlights, nowMs: number): Highlights {
  let expired = false;
  for (const t of h.values()) if (t <= nowMs) expired = true;
  if (!expired) return h;
  const next = new Map<string, number>();
  for (const [k, t] of h) if (t > nowMs) next.set(k, t);
  return next;
}

/** When the first highlight expires (Infinity if none). A loop: a spread into Math.min fails past ~100 000 keys. */
export function nextExpiry(h: Highlights): number {
  let next = Number.POSITIVE_INFINITY;
  for (const t of h.values()) if (t < next) next = t;
  return next;
}

export function isHighlighted(h: Highlights, key: string, nowMs: number): boolean {
  const t = h.get(key);
  return t !== undefined && t > nowMs;
}
