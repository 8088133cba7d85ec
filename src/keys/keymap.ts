// The keymap in force, built per App (and checked at start and by `config check`) from the rows of
// rows.ts, then the user's [keys], then the configured actions' keys. What a key press runs is
// looked up here by context and key name; which keys are taken, the help overlay, `config check`
// and README's table are read from the same rows. Pure: no I/O, no Ink.

import { isTypedKey, type KeyName, showKey } from "./key-names.js";
import {
  CONTEXT_NAMES,
  CONTEXTS,
  type Context,
  KEY_ROWS,
  type KeyCommand,
  PANES,
  TEXT_CONTEXTS,
} from "./rows.js";

/** A row of the keymap in force. */
export interface Binding {
  command: KeyCommand;
  keys: readonly KeyName[];
  help: string;
  /** The help line in the "all" scope (`a`), where it differs. */
  helpAll?: string;
  context: readonly Context[];
  /** Where its keys were set ("file:12: keys.next_page", an action's "file:30: actions[0].key"); undefined: jobtop's default. */
  from?: string;
  /** A configured action's name (command "job_action"). */
  action?: string;
}

/** The user's [keys] in force: a command's keys and where they were set (src/config/keys-table.ts reads them). */
export type KeyBindings = ReadonlyMap<KeyCommand, { keys: readonly KeyName[]; from: string }>;

/** What a configured action brings to the keymap (src/actions/definitions.ts's JobAction). */
export interface ActionKey {
  name: string;
  key: string;
  description: string;
  from: string;
}

export interface Keymap {
  rows: readonly Binding[];
  /** Each context's own keys (not the global ones), a key to one row. */
  byContext: ReadonlyMap<Context, ReadonlyMap<KeyName, Binding>>;
}

/** A keymap and what is wrong with it: clashes (exit 2 at start), and warnings (said once). */
export interface BuiltKeymap {
  keymap: Keymap;
  /** One line each, "file:line: keys.x: what" (src/config/load.ts makes the first one exit 2). */
  problems: string[];
  warnings: string[];
}

/** The keys of a multiplexer's prefix: jobtop only sees them pressed twice there. */
const PREFIXES: Readonly<Record<KeyName, string>> = {
  "ctrl+b": "tmux's prefix key",
  "ctrl+a": "screen's prefix key (and many tmux setups')",
};

/** Builds the keymap and checks it: clashes (problems) and a multiplexer's prefix bound (warnings). */
export function buildKeymap(user: KeyBindings = new Map(), actions: readonly ActionKey[] = []): BuiltKeymap {
  const keymap = makeKeymap(user, actions);
  const problems: string[] = [];
  const warnings: string[] = [];
  for (const b of keymap.rows) {
    if (b.from === undefined) continue;
    for (const k of b.keys) {
      const prefix = PREFIXES[k];
      if (prefix)
        warnings.push(`${b.from}: ${k} is ${prefix}: under it, jobtop gets the key only when pressed twice`);
      const text = b.context.find((c) => TEXT_CONTEXTS.includes(c));
      if (text && isTypedKey(k))
        problems.push(
          `${b.from}: "${k}" is typed as text at ${CONTEXT_NAMES[text]}, so ${nameOf(b)} would never get it; bind a key that types nothing (enter, esc, tab, ctrl+…)`,
        );
    }
  }
  // One line per clash, in the first context where it is (the same two rows meet on every pane).
  // Only a key set in the file can clash (jobtop's own rows meet only where they mean to): the
  // check looks at those keys alone, and a start without [keys] or actions pays nothing for it.
  const set = new Set<KeyName>();
  for (const b of keymap.rows) if (b.from !== undefined) for (const k of b.keys) set.add(k);
  const said = new Set<string>();
  for (const m of set.size > 0 ? meets(keymap, set) : []) {
    const pair = `${m.key}\u0001${nameOf(m.a)}\u0001${nameOf(m.b)}`;
    if (defaultMeets().has(meetId(m)) || said.has(pair)) continue;
    said.add(pair);
    problems.push(clashLine(m, keymap));
  }
  return { keymap, problems, warnings };
}

/**
 * The keymap, unchecked (the App's and the first frame's: the config was checked at start): the
 * defaults, each command the user bound taking the user's keys, then the actions' keys.
 */
export function makeKeymap(user: KeyBindings = new Map(), actions: readonly ActionKey[] = []): Keymap {
  const rows: Binding[] = [];
  for (const r of KEY_ROWS) {
    const mine = user.get(r.command);
    const helpAll = "helpAll" in r ? r.helpAll : undefined;
    rows.push({
      command: r.command,
      keys: mine?.keys ?? r.keys,
      help: r.help,
      helpAll,
      context: r.context,
      from: mine?.from,
    });
  }
  for (const a of actions)
    rows.push({
      command: "job_action",
      keys: [a.key],
      help: a.description,
      context: PANES,
      from: a.from,
      action: a.name,
    });
  return index(rows);
}

/**
 * The row a press runs in `context`: for each of its names (most exact first), the context's
 * own row, then a global one. Undefined: the key does nothing there.
 */
export function lookup(keymap: Keymap, context: Context, names: readonly KeyName[]): Binding | undefined {
  const own = keymap.byContext.get(context);
  const global = keymap.byContext.get("global");
  for (const n of names) {
    const b = own?.get(n) ?? global?.get(n);
    if (b) return b;
  }
  return undefined;
}

/** The row of a command (the first, for job_action). */
export function rowOf(keymap: Keymap, command: KeyCommand): Binding | undefined {
  return keymap.rows.find((b) => b.command === command);
}

/** A command's first key as the help shows it ("Esc"), or "(no key)" when it has none. */
export function firstKey(keymap: Keymap, command: KeyCommand): string {
  const k = rowOf(keymap, command)?.keys[0];
  return k === undefined ? "(no key)" : showKey(k);
}

/** Each command's first key in force as the help shows it ("Esc"), "" when it has none: the words hints use. */
export type KeyWords = Readonly<Record<KeyCommand, string>>;

export function keyWords(keymap: Keymap): KeyWords {
  const out: Partial<Record<KeyCommand, string>> = {};
  for (const r of KEY_ROWS) {
    const k = rowOf(keymap, r.command)?.keys[0];
    out[r.command] = k === undefined ? "" : showKey(k);
  }
  out.job_action = "";
  return out as KeyWords;
}

let defaults: KeyWords | undefined;
/** jobtop's own keys' words (a hint drawn without the config's keymap). */
export function defaultKeyWords(): KeyWords {
  defaults ??= keyWords(makeKeymap());
  return defaults;
}

/** A row's keys as the help shows them: "↑ / k", "q / Ctrl+C", a run of digits as "1–9". */
export function keysShown(keys: readonly KeyName[]): string {
  const out: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    let j = i;
    while (
      j + 1 < keys.length &&
      /^\d$/.test(keys[j] as string) &&
      Number(keys[j + 1]) === Number(keys[j]) + 1
    )
      j++;
    if (j - i >= 2) {
      out.push(`${keys[i]}–${keys[j]}`);
      i = j;
    } else out.push(showKey(keys[i] as KeyName));
  }
  return out.join(" / ");
}

/**
 * A row's help line (its "all" scope's under `a`), each {command} in it the first key of that
 * command in force ({command*}: all of them).
 */
export function helpOf(b: Binding, keymap: Keymap, scope: "page" | "all" = "page"): string {
  return (scope === "all" && b.helpAll !== undefined ? b.helpAll : b.help).replace(
    /\{(\w+)(\*?)\}/g,
    (_, name: string, all: string) => {
      const row = rowOf(keymap, name as KeyCommand);
      if (!row) return name;
      return all ? keysShown(row.keys) : firstKey(keymap, row.command);
    },
  );
}

/** Where a row works, in a few words ("the panes", "a picker", "a prompt, a confirmation"). */
function whereShown(b: Binding): string {
  if (b.context.includes("global")) return "everywhere";
  if (PANES.every((c) => b.context.includes(c))) return "the panes";
  return b.context.map((c) => CONTEXT_NAMES[c]).join(", ");
}

/** The keymap as a Markdown table: README.md's (the defaults), kept equal to it by test/ui/readme-keys.test.ts. */
export function keysTable(keymap: Keymap): string {
  const cell = (s: string) => s.replaceAll("|", "\\|");
  const rows = keymap.rows
    .filter((b) => b.command !== "job_action")
    .map(
      (b) =>
        `| \`${cell(keysShown(b.keys))}\` | \`${b.command}\` | ${cell(whereShown(b))} | ${cell(helpOf(b, keymap))} |`,
    );
  return ["| keys | name in [keys] | where | what it does |", "|---|---|---|---|", ...rows].join("\n");
}

/** Each context's own rows by key: the later of two rows on one key in one context is a clash (meets). */
function index(rows: readonly Binding[]): Keymap {
  const byContext = new Map<Context, Map<KeyName, Binding>>();
  for (const b of rows)
    for (const c of b.context) {
      const keys = byContext.get(c) ?? new Map<KeyName, Binding>();
      byContext.set(c, keys);
      for (const k of b.keys) if (!keys.has(k)) keys.set(k, b);
    }
  return { rows, byContext };
}

/** Two rows that one key reaches in one context. */
interface Meet {
  context: Context;
  key: KeyName;
  a: Binding;
  b: Binding;
}

/**
 * Every place where one key (of `only`, when given) reaches two rows: two of a context's own, or
 * one of its own and a global one.
 */
function meets(keymap: Keymap, only?: ReadonlySet<KeyName>): Meet[] {
  const out: Meet[] = [];
  const global = keymap.rows.filter((b) => b.context.includes("global"));
  for (const context of [...CONTEXTS, "global" as const]) {
    const seen = new Map<KeyName, Binding>();
    const rows = keymap.rows.filter((b) => b.context.includes(context));
    // The global rows after the context's own, but for what is typed at a prompt.
    const after =
      context === "global"
        ? []
        : global.map((b) => ({
            ...b,
            keys: TEXT_CONTEXTS.includes(context) ? b.keys.filter((k) => !isTypedKey(k)) : b.keys,
          }));
    for (const b of rows.concat(after))
      for (const k of b.keys) {
        if (only && !only.has(k)) continue;
        const first = seen.get(k);
        if (!first) seen.set(k, b);
        else if (!same(first, b)) out.push({ context, key: k, a: first, b });
      }
  }
  return out;
}

const same = (a: Binding, b: Binding) => a.command === b.command && a.action === b.action;
const meetId = (m: Meet) => `${m.context}\u0001${m.key}\u0001${nameOf(m.a)}\u0001${nameOf(m.b)}`;
const nameOf = (b: Binding) => (b.action !== undefined ? `action "${b.action}"` : b.command);

let defaultMeetIds: ReadonlySet<string> | undefined;
/** The meets jobtop's own rows have on purpose: q closes an overlay or says no, where elsewhere it quits. */
function defaultMeets(): ReadonlySet<string> {
  defaultMeetIds ??= new Set(meets(makeKeymap()).map(meetId));
  return defaultMeetIds;
}

/**
 * `file:12: keys.next_page: key "l" of next_page is already one of jobtop's keys (prev_page);
 * choose another (free there: b d …)`, or "is also prev_page's (file:13: keys.prev_page)" when
 * both were set in the file. Said at the user's line (the later one's, when both were).
 */
function clashLine(m: Meet, keymap: Keymap): string {
  const [mine, other] = m.b.from !== undefined ? [m.b, m.a] : [m.a, m.b];
  const place = m.context === "main" || m.context === "global" ? "" : `, in ${CONTEXT_NAMES[m.context]}`;
  const what =
    other.from === undefined
      ? `is already one of jobtop's keys (${nameOf(other)}${place})`
      : `is also ${nameOf(other)}'s (${other.from}${place})`;
  const free = freeKeys(keymap, m.context);
  return `${mine.from ?? "keys"}: key "${m.key}" of ${nameOf(mine)} ${what}; choose another${
    free.length > 0 ? ` (free there: ${free.join(" ")})` : ""
  }`;
}

/** A few letters and digits no row takes in `context` (nor a global row), for a clash's message. */
function freeKeys(keymap: Keymap, context: Context): string[] {
  const taken = (k: string) => lookup(keymap, context, [k]) !== undefined;
  const out: string[] = [];
  for (const k of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    if (!taken(k) && out.length < 12) out.push(k);
  return out;
}
