// The shapes of configuration: a layer's Settings, the one Config a run uses, and ConfigError.
import type { JobAction } from "../actions/definitions.js";
import type { KeyBindings } from "../keys/keymap.js";
import type { Order } from "../model/order.js";
import type { ListColumn } from "./checks.js";
import type { Defaults, RowSetting, ValuesOf } from "./from-settings.js";

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
  clipboard?: ClipboardMode;
  bell?: boolean;
  mouse?: boolean;
  notify?: NotifyMode;
  notifyScope?: NotifyScope;
  state?: boolean;
  hyperlinks?: HyperlinksMode;
  title?: boolean;
  index?: IndexSetting;
  indexMax?: number;
  indexIntervalMs?: number;
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
  /** [[actions]] (issue 25): a higher layer's action replaces a lower one's of the same name (mergeActions). */
  actions?: JobAction[];
  /** [keys] (src/config/keys-table.ts): a higher layer's binding of a command replaces a lower one's. */
  keys?: KeyBindings;
}

/** One source of settings, named as a user would say it: "--interval", "profile prod", … */
export interface Layer {
  name: string;
  settings: Settings;
}

export interface Config {
  baseUrl: string;
  token: string;
  intervalMs: number;
  listIntervalMs: number;
  timeoutMs: number;
  /** Jobs per page; "auto": as many as the list pane shows, following the terminal's size. */
  perPage: number | "auto";
  order: Order;
  clipboard: ClipboardMode;
  demo: boolean;
  once: boolean;
  bell: boolean;
  /** Mouse reporting: the wheel scrolls the focused pane, a click selects a row. */
  mouse: boolean;
  /** Desktop notifications on a status change (terminal/notify.ts); off unless asked for. */
  notify: NotifyMode;
  /** Whose status changes notify, ring and count in the title: pinned, page (+ selected, pins), all. */
  notifyScope: NotifyScope;
  /** Remember each job's last state.log entry per profile, and show what changed while away. */
  state: boolean;
  /** OSC 8 links for the URLs in the detail pane (terminal/hyperlinks.ts). */
  hyperlinks: HyperlinksMode;
  /** Set the terminal's title while running (restored on exit). */
  title: boolean;
  /** The account index (src/poll/sweep.ts): auto is on while the total is at most indexMax. */
  index: IndexSetting;
  indexMax: number;
  /** How often the index sweeps every page. */
  indexIntervalMs: number;
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
  /** The user's actions on jobs ([[actions]], issue 25), and --demo's; none unless defined. */
  actions: readonly JobAction[];
  /** The keys [keys] rebinds, by command (the rest are jobtop's own: src/keys/rows.ts). */
  keys: KeyBindings;
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/**
 * The settings table (./settings.ts) and these types agree: every field of Settings is some row's
 * `setting` (but morePins, --pin's addition to pins, and actions, a list of tables), every row's is a field, and every default a
 * Config's. A row added without its field (or a field without its row) fails to compile here.
 */
type Unmatched =
  | Exclude<keyof Settings, RowSetting | "morePins" | "actions" | "keys">
  | Exclude<RowSetting, keyof Settings>
  | Exclude<keyof Defaults, keyof Config>;
export type SettingsMatchTable = [Unmatched] extends [never] ? true : { unmatched: Unmatched };
export const settingsMatchTable: SettingsMatchTable = true;
