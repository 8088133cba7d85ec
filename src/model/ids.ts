// Job and log-entry ids are exact decimal strings (see src/api/schema.ts IdSchema): a service may
// use 64-bit ids, which a JS number cannot hold. These helpers order and read them without
// converting to numbers.

export type JobId = string;

/** Numeric order of two decimal id strings (no leading zeros expected; "-" allowed). */
export function compareIds(a: string, b: string): number {
  const na = a.startsWith("-");
  const nb = b.startsWith("-");
  if (na !== nb) return na ? -1 : 1;
  const sign = na ? -1 : 1;
  if (a.length !== b.length) return (a.length - b.length) * sign;
  return a < b ? -sign : a > b ? sign : 0;
}

/**
 * A job id typed by the user ("123", " 00123 ", "-5"), as the service's decimal form; undefined if
 * not one. Any integer: the spec does not give the id's type, and a service may list -5.
 */
export function parseJobId(text: string): JobId | undefined {
  const m = /^(-?)0*(\d{1,40})$/.exec(text.trim());
  if (!m?.[2]) return undefined;
  return m[2] === "0" ? "0" : `${m[1]}${m[2]}`;
}
