// One validated Config, with every default and the order of precedence in one place.
// cli.tsx gathers flags and environment, ./load.ts reads the config file; this module checks
// each layer and merges them: flags > environment > the chosen profile > the file's top level
// > defaults. A problem is one line naming the flag, variable or file:line it came from.

import * as z from "zod/mini";
import { type JobAction, mergeActions } from "../actions/definitions.js";
import { parseJobId } from "../model/ids.js";
import { transform } from "../zod.js";
import {
  checkBaseUrl,
  checkColumns,
  checkDuration,
  clearTextWarning,
  DURATION_RANGES,
  MAX_PINS,
  parseLabelList,
} from "./checks.js";
import { DEFAULTS, valuesOf } from "./from-settings.js";
import { keysInForce } from "./keys-table.js";
import { SETTINGS, type SettingRow } from "./settings.js";
import { type Config, ConfigError, type Layer, type Settings, type TokenSource } from "./types.js";

/** The defaults, from the settings table (./settings.ts). */
export { DEFAULTS } from "./from-settings.js";

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

/** A flag that takes one of its row's words: `--notify: expected auto, osc9, … or off`. */
const oneOf = <N extends "clipboard" | "notify" | "hyperlinks" | "index" | "notify_scope">(name: N) => {
  const values = valuesOf(name);
  const list = `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
  return z.enum(values, { message: `--${name.replace("_", "-")}: expected ${list}` });
};

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
  order: z.optional(z.enum(valuesOf("order"), { message: '--order: expected "desc" or "asc"' })),
  clipboard: z.optional(oneOf("clipboard")),
  index: z.optional(oneOf("index")),
  indexMax: z.optional(
    z.pipe(
      z.string(),
      transform((v: string, ctx) => {
        if (/^\d+$/.test(v.trim()) && Number.isSafeInteger(Number(v))) return Number(v);
        ctx.addIssue({ code: "custom", message: `--index-max: expected a whole number of jobs, got "${v}"` });
        return z.NEVER;
      }),
    ),
  ),
  indexInterval: z.optional(duration("--index-interval", DURATION_RANGES.indexInterval)),
  statusLabels: z.optional(z.string()),
  columns: z.optional(z.string()),
  demo: z.boolean(),
  once: z.boolean(),
  /** Absent unless --bell or --no-bell was given, so that a config file's bell can apply. */
  bell: z.optional(z.boolean()),
  /** Mouse reporting (wheel, click); off by default, so the terminal's own text selection works. */
  mouse: z.optional(z.boolean()),
  notify: z.optional(oneOf("notify")),
  notifyScope: z.optional(oneOf("notify_scope")),
  /** Absent unless --state or --no-state was given, so that a config file's state can apply. */
  state: z.optional(z.boolean()),
  hyperlinks: z.optional(oneOf("hyperlinks")),
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
    index: c.index,
    indexMax: c.indexMax,
    indexIntervalMs: c.indexInterval,
    bell: c.bell,
    mouse: c.mouse,
    notify: c.notify,
    notifyScope: c.notifyScope,
    state: c.state,
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

type Labels = "statusLabels" | "protocolLabels" | "portNames";
type Scalar = Exclude<keyof Settings, Labels | "morePins" | "actions" | "keys">;
/** The settings a layer sets whole (the highest that sets one wins), from the table: all but the labels, merged code by code. */
const SCALARS = [...new Set((SETTINGS as readonly SettingRow[]).map((r) => r.setting))].filter(
  (k): k is Scalar => k !== undefined && k !== "statusLabels" && k !== "protocolLabels" && k !== "portNames",
);

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
  const actions = actionsInForce(layers);
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
      index: s.index ?? DEFAULTS.index,
      indexMax: s.indexMax ?? DEFAULTS.indexMax,
      indexIntervalMs: s.indexIntervalMs ?? DEFAULTS.indexIntervalMs,
      demo: opts.demo,
      once: opts.once,
      bell: s.bell ?? DEFAULTS.bell,
      mouse: s.mouse ?? DEFAULTS.mouse,
      notify: s.notify ?? DEFAULTS.notify,
      notifyScope: s.notifyScope ?? DEFAULTS.notifyScope,
      state: s.state ?? DEFAULTS.state,
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
      actions,
      keys: keysInForce(layers),
    },
    token: opts.demo ? undefined : s.token,
    from,
  };
}

/**
 * The actions of every layer, lowest first: a higher layer's (a profile's over the file's top
 * level) replaces one of the same name. A key then given twice is one line naming both places.
 */
function actionsInForce(layers: readonly Layer[]): JobAction[] {
  let actions: JobAction[] = [];
  for (let i = layers.length - 1; i >= 0; i--) {
    const mine = (layers[i] as Layer).settings.actions;
    if (!mine?.length) continue;
    const r = mergeActions(actions, mine);
    if (r.errors[0]) throw new ConfigError(r.errors[0]);
    actions = r.actions;
  }
  return actions;
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
