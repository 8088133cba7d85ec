// Checks of single values, shared by the flags, the environment and the config file: each says
// what is wrong in words, and src/config/resolve.ts or ./parse-file.ts names where it came from.
import { proxyProblem, showProxy } from "../model/proxy-url.js";
import { isClean } from "../model/sanitize.js";
import { clusterCut } from "../model/width.js";

/** Parses "2", "2s", "500ms", "1m" into milliseconds; bare numbers are seconds. */
export function parseDuration(v: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(v);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? "s") as "ms" | "s" | "m" | "h"];
  return Math.round(n * unit);
}

/** Checks a duration (a string like "2s", or a number of seconds); returns ms or what is wrong. */
export function checkDuration(v: unknown, range: readonly [number, number]): number | string {
  const ms =
    typeof v === "number" && Number.isFinite(v) && v >= 0
      ? Math.round(v * 1000)
      : typeof v === "string"
        ? parseDuration(v)
        : undefined;
  if (ms === undefined) return `expected a duration like 2s or 500ms, got ${show(v)}`;
  const [min, max] = range;
  if (ms < min || ms > max) return `must be between ${min / 1000}s and ${max / 1000}s`;
  return ms;
}

/** Checks a service URL; returns it without trailing slashes, or what is wrong. */
export function checkBaseUrl(v: string, tokenHint = "JOBTOP_TOKEN"): { url: string } | { error: string } {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return { error: `not a URL: ${show(v)}` };
  }
  if (u.protocol !== "http:" && u.protocol !== "https:")
    return { error: `must start with http:// or https://, got "${u.protocol}"` };
  if (u.username || u.password) return { error: `put credentials in ${tokenHint}, not in the URL` };
  // Request paths are appended to the base URL: after a query or a fragment they would land in
  // it, and the base path would be silently dropped.
  if (v.includes("?") || v.includes("#"))
    return { error: "must not have a query (?…) or a fragment (#…); give the service's base path only" };
  return { url: u.toString().replace(/\/+$/, "") };
}

/** The token is sent with every request: over http:// to another machine, anyone on the way reads it. */
export function clearTextWarning(baseUrl: string | undefined): string[] {
  if (!baseUrl) return [];
  const u = new URL(baseUrl);
  if (u.protocol !== "http:" || isLoopback(u.hostname)) return [];
  return [`the token travels in clear text over http:// to ${u.host}; use https://`];
}

/**
 * A base_url ending in /v1: jobtop adds the API's /v1/job… itself, so such a base asks
 * /v1/v1/job/jobs, and every answer is a 404. Said at load (and in `config check`, which said ok).
 */
export function basePathWarning(baseUrl: string | undefined): string[] {
  if (!baseUrl) return [];
  const path = new URL(baseUrl).pathname.replace(/\/+$/, "");
  if (!/\/v1$/i.test(path)) return [];
  return [
    `base_url ends in /v1, and jobtop adds /v1/job itself (it would ask ${path}/v1/job/jobs): base_url is the part before /v1`,
  ];
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname === "[::1]"
  );
}

/**
 * A proxy: an http(s) URL, or "none" to ignore the proxy variables of the environment. What is
 * wrong is said with the value's credentials masked (model/proxy-url.ts).
 */
export function checkProxy(v: string): { proxy: string } | { error: string } {
  if (v === "none") return { proxy: v };
  const problem = /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? proxyProblem(v) : "not a proxy URL";
  if (problem === "not a proxy URL")
    return { error: `expected an http:// or https:// URL, or "none", got ${showProxy(v)}` };
  if (problem) return { error: `${problem} (or "none"): ${showProxy(v)}` };
  return { proxy: v };
}

/** The list columns, by their names in the config file (and --columns), and their ids. */
export const COLUMNS = {
  status: "status",
  display: "displayID",
  remark: "remark",
  gpu: "gpu",
  age: "age",
  node: "node",
  id: "id",
  queue: "queueLen",
  // Issue 32: durations from state.log, shown only when listed (src/render/columns.ts).
  in_status: "inStatus",
  waited: "waited",
} as const;
export type ColumnName = keyof typeof COLUMNS;
/** jobtop's columns, and a custom one ([[custom_columns]], issue 32) by its name: "custom:HOST". */
export type ListColumn = (typeof COLUMNS)[ColumnName] | `custom:${string}`;
/** A custom column's name: upper case, so that it never reads as one of jobtop's (which are lower case). */
export const CUSTOM_COLUMN_NAME = /^[A-Z][A-Z0-9_-]{0,15}$/;

export function checkColumns(names: readonly unknown[]): ListColumn[] | string {
  const out: ListColumn[] = [];
  for (const n of names) {
    // [[columns]] reads as a list of tables, and a table (of no prototype) cannot be shown as text.
    if (typeof n === "object" && n !== null)
      return `expected column names like "status", got a ${Array.isArray(n) ? "list" : "table"} ([[columns]] is no table's name: a column of your own is a [[custom_columns]] table)`;
    // A custom column's name is checked once its table is read (insight-tables.ts, columnsInForce).
    if (typeof n === "string" && CUSTOM_COLUMN_NAME.test(n)) {
      if (!out.includes(`custom:${n}`)) out.push(`custom:${n}`);
      continue;
    }
    if (typeof n !== "string" || !Object.hasOwn(COLUMNS, n))
      return `unknown column ${show(n)}${suggest(String(n), Object.keys(COLUMNS))}; columns are ${Object.keys(COLUMNS).join(", ")}, and your [[custom_columns]] by name`;
    const id = COLUMNS[n as ColumnName];
    if (!out.includes(id)) out.push(id);
  }
  if (out.length === 0) return "list at least one column";
  return out;
}

/** Names in one table: more than any service has codes, few enough to lay out in no time. */
export const MAX_LABELS = 1000;

/** Pins a run may hold: each one off the page costs a request per list interval (poll/pins.ts). */
export const MAX_PINS = 20;

/** A name for a status or protocol code: short, printable, and not blank. */
export function checkLabel(code: string, name: unknown): { code: number; name: string } | string {
  if (!/^-?\d{1,9}$/.test(code.trim())) return `${show(code)} is not a code: use a whole number like 6`;
  const r = checkName(name, "queued");
  return "error" in r ? r.error : { code: Number(code.trim()), name: r.name };
}

/** A name for a port number ([ports]: 6006 = "tensorboard"), short and printable like a status's. */
export function checkPortName(port: string, name: unknown): { port: number; name: string } | string {
  const p = port.trim();
  if (!/^\d{1,5}$/.test(p) || Number(p) < 1 || Number(p) > 65_535)
    return `${show(port)} is not a port: use a number from 1 to 65535, like 6006`;
  const r = checkName(name, "tensorboard");
  return "error" in r ? r.error : { port: Number(p), name: r.name };
}

function checkName(name: unknown, example: string): { name: string } | { error: string } {
  if (typeof name !== "string")
    return { error: `expected a name in quotes, like "${example}", got ${show(name)}` };
  const label = name.trim();
  if (!label) return { error: "the name is empty" };
  if (!isClean(label)) return { error: "the name holds control characters" };
  if (label.length > 24) return { error: "the name is longer than 24 characters" };
  return { name: label };
}

/** "6=queued,1=starting" (the --status-labels flag) into a table, or what is wrong. */
export function parseLabelList(v: string): Record<number, string> | string {
  const out: Record<number, string> = {};
  const parts = v.split(",");
  if (parts.length > MAX_LABELS) return `more than ${MAX_LABELS} names`;
  for (const part of parts) {
    if (!part.trim()) continue;
    const eq = part.indexOf("=");
    if (eq < 0) return `expected CODE=NAME pairs like 6=queued,2=running, got ${show(part.trim())}`;
    const r = checkLabel(part.slice(0, eq), part.slice(eq + 1));
    if (typeof r === "string") return r;
    out[r.code] = r.name;
  }
  return out;
}

/** A value as a user would quote it in a message, cut short and made printable. */
export function show(v: unknown): string {
  const s =
    typeof v === "string"
      ? JSON.stringify(v)
      : Array.isArray(v)
        ? "a list"
        : v instanceof Date // a TOML date or time (smol-toml's TomlDate)
          ? "a date"
          : typeof v === "object" && v
            ? "a table"
            : String(v);
  return clean(s, 60);
}

/**
 * Text of the user's (a value, a TOML parser's message, a key) made one printable line for a
 * message: control characters, and bidi controls unless `keepBidi`, become "?"; longer than `max`,
 * cut with "…". (load.ts keeps the bidi controls, which sanitize then shows escaped, as it did.)
 */
export function clean(s: string, max: number, keepBidi = false): string {
  const one = s.replace(keepBidi ? CONTROL : CONTROL_OR_BIDI, "?");
  return one.length > max ? `${one.slice(0, clusterCut(one, max - 1))}…` : one;
}
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** ` (did you mean "x"?)` when one of `known` is a small edit away from `word`. */
export function suggest(word: string, known: readonly string[]): string {
  let best: string | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const k of known) {
    const d = editDistance(word.toLowerCase(), k.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  const limit = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
  return best !== undefined && bestD <= limit ? ` (did you mean "${best}"?)` : "";
}

/** Optimal string alignment distance: edits, with a swap of two neighbours counted as one. */
function editDistance(a: string, b: string): number {
  if (a.length > 64 || b.length > 64) return Number.POSITIVE_INFINITY;
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row[j] = j;
        continue;
      }
      const prev = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = v;
    }
    d.push(row);
  }
  return (d[a.length] as number[])[b.length] as number;
}
