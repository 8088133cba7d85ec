// [keys] in the config file (top level and each [profiles.NAME.keys]): a command of the keymap
// (src/keys/rows.ts, snake_case as README's keys table names them) = a key or a list of keys
// (src/keys/key-names.ts): `quit = ["q", "ctrl+c"]`, `next_page = "l"`, `tag = []` (no key). A
// profile's binding of a command replaces the top level's. An unknown command or key name is one
// line with its place and a suggestion (exit 2); a clash in the keymap in force (with the actions'
// keys) is found once the layers are merged (checkKeys), and a multiplexer's prefix is a warning.

import { knownKeyWords, parseKeyName } from "../keys/key-names.js";
import { type ActionKey, buildKeymap, type KeyBindings } from "../keys/keymap.js";
import { COMMAND_NAMES, type KeyCommand } from "../keys/rows.js";
import { show, suggest } from "./checks.js";
import { ConfigError, type Layer } from "./types.js";

/** More keys than this for one command is a mistake, not a wish. */
const MAX_KEYS = 12;

type Where = (path: (string | number)[]) => string;
type LineOf = (path: readonly (string | number)[]) => number | undefined;

/**
 * Takes `keys` out of the top level and of each [profiles.NAME] table (so that the settings'
 * strict schema does not see them) and reads them: the bindings of each table by its path
 * ("" for the top level, "profiles\u0001prod"), and each problem at its own line.
 */
export function takeKeys(
  data: Record<string, unknown>,
  where: Where,
  lineOf: LineOf,
): { byTable: Map<string, KeyBindings>; errors: { line: number | undefined; text: string }[] } {
  const byTable = new Map<string, KeyBindings>();
  const errors: { line: number | undefined; text: string }[] = [];
  const take = (table: Record<string, unknown>, at: string[]) => {
    if (!Object.hasOwn(table, "keys")) return;
    const raw = table.keys;
    delete table.keys;
    const r = readTable(raw, [...at, "keys"], where);
    for (const e of r.errors) errors.push({ line: lineOf(e.path), text: `${where(e.path)}: ${e.message}` });
    byTable.set(at.join("\u0001"), r.bindings);
  };
  take(data, []);
  const profiles = data.profiles;
  if (isTable(profiles))
    for (const [name, table] of Object.entries(profiles)) if (isTable(table)) take(table, ["profiles", name]);
  return { byTable, errors };
}

/** One [keys] table: each command's keys, where they were set; its problems by key path. */
function readTable(
  raw: unknown,
  at: string[],
  where: Where,
): {
  bindings: Map<KeyCommand, { keys: string[]; from: string }>;
  errors: { path: string[]; message: string }[];
} {
  const bindings = new Map<KeyCommand, { keys: string[]; from: string }>();
  const errors: { path: string[]; message: string }[] = [];
  if (!isTable(raw)) {
    errors.push({
      path: at,
      message: `expected a table of command = "key" (or ["key", …]), got ${kind(raw)}`,
    });
    return { bindings, errors };
  }
  for (const [name, value] of Object.entries(raw)) {
    const path = [...at, name];
    if (!(COMMAND_NAMES as readonly string[]).includes(name)) {
      errors.push({ path, message: unknownCommand(name) });
      continue;
    }
    const written = typeof value === "string" ? [value] : value;
    if (!Array.isArray(written) || !written.every((k) => typeof k === "string")) {
      errors.push({
        path,
        message: `expected a key like "l", or a list like ["q", "ctrl+c"], got ${kind(value)}`,
      });
      continue;
    }
    if (written.length > MAX_KEYS) {
      errors.push({ path, message: `${written.length} keys, at most ${MAX_KEYS}` });
      continue;
    }
    const keys: string[] = [];
    let bad: string | undefined;
    for (const k of written) {
      const r = parseKeyName(k);
      if ("error" in r)
        bad = `${r.error}${keyHint(k)}: keys are a character ("q", "G", "?"), a named key (${NAMED_LIST}), with ctrl+, alt+ or shift+ before it`;
      else if (keys.includes(r.name)) bad = `"${r.name}" is given twice`;
      else keys.push(r.name);
      if (bad) break;
    }
    if (bad) errors.push({ path, message: bad });
    else bindings.set(name as KeyCommand, { keys, from: where(path) });
  }
  return { bindings, errors };
}

const NAMED_LIST = "up, down, left, right, pgup, pgdn, home, end, enter, esc, tab, backspace, delete, space";

/** "unknown command (did you mean "next_page"?)", from snake_case or camelCase written. */
function unknownCommand(name: string): string {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[-\s]+/g, "_")
    .toLowerCase();
  const hint = (COMMAND_NAMES as readonly string[]).includes(snake)
    ? ` (did you mean "${snake}"?)`
    : suggest(snake, COMMAND_NAMES);
  const what = `unknown command ${show(name)}${hint}`;
  return hint
    ? what
    : `${what}; the commands are README's keys table's names (an action's key is its [[actions]] key)`;
}

/** " (did you mean "pgdn"?)" for a key name's base word. */
function keyHint(written: string): string {
  const base = written.split("+").pop() ?? written;
  return base.length > 1 ? suggest(base.toLowerCase(), knownKeyWords()) : "";
}

/**
 * The [keys] in force: each layer's bindings (lowest first: the file's top level, then the
 * profile), a higher layer's binding of a command replacing a lower one's.
 */
export function keysInForce(layers: readonly Layer[]): KeyBindings {
  const out = new Map<KeyCommand, { keys: readonly string[]; from: string }>();
  for (let i = layers.length - 1; i >= 0; i--)
    for (const [command, b] of (layers[i] as Layer).settings.keys ?? []) out.set(command, b);
  return out;
}

/**
 * The keymap of these bindings and actions, checked: a clash is a ConfigError (exit 2) naming the
 * line; the warnings (a multiplexer's prefix bound) are returned, one line each.
 */
export function checkKeys(keys: KeyBindings, actions: readonly ActionKey[]): string[] {
  const built = buildKeymap(keys, actions);
  const clash = built.problems[0];
  if (clash !== undefined) throw new ConfigError(clash);
  return built.warnings;
}

/** `config check`'s rows of the keys in force: each command [keys] set, and the rest in one row. */
export function keyRows(keys: KeyBindings): [string, string, string | undefined][] {
  const rows: [string, string, string | undefined][] = [];
  for (const [command, b] of keys)
    rows.push([
      "key",
      `${command} = ${b.keys.length ? b.keys.join(", ") : "(no key)"}`,
      b.from.replace(/: [^:]*$/, ""),
    ]);
  const rest = rows.length ? "every other key as jobtop's own" : "jobtop's own";
  rows.push(["keys", `${rest} (? in the monitor lists them; README's keys table)`, undefined]);
  return rows;
}

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

function kind(v: unknown): string {
  if (typeof v === "string") return `a string (${show(v)})`;
  if (typeof v === "number" || typeof v === "bigint") return `a number (${String(v)})`;
  if (typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return "a list";
  if (v instanceof Date) return "a date";
  return "a table";
}
