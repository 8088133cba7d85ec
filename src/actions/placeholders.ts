// An action's placeholders ({id}, {remark}…) and where they are put: an argv element, a URL's
// path or query, a JSON body. Pure. The one rule in every place: a job's text is a value, never
// syntax. In argv it stays inside its own element (no job text can add, split or drop an
// argument, nor reach a shell: there is none); in a URL it is percent-encoded and can never
// change the host, leave the base URL's path or add a query parameter; in a body it is a JSON
// string (or, with {json:field}, the job's own JSON value).
import type { Job } from "../api/schema.js";

/** The placeholders every template may hold, in the order the messages list them. */
export const PLACEHOLDERS = ["id", "displayID", "status", "statusName", "nodeId", "remark"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** Where a template is used: {json:…} is for a body only. */
export type TemplatePlace = "argv" | "path" | "query" | "body";

/** `{name}`, `{json:path}`, and `{{` / `}}` for a literal brace. */
const TOKEN = /\{\{|\}\}|\{([^{}]*)\}/g;
const JSON_REF = /^json:([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)$/;

/** One job's values, as text: what a placeholder is replaced by. */
export type JobValues = Record<Placeholder, string>;

export function jobValues(job: Job, statusLabels: Record<number, string> = {}): JobValues {
  return {
    id: job.id,
    displayID: job.displayID,
    status: String(job.status),
    statusName: statusLabels[job.status] ?? String(job.status),
    nodeId: job.ctx.nodeId,
    remark: job.app.remark,
  };
}

/**
 * What is wrong with a template, in one line, or undefined: an unknown placeholder (a config
 * error), or {json:…} outside a body, or not as the whole string.
 */
export function templateProblem(template: string, place: TemplatePlace): string | undefined {
  for (const m of template.matchAll(TOKEN)) {
    const name = m[1];
    if (name === undefined) continue; // {{ or }}
    if (name.startsWith("json:")) {
      if (place !== "body") return `{${name}} is for an http body only; use {id}, {remark}… here`;
      if (!JSON_REF.test(name)) return `{${name}}: expected a job field after json:, like {json:app}`;
      if (m[0] !== template) return `{${name}} must be the whole string (it is put in as a JSON value)`;
      continue;
    }
    if (!(PLACEHOLDERS as readonly string[]).includes(name))
      return `unknown placeholder {${name}}: use ${PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}${
        place === "body" ? " or {json:field}" : ""
      } (a literal brace is {{ or }})`;
  }
  return undefined;
}

/**
 * Where the first placeholder of `template` starts ({{ and }} are literal braces, not one), or -1.
 * src/actions/shell-safety.ts asks where job text would land in a command.
 */
export function placeholderAt(template: string): number {
  for (const m of template.matchAll(TOKEN)) if (m[1] !== undefined) return m.index;
  return -1;
}

/** The template with each placeholder replaced by `encode(value)`. The template was checked. */
function fill(template: string, values: JobValues, encode: (v: string) => string): string {
  return template.replace(TOKEN, (whole, name: string | undefined) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    const v = values[name as Placeholder];
    return v === undefined ? whole : encode(v);
  });
}

/**
 * argv for spawn: one element per template element, always (a placeholder is replaced inside
 * its own element). A value with a NUL cannot be an argument (spawn refuses it): an error. So is
 * job text that would start an argument with "-" or "+" before any "--": the program would read
 * it as an option (`git log {displayID}` with a displayID `--output=~/.bashrc` wrote that file;
 * `vim {remark}` with `+!cmd` runs cmd).
 */
export function expandArgv(
  argv: readonly string[],
  values: JobValues,
): { argv: string[] } | { error: string } {
  for (const p of PLACEHOLDERS)
    if (values[p].includes("\u0000")) {
      if (argv.some((a) => a.includes(`{${p}}`)))
        return { error: `the job's ${p} holds a NUL character, which a command's argument cannot` };
    }
  const out = argv.map((a) => fill(a, values, (v) => v));
  const optionsEnd = argv.indexOf("--");
  for (let i = 1; i < argv.length && (optionsEnd < 0 || i < optionsEnd); i++) {
    const at = placeholderAt(argv[i] as string);
    const first = (out[i] as string)[0];
    if (at !== 0 || (first !== "-" && first !== "+")) continue;
    const name = /^\{([^{}]*)\}/.exec(argv[i] as string)?.[1] ?? "text";
    return {
      error: `the job's ${name} starts with "${first}", which ${argv[0]} would read as an option: not run (write "--" before it in the command)`,
    };
  }
  return { argv: out };
}

/**
 * The URL of an http action: the base URL's path, then `path` with its values percent-encoded,
 * then `query`. Refused when it would leave the base URL (another origin, or out of its path:
 * a value that is a whole `.` or `..` segment, which URL parsers resolve even encoded).
 */
export function expandUrl(
  baseUrl: string,
  path: string,
  query: Readonly<Record<string, string>>,
  values: JobValues,
): { url: URL } | { error: string } {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, "");
  let url: URL;
  let wanted: string;
  try {
    // (encodeURIComponent throws on a lone surrogate.)
    wanted = `${prefix}${fill(path, values, encodeURIComponent)}`;
    url = new URL(`${base.origin}${wanted}`);
  } catch {
    return { error: "the job's values do not make a URL" };
  }
  if (url.origin !== base.origin || url.pathname !== wanted || url.search || url.hash)
    return { error: "the job's values would change the URL beyond its path; not sent" };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    params.append(
      fill(k, values, (x) => x),
      fill(v, values, (x) => x),
    );
  url.search = params.toString();
  return { url };
}

/** A body template: a TOML table, its strings templates. */
export type BodyTemplate = { [key: string]: BodyValue };
export type BodyValue = string | number | boolean | null | BodyValue[] | BodyTemplate;

/**
 * The body's JSON text: strings filled (JSON-encoded by JSON.stringify), and a string that is
 * exactly `{json:field.path}` replaced by that field of the job as sent (`raw`), or an error
 * when the job has no such field.
 */
export function expandBody(
  body: BodyTemplate,
  values: JobValues,
  raw: unknown,
): { json: string } | { error: string } {
  let missing: string | undefined;
  const walk = (v: BodyValue): unknown => {
    if (typeof v === "string") {
      const ref = /^\{(json:[^{}]*)\}$/.exec(v)?.[1];
      const path = ref === undefined ? undefined : JSON_REF.exec(ref)?.[1];
      if (path === undefined) return fill(v, values, (x) => x);
      const found = field(raw, path);
      if (found === undefined) missing ??= path;
      return found;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x);
      return out;
    }
    return v;
  };
  const out = walk(body);
  if (missing !== undefined) return { error: `the job has no field ${missing} for {json:${missing}}` };
  return { json: JSON.stringify(out) };
}

function field(raw: unknown, path: string): unknown {
  let v: unknown = raw;
  for (const part of path.split(".")) {
    if (v === null || typeof v !== "object" || Array.isArray(v) || !Object.hasOwn(v, part)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}
