// What every command for scripts is run with (the config, the client, stdout…), in a module of its
// own: the modes import it, and command.ts, which picks and runs a mode, imports the modes.
import type { JobClient } from "../api/client.js";
import type { Config } from "../config/types.js";
import type { Output } from "./output.js";

export interface CommandContext {
  config: Config;
  client: JobClient;
  out: Output;
  json: boolean;
  /** ANSI colour (stdout is a terminal and NO_COLOR is not set). */
  color: boolean;
  showSecrets: boolean;
  /** The terminal's width; undefined when stdout is not a terminal. */
  columns: number | undefined;
  /** One line on stderr, sanitised, the token masked (cli.tsx's writer). */
  err: (message: string) => void;
  /** Fixed "now" for tests. */
  nowSec?: number;
}
