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

/**
 * A job as the user typed it: its id (in the service's decimal form), or its displayID (what
 * every screen shows first): a word of up to 64 printable characters with a letter in it, not
 * starting with "-" (`-5.5` is a number mistyped, not a name). Undefined: neither.
 */
export function parseJobRef(text: string): string | undefined {
  const id = parseJobId(text);
  if (id !== undefined) return id;
  const t = text.trim();
  return /^[^\s\u0000-\u001f\u007f-\u009f-][^\s\u0000-\u001f\u007f-\u009f]{0,63}$/u.test(t) &&
    /\p{L}/u.test(t)
    ? t
    : undefined;
}

/** A ref parseJobRef gave that is an id, not a displayID. */
export function isJobId(ref: string): boolean {
  return /^-?\d+$/.test(ref);
}
