// One validated Config, with every default and the order of precedence in one place.
// cli.tsx gathers flags and environment, src/config/ reads the config file; this module checks
// each layer and merges them: flags > environment > the chosen profile > the file's top level
// > defaults. A problem is one line naming the flag, variable or file:line it came from.

import * as z from "zod/mini";
import { parseJobId } from "./model/ids.js";
import type { Order } from "./model/order.js";
import { proxyProblem, showProxy } from "./model/proxy-url.js";
import { isClean } from "./model/sanitize.js";
import { transform } from "./zod.js";

export const DEFAULTS = {
  intervalMs: 2_000,
  listIntervalMs: 10_000,
  perPage: 20,
  order: "desc",
  timeoutMs: 10_000,
  clipboard: "auto",
  bell: false,
  notify: "off" as NotifyMode,
  hyperlinks: "auto",
  title: true,
} as const;

/** Parses "2", "2s", "500ms", "1m" into milliseconds; bare numbers are seconds. */
export function parseDuration(v: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(v);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? "s") as "ms" | "s" | "m" | "h"];
  return Math.round(n * unit);
}

/** Bounds of each duration setting, shared by flags and the config file. */
export const DURATION_RANGES = {
  interval: [200, 3_600_000],
  listInterval: [500, 3_600_000],
  timeout: [100, 600_000],
} as const;

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
} as const;
export type ColumnName = keyof typeof COLUMNS;
export type ListColumn = (typeof COLUMNS)[ColumnName];

export function checkColumns(names: readonly unknown[]): ListColumn[] | string {
  const out: ListColumn[] = [];
  for (const n of names) {
    if (typeof n !== "string" || !Object.hasOwn(COLUMNS, n))
      return `unknown column ${show(n)}${suggest(String(n), Object.keys(COLUMNS))}; columns are ${Object.keys(COLUMNS).join(", ")}`;
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

export type NotifyMode = "auto" | "osc9" | "osc777" | "osc99" | "bell" | "off";

/** Where the bearer token comes from; read (or run) only once it is the one chosen. */
export type TokenSource =
  | { kind: "value"; value: string; from: string }
  | { kind: "file"; path: string; from: string }
  | { kind: "command"; argv: string[]; from: string };

/** Everything a layer (flags, environment, a profile, the file) can set, already validated. */
export interface Settings {
  baseUrl?: string;
  token?: TokenSource;
  intervalMs?: number;
  listIntervalMs?: number;
  timeoutMs?: number;
  perPage?: number | "auto";
  order?: Order;
  clipboard?: "auto" | "osc52" | "native" | "off";
  bell?: boolean;
  mouse?: boolean;
  notify?: NotifyMode;
  hyperlinks?: "auto" | "on" | "off";
  title?: boolean;
  /** Jobs to pin: the highest layer's list is taken, as any setting (a profile's replaces the file's). */
  pins?: string[];
  /** Jobs to pin besides `pins` (--pin): they add to the list in force, each id once. */
  morePins?: string[];
  columns?: ListColumn[];
  proxy?: string;
  caFile?: string;
  statusLabels?: Record<number, string>;
  protocolLabels?: Record<number, string>;
  portNames?: Record<number, string>;
}

/** One source of settings, named as a user would say it: "--interval", "profile prod", … */
export interface Layer {
  name: string;
  settings: Settings;
}

const duration = (flag: string, range: readonly [number, number]) =>
  z.pipe(
    z.string(),
    transform((v: string, ctx) => {
      const r = checkDuration(v, range);
      if (typeof r === "string") {
        ctx.addIssue({ code: "custom", message: `${flag}: ${r}` });
        return z.NEVER;
      }
      return r;
    }),
  );

const baseUrl = z.pipe(
  z.string(),
  transform((v: string, ctx) => {
    const r = checkBaseUrl(v);
    if ("error" in r) {
      ctx.addIssue({ code: "custom", message: `--base-url: ${r.error}` });
      return z.NEVER;
    }
    return r.url;
  }),
);

export const RawConfigSchema = z.object({
  baseUrl: z.optional(baseUrl),
  token: z.optional(z.string()),
  interval: z.optional(duration("--interval", DURATION_RANGES.interval)),
  listInterval: z.optional(duration("--list-interval", DURATION_RANGES.listInterval)),
  timeout: z.optional(duration("--timeout", DURATION_RANGES.timeout)),
  perPage: z.optional(
    z
      .union([z.literal("auto"), z.number()], { message: "--per-page: expected a whole number or auto" })
      .check(
        z.superRefine((v, ctx) => {
          if (v === "auto") return;
          const message = !Number.isInteger(v)
            ? "--per-page: expected a whole number or auto"
            : v < 1
              ? "--per-page: must be at least 1"
              : v > 500
                ? "--per-page: must be at most 500"
                : undefined;
          if (message) ctx.addIssue({ code: "custom", message });
        }),
      ),
  ),
  order: z.optional(z.enum(["desc", "asc"], { message: '--order: expected "desc" or "asc"' })),
  clipboard: z.optional(
    z.enum(["auto", "osc52", "native", "off"], {
      message: "--clipboard: expected auto, osc52, native or off",
    }),
  ),
  statusLabels: z.optional(z.string()),
  columns: z.optional(z.string()),
  demo: z.boolean(),
  once: z.boolean(),
  /** Absent unless --bell or --no-bell was given, so that a config file's bell can apply. */
  bell: z.optional(z.boolean()),
  /** Mouse reporting (wheel, click); off by default, so the terminal's own text selection works. */
  mouse: z.optional(z.boolean()),
  notify: z.optional(
    z.enum(["auto", "osc9", "osc777", "osc99", "bell", "off"], {
      message: "--notify: expected auto, osc9, osc777, osc99, bell or off",
    }),
  ),
  hyperlinks: z.optional(
    z.enum(["auto", "on", "off"], { message: "--hyperlinks: expected auto, on or off" }),
  ),
  /** On by default; "off" leaves the terminal's title alone. */
  title: z.optional(
    z.pipe(
      z.enum(["on", "off"], { message: "--title: expected on or off" }),
      z.transform((v) => v === "on"),
    ),
  ),
  pins: z.optional(
    z.array(
      z.pipe(
        z.string(),
        transform((v: string, ctx) => {
          const id = parseJobId(v);
          if (id === undefined) {
            ctx.addIssue({
              code: "custom",
              message: `--pin: expected a job id (a whole number), got "${v}"`,
            });
            return z.NEVER;
          }
          return id;
        }),
      ),
    ),
  ),
});

export interface Config {
  baseUrl: string;
  token: string;
  intervalMs: number;
  listIntervalMs: number;
  timeoutMs: number;
  /** Jobs per page; "auto": as many as the list pane shows, following the terminal's size. */
  perPage: number | "auto";
  order: Order;
  clipboard: "auto" | "osc52" | "native" | "off";
  demo: boolean;
  once: boolean;
  bell: boolean;
  /** Mouse reporting: the wheel scrolls the focused pane, a click selects a row. */
  mouse: boolean;
  /** Desktop notifications on a status change (terminal/notify.ts); off unless asked for. */
  notify: NotifyMode;
  /** OSC 8 links for the URLs in the detail pane (terminal/hyperlinks.ts). */
  hyperlinks: "auto" | "on" | "off";
  /** Set the terminal's title while running (restored on exit). */
  title: boolean;
  /** Jobs pinned from the start: polled wherever they are. */
  pins: string[];
  /** Labels for status codes; the spec does not say what the codes mean, so the default is the bare code. */
  statusLabels: Record<number, string>;
  /** One line each, said at start: on stderr, and in the monitor's status line (the full screen hides stderr). */
  warnings: string[];
  /** Names for port protocol codes, from [protocols]; the default is none. */
  protocolLabels: Record<number, string>;
  /** Names for port numbers, from [ports] (6006 = "tensorboard"); the default is none. */
  portNames: Record<number, string>;
  /** The list columns the user allows (the list shows those that fit); all when undefined. */
  columns: ListColumn[] | undefined;
  /** The profile in use, shown in the header; undefined when none was chosen. */
  profile: string | undefined;
  /** An http(s) proxy URL, or "none"; undefined: the environment's HTTPS_PROXY/HTTP_PROXY/NO_PROXY. */
  proxy: string | undefined;
  /** A PEM file of extra CAs to trust, besides the system's. */
  caFile: string | undefined;
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

export type RawConfig = z.input<typeof RawConfigSchema>;

/** Validates the flags (raw strings) into a layer; the token, if any, came from `tokenFrom`. */
export function flagSettings(raw: RawConfig, tokenFrom = "--token"): Settings {
  const r = RawConfigSchema.safeParse(raw);
  if (!r.success) throw new ConfigError(r.error.issues[0]?.message ?? "invalid configuration");
  const c = r.data;
  const s: Settings = {
    baseUrl: c.baseUrl,
    token: c.token === undefined ? undefined : { kind: "value", value: c.token, from: tokenFrom },
    intervalMs: c.interval,
    listIntervalMs: c.listInterval,
    timeoutMs: c.timeout,
    perPage: c.perPage,
    order: c.order,
    clipboard: c.clipboard,
    bell: c.bell,
    mouse: c.mouse,
    notify: c.notify,
    hyperlinks: c.hyperlinks,
    title: c.title,
    // --pin adds to the config file's pins (resolveSettings); meow gives [] when none is given.
    morePins: c.pins?.length ? c.pins : undefined,
  };
  if (c.statusLabels !== undefined) {
    const labels = parseLabelList(c.statusLabels);
    if (typeof labels === "string") throw new ConfigError(`--status-labels: ${labels}`);
    s.statusLabels = labels;
  }
  if (c.columns !== undefined) {
    const cols = checkColumns(c.columns.split(",").map((x) => x.trim()));
    if (typeof cols === "string") throw new ConfigError(`--columns: ${cols}`);
    s.columns = cols;
  }
  return s;
}

/** The environment's layer: JOBTOP_BASE_URL and JOBTOP_TOKEN. */
export function envSettings(env: Record<string, string | undefined>): Settings {
  const s: Settings = {};
  if (env.JOBTOP_BASE_URL) {
    const r = checkBaseUrl(env.JOBTOP_BASE_URL);
    if ("error" in r) throw new ConfigError(`JOBTOP_BASE_URL: ${r.error}`);
    s.baseUrl = r.url;
  }
  if (env.JOBTOP_TOKEN) s.token = { kind: "value", value: env.JOBTOP_TOKEN, from: "JOBTOP_TOKEN" };
  return s;
}

type Scalar = Exclude<keyof Settings, "statusLabels" | "protocolLabels" | "portNames" | "morePins">;
const SCALARS: readonly Scalar[] = [
  "baseUrl",
  "token",
  "intervalMs",
  "listIntervalMs",
  "timeoutMs",
  "perPage",
  "order",
  "clipboard",
  "bell",
  "mouse",
  "notify",
  "hyperlinks",
  "title",
  "pins",
  "columns",
  "proxy",
  "caFile",
];

export interface Resolved {
  /** The Config, but for the token, which is read from `token` only once chosen. */
  config: Omit<Config, "token">;
  token: TokenSource | undefined;
  /** Which layer each setting came from ("default" when none set it); labels per code. */
  from: Partial<Record<Scalar, string>> & {
    statusLabels: Record<number, string>;
    protocolLabels: Record<number, string>;
    portNames: Record<number, string>;
  };
}

/**
 * The one place where precedence is decided. `layers` come highest first (flags, environment,
 * the chosen profile, the file's top level); each setting takes the first layer that sets it,
 * then the default. Status and protocol names merge code by code in the same order (port
 * names port by port), so a profile can rename one code and keep the file's names for the others.
 */
export function resolveSettings(
  layers: readonly Layer[],
  opts: { demo: boolean; once: boolean; profile?: string; noServiceHint?: string },
): Resolved {
  const s: Settings = {};
  const from: Resolved["from"] = { statusLabels: {}, protocolLabels: {}, portNames: {} };
  for (const key of SCALARS) {
    const layer = layers.find((l) => l.settings[key] !== undefined);
    if (!layer) continue;
    (s as Record<string, unknown>)[key] = layer.settings[key];
    from[key] = layer.name;
  }
  const statusLabels: Record<number, string> = {};
  const protocolLabels: Record<number, string> = {};
  const portNames: Record<number, string> = {};
  for (let i = layers.length - 1; i >= 0; i--) {
    const l = layers[i] as Layer;
    for (const [code, name] of Object.entries(l.settings.statusLabels ?? {})) {
      statusLabels[Number(code)] = name;
      from.statusLabels[Number(code)] = l.name;
    }
    for (const [code, name] of Object.entries(l.settings.protocolLabels ?? {})) {
      protocolLabels[Number(code)] = name;
      from.protocolLabels[Number(code)] = l.name;
    }
    for (const [port, name] of Object.entries(l.settings.portNames ?? {})) {
      portNames[Number(port)] = name;
      from.portNames[Number(port)] = l.name;
    }
  }
  s.pins = pinsInForce(layers, s.pins, from);
  if (!opts.demo) {
    const hint = opts.noServiceHint ? ` (${opts.noServiceHint})` : "";
    if (!s.baseUrl)
      throw new ConfigError(
        `no service given: pass --base-url URL (or set JOBTOP_BASE_URL, or base_url in the config file), or try --demo${hint}`,
      );
    if (!s.token)
      throw new ConfigError(
        `no token: set JOBTOP_TOKEN or pass --token-file FILE (or set token_file or token_command in the config file), or try --demo${hint}`,
      );
  }
  return {
    config: {
      baseUrl: s.baseUrl ?? "",
      intervalMs: s.intervalMs ?? DEFAULTS.intervalMs,
      listIntervalMs: s.listIntervalMs ?? DEFAULTS.listIntervalMs,
      timeoutMs: s.timeoutMs ?? DEFAULTS.timeoutMs,
      perPage: s.perPage ?? DEFAULTS.perPage,
      order: s.order ?? DEFAULTS.order,
      clipboard: s.clipboard ?? DEFAULTS.clipboard,
      demo: opts.demo,
      once: opts.once,
      bell: s.bell ?? DEFAULTS.bell,
      mouse: s.mouse ?? false,
      notify: s.notify ?? DEFAULTS.notify,
      hyperlinks: s.hyperlinks ?? DEFAULTS.hyperlinks,
      title: s.title ?? DEFAULTS.title,
      pins: s.pins ?? [],
      statusLabels,
      protocolLabels,
      portNames,
      columns: s.columns,
      profile: opts.profile,
      // The demo service is in this process, on loopback: never through a proxy.
      proxy: opts.demo ? "none" : s.proxy,
      caFile: opts.demo ? undefined : s.caFile,
      warnings: opts.demo ? [] : clearTextWarning(s.baseUrl),
    },
    token: opts.demo ? undefined : s.token,
    from,
  };
}

/**
 * The pins of the highest layer that sets them (a profile's replace the file's top level's: job
 * ids belong to one service), then those each layer adds (--pin), each id once, at most MAX_PINS.
 */
function pinsInForce(layers: readonly Layer[], base: string[] | undefined, from: Resolved["from"]): string[] {
  // A set, in order: a command line may carry thousands of --pin.
  const pins = new Set<string>();
  const add = (ids: readonly string[] | undefined) => {
    for (const id of ids ?? []) pins.add(id);
  };
  add(base);
  const adders: string[] = [];
  for (let i = layers.length - 1; i >= 0; i--) {
    const l = layers[i] as Layer;
    if (!l.settings.morePins?.length) continue;
    add(l.settings.morePins);
    adders.push(l.name === "flags" ? "--pin" : l.name);
  }
  // Named by where they came from: "profile prod + --pin" (an empty list, as --demo's, names none).
  if (base?.length) adders.unshift(from.pins ?? "?");
  from.pins = adders.length > 0 ? adders.join(" + ") : undefined;
  if (pins.size > MAX_PINS) {
    throw new ConfigError(
      `${from.pins ?? "--pin"}: ${pins.size} jobs pinned, at most ${MAX_PINS} (each one off the page costs a request per list interval)`,
    );
  }
  return Array.from(pins);
}

/**
 * Validates flags alone (no config file) into a Config; base URL and token may be absent only
 * in demo mode, which supplies its own. `extra.statusLabels` sit below the flags.
 */
export function buildConfig(raw: RawConfig, extra: { statusLabels?: Record<number, string> } = {}): Config {
  const layers: Layer[] = [{ name: "flags", settings: flagSettings(raw) }];
  if (extra.statusLabels) layers.push({ name: "built-in", settings: { statusLabels: extra.statusLabels } });
  const r = resolveSettings(layers, { demo: raw.demo, once: raw.once });
  return { ...r.config, token: r.token?.kind === "value" ? r.token.value : "" };
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
  const clean = s.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "?");
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean;
}

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
