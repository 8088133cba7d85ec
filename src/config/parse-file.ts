// Parsing and validating the config file (TOML, smol-toml; the shape, zod). Loaded only when a
// file exists. Every problem is one ConfigError, "file:line: key: what", the first in the file;
// a config file never makes jobtop crash.
import { dirname, resolve } from "node:path";
import { parse, TomlError } from "smol-toml";
import * as z from "zod/mini";
import { type JobAction, parseActions } from "../actions/definitions.js";
import { type TransformCtx, transform } from "../zod.js";
import { COLUMNS, type ColumnName, clean, suggest } from "./checks.js";
import { expandHome, MAX_CONFIG_BYTES } from "./config-path.js";
import { SETTING_KEYS, type SettingKey } from "./from-settings.js";
import { takeInsightTables } from "./insight-tables.js";
import { keyLines } from "./key-lines.js";
import { takeKeys } from "./keys-table.js";
import { tomlValue as kind, Problem, type ReadContext } from "./kinds.js";
import type { SettingRow } from "./setting-row.js";
import { SETTINGS } from "./settings.js";
import { ConfigError, type ConfigFile, type Settings, type TokenSource } from "./types.js";

/** Settings keys, the same at the top level and in a profile: the settings table's (./settings.ts). */
export { SETTING_KEYS };

type Ctx = TransformCtx;

/** Thrown by `fail` and caught by `field`: the check stops at its first problem. */
const FAILED = Symbol("failed");

/**
 * Says what is wrong and ends the check: a helper that fails (`str`, `path`…) never hands its
 * caller a value to go on with (returning z.NEVER did, and `ca_file = 1` crashed on its .trim()).
 */
function fail(ctx: Ctx, message: string, path?: (string | number)[]): never {
  ctx.addIssue({ code: "custom", message, path });
  throw FAILED;
}

/** A settings key: optional, any TOML value in, checked and converted by `check`. */
const field = <T>(check: (v: unknown, ctx: Ctx) => T) =>
  z.optional(
    z.pipe(
      z.unknown(),
      transform((v: unknown, ctx) => {
        try {
          return check(v, ctx);
        } catch (e) {
          if (e === FAILED) return z.NEVER as never;
          throw e;
        }
      }),
    ),
  );

/** The rows of the settings a file holds, at its top level and in a profile alike. */
const FILE_ROWS = (SETTINGS as readonly SettingRow[]).filter((r) =>
  SETTING_KEYS.includes(r.name as SettingKey),
);

/** Each key of the settings table's file rows, read by the row's kind (./kinds.ts), and no other key. */
function settingsSchema(dir: string) {
  // The token's `from` is its key's place, put in by toSettings once the line is known.
  const at: ReadContext = { source: "toml", where: "", path: (p) => resolve(dir, expandHome(p)) };
  const shape: Record<string, ReturnType<typeof field>> = {};
  for (const r of FILE_ROWS)
    shape[r.name] = field((v, ctx) => {
      const x = r.kind.read(v, at);
      return x instanceof Problem ? fail(ctx, x.message, x.key === undefined ? undefined : [x.key]) : x;
    });
  return z.strictObject(shape as Record<SettingKey, ReturnType<typeof field>>);
}

type FileSettings = z.output<ReturnType<typeof settingsSchema>>;

function fileSchema(dir: string) {
  const settings = settingsSchema(dir);
  return z.extend(settings, {
    profile: field((v, ctx) => {
      if (typeof v === "string") return v;
      if (typeof v === "object" && v !== null && !Array.isArray(v))
        return fail(
          ctx,
          "expected the default profile's name in quotes; a profile's own settings go under [profiles.NAME]",
        );
      return fail(ctx, `expected the default profile's name in quotes, got ${kind(v)}`);
    }),
    profiles: field((v, ctx) => {
      const out = new Map<string, FileSettings>();
      if (typeof v !== "object" || v === null || Array.isArray(v) || v instanceof Date)
        return fail(ctx, `expected tables like [profiles.prod], got ${kind(v)}`);
      for (const [name, table] of Object.entries(v)) {
        if (!/^[A-Za-z0-9._-]{1,32}$/.test(name))
          return fail(ctx, "a profile's name is up to 32 letters, digits, dots, dashes and underscores", [
            name,
          ]);
        if (typeof table !== "object" || table === null || Array.isArray(table) || table instanceof Date)
          return fail(ctx, `expected a table [profiles.${name}], got ${kind(table)}`, [name]);
        const r = settings.safeParse(table);
        if (!r.success) {
          for (const issue of r.error.issues)
            ctx.addIssue({ ...issue, path: [name, ...issue.path] } as never);
          return z.NEVER as never;
        }
        out.set(name, r.data);
      }
      return out;
    }),
  });
}

/** Parses and validates the text of the file at `path`. */
export function parseConfigFile(path: string, text: string): Omit<ConfigFile, "othersCanChange"> {
  if (text.length > MAX_CONFIG_BYTES)
    throw new ConfigError(`${path}: larger than ${MAX_CONFIG_BYTES / 1024} kB; is this the right file?`);
  let data: Record<string, unknown>;
  try {
    data = parse(text);
  } catch (e) {
    if (e instanceof TomlError) {
      const what = (e.message.split("\n")[0] ?? "").replace(/^Invalid TOML document: /, "");
      throw new ConfigError(`${path}:${e.line}: ${clean(what, 200)} (not valid TOML)`);
    }
    throw new ConfigError(
      `${path}: not valid TOML (${clean(e instanceof Error ? e.message : String(e), 200)})`,
    );
  }
  const lines = keyLines(text);
  const lineOf = (key: readonly (string | number)[]) => {
    for (let n = key.length; n > 0; n--) {
      const line = lines.get(keyOf(key.slice(0, n)));
      if (line !== undefined) return line;
    }
    return undefined;
  };
  const where = (key: readonly (string | number)[]) => {
    const line = lineOf(key);
    return `${path}${line === undefined ? "" : `:${line}`}: ${dotted(key)}`;
  };

  // [[actions]] (top level and each profile's) are lists of tables: checked by
  // src/actions/definitions.ts, each problem at its own element's line, not by the schema.
  const acts = takeActions(data, text, path, dirname(path));
  const keys = takeKeys(data, where, lineOf);
  for (const e of keys.errors) acts.errors.push(e);
  const insight = takeInsightTables(data, text, path);
  for (const e of insight.errors) acts.errors.push(e);
  const r = fileSchema(dirname(path)).safeParse(data);
  if (!r.success || acts.errors.length > 0) {
    const issues = r.success ? [] : r.error.issues;
    const problems = issues.flatMap((issue) => {
      if (issue.code === "unrecognized_keys")
        return issue.keys.map((k) => {
          const key = [...issue.path, k] as (string | number)[];
          return { key, line: lineOf(key), message: unknownKey(k, issue.path) };
        });
      return [
        { key: issue.path as (string | number)[], line: lineOf(issue.path as never), message: issue.message },
      ];
    });
    for (const e of acts.errors) problems.push({ key: [], line: e.line, message: e.text });
    // The first problem in the file, as a person reads it.
    problems.sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER));
    const p = problems[0];
    if (!p) throw new ConfigError(`${path}: invalid configuration`);
    // An action's line is whole already ("file:line: actions[0].key: …").
    throw new ConfigError(
      p.key.length === 0 && acts.errors.length
        ? p.message
        : `${where(p.key)}: ${p.message}${tableHint(p.key)}`,
    );
  }

  const file = r.data;
  const toSettings = (s: FileSettings, at: string[]): Settings => {
    if (s.token_file !== undefined && s.token_command !== undefined)
      throw new ConfigError(`${where([...at, "token_command"])}: set token_file or token_command, not both`);
    const out: Record<string, unknown> = {
      actions: acts.byTable.get([...at, "actions"].join("\u0001")),
      keys: keys.byTable.get(at.join("\u0001")),
      insight: insight.byTable.get(at.join("\u0001")),
    };
    for (const r of FILE_ROWS) {
      const v = s[r.name as SettingKey];
      if (v === undefined || !r.setting) continue;
      out[r.setting] = r.setting === "token" ? { ...(v as TokenSource), from: where([...at, r.name]) } : v;
    }
    return out as Settings;
  };
  const profiles = new Map<string, Settings>();
  for (const [name, s] of file.profiles ?? []) profiles.set(name, toSettings(s, ["profiles", name]));
  return {
    path,
    defaultProfile:
      file.profile === undefined ? undefined : { name: file.profile, line: lineOf(["profile"]) },
    top: toSettings(file, []),
    profiles,
    where,
  };
}

/**
 * Takes `actions` out of the top level and of each [profiles.NAME] table (so that the settings'
 * strict schema does not see them) and parses them. A status name in `statuses` is one of the
 * file's [status] names (a profile's: its own and the top level's). Keys jobtop's keymap uses
 * are checked later, with the keymap in force (src/config/keys-table.ts's checkKeys).
 */
function takeActions(
  data: Record<string, unknown>,
  text: string,
  path: string,
  dir: string,
): { byTable: Map<string, JobAction[]>; errors: { line: number | undefined; text: string }[] } {
  const byTable = new Map<string, JobAction[]>();
  const errors: { line: number | undefined; text: string }[] = [];
  if (!text.includes("actions")) return { byTable, errors };
  const lines = keyLines(text);
  const lineOf = (key: readonly (string | number)[]) => {
    for (let n = key.length; n > 0; n--) {
      const line = lines.get(keyOf(key.slice(0, n)));
      if (line !== undefined) return line;
    }
    return undefined;
  };
  const where = (key: (string | number)[]) => {
    const line = lineOf(key);
    return `${path}${line === undefined ? "" : `:${line}`}: ${dotted(key)}`;
  };
  const labelsOf = (v: unknown): Record<number, string> => {
    const out: Record<number, string> = {};
    if (typeof v !== "object" || v === null || Array.isArray(v)) return out;
    for (const [code, name] of Object.entries(v)) if (typeof name === "string") out[Number(code)] = name;
    return out;
  };
  const take = (table: Record<string, unknown>, at: string[], labels: Record<number, string>) => {
    if (!Object.hasOwn(table, "actions")) return;
    const raw = table.actions;
    delete table.actions;
    // Keymap keys are checked where the keymap is known; here, names, kinds and keys given twice.
    const r = parseActions(raw, { usedKeys: new Set(), statusLabels: labels, where, at, dir });
    for (const e of r.errors) {
      const m = e.startsWith(`${path}:`) ? /^:(\d+):/.exec(e.slice(path.length)) : null;
      errors.push({ line: m ? Number(m[1]) : undefined, text: e });
    }
    byTable.set(at.join("\u0001"), r.actions);
  };
  const topLabels = labelsOf(data.status);
  take(data, ["actions"], topLabels);
  const profiles = data.profiles;
  if (typeof profiles === "object" && profiles !== null && !Array.isArray(profiles))
    for (const [name, table] of Object.entries(profiles))
      if (typeof table === "object" && table !== null && !Array.isArray(table) && !(table instanceof Date)) {
        const t = table as Record<string, unknown>;
        take(t, ["profiles", name, "actions"], { ...topLabels, ...labelsOf(t.status) });
      }
  return { byTable, errors };
}

function unknownKey(key: string, at: readonly PropertyKey[]): string {
  if (key === "token")
    return "unknown key: a token does not belong in a config file; use token_file or token_command";
  const known: readonly string[] =
    at.length === 0
      ? [...SETTING_KEYS, "actions", "keys", "profile", "profiles"]
      : [...SETTING_KEYS, "actions", "keys"];
  let hint = suggest(key, known);
  if (!hint && at.length > 0 && (key === "profile" || key === "profiles"))
    hint = " (profiles cannot be nested; a profile is chosen at the top level or with --profile)";
  if (!hint && Object.hasOwn(COLUMNS, key as ColumnName))
    hint = ' (columns are a list: columns = ["status", …])';
  return `unknown key${hint}`;
}

/**
 * A top-level key found inside a table (`profile = "lab"` below `[status]` read as a status named
 * "profile": '"profile" is not a code'): in TOML a key belongs to the [table] above it, which the
 * message says, with where the key goes.
 */
function tableHint(key: readonly (string | number)[]): string {
  const k = key.at(-1);
  const inProfile = key[0] === "profiles" && key.length > 3;
  const table = key.slice(0, -1);
  if (typeof k !== "string" || table.length === 0 || (key[0] === "profiles" && table.length === 2)) return "";
  const topKeys: readonly string[] = inProfile ? SETTING_KEYS : [...SETTING_KEYS, "profile"];
  if (!topKeys.includes(k)) return "";
  const first = inProfile ? `[${dotted(key.slice(0, 2))}]'s first sub-table` : "the first [table]";
  return ` (${k} is a ${inProfile ? "profile's" : "top-level"} key, read here as part of [${dotted(table)}]: in TOML a key belongs to the table above it, so ${k} goes before ${first})`;
}

/** A key path as written in TOML: profiles.prod.status.6, columns[2]. */
function dotted(key: readonly (string | number)[]): string {
  let s = "";
  for (const k of key) {
    if (typeof k === "number") s += `[${k}]`;
    else {
      const part = /^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k);
      s += s ? `.${part}` : part;
    }
  }
  return clean(s, 200) || "(top level)";
}

export function keyOf(path: readonly (string | number)[]): string {
  return path.map(String).join("\u0001");
}
