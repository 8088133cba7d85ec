// One validated Config, with every default and the order of precedence in one place, made from
// the settings table (./settings.ts): each layer's settings are its rows' values, read by each
// row's kind (./kinds.ts), and the Config is every row's setting in force. cli.tsx gathers flags
// and environment, ./load.ts reads the config file; this module reads each layer and merges them:
// flags > environment > the chosen profile > the file's top level > defaults. A problem is one
// line naming the flag, variable or file:line it came from.

import { type JobAction, mergeActions } from "../actions/definitions.js";
import { basePathWarning, clearTextWarning, MAX_PINS } from "./checks.js";
import { finalCodes } from "./final-statuses.js";
import { DEFAULTS, type Flags, kebab } from "./from-settings.js";
import { alertsInForce, customColumnsInForce } from "./insight-tables.js";
import { keysInForce } from "./keys-table.js";
import { type Kind, Problem, type ReadContext } from "./kinds.js";
import type { SettingRow } from "./setting-row.js";
import { SETTINGS } from "./settings.js";
import { tokenRefusal } from "./token-scope.js";
import { type Config, ConfigError, type Layer, type Settings, type TokenSource } from "./types.js";

/** The defaults, from the settings table (./settings.ts). */
export { DEFAULTS } from "./from-settings.js";

const ROWS: readonly SettingRow[] = SETTINGS;

/** A row's value read by its kind, or a ConfigError naming where it came from. */
function readValue(kind: Kind<unknown>, v: unknown, at: ReadContext): unknown {
  const r = kind.read(v, at);
  if (r instanceof Problem) throw new ConfigError(`${at.where}: ${r.message}`);
  return r;
}

/** The flags as typed (src/flags.ts), which ./load.ts reads into the flags' layer. */
export type RawConfig = Flags;

/**
 * The flags' layer: each flag of a row with a setting, read by the row's kind. `tokenFrom` names
 * the flag the token came from: cli.tsx reads --token-file itself and gives the token as `token`.
 * --pin's ids add to the pins in force (morePins) rather than replace them.
 */
export function flagSettings(flags: Flags, tokenFrom = "--token"): Settings {
  const s: Record<string, unknown> = {};
  const given = flags as Record<string, unknown>;
  for (const r of ROWS) {
    if (!r.flag || !r.setting || given[r.flag] === undefined) continue;
    const name = r.flag === "token" ? tokenFrom : `--${kebab(r.flag)}`;
    const value = readValue(r.kind, given[r.flag], { source: "text", where: name });
    if (r.setting === "pins") {
      if ((value as string[]).length > 0) s.morePins = value;
    } else s[r.setting] = value;
  }
  return s as Settings;
}

/** The environment's layer: the variables of the rows that have one (an empty one is unset). */
export function envSettings(env: Record<string, string | undefined>): Settings {
  const s: Record<string, unknown> = {};
  for (const r of ROWS) {
    if (!r.env || !r.setting || !env[r.env]) continue;
    s[r.setting] = readValue(r.kind, env[r.env], { source: "text", where: r.env });
  }
  return s as Settings;
}

type Labels = "statusLabels" | "protocolLabels" | "portNames";
type Scalar = Exclude<keyof Settings, Labels | "morePins" | "actions" | "keys">;
/** The settings a layer sets whole (the highest that sets one wins): all but the names for codes, merged code by code. */
const SCALARS = [...new Set(ROWS.filter((r) => r.kind.type !== "labels").map((r) => r.setting))].filter(
  (k): k is Scalar => k !== undefined,
);
/** The names for codes and ports (status, protocols, ports): merged code by code. */
const LABELS = [...new Set(ROWS.filter((r) => r.kind.type === "labels").map((r) => r.setting))] as Labels[];

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
  opts: { demo?: boolean; once?: boolean; profile?: string; noServiceHint?: string },
): Resolved {
  const s: Record<string, unknown> = {};
  const from: Resolved["from"] = { statusLabels: {}, protocolLabels: {}, portNames: {} };
  for (const key of SCALARS) {
    const layer = layers.find((l) => l.settings[key] !== undefined);
    if (!layer) continue;
    s[key] = layer.settings[key];
    from[key] = layer.name;
  }
  const labels = { statusLabels: {}, protocolLabels: {}, portNames: {} } as Record<
    Labels,
    Record<number, string>
  >;
  for (let i = layers.length - 1; i >= 0; i--) {
    const l = layers[i] as Layer;
    for (const key of LABELS)
      for (const [code, name] of Object.entries(l.settings[key] ?? {})) {
        labels[key][Number(code)] = name;
        from[key][Number(code)] = l.name;
      }
  }
  s.pins = pinsInForce(layers, s.pins as string[] | undefined, from);
  // `final`'s names are known only now (they merge code by code across the layers).
  const final = finalCodes((s.final as string[] | undefined) ?? [], labels.statusLabels);
  if (typeof final === "string")
    throw new ConfigError(`${from.final === "flags" ? "--final" : `final (${from.final})`}: ${final}`);
  const actions = actionsInForce(layers);
  if (!opts.demo) {
    const hint = opts.noServiceHint ? ` (${opts.noServiceHint})` : "";
    if (!s.baseUrl)
      throw new ConfigError(
        `no service given: pass --base-url URL (or set JOBTOP_BASE_URL, or base_url in the config file), or try --demo${hint}`,
      );
    const refused = tokenRefusal(layers, s.baseUrl as string, s.token as TokenSource | undefined);
    if (refused) throw new ConfigError(refused);
    if (!s.token)
      throw new ConfigError(
        `no token: set JOBTOP_TOKEN or pass --token-file FILE (or set token_file or token_command in the config file), or try --demo${hint}`,
      );
  }
  // Every row's setting in force, else its default (a row without one: undefined); the token's
  // source is handed on apart (`token`), read only once chosen, and is no field of the Config.
  const { token, ...settings } = s;
  const inForce = { ...DEFAULTS, ...settings } as Omit<Config, "token">;
  return {
    config: {
      ...inForce,
      baseUrl: (s.baseUrl as string | undefined) ?? "",
      ...labels,
      demo: opts.demo === true,
      once: opts.once === true,
      profile: opts.profile,
      // The demo service is in this process, on loopback: never through a proxy.
      proxy: opts.demo ? "none" : inForce.proxy,
      caFile: opts.demo ? undefined : inForce.caFile,
      warnings: opts.demo
        ? []
        : clearTextWarning(inForce.baseUrl || undefined).concat(
            basePathWarning(inForce.baseUrl || undefined),
          ),
      actions,
      keys: keysInForce(layers),
      alerts: alertsInForce(layers),
      customColumns: customColumnsInForce(layers, inForce.columns),
    },
    token: opts.demo ? undefined : (token as TokenSource | undefined),
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
export function buildConfig(flags: Flags, extra: { statusLabels?: Record<number, string> } = {}): Config {
  const layers: Layer[] = [{ name: "flags", settings: flagSettings(flags) }];
  if (extra.statusLabels) layers.push({ name: "built-in", settings: { statusLabels: extra.statusLabels } });
  const r = resolveSettings(layers, { demo: flags.demo === true, once: flags.once === true });
  return { ...r.config, token: r.token?.kind === "value" ? r.token.value : "" };
}
