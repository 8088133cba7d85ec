// The shape of a row of the settings table (./settings.ts), and the sections of `--help`: what a
// row says, in a module of its own so that the rows' files and what is made from them
// (./from-settings.ts) import it without importing each other.
import type { Kind } from "./kinds.js";

/** Where a setting applies: the live monitor, the commands for scripts, a config file's profile. */
export type Applies = "monitor" | "commands" | "profile";

/** The sections of `--help`, in order. */
export const SECTIONS = [
  { name: "Service", title: "Service" },
  { name: "Config file", title: "Config file (~/.config/jobtop/config.toml; see the README)" },
  { name: "Monitor", title: "Monitor" },
  { name: "Other", title: "Other" },
  {
    name: "Scripts",
    title: "Scripts (--once, get, watch, wait, act, stats)",
    after: [
      "Exit codes: 0 done, 1 service unreachable or failing until the deadline,",
      "2 bad usage or config, 3 wait timed out, 4 no such job, 5 token rejected,",
      "6 --stuck found a stuck job, 130/143 interrupted (watch: 0); act: 1 when it failed for a job",
    ],
  },
] as const;
export type Section = (typeof SECTIONS)[number]["name"];

export interface SettingRow {
  /** The setting's name: its key in the config file when it has one (`file`). */
  readonly name: string;
  /**
   * The kind of its value (./kinds.ts): the one reader of its flag, variable and key, and how
   * `config check` shows it. A flag is a switch (--bell, --no-bell) when the kind is a boolean
   * without words, repeatable when it is a list of job ids, and takes a value otherwise.
   */
  readonly kind: Kind<unknown>;
  /** The flag, camelCase (--base-url is baseUrl); rows may share one (--timeout). */
  readonly flag?: string;
  readonly short?: string;
  /** What follows the flag in the help and README (`--base-url URL`). */
  readonly arg?: string;
  readonly env?: string;
  /** The config file has the key `name`. */
  readonly file?: true;
  /** The Config's field it sets (and each layer's Settings'): a setting in force, shown by `config check`. */
  readonly setting?: string;
  /** The Config's value when no layer sets it. */
  readonly default?: unknown;
  /** `config check`'s value when no layer sets it and it has no default ("all that fit"). */
  readonly unset?: string;
  readonly applies: readonly Applies[];
  /** Lines of `--help`: its section, what is typed (the flag and `arg` when ""), the text's lines. */
  readonly help?: readonly (readonly [Section, string, string, ...string[]])[];
  /** README's row: the default as written there, the meaning; `usage`, `env` replace the derived cells (as written). */
  readonly readme?: {
    readonly default: string;
    readonly text: string;
    readonly usage?: string;
    readonly env?: string;
  };
  /** Its lines in the starter file (`jobtop config init`), commented out. */
  readonly starter?: readonly string[];
}
