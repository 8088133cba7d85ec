// Every setting of jobtop, one row each: its flag, environment variable, config-file key, values,
// default, help line (and the help's section), README line and starter-file line, and where it
// applies. The flags (src/flags.ts), `--help`, the config file's keys and schema (parse-file.ts),
// the defaults and types (resolve.ts, types.ts), `config check` (commands.ts), `config init`
// (starter.ts) and README's table of flags (test/config/readme-flags.test.ts) are made from it,
// in ./from-settings.ts: adding a setting is a row here, then its use (docs/ARCHITECTURE.md,
// "Adding a setting"). Plain data: this module loads at every start. The rows are in
// settings-service.ts, settings-monitor.ts and settings-commands.ts.
import type { Section } from "./from-settings.js";
import { COMMAND_SETTINGS } from "./settings-commands.js";
import { MONITOR_SETTINGS } from "./settings-monitor.js";
import { SERVICE_SETTINGS } from "./settings-service.js";

/** Where a setting applies: the live monitor, the commands for scripts, a config file's profile. */
export type Applies = "monitor" | "commands" | "profile";

export interface SettingRow {
  /** The setting's name: its key in the config file when it has one (`file`). */
  readonly name: string;
  /** The flag, named as meow names it (camelCase: --base-url is baseUrl); rows may share one. */
  readonly flag?: string;
  /** meow's type of the flag (a string unless said); a boolean is false unless given (but --help, --version). */
  readonly type?: "string" | "boolean";
  readonly multiple?: true;
  readonly short?: string;
  /** What follows the flag in the help and README (`--base-url URL`). */
  readonly arg?: string;
  readonly env?: string;
  /** The config file has the key `name`. */
  readonly file?: true;
  /** The field of a layer's Settings (types.ts) it sets, and the Config's. */
  readonly setting?: string;
  /** The Config's value when no layer sets it. */
  readonly default?: string | number | boolean | readonly never[];
  /** The values it takes, for a setting that is one of a few words. */
  readonly values?: readonly string[];
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
  /** `jobtop config check` shows it. */
  readonly check?: true;
}

/** Every setting, in the order of `--help` and README: the groups live in files of their own. */
export const SETTINGS = [...SERVICE_SETTINGS, ...MONITOR_SETTINGS, ...COMMAND_SETTINGS] as const;
