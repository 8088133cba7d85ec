// The times the spec shows only as null (updateTime, releaseTime, ctx.releaseTime), when a
// service sends one. The spec's own time is `{ seconds }` (createTime, a log entry's ts); a
// protobuf Timestamp comes as `{ seconds, nanos }` (64-bit numbers often as strings) or, in
// proto3's canonical JSON, as an RFC 3339 string. Anything else is not taken for a time.

/** Beyond ±8.64e12 s a Date is invalid. */
const MAX_SECONDS = 8.64e12;
const RFC3339 = /^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(\.\d{1,9})?([Zz]|[+-]\d\d:\d\d)$/;

/** Unix seconds of a time in one of those shapes; undefined for anything else (null included). */
export function timeOf(v: unknown): number | undefined {
  if (typeof v === "string") {
    if (!RFC3339.test(v)) return undefined;
    const ms = Date.parse(v.replace(" ", "T").toUpperCase());
    return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return undefined;
  let seconds: number | undefined;
  for (const k in v) {
    if (!Object.hasOwn(v, k)) continue;
    const n = integer((v as Record<string, unknown>)[k]);
    if (k === "seconds" && n !== undefined && Math.abs(n) <= MAX_SECONDS) seconds = n;
    else if (!(k === "nanos" && n !== undefined && n >= 0 && n < 1e9)) return undefined;
  }
  return seconds;
}

/** A JSON integer, or one written as a string of digits. */
function integer(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isInteger(v) ? v : undefined;
  if (typeof v === "string" && /^-?\d{1,16}$/.test(v)) return Number(v);
  return undefined;
}
