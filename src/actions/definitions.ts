// `[[actions]]` of the config file (already parsed by smol-toml) → typed actions, and every
// problem as one line, "file:line: actions[1].key: what". Nothing is guessed: an action exists
// only as the user wrote it. A profile's actions replace the top level's of the same name
// (mergeActions). The config parser puts the lines together (src/config/parse-file.ts).
import { resolve } from "node:path";
import { isClean } from "../model/sanitize.js";
import { parseStatusList } from "../model/status.js";
import { type BodyTemplate, type BodyValue, type TemplatePlace, templateProblem } from "./placeholders.js";
import { commandDanger } from "./shell-safety.js";

export type Confirm = "yes" | "type" | "no";
export const HTTP_METHODS = ["DELETE", "POST", "PUT", "PATCH", "GET"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

interface ActionBase {
  name: string;
  /** One key (one character). */
  key: string;
  description: string;
  /** Status codes it applies to; undefined = every status. */
  statuses?: number[];
  confirm: Confirm;
  /** Where its key is written ("file:12: actions[0].key"), for a clash found later. */
  from: string;
}

export interface HttpAction extends ActionBase {
  kind: "http";
  method: HttpMethod;
  /** Relative to the base URL, starting with "/": a template (values percent-encoded). */
  path: string;
  query: Record<string, string>;
  body?: BodyTemplate;
  /** A JSON file (a template like body), read when the action runs. */
  bodyFile?: string;
  /** Where body_file is written ("file:14: actions[0].http.body_file"), for its problems at load. */
  bodyFileFrom?: string;
}

export interface CommandAction extends ActionBase {
  kind: "command";
  argv: string[];
  mode: "background" | "terminal";
  passToken: boolean;
}

export type JobAction = HttpAction | CommandAction;

export interface ActionContext {
  /** Keys the keymap (and other actions already accepted) use. */
  usedKeys: ReadonlySet<string>;
  statusLabels?: Record<number, string>;
  /** "file:line: dotted.key" for a key path, as parse-file.ts's `where` says it. */
  where?: (path: (string | number)[]) => string;
  /** The path of the list: ["actions"] or ["profiles", "prod", "actions"]. */
  at?: string[];
  /** The config file's folder, for body_file. */
  dir?: string;
}

const KEYS = [
  "name",
  "key",
  "description",
  "statuses",
  "confirm",
  "http",
  "command",
  "mode",
  "pass_token",
] as const;
const HTTP_KEYS = ["method", "path", "query", "body", "body_file"] as const;
const MAX_ACTIONS = 50;

/** Thrown by `bad`: an action stops at its first problem. */
class Bad {
  constructor(
    readonly path: (string | number)[],
    readonly message: string,
  ) {}
}
const bad = (path: (string | number)[], message: string): never => {
  throw new Bad(path, message);
};

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** What a TOML value is, in a user's words (also for [[alerts]]: src/config/insight-tables.ts). */
export function kind(v: unknown): string {
  if (typeof v === "string") return `a string (${JSON.stringify(v.length > 40 ? `${v.slice(0, 39)}…` : v)})`;
  if (typeof v === "number" || typeof v === "bigint") return `a number (${String(v)})`;
  if (typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return "a list";
  if (v instanceof Date) return "a date";
  return "a table";
}

export function dottedPath(key: readonly (string | number)[]): string {
  let s = "";
  for (const k of key) {
    if (typeof k === "number") s += `[${k}]`;
    else s += s ? `.${/^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k)}` : k;
  }
  return s;
}

/** Validates an `actions` value. Every action with a problem gives one line; the others are kept. */
export function parseActions(raw: unknown, ctx: ActionContext): { actions: JobAction[]; errors: string[] } {
  const at = ctx.at ?? ["actions"];
  const where = ctx.where ?? dottedPath;
  const actions: JobAction[] = [];
  const errors: string[] = [];
  if (!Array.isArray(raw))
    return { actions, errors: [`${where(at)}: expected [[actions]] tables, got ${kind(raw)}`] };
  if (raw.length > MAX_ACTIONS)
    return { actions, errors: [`${where(at)}: more than ${MAX_ACTIONS} actions`] };
  const names = new Set<string>();
  const keys = new Map<string, string>(); // key → name of the action of this list that has it
  for (let i = 0; i < raw.length; i++) {
    const path = [...at, i];
    try {
      const a = parseOne(raw[i], path, ctx, where);
      if (names.has(a.name)) bad([...path, "name"], `a second action named "${a.name}"`);
      const other = keys.get(a.key);
      if (other !== undefined)
        bad([...path, "key"], `key ${showKey(a.key)} is given twice (also action "${other}")`);
      if (ctx.usedKeys.has(a.key))
        bad([...path, "key"], `key ${showKey(a.key)} is already one of jobtop's keys`);
      names.add(a.name);
      keys.set(a.key, a.name);
      actions.push(a);
    } catch (e) {
      if (!(e instanceof Bad)) throw e;
      errors.push(`${where(e.path)}: ${e.message}`);
    }
  }
  return { actions, errors };
}

/**
 * A profile's actions over the top level's: one of the same name replaces it (where it was);
 * the rest are added. A key then given twice is an error naming it and both places.
 */
export function mergeActions(
  top: readonly JobAction[],
  profile: readonly JobAction[],
): { actions: JobAction[]; errors: string[] } {
  const byName = new Map(profile.map((a) => [a.name, a]));
  const actions = top.map((a) => byName.get(a.name) ?? a);
  const kept = new Set(top.map((a) => a.name));
  for (const a of profile) if (!kept.has(a.name)) actions.push(a);
  const errors: string[] = [];
  const seen = new Map<string, JobAction>();
  for (const a of actions) {
    const other = seen.get(a.key);
    if (other)
      errors.push(
        `${a.from}: key ${showKey(a.key)} is given twice (also action "${other.name}" at ${other.from})`,
      );
    else seen.set(a.key, a);
  }
  return { actions: errors.length ? actions.filter((a) => seen.get(a.key) === a) : actions, errors };
}

/** Does the action apply to a job of this status? */
export function appliesTo(a: JobAction, status: number): boolean {
  return a.statuses === undefined || a.statuses.includes(status);
}

function showKey(k: string): string {
  return JSON.stringify(k);
}

function parseOne(
  raw: unknown,
  path: (string | number)[],
  ctx: ActionContext,
  where: (p: (string | number)[]) => string,
): JobAction {
  if (!isTable(raw))
    return bad(path, `expected a table with name, key and http or command, got ${kind(raw)}`);
  for (const k of Object.keys(raw))
    if (!(KEYS as readonly string[]).includes(k))
      bad([...path, k], `unknown key: expected one of ${KEYS.join(", ")}`);
  const at = (k: string) => [...path, k];
  const str = (k: string, what: string): string | undefined => {
    const v = raw[k];
    if (v === undefined) return undefined;
    if (typeof v !== "string") return bad(at(k), `expected ${what}, got ${kind(v)}`);
    if (!isClean(v)) return bad(at(k), "holds a control or invisible character");
    return v;
  };

  const name = str("name", "a name in quotes") ?? bad(path, "an action needs a name");
  if (!/^[A-Za-z0-9._-]{1,32}$/.test(name))
    bad(at("name"), "a name is up to 32 letters, digits, dots, dashes and underscores");
  const key = str("key", 'one key in quotes, like "C"') ?? bad(path, `action "${name}" needs a key`);
  if ([...key].length !== 1 || key === " ")
    bad(at("key"), `expected one key (one character, not a space), got ${kind(key)}`);
  const description = str("description", "a description in quotes") ?? name;
  if (description.length > 100) bad(at("description"), "longer than 100 characters");
  const statuses = parseStatuses(raw.statuses, at("statuses"), ctx.statusLabels ?? {});
  const confirmRaw = raw.confirm;
  if (confirmRaw !== undefined && confirmRaw !== "yes" && confirmRaw !== "type" && confirmRaw !== "no")
    bad(at("confirm"), `expected "yes", "type" or "no", got ${kind(confirmRaw)}`);
  const from = where(at("key"));
  const base = { name, key, description, statuses, from };

  if ((raw.http === undefined) === (raw.command === undefined))
    bad(path, `action "${name}": give exactly one of http = { … } or command = [ … ]`);
  if (raw.http !== undefined) {
    for (const k of ["mode", "pass_token"])
      if (raw[k] !== undefined)
        bad(at(k), `${k} is for a command action (an http action is sent by jobtop, with its token)`);
    const http = parseHttp(raw.http, at("http"), ctx.dir);
    if (http.bodyFile !== undefined) http.bodyFileFrom = where([...at("http"), "body_file"]);
    // Changing a job is confirmed unless the user says otherwise; a GET changes nothing.
    const confirm = (confirmRaw as Confirm | undefined) ?? (http.method === "GET" ? "no" : "yes");
    return { kind: "http", ...base, confirm, ...http };
  }
  const argv = raw.command;
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((w) => typeof w === "string"))
    return bad(
      at("command"),
      `expected a list of words like ["my-tool", "cancel", "{id}"], got ${kind(argv)}`,
    );
  if (!argv[0]) bad([...at("command"), 0], "the program is empty");
  for (let i = 0; i < argv.length; i++) {
    if ((argv[i] as string).includes("\u0000")) bad([...at("command"), i], "holds a NUL character");
    template(argv[i] as string, [...at("command"), i], "argv");
  }
  // No job text where the program would run it as code, or where it would name the program.
  const danger = commandDanger(argv as string[]);
  if (danger) bad([...at("command"), danger.index], danger.message);
  const mode = raw.mode ?? "background";
  if (mode !== "background" && mode !== "terminal")
    bad(at("mode"), `expected "background" or "terminal", got ${kind(mode)}`);
  const passToken = raw.pass_token ?? false;
  if (typeof passToken !== "boolean") bad(at("pass_token"), `expected true or false, got ${kind(passToken)}`);
  // A command's effect is unknown to jobtop: confirmed unless the user says otherwise.
  const confirm = (confirmRaw as Confirm | undefined) ?? "yes";
  return {
    kind: "command",
    ...base,
    confirm,
    argv: argv as string[],
    mode: mode as CommandAction["mode"],
    passToken: passToken as boolean,
  };
}

function template(t: string, path: (string | number)[], place: TemplatePlace): void {
  const problem = templateProblem(t, place);
  if (problem) bad(path, problem);
}

function parseStatuses(
  v: unknown,
  path: (string | number)[],
  labels: Record<number, string>,
): number[] | undefined {
  if (v === undefined) return undefined;
  const words: string[] = [];
  if (typeof v === "string") words.push(v);
  else if (Array.isArray(v)) {
    for (const x of v) {
      if (typeof x === "number" && Number.isInteger(x)) words.push(String(x));
      else if (typeof x === "string") words.push(x);
      else return bad(path, `expected status codes or names, got ${kind(x)}`);
    }
  } else return bad(path, `expected a list of status codes or names, like [2, "queued"], got ${kind(v)}`);
  const r = parseStatusList(words.join(","), labels);
  if ("error" in r) return bad(path, r.error);
  return [...new Set(r.codes)];
}

function parseHttp(
  v: unknown,
  path: (string | number)[],
  dir: string | undefined,
): Pick<HttpAction, "method" | "path" | "query" | "body" | "bodyFile" | "bodyFileFrom"> {
  if (!isTable(v))
    return bad(
      path,
      `expected a table like { method = "DELETE", path = "/v1/job", query = { id = "{id}" } }, got ${kind(v)}`,
    );
  for (const k of Object.keys(v))
    if (!(HTTP_KEYS as readonly string[]).includes(k))
      bad([...path, k], `unknown key: expected one of ${HTTP_KEYS.join(", ")}`);
  const m = typeof v.method === "string" ? v.method.toUpperCase() : undefined;
  if (!m || !(HTTP_METHODS as readonly string[]).includes(m))
    bad(
      [...path, "method"],
      `expected one of ${HTTP_METHODS.map((x) => `"${x}"`).join(", ")}, got ${kind(v.method)}`,
    );
  const method = m as HttpMethod;
  if (typeof v.path !== "string")
    return bad([...path, "path"], `expected a path like "/v1/job", got ${kind(v.path)}`);
  const urlPath = v.path;
  const pathProblem = checkPath(urlPath);
  if (pathProblem) bad([...path, "path"], pathProblem);
  template(urlPath, [...path, "path"], "path");
  const query: Record<string, string> = {};
  if (v.query !== undefined) {
    if (!isTable(v.query))
      bad([...path, "query"], `expected a table like { id = "{id}" }, got ${kind(v.query)}`);
    for (const [k, x] of Object.entries(v.query as Record<string, unknown>)) {
      if (typeof x !== "string" && typeof x !== "number" && typeof x !== "boolean")
        bad([...path, "query", k], `expected a string, number or true/false, got ${kind(x)}`);
      template(k, [...path, "query", k], "query");
      template(String(x), [...path, "query", k], "query");
      query[k] = String(x);
    }
  }
  if (v.body !== undefined && v.body_file !== undefined)
    bad([...path, "body_file"], "give body or body_file, not both");
  if ((v.body !== undefined || v.body_file !== undefined) && method === "GET")
    bad([...path, v.body !== undefined ? "body" : "body_file"], "a GET sends no body");
  let body: BodyTemplate | undefined;
  if (v.body !== undefined) {
    if (!isTable(v.body))
      bad([...path, "body"], `expected a table (sent as a JSON object), got ${kind(v.body)}`);
    body = bodyValue(v.body, [...path, "body"]) as BodyTemplate;
  }
  let bodyFile: string | undefined;
  if (v.body_file !== undefined) {
    if (typeof v.body_file !== "string" || !v.body_file.trim())
      bad([...path, "body_file"], `expected a file path in quotes, got ${kind(v.body_file)}`);
    bodyFile = resolve(dir ?? ".", (v.body_file as string).trim());
  }
  return { method, path: urlPath, query, body, bodyFile };
}

function bodyValue(v: unknown, path: (string | number)[]): BodyValue {
  if (typeof v === "string") {
    template(v, path, "body");
    return v;
  }
  if (typeof v === "number" || typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map((x, i) => bodyValue(x, [...path, i]));
  if (isTable(v)) {
    const out: BodyTemplate = {};
    for (const [k, x] of Object.entries(v)) out[k] = bodyValue(x, [...path, k]);
    return out;
  }
  return bad(path, `a JSON body has no ${kind(v)}: write it as a string`);
}

/**
 * A path's own text (placeholders aside) must stay a plain path under the base URL: it starts
 * with one "/", has no "." or ".." segment, and no query or fragment of its own (use `query`).
 */
function checkPath(p: string): string | undefined {
  if (!p.startsWith("/") || p.startsWith("//"))
    return 'expected a path under the base URL, starting with one "/", like "/v1/job"';
  if (/[?#]/.test(p)) return "a query goes in query = { … }, and a path has no #fragment";
  const plain = p.replace(/\{\{|\}\}|\{[^{}]*\}/g, "x");
  if (
    plain
      .split("/")
      .some((s) => s === "." || s === ".." || /^%2e(%2e)?$/i.test(s) || /^\.%2e$|^%2e\.$/i.test(s))
  )
    return 'a path has no "." or ".." segments';
  let url: URL;
  try {
    url = new URL(`http://h${plain}`);
  } catch {
    return "not a valid URL path";
  }
  if (url.pathname !== plain || url.host !== "h")
    return "holds characters a URL path cannot (spaces, quotes…): percent-encode them";
  return undefined;
}
