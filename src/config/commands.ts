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
import { maskProxy } from "../model/proxy-url.js";
import { sanitize } from "../model/sanitize.js";
import { COLUMNS } from "./checks.js";
import { configPath, MAX_CONFIG_BYTES } from "./file.js";
import type { CheckName } from "./from-settings.js";
import { keyRows } from "./keys-table.js";
import { completeConfig, type LoadInput, loadSettings } from "./load.js";
import type { Resolved } from "./resolve.js";
import { STARTER } from "./starter.js";
import { readTrusted, untrusted } from "./trusted-file.js";
import { ConfigError, type TokenSource } from "./types.js";

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
type Show = (
  c: Resolved["config"],
  r: Resolved,
  origin: (k: keyof Resolved["from"]) => string,
  env: Env,
) => Row;
type Env = Record<string, string | undefined>;

/**
 * A row of `config check` for each row of the settings table marked `check` (./settings.ts), in
 * this order: a setting marked there without its row here (or the other way) does not compile.
 */
const CHECK_ROWS = {
  base_url: (c, _r, origin) => [
    "base_url",
    c.demo ? "(the demo service, in-process)" : c.baseUrl,
    c.demo ? "--demo" : origin("baseUrl"),
  ],
  token: (c, r, origin) => ["token", tokenSource(r.token, c.demo), r.token ? origin("token") : undefined],
  interval: (c, _r, origin) => ["interval", ms(c.intervalMs), origin("intervalMs")],
  list_interval: (c, _r, origin) => ["list_interval", ms(c.listIntervalMs), origin("listIntervalMs")],
  timeout: (c, _r, origin) => ["timeout", ms(c.timeoutMs), origin("timeoutMs")],
  per_page: (c, _r, origin) => ["per_page", String(c.perPage), origin("perPage")],
  order: (c, _r, origin) => ["order", c.order, origin("order")],
  index: (c, _r, origin) => ["index", c.index, origin("index")],
  index_max: (c, _r, origin) => ["index_max", String(c.indexMax), origin("indexMax")],
  index_interval: (c, _r, origin) => ["index_interval", ms(c.indexIntervalMs), origin("indexIntervalMs")],
  columns: (c, _r, origin) => {
    const names = (Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]).filter((n) =>
      c.columns?.includes(COLUMNS[n]),
    );
    return ["columns", c.columns ? names.join(", ") : "all that fit", origin("columns")];
  },
  clipboard: (c, _r, origin) => ["clipboard", c.clipboard, origin("clipboard")],
  bell: (c, _r, origin) => ["bell", String(c.bell), origin("bell")],
  pins: (c, _r, origin) => [
    "pins",
    c.pins.length ? c.pins.join(", ") : "(none)",
    c.pins.length ? origin("pins") : undefined,
  ],
  proxy: (c, _r, origin, env) => proxyRow(c.proxy, c.demo, origin("proxy"), env),
  ca_file: (c, _r, origin) => [
    "ca_file",
    c.caFile ?? "(none; the system's CAs and NODE_EXTRA_CA_CERTS)",
    c.caFile ? origin("caFile") : undefined,
  ],
  status: (c, r) => ["status", labels(c.statusLabels, r.from.statusLabels), undefined],
  protocols: (c, r) => ["protocols", labels(c.protocolLabels, r.from.protocolLabels), undefined],
  ports: (c, r) => [
    "ports",
    labels(c.portNames, r.from.portNames, "(none: ports show as numbers)"),
    undefined,
  ],
} satisfies Record<CheckName, Show>;

function describe(r: Resolved, loaded: Loaded, env: Env): string {
  const c = r.config;
  const rows: Row[] = [];
  const origin = (k: keyof Resolved["from"]) => (r.from[k] as string | undefined) ?? "default";
  const file = loaded.file ? loaded.path.path : `${loaded.path.path} (not found; defaults apply)`;
  rows.push(["config file", file, loaded.path.via === "default" ? undefined : loaded.path.via]);
  rows.push(["profile", loaded.profile?.name ?? "(none)", loaded.profile?.via]);
  for (const show of Object.values(CHECK_ROWS) as Show[]) rows.push(show(c, r, origin, env));
  if (c.actions.length === 0) rows.push(["actions", "(none)", undefined]);
  for (const a of c.actions)
    rows.push(["action", actionLine(a, c.statusLabels), a.from.replace(/: [^:]*$/, "")]);
  for (const row of keyRows(c.keys)) rows.push(row);
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

function tokenSource(t: TokenSource | undefined, demo: boolean): string {
  if (!t) return demo ? "(the demo's own)" : "(none)";
  if (t.kind === "value")
    return `given by ${t.from === "JOBTOP_TOKEN" ? "JOBTOP_TOKEN" : t.from} (not shown)`;
  if (t.kind === "file") return `token_file ${t.path}`;
  return `token_command ${t.argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(" ")}`;
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

function labels(
  names: Record<number, string>,
  from: Record<number, string>,
  none = "(none: codes show as numbers)",
): string {
  const codes = Object.keys(names);
  if (codes.length === 0) return none;
  return codes.map((c) => `${c}=${names[Number(c)]} (${from[Number(c)] ?? "?"})`).join(", ");
}

function ms(n: number): string {
  if (n % 60_000 === 0 && n >= 60_000) return `${n / 60_000}m`;
  return n % 1000 === 0 ? `${n / 1000}s` : `${n}ms`;
}
