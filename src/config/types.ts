// The shapes of configuration, made from the settings table (./settings.ts): a layer's Settings
// and the one Config a run uses have a field for each row's `setting`, of its kind's value
// (./kinds.ts); and ConfigError.
import type { JobAction } from "../actions/definitions.js";
import type { KeyBindings } from "../keys/keymap.js";
import type { AlertRule } from "../model/alerts.js";
import type { CustomColumn } from "../model/job-insight.js";
import type { Order } from "../model/order.js";
import type { ValuesOf } from "./from-settings.js";
import type { ValueOf } from "./kinds.js";
import type { SETTINGS } from "./settings.js";

export type { TokenSource } from "./kinds.js";

export type NotifyMode = ValuesOf<"notify">;
export type ClipboardMode = ValuesOf<"clipboard">;
export type HyperlinksMode = ValuesOf<"hyperlinks">;
export type IndexSetting = ValuesOf<"index">;
export type NotifyScope = ValuesOf<"notify_scope">;
/** The order row's words are the one Order type's (src/model/order.ts): a word in one only fails to compile. */
export type OrderWordsAgree = [ValuesOf<"order">] extends [Order]
  ? [Order] extends [ValuesOf<"order">]
    ? true
    : never
  : never;
const orderWordsAgree: OrderWordsAgree = true;
void orderWordsAgree;

type Row = (typeof SETTINGS)[number];
type SettingRow = Extract<Row, { setting: string }>;

/**
 * Everything a layer (flags, environment, a profile, the file) can set, already read by each
 * row's kind: a field for each row's `setting`. Besides them: --pin's pins, which add to those in
 * force, and [[actions]] (issue 25), of which a higher layer's replaces a lower one's of the same name.
 */
export type Settings = { [R in SettingRow as R["setting"]]?: ValueOf<R["kind"]> } & {
  morePins?: string[];
  actions?: JobAction[];
  /** [keys] (src/config/keys-table.ts): a higher layer's binding of a command replaces a lower one's. */
  keys?: KeyBindings;
  /** [[alerts]] and [[custom_columns]] (issue 32): ./insight-tables.ts; a higher layer's replaces a lower one's of the same name. */
  insight?: { alerts?: AlertRule[]; customColumns?: CustomColumn[] };
};

/** What the config file says, validated; `line` says where a key is, for later errors. */
export interface ConfigFile {
  path: string;
  /** `profile = "…"` at the top level, if any, and its line. */
  defaultProfile: { name: string; line: number | undefined } | undefined;
  top: Settings;
  profiles: Map<string, Settings>;
  /** "file:line: key" for a dotted key, or "file: key" when its line is not known. */
  where(key: readonly (string | number)[]): string;
}

/** One source of settings, named as a user would say it: "--interval", "profile prod", … */
export interface Layer {
  name: string;
  settings: Settings;
  /** The config file's (a profile or the top level): its token goes only to its base_url's origin (./token-scope.ts). */
  file?: boolean;
}

/** A row's default is a value of its kind: `default: "2s"` on a duration row does not compile here. */
type WrongDefault = {
  [R in Extract<SettingRow, { default: unknown }> as R["name"]]: R["default"] extends Readonly<
    ValueOf<R["kind"]>
  >
    ? never
    : R["name"];
}[Extract<SettingRow, { default: unknown }>["name"]];
export const defaultsAreValues: [WrongDefault] extends [never] ? true : { wrongDefault: WrongDefault } = true;

/** The rows' settings in force: those with a default always have a value. */
type InForce = {
  [R in SettingRow as R["setting"]]: R extends { default: unknown }
    ? ValueOf<R["kind"]>
    : ValueOf<R["kind"]> | undefined;
};

/** What a run uses: every setting in force (a row each: its meaning is the row's help), and what no row sets. */
export type Config = Omit<InForce, "token" | "baseUrl" | "statusLabels" | "protocolLabels" | "portNames"> & {
  /** The service; "" only until --demo's own is known. */
  baseUrl: string;
  /** The bearer token, read from the source that won (`TokenSource`). */
  token: string;
  /** Names for codes and ports, merged code by code across the layers; none by default (bare codes). */
  statusLabels: Record<number, string>;
  protocolLabels: Record<number, string>;
  portNames: Record<number, string>;
  demo: boolean;
  once: boolean;
  /** The profile in use, shown in the header; undefined when none was chosen. */
  profile: string | undefined;
  /** One line each, said at start: on stderr, and in the monitor's status line (the full screen hides stderr). */
  warnings: string[];
  /** The user's actions on jobs ([[actions]], issue 25), and --demo's; none unless defined. */
  actions: readonly JobAction[];
  /** The keys [keys] rebinds, by command (the rest are jobtop's own: src/keys/rows.ts). */
  keys: KeyBindings;
  /** Stuck rules ([[alerts]], issue 32); none unless defined. */
  alerts: readonly AlertRule[];
  /** Custom columns ([[custom_columns]], issue 32), shown where `columns` names them. */
  customColumns: readonly CustomColumn[];
};

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}
