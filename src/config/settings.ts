// Every setting of jobtop, one row each: its kind of value (./kinds.ts: the one reader of its
// flag, environment variable and config-file key), its flag, variable and key, default, help line
// (and the help's section), README line and starter-file line, and where it applies (the row's
// shape: ./setting-row.ts). The flags (src/flags.ts), `--help`, the config file's keys
// (parse-file.ts), each layer's settings and the Config with its defaults and types (resolve.ts,
// types.ts), `config check` (commands.ts), `config init` (starter.ts) and README's table of flags
// (test/config/readme-flags.test.ts) are made from it: adding a setting is a row, then its use
// (docs/ARCHITECTURE.md, "Adding a setting"). Plain data: this module loads at every start. The
// rows are in settings-service.ts, settings-monitor.ts and settings-commands.ts.
import { COMMAND_SETTINGS } from "./settings-commands.js";
import { MONITOR_SETTINGS } from "./settings-monitor.js";
import { SERVICE_SETTINGS } from "./settings-service.js";

/** Every setting, in the order of `--help` and README: the groups live in files of their own. */
export const SETTINGS = [...SERVICE_SETTINGS, ...MONITOR_SETTINGS, ...COMMAND_SETTINGS] as const;
