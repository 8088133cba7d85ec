// The kinds of value a setting takes (a duration within a range, a whole number within one, one of
// a few words, a boolean, a list, a path, a URL…), each with the ONE reader that the flags, the
// environment and the config file share, and how `jobtop config check` shows a value. A row of the
// settings table (./settings-*.ts) names its kind; nothing else reads a setting's value.
//
// A value comes as text (a flag's or a variable's; a switch flag such as --bell gives a boolean)
// or as a TOML value, already typed (a number, a boolean, a list, a table). What is wrong is said
// without the setting's name: the caller puts "--interval: ", "JOBTOP_BASE_URL: " or
// "config.toml:3: interval: " before it. Plain data and small functions: this loads at every start.
import { parseJobId, parseJobRef } from "../model/ids.js";
import {
  COLUMNS,
  checkBaseUrl,
  checkColumns,
  checkDuration,
  checkLabel,
  checkPortName,
  checkProxy,
  type ListColumn,
  MAX_LABELS,
  parseLabelList,
  show,
} from "./checks.js";
import { splitCommand } from "./command-words.js";
import { finalWords } from "./final-statuses.js";

/** Where a value was read: the command line or the environment (text), or the config file (TOML). */
export interface ReadContext {
  source: "text" | "toml";
  /** Where it came from, as a message names it: "--token", "JOBTOP_TOKEN", "config.toml:3: token_file". */
  where: string;
  /** A path as written, made absolute: the config file's from its folder, with ~ expanded. */
  path?: (p: string) => string;
}

/** What is wrong with a value, in words; `key` is the entry of a table or list it is about. */
export class Problem {
  constructor(
    readonly message: string,
    readonly key?: string,
  ) {}
}

/** How its flag is typed: a switch (--bell, --no-bell), a value (--interval 2s), a value repeated (--pin 1 --pin 2). */
export type FlagForm = "switch" | "value" | "repeated";

export interface Kind<T, F extends FlagForm = FlagForm> {
  /** What it is, for tests and docs: "duration", "integer", "words", "boolean", … */
  readonly type: string;
  readonly flag: F;
  /** Its bounds, for a duration (ms) or a whole number. */
  readonly range?: readonly [number, number];
  /** Its words, for one of a few words (and a whole number's other words: per_page's "auto"). */
  readonly words?: readonly string[];
  /** The value, or what is wrong with it. */
  read(v: unknown, at: ReadContext): T | Problem;
  /** The value as `jobtop config check` shows it. */
  show(v: T): string;
}

/** The value a kind reads. */
export type ValueOf<K> = K extends Kind<infer T> ? T : never;

/** Where the bearer token comes from; read (or run) only once it is the one chosen (./token-source.ts). */
export type TokenSource =
  | { kind: "value"; value: string; from: string }
  | { kind: "file"; path: string; from: string }
  | { kind: "command"; argv: string[]; from: string };

/** What a TOML value is, in a user's words; a flag's or variable's text is quoted. */
function got(v: unknown, at: ReadContext): string {
  return at.source === "text" ? show(v) : tomlValue(v);
}

/** What a TOML value is, in a user's words: `a string ("x")`, `a number (1)`, `a list`… */
export function tomlValue(v: unknown): string {
  if (typeof v === "string") return `a string (${show(v)})`;
  if (typeof v === "number" || typeof v === "bigint") return `a number (${String(v)})`;
  if (typeof v === "boolean") return v ? "true" : "false";
  if (Array.isArray(v)) return "a list";
  if (v instanceof Date) return "a date";
  return "a table";
}

/** "auto, on or off" on the command line; "\"auto\", \"on\" or \"off\"" in TOML, where they are strings. */
function wordList(words: readonly string[], at: ReadContext): string {
  const w = at.source === "toml" ? words.map((x) => `"${x}"`) : words;
  return w.length === 1 ? (w[0] as string) : `${w.slice(0, -1).join(", ")} or ${w.at(-1)}`;
}

const isTable = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** "2s", "500ms", "1m": as a user writes it. */
function showMs(n: number): string {
  if (n % 60_000 === 0 && n >= 60_000) return `${n / 60_000}m`;
  return n % 1000 === 0 ? `${n / 1000}s` : `${n}ms`;
}

/** A duration from `min` to `max` ms: "2s", "500ms", "1m", a bare number of seconds; in ms. */
export function duration(min: number, max: number): Kind<number, "value"> {
  return {
    type: "duration",
    flag: "value",
    range: [min, max],
    read: (v, at) => {
      if (at.source === "text" && typeof v !== "string")
        return new Problem(`expected a duration, got ${got(v, at)}`);
      const r = checkDuration(v, [min, max]);
      return typeof r === "string" ? new Problem(r) : r;
    },
    show: showMs,
  };
}

/**
 * A whole number from `min` to `max`, or one of `words` (per_page's "auto"); `unit` names what is
 * counted when there is no upper bound ("a whole number of jobs (0 or more)").
 */
export function integer(o: { min: number; max?: number; unit?: string }): Kind<number, "value">;
export function integer<const W extends string>(o: {
  min: number;
  max?: number;
  unit?: string;
  words: readonly W[];
}): Kind<number | W, "value">;
export function integer(o: {
  min: number;
  max?: number;
  unit?: string;
  words?: readonly string[];
}): Kind<number | string, "value"> {
  const max = o.max ?? Number.MAX_SAFE_INTEGER;
  const words: readonly string[] = o.words ?? [];
  const what = (at: ReadContext) =>
    `${o.max === undefined ? `a whole number${o.unit ? ` of ${o.unit}` : ""} (${o.min} or more)` : `a whole number from ${o.min} to ${o.max}`}${words.length ? `, or ${wordList(words, at)}` : ""}`;
  return {
    type: "integer",
    flag: "value",
    range: [o.min, max],
    words,
    read: (v, at) => {
      if (typeof v === "string" && words.includes(v)) return v;
      const n =
        at.source === "text" ? (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : Number.NaN) : v;
      return typeof n === "number" && Number.isSafeInteger(n) && n >= o.min && n <= max
        ? n
        : new Problem(`expected ${what(at)}, got ${got(v, at)}`);
    },
    show: String,
  };
}

/** One of a few words. */
export function words<const W extends string>(values: readonly W[]): Kind<W, "value"> {
  return {
    type: "words",
    flag: "value",
    words: values,
    read: (v, at) =>
      typeof v === "string" && (values as readonly string[]).includes(v)
        ? (v as W)
        : new Problem(`expected ${wordList(values, at)}, got ${got(v, at)}`),
    show: String,
  };
}

/**
 * true or false: in TOML a boolean; on the command line a switch (--bell, --no-bell: the flag
 * reader gives the boolean) or, with `text`, a word for each (--mouse on|off).
 */
export function boolean(): Kind<boolean, "switch">;
export function boolean(text: { on: string; off: string }): Kind<boolean, "value">;
export function boolean(text?: { on: string; off: string }): Kind<boolean> {
  return {
    type: "boolean",
    flag: text ? "value" : "switch",
    words: text ? [text.on, text.off] : undefined,
    read: (v, at) => {
      if (typeof v === "boolean") return v;
      if (at.source === "text" && text) {
        if (v === text.on) return true;
        if (v === text.off) return false;
        return new Problem(`expected ${text.on} or ${text.off}, got ${got(v, at)}`);
      }
      return new Problem(`expected true or false, got ${got(v, at)}`);
    },
    show: String,
  };
}

/** The list's columns: "status,id" on the command line, ["status", "id"] in TOML. */
export function columns(): Kind<ListColumn[], "value"> {
  return {
    type: "list",
    flag: "value",
    words: Object.keys(COLUMNS),
    read: (v, at) => {
      const names =
        at.source === "text" && typeof v === "string"
          ? v.split(",").map((x) => x.trim())
          : Array.isArray(v)
            ? v
            : undefined;
      if (!names)
        return new Problem(`expected a list like ["status", "display", "remark"], got ${got(v, at)}`);
      const r = checkColumns(names);
      return typeof r === "string" ? new Problem(r) : r;
    },
    show: (cols) =>
      (Object.keys(COLUMNS) as string[])
        .filter((n) => cols.includes(COLUMNS[n as keyof typeof COLUMNS]))
        .concat(cols.filter((c) => c.startsWith("custom:")).map((c) => c.slice("custom:".length)))
        .join(", "),
  };
}

/**
 * Statuses by code or name ("3", "failed"), each once: a comma list, or a TOML list of numbers and
 * strings. The names are looked up once every layer's names are merged (final-statuses.ts).
 */
export function statuses(): Kind<string[], "value"> {
  return {
    type: "statuses",
    flag: "value",
    read: (v, at) => {
      const list =
        at.source === "text" && typeof v === "string"
          ? v.split(",").filter((w) => w.trim() !== "")
          : Array.isArray(v)
            ? v
            : undefined;
      if (!list)
        return new Problem(`expected a list of status codes or names like [3, "failed"], got ${got(v, at)}`);
      const r = finalWords(list);
      return typeof r === "string" ? new Problem(r) : r;
    },
    show: (w) => w.join(", "),
  };
}

/** Job ids (or displayIDs), each once, at most `max`: a repeated flag's values, or a TOML list of strings and numbers. */
export function jobIds(max: number): Kind<string[], "repeated"> {
  return {
    type: "ids",
    flag: "repeated",
    range: [0, max],
    read: (v, at) => {
      if (!Array.isArray(v))
        return new Problem(`expected a list of job ids like ["100952"], got ${got(v, at)}`);
      // A set: a file may list 100 000 ids (each once, then counted).
      const ids = new Set<string>();
      for (const x of v) {
        // A displayID too (what every screen shows first): the monitor finds it (poll/pin-names.ts).
        const id =
          typeof x === "string"
            ? parseJobRef(x)
            : typeof x === "number" && Number.isSafeInteger(x) && at.source === "toml"
              ? parseJobId(String(x))
              : undefined;
        if (id === undefined)
          return new Problem(`expected a job id (a whole number) or a displayID, got ${got(x, at)}`);
        ids.add(id);
      }
      if (ids.size > max)
        return new Problem(
          `${ids.size} jobs pinned, at most ${max} (each one off the page costs a request per list interval)`,
        );
      return Array.from(ids);
    },
    show: (ids) => ids.join(", "),
  };
}

/**
 * Names for codes (a status's, a protocol's) or ports: "6=queued,2=running" on the command line,
 * a table of code = "name" in TOML. config check shows each with the layer it came from (commands.ts).
 */
export function names(of: "code" | "port"): Kind<Record<number, string>, "value"> {
  return {
    type: "labels",
    flag: "value",
    read: (v, at) => {
      if (at.source === "text" && of === "code" && typeof v === "string") {
        const r = parseLabelList(v);
        return typeof r === "string" ? new Problem(r) : r;
      }
      if (!isTable(v)) return new Problem(`expected a table of ${of} = "name", got ${got(v, at)}`);
      if (Object.keys(v).length > MAX_LABELS) return new Problem(`more than ${MAX_LABELS} names`);
      const out: Record<number, string> = {};
      for (const [k, name] of Object.entries(v)) {
        if (of === "code") {
          const r = checkLabel(k, name);
          if (typeof r === "string") return new Problem(r, k);
          out[r.code] = r.name;
        } else {
          const r = checkPortName(k, name);
          if (typeof r === "string") return new Problem(r, k);
          out[r.port] = r.name;
        }
      }
      return out;
    },
    show: (n) =>
      Object.entries(n)
        .map(([k, name]) => `${k}=${name}`)
        .join(", "),
  };
}

/** Text in quotes in TOML, any text on the command line. */
function string(v: unknown, at: ReadContext, what: string): string | Problem {
  return typeof v === "string" ? v : new Problem(`expected ${what}, got ${got(v, at)}`);
}

/** Text (in quotes in TOML) that `check` makes the value of, or says what is wrong with. */
function checked(
  type: string,
  what: string,
  check: (s: string, at: ReadContext) => string | Problem,
): Kind<string, "value"> {
  return {
    type,
    flag: "value",
    read: (v, at) => {
      const s = string(v, at, what);
      return s instanceof Problem ? s : check(s, at);
    },
    show: String,
  };
}

/** The service's URL, without trailing slashes. */
export function serviceUrl(): Kind<string, "value"> {
  return checked("url", "a URL in quotes", (s, at) => {
    const r = checkBaseUrl(s, at.source === "toml" ? "token_file or token_command" : "JOBTOP_TOKEN");
    return "error" in r ? new Problem(r.error) : r.url;
  });
}

/** A proxy's URL, or "none". */
export function proxyUrl(): Kind<string, "value"> {
  return checked("url", 'a proxy URL in quotes, or "none"', (s) => {
    const r = checkProxy(s);
    return "error" in r ? new Problem(r.error) : r.proxy;
  });
}

/** A file's path: in a config file, from the file's folder, ~ expanded. */
export function path(): Kind<string, "value"> {
  return checked("path", "a file path in quotes", (s, at) => {
    if (at.source === "text") return s;
    const p = s.trim();
    if (!p) return new Problem("the path is empty");
    return at.path ? at.path(p) : p;
  });
}

/** A command to run without a shell: one line of words, or a TOML list of them. */
export function command(): Kind<string[], "value"> {
  return {
    type: "command",
    flag: "value",
    read: (v, at) => {
      let argv: string[];
      if (typeof v === "string") {
        const r = splitCommand(v);
        if (typeof r === "string") return new Problem(r);
        argv = r;
      } else if (Array.isArray(v) && v.every((a) => typeof a === "string")) argv = v;
      else return new Problem(`expected a command in quotes, or a list of words, got ${got(v, at)}`);
      if (argv.length === 0 || !argv[0]) return new Problem("the command is empty");
      // A NUL cannot reach a program's arguments (spawn refuses it); newlines and tabs can.
      if (argv.some((w) => w.includes("\u0000"))) return new Problem("the command holds a NUL character");
      return argv;
    },
    show: (argv) => argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(" "),
  };
}

/** Any text. */
export function text(): Kind<string, "value"> {
  return checked("text", "text in quotes", (s) => s);
}

/**
 * A source of the bearer token, named by where it was given: the token itself (--token,
 * JOBTOP_TOKEN), a file (token_file), a command (token_command). Read once chosen, not here.
 */
export function token(how: TokenSource["kind"]): Kind<TokenSource, "value"> {
  const file = path();
  const cmd = command();
  return {
    type: "token",
    flag: "value",
    read: (v, at) => {
      if (how === "value") {
        const s = string(v, at, "a token");
        return s instanceof Problem ? s : { kind: "value", value: s, from: at.where };
      }
      if (how === "file") {
        const p = file.read(v, at);
        return p instanceof Problem ? p : { kind: "file", path: p, from: at.where };
      }
      const argv = cmd.read(v, at);
      return argv instanceof Problem ? argv : { kind: "command", argv, from: at.where };
    },
    show: (t) =>
      t.kind === "value"
        ? `given by ${t.from} (not shown)`
        : t.kind === "file"
          ? `token_file ${t.path}`
          : `token_command ${cmd.show(t.argv)}`,
  };
}
