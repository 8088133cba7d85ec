// The config file's lists of tables of issue 32: `[[alerts]]` (stuck rules), at the top level and
// in each [profiles.NAME]. Taken out of the parsed TOML before the settings' strict schema sees
// it (as [[actions]] are), each problem one line "file:line: alerts[1].longer_than: what", at its
// own element's line. A profile's rule replaces the top level's of the same name (alertsInForce).

import { dottedPath, kind } from "../actions/definitions.js";
import type { AlertMatch, AlertRule } from "../model/alerts.js";
import type { CustomColumn } from "../model/job-insight.js";
import { type JobPath, parseJobPath } from "../model/job-path.js";
import { isClean } from "../model/sanitize.js";
import { parseStatusList } from "../model/status.js";
import { CUSTOM_COLUMN_NAME, type ListColumn, parseDuration } from "./checks.js";
import { keyLines } from "./key-lines.js";
import { ConfigError, type Layer, type Settings } from "./types.js";

const KEYS = ["name", "statuses", "longer_than", "match"] as const;
const MATCH_KEYS = ["remark", "gpu", "node", "class"] as const;
export const MAX_ALERTS = 50;
/** A duration of parseDuration's (500ms, 30s, 10m, 2h) or whole days ("2d"), in ms; undefined if not one. */
export function parseLongDuration(text: string): number | undefined {
  const m = /^\s*(\d{1,4})\s*d\s*$/.exec(text);
  return m ? Number(m[1]) * 86_400_000 : parseDuration(text);
}

/** The longest `longer_than`: a year (a longer one never fires in a monitor's life). */
const MAX_LONGER_SEC = 366 * 86_400;

type Path = (string | number)[];

class Bad {
  constructor(
    readonly path: Path,
    readonly message: string,
  ) {}
}
const bad = (path: Path, message: string): never => {
  throw new Bad(path, message);
};

const isTable = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** What the file's tables give one layer (the top level, or a profile): its Settings' `insight`. */
export type InsightTables = NonNullable<Settings["insight"]>;

export interface TakenTables {
  /** By the table's path joined with \u0001: "" for the top level, "profiles\u0001prod" for a profile. */
  byTable: Map<string, InsightTables>;
  errors: { line: number | undefined; text: string }[];
}

/**
 * Takes `alerts` out of `data` (the top level and each profile) and parses them; status names are
 * the file's [status] names (a profile's: its own over the top level's).
 */
export function takeInsightTables(data: Record<string, unknown>, text: string, path: string): TakenTables {
  const byTable = new Map<string, InsightTables>();
  const errors: TakenTables["errors"] = [];
  if (!text.includes("alerts") && !text.includes("custom_columns")) return { byTable, errors };
  const lines = keyLines(text);
  const lineOf = (key: Path) => {
    for (let n = key.length; n > 0; n--) {
      const line = lines.get(key.slice(0, n).join("\u0001"));
      if (line !== undefined) return line;
    }
    return undefined;
  };
  const labelsOf = (v: unknown): Record<number, string> => {
    const out: Record<number, string> = {};
    if (!isTable(v)) return out;
    for (const [code, name] of Object.entries(v)) if (typeof name === "string") out[Number(code)] = name;
    return out;
  };
  const said = (e: Bad) => {
    const line = lineOf(e.path);
    errors.push({
      line,
      text: `${path}${line === undefined ? "" : `:${line}`}: ${dottedPath(e.path)}: ${e.message}`,
    });
  };
  const take = (table: Record<string, unknown>, at: string[], labels: Record<number, string>) => {
    const tables: InsightTables = {};
    if (Object.hasOwn(table, "alerts")) {
      const r = parseAlerts(table.alerts, [...at, "alerts"], labels);
      delete table.alerts;
      for (const e of r.errors) said(e);
      tables.alerts = r.alerts;
    }
    if (Object.hasOwn(table, "custom_columns")) {
      const r = parseCustomColumns(table.custom_columns, [...at, "custom_columns"]);
      delete table.custom_columns;
      for (const e of r.errors) said(e);
      tables.customColumns = r.columns;
    }
    byTable.set(at.join("\u0001"), tables);
  };
  const top = labelsOf(data.status);
  take(data, [], top);
  const profiles = data.profiles;
  if (isTable(profiles))
    for (const [name, t] of Object.entries(profiles))
      if (isTable(t)) take(t, ["profiles", name], { ...top, ...labelsOf(t.status) });
  return { byTable, errors };
}

/** An `alerts` value: every rule with a problem gives one error; the others are kept. */
export function parseAlerts(
  raw: unknown,
  at: Path,
  labels: Record<number, string>,
): { alerts: AlertRule[]; errors: Bad[] } {
  const alerts: AlertRule[] = [];
  const errors: Bad[] = [];
  if (!Array.isArray(raw))
    return { alerts, errors: [new Bad(at, `expected [[alerts]] tables, got ${kind(raw)}`)] };
  if (raw.length > MAX_ALERTS) return { alerts, errors: [new Bad(at, `more than ${MAX_ALERTS} rules`)] };
  const names = new Set<string>();
  for (let i = 0; i < raw.length; i++) {
    try {
      const rule = parseRule(raw[i], [...at, i], labels);
      if (names.has(rule.name)) bad([...at, i, "name"], `a second rule named "${rule.name}"`);
      names.add(rule.name);
      alerts.push(rule);
    } catch (e) {
      if (!(e instanceof Bad)) throw e;
      errors.push(e);
    }
  }
  return { alerts, errors };
}

function parseRule(raw: unknown, path: Path, labels: Record<number, string>): AlertRule {
  if (!isTable(raw))
    return bad(path, `expected a table with name, statuses and longer_than, got ${kind(raw)}`);
  for (const k of Object.keys(raw))
    if (!(KEYS as readonly string[]).includes(k))
      bad([...path, k], `unknown key: expected one of ${KEYS.join(", ")}`);
  const name = raw.name;
  if (name === undefined) bad(path, "a rule needs a name");
  if (typeof name !== "string" || !/^[A-Za-z0-9._-]{1,32}$/.test(name))
    bad(
      [...path, "name"],
      `expected a name of up to 32 letters, digits, dots, dashes and underscores, got ${kind(name)}`,
    );
  const st = raw.statuses;
  if (st === undefined) bad(path, `rule "${name}" needs statuses (codes or [status] names)`);
  const words: string[] = [];
  if (!Array.isArray(st) || st.length === 0 || st.length > 50)
    bad([...path, "statuses"], `expected a list of status codes or names, got ${kind(st)}`);
  for (const w of st as unknown[]) {
    if (typeof w === "number" && Number.isSafeInteger(w)) words.push(String(w));
    else if (typeof w === "string" && isClean(w) && !w.includes(",")) words.push(w);
    else bad([...path, "statuses"], `expected status codes or names, got ${kind(w)}`);
  }
  const parsed = parseStatusList(words.join(","), labels);
  if ("error" in parsed) bad([...path, "statuses"], parsed.error);
  const lt = raw.longer_than;
  if (lt === undefined) bad(path, `rule "${name}" needs longer_than (a duration like 30m or 2h)`);
  const ms =
    typeof lt === "string"
      ? parseLongDuration(lt)
      : typeof lt === "number" && Number.isFinite(lt) && lt >= 0
        ? lt * 1000
        : undefined;
  if (ms === undefined)
    bad([...path, "longer_than"], `expected a duration like 30m, 2h or 1d, got ${kind(lt)}`);
  const sec = Math.round((ms as number) / 1000);
  if (sec < 1 || sec > MAX_LONGER_SEC) bad([...path, "longer_than"], "expected from 1s to 8784h (a year)");
  const rule: AlertRule = {
    name: name as string,
    statuses: (parsed as { codes: number[] }).codes,
    longerThanSec: sec,
  };
  if (raw.match !== undefined) rule.match = parseMatch(raw.match, [...path, "match"]);
  return rule;
}

function parseMatch(raw: unknown, path: Path): AlertMatch {
  if (!isTable(raw)) return bad(path, `expected a table like { remark = "train-*" }, got ${kind(raw)}`);
  const out: AlertMatch = {};
  for (const [k, v] of Object.entries(raw)) {
    if (!(MATCH_KEYS as readonly string[]).includes(k))
      bad([...path, k], `unknown key: expected one of ${MATCH_KEYS.join(", ")}`);
    if (typeof v !== "string" || v.length > 200 || !isClean(v))
      bad([...path, k], `expected a glob in quotes (* and ?), got ${kind(v)}`);
    out[k as keyof AlertMatch] = v as string;
  }
  return out;
}

/**
 * The rules of every layer, lowest first: a higher layer's rule (a profile's over the file's top
 * level) replaces one of the same name, where it was; the others are added.
 */
export function alertsInForce(layers: readonly Layer[]): AlertRule[] {
  const rules = byNameInForce(layers, (t) => t.alerts);
  if (rules.length > MAX_ALERTS) throw new ConfigError(`more than ${MAX_ALERTS} [[alerts]] rules in force`);
  return rules;
}

const COLUMN_KEYS = ["name", "path", "width"] as const;
export const MAX_CUSTOM_COLUMNS = 20;

/** A `custom_columns` value: `[[custom_columns]] name = "HOST", path = "app.hostname", width = 16`. */
export function parseCustomColumns(raw: unknown, at: Path): { columns: CustomColumn[]; errors: Bad[] } {
  const columns: CustomColumn[] = [];
  const errors: Bad[] = [];
  if (!Array.isArray(raw))
    return { columns, errors: [new Bad(at, `expected [[custom_columns]] tables, got ${kind(raw)}`)] };
  if (raw.length > MAX_CUSTOM_COLUMNS)
    return { columns, errors: [new Bad(at, `more than ${MAX_CUSTOM_COLUMNS} custom columns`)] };
  for (let i = 0; i < raw.length; i++) {
    const p = [...at, i];
    try {
      const t = raw[i];
      if (!isTable(t)) bad(p, `expected a table with name and path, got ${kind(t)}`);
      const c = t as Record<string, unknown>;
      for (const k of Object.keys(c))
        if (!(COLUMN_KEYS as readonly string[]).includes(k))
          bad([...p, k], `unknown key: expected one of ${COLUMN_KEYS.join(", ")}`);
      const name = c.name;
      if (typeof name !== "string" || !CUSTOM_COLUMN_NAME.test(name))
        bad(
          [...p, "name"],
          `expected a name in upper case (A-Z, digits, _ -; up to 16), like "HOST", got ${kind(name)}`,
        );
      if (columns.some((x) => x.name === name)) bad([...p, "name"], `a second column named "${name}"`);
      if (typeof c.path !== "string")
        bad(c.path === undefined ? p : [...p, "path"], `column "${name}" needs a path like "app.hostname"`);
      const parsed = parseJobPath(c.path as string);
      if ("error" in parsed) bad([...p, "path"], parsed.error);
      const width = c.width ?? 12;
      if (typeof width !== "number" || !Number.isInteger(width) || width < 1 || width > 80)
        bad([...p, "width"], `expected a whole number of cells from 1 to 80, got ${kind(width)}`);
      columns.push({
        name: name as string,
        path: (parsed as { path: JobPath }).path,
        pathText: c.path as string,
        width: width as number,
      });
    } catch (e) {
      if (!(e instanceof Bad)) throw e;
      errors.push(e);
    }
  }
  return { columns, errors };
}

/**
 * The custom columns of every layer, a profile's replacing the top level's of the same name; and
 * `columns` checked against them: a name listed there and defined nowhere is a config error.
 */
export function customColumnsInForce(
  layers: readonly Layer[],
  columns: readonly ListColumn[] | undefined,
): CustomColumn[] {
  const out = byNameInForce(layers, (t) => t.customColumns);
  for (const id of columns ?? [])
    if (id.startsWith("custom:") && !out.some((c) => `custom:${c.name}` === id)) {
      const name = id.slice("custom:".length);
      const known = out.map((c) => c.name);
      throw new ConfigError(
        `columns: unknown column "${name}": define it with [[custom_columns]] name = "${name}", path = "…"${known.length ? ` (defined: ${known.join(", ")})` : ""}`,
      );
    }
  return out;
}

/** A list of every layer, lowest first: a higher layer's element replaces one of the same name, where it was. */
function byNameInForce<T extends { name: string }>(
  layers: readonly Layer[],
  pick: (t: InsightTables) => readonly T[] | undefined,
): T[] {
  let out: T[] = [];
  for (let i = layers.length - 1; i >= 0; i--) {
    const t = (layers[i] as Layer).settings.insight;
    const mine = t ? pick(t) : undefined;
    if (!mine?.length) continue;
    const byName = new Map(mine.map((x) => [x.name, x]));
    const kept = new Set(out.map((x) => x.name));
    out = out.map((x) => byName.get(x.name) ?? x);
    for (const x of mine) if (!kept.has(x.name)) out.push(x);
  }
  return out;
}
