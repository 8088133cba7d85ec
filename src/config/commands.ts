// `jobtop config path | check | init`: where the file is looked for, what is in force (and
// where each setting comes from; the token's source, never the token), and a starter file.
import {
  chmodSync,
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import type { JobAction } from "../actions/definitions.js";
import { envProxies } from "../api/transport.js";
import { alertLine } from "../model/alerts.js";
import { maskProxy } from "../model/proxy-url.js";
import { sanitize } from "../model/sanitize.js";
import { configPath, MAX_CONFIG_BYTES } from "./config-path.js";
import { keyRows } from "./keys-table.js";
import { token } from "./kinds.js";
import { completeConfig, type LoadInput, loadSettings } from "./load.js";
import type { Resolved } from "./resolve.js";
import type { SettingRow } from "./setting-row.js";
import { SETTINGS } from "./settings.js";
import { STARTER } from "./starter.js";
import { readTrusted, untrusted } from "./trusted-file.js";
import { ConfigError } from "./types.js";

export interface Out {
  write(s: string): unknown;
}

/** Runs one config command; returns the exit code. ConfigErrors propagate (exit 2 in cli). */
export async function runConfigCommand(
  args: string[],
  input: LoadInput,
  out: Out,
  err: Out,
): Promise<number> {
  const [sub, ...rest] = args;
  if (rest.length > 0) throw new ConfigError(`config ${sub}: unexpected "${rest.join(" ")}"`);
  const path = configPath(input.configFlag, input.env);
  switch (sub) {
    case "path": {
      out.write(`${sanitize(path.path)}\n`);
      if (!existsSync(path.path)) err.write("jobtop: (no file there yet; `jobtop config init` writes one)\n");
      // The path still printed (to fix the file), and exit 2 as every other command would give.
      else refuseUntrusted(path.path);
      return 0;
    }
    case "init": {
      let fd: number;
      const dir = dirname(path.path);
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        // jobtop's own folder (the default place) is made private even if it was there already;
        // a folder --config names is the user's to choose, and is checked below.
        if (path.via === "default") chmodSync(dir, 0o700);
        fd = openSync(path.path, "wx", 0o600);
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === "EEXIST")
          throw new ConfigError(`config init: ${path.path} already exists; not overwriting it`);
        throw new ConfigError(`config init: cannot write ${path.path}${code ? ` (${code})` : ""}`);
      }
      let why: string | undefined;
      try {
        writeSync(fd, STARTER);
        why = untrusted(path.path, fstatSync(fd));
      } finally {
        closeSync(fd);
      }
      // Written where it would then be refused (a folder others can write): not left there.
      if (why) {
        unlinkSync(path.path);
        throw new ConfigError(`config init: ${path.path}: refused: ${why}`);
      }
      out.write(
        `wrote ${sanitize(path.path)}\nEdit it (a profile's base_url and token_file, the [status] names), then run: jobtop config check\n`,
      );
      return 0;
    }
    case "check": {
      const loaded = await loadSettings(input);
      out.write(describe(loaded.resolved, loaded, input.env));
      // What a run says at start (http:// in clear, a base_url ending in /v1): config check too.
      for (const w of loaded.resolved.config.warnings) input.warn?.(w);
      // Read the token and the CA file as a run would: a broken source fails here, not later.
      await completeConfig(loaded, input.warn);
      const tokenNote = loaded.resolved.token ? "token read" : "no token needed (demo)";
      out.write(`ok: settings valid, ${tokenNote}\n`);
      return 0;
    }
    default:
      throw new ConfigError(
        `config: ${sub ? `unknown command "${sub}"` : "say what to do"}: jobtop config path | check | init`,
      );
  }
}

/** The file's refusal (./trusted-file.ts) as any command would say it; a file that cannot be read is left to them. */
function refuseUntrusted(path: string): void {
  try {
    readTrusted(path, MAX_CONFIG_BYTES, { devNull: true });
  } catch (e) {
    if (e instanceof ConfigError) throw new ConfigError(`${path}: ${e.message}`);
  }
}

type Loaded = Awaited<ReturnType<typeof loadSettings>>;

type Row = [string, string, string | undefined];
type Env = Record<string, string | undefined>;
type Setting = keyof Resolved["from"];

/** The lines whose value the row's kind does not say alone: the demo's service and token, the proxy of the environment. */
const SPECIAL: Partial<Record<Setting, (r: Resolved, from: string | undefined, env: Env) => Row>> = {
  baseUrl: (r, from) =>
    r.config.demo
      ? ["base_url", "(the demo service, in-process)", "--demo"]
      : ["base_url", r.config.baseUrl, from],
  token: (r, from) => [
    "token",
    r.token ? TOKEN.show(r.token) : r.config.demo ? "(the demo's own)" : "(none)",
    r.token ? from : undefined,
  ],
  proxy: (r, from, env) => proxyRow(r.config.proxy, r.config.demo, from ?? "default", env),
};
const TOKEN = token("value");

/**
 * What is in force: the file, the profile, then a line for each setting of the settings table
 * (./settings.ts), in its order, with the layer it came from, and the actions.
 */
function describe(r: Resolved, loaded: Loaded, env: Env): string {
  const c = r.config as unknown as Record<string, unknown>;
  const rows: Row[] = [];
  const file = loaded.file ? loaded.path.path : `${loaded.path.path} (not found; defaults apply)`;
  rows.push(["config file", file, loaded.path.via === "default" ? undefined : loaded.path.via]);
  rows.push(["profile", loaded.profile?.name ?? "(none)", loaded.profile?.via]);
  const seen = new Set<string>();
  for (const row of SETTINGS as readonly SettingRow[]) {
    const key = row.setting as Setting | undefined;
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const from = r.from[key];
    const special = SPECIAL[key];
    if (special) rows.push(special(r, from as string | undefined, env));
    else if (typeof from === "object")
      rows.push([row.name, labels(c[key] as Record<number, string>, from, row.unset), undefined]);
    else {
      const v = c[key];
      const unset = v === undefined || (Array.isArray(v) && v.length === 0);
      rows.push(
        unset
          ? [row.name, row.unset ?? "(none)", undefined]
          : [row.name, row.kind.show(v), from ?? "default"],
      );
    }
  }
  if (r.config.actions.length === 0) rows.push(["actions", "(none)", undefined]);
  for (const a of r.config.actions)
    rows.push(["action", actionLine(a, r.config.statusLabels), a.from.replace(/: [^:]*$/, "")]);
  for (const row of keyRows(r.config.keys)) rows.push(row);
  for (const a of r.config.alerts) rows.push(["alert", alertLine(a, r.config.statusLabels), undefined]);
  for (const col of r.config.customColumns)
    rows.push(["column", `${col.name}: ${col.pathText}, ${col.width} wide`, undefined]);
  // Paths, a token command's words, status names: the user's text (or a file's, or the
  // environment's), written to a terminal like the service's, so sanitised alike.
  // The values' column after the longest name ("index_interval" ran into its value at 14).
  const width = rows.reduce((w, [k]) => Math.max(w, k.length), 0) + 2;
  return rows
    .map(([k, v, from]) => `${k.padEnd(width)}${sanitize(v)}${from ? `   (${sanitize(from)})` : ""}`)
    .join("\n")
    .concat("\n");
}

/** `cancel: key "C", DELETE /v1/job?id={id}, on 1, 2, confirm yes` (the user's text, sanitised by describe). */
function actionLine(a: JobAction, labels: Record<number, string>): string {
  const what =
    a.kind === "http"
      ? `${a.method} ${a.path}${
          Object.keys(a.query).length
            ? `?${Object.entries(a.query)
                .map(([k, v]) => `${k}=${v}`)
                .join("&")}`
            : ""
        }${a.body || a.bodyFile ? " with a body" : ""}`
      : `command ${a.argv.map((w) => (/^[\w@%+=:,./{}-]+$/.test(w) ? w : JSON.stringify(w))).join(" ")} (${a.mode}${a.passToken ? ", pass_token" : ""})`;
  const on = a.statuses ? a.statuses.map((s) => labels[s] ?? String(s)).join(", ") : "every status";
  return `${a.name}: key ${JSON.stringify(a.key)}, ${what}, on ${on}, confirm ${a.confirm}`;
}

function proxyRow(
  proxy: string | undefined,
  demo: boolean,
  from: string,
  env: Record<string, string | undefined>,
): [string, string, string | undefined] {
  if (demo) return ["proxy", "none (the demo service is in-process)", undefined];
  if (proxy === "none") return ["proxy", "none (the environment's proxy variables are ignored)", from];
  if (proxy) return ["proxy", maskProxy(proxy), from];
  const e = envProxies(env);
  if ("error" in e) return ["proxy", e.error, "environment"];
  const set = [e.https, e.http].filter((p) => p !== undefined);
  if (set.length === 0) return ["proxy", "none", undefined];
  const no = e.noProxy.replace(/[^\x20-\x7e]/g, "?");
  const vars = set.map((p) => `${p.name}=${maskProxy(p.url)}`).join(", ");
  return ["proxy", `${vars}${no ? `, NO_PROXY=${no}` : ""}`, "environment"];
}

function labels(names: Record<number, string>, from: Record<number, string>, none = "(none)"): string {
  const codes = Object.keys(names);
  if (codes.length === 0) return none;
  return codes.map((c) => `${c}=${names[Number(c)]} (${from[Number(c)] ?? "?"})`).join(", ");
}
