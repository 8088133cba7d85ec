// The trend (issue 32): the count of each status at every sweep, one sample per 5-minute slot (the
// slot's last sweep), at most 7 days of slots, for the stats view's sparklines and for the state
// file that keeps it across restarts (src/state/trend-file.ts). Pure: `now` is an argument.
// Bounded whatever the service sends: at most MAX_TREND_CODES statuses (those met first; a
// later one is counted as dropped), MAX_SLOTS slots, so the serialised form stays far below 1 MB
// (2 016 slots × 12 counts: ~150 kB).

export const TREND_STEP_SEC = 300;
export const TREND_SPAN_SEC = 7 * 24 * 3600;
export const MAX_SLOTS = TREND_SPAN_SEC / TREND_STEP_SEC;
export const MAX_TREND_CODES = 12;
/** The serialised trend's ceiling: a file larger than this is not read. */
export const MAX_TREND_BYTES = 1 << 20;

export interface Trend {
  /** The statuses, in the order first met; each slot's counts follow this order. */
  codes: number[];
  /** Slots, oldest first: the slot's start (a multiple of TREND_STEP_SEC) and its counts. */
  slots: { t: number; counts: number[] }[];
  /** Statuses not kept (past MAX_TREND_CODES): how many samples had one. */
  dropped: number;
}

export const emptyTrend = (): Trend => ({ codes: [], slots: [], dropped: 0 });

/**
 * The trend with the counts of a sweep at `nowSec`: the slot of `nowSec` takes them (a later
 * sweep in the same slot replaces them); slots older than 7 days go. A clock that went back: the
 * slots after `nowSec` go (they were the future). A new one, never the trend given.
 */
export function recordTrend(trend: Trend, counts: ReadonlyMap<number, number>, nowSec: number): Trend {
  if (!Number.isFinite(nowSec) || nowSec < 0) return trend;
  const t = Math.floor(nowSec / TREND_STEP_SEC) * TREND_STEP_SEC;
  const codes = trend.codes.slice();
  let dropped = trend.dropped;
  for (const code of counts.keys())
    if (!codes.includes(code)) {
      if (codes.length < MAX_TREND_CODES) codes.push(code);
      else dropped++;
    }
  const row = codes.map((c) => counts.get(c) ?? 0);
  const oldest = t - TREND_SPAN_SEC + TREND_STEP_SEC;
  const slots: Trend["slots"] = [];
  for (const s of trend.slots) if (s.t >= oldest && s.t < t) slots.push(s);
  slots.push({ t, counts: row });
  if (slots.length > MAX_SLOTS) slots.splice(0, slots.length - MAX_SLOTS);
  return { codes, slots, dropped };
}

/** One status's counts over time, oldest first (0 where a slot predates the status), and min, max, now. */
export function trendSeries(
  trend: Trend,
  code: number,
): { values: number[]; min: number; max: number; now: number } | undefined {
  const i = trend.codes.indexOf(code);
  if (i < 0 || trend.slots.length === 0) return undefined;
  const values: number[] = [];
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (const s of trend.slots) {
    const v = s.counts[i] ?? 0;
    values.push(v);
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { values, min, max, now: values[values.length - 1] as number };
}

/** The trend as compact JSON: {"v":1,"step":300,"codes":[…],"slots":[[t,n,n,…],…]}. */
export function serialiseTrend(trend: Trend): string {
  // A slot older than a status has fewer counts: written as 0s, so that every row is whole.
  const rows = trend.slots.map((s) => {
    const row = [s.t];
    for (let i = 0; i < trend.codes.length; i++) row.push(s.counts[i] ?? 0);
    return row;
  });
  return JSON.stringify({ v: 1, step: TREND_STEP_SEC, codes: trend.codes, slots: rows });
}

/** The trend from its JSON; undefined when it is not one (damaged, another version, too large). */
export function parseTrend(text: string): Trend | undefined {
  if (text.length > MAX_TREND_BYTES) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== "object" || data === null) return undefined;
  const d = data as { v?: unknown; step?: unknown; codes?: unknown; slots?: unknown };
  if (d.v !== 1 || d.step !== TREND_STEP_SEC || !Array.isArray(d.codes) || !Array.isArray(d.slots))
    return undefined;
  const codes = d.codes;
  if (codes.length > MAX_TREND_CODES || !codes.every((c) => Number.isSafeInteger(c))) return undefined;
  if (new Set(codes).size !== codes.length || d.slots.length > MAX_SLOTS) return undefined;
  const slots: Trend["slots"] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (const row of d.slots) {
    if (!Array.isArray(row) || row.length !== codes.length + 1) return undefined;
    if (!row.every((n) => Number.isSafeInteger(n) && n >= 0)) return undefined;
    const t = row[0] as number;
    if (t % TREND_STEP_SEC !== 0 || t <= last) return undefined;
    last = t;
    slots.push({ t, counts: row.slice(1) as number[] });
  }
  return { codes: codes as number[], slots, dropped: 0 };
}
