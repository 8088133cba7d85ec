// Reading the config file (where it is: ./config-path.ts). Light on purpose: this runs on every
// start, and a start without a file must cost one failed open(), so the TOML parser and the file's
// schema (./parse-file.ts) load only when there is a file to parse. The file is refused whole when
// others could have written it (./trusted-file.ts).
import { type ConfigPath, MAX_CONFIG_BYTES } from "./config-path.js";
import { readTrusted } from "./trusted-file.js";
import { ConfigError, type ConfigFile } from "./types.js";

/**
 * Reads and validates the file; undefined when the default file does not exist. Refused (a
 * ConfigError naming the file, what is wrong and the fix) when others could have written it.
 */
export async function readConfigFile(at: ConfigPath): Promise<ConfigFile | undefined> {
  let text: string;
  try {
    // One open, and everything from that descriptor: what is parsed (and may name a command to
    // run, or where to send the token) is the file whose owner and mode were checked, not
    // whatever the path names a moment later.
    text = readTrusted(at.path, MAX_CONFIG_BYTES, { devNull: true }).text;
  } catch (e) {
    if (e instanceof ConfigError) throw new ConfigError(`${at.path}: ${e.message}`);
    const code = (e as { code?: string }).code;
    // No file there, or a parent that is not a folder: no config file, as far as the default goes.
    if ((code === "ENOENT" || code === "ENOTDIR") && at.via === "default") return undefined;
    const named = at.via === "default" ? "config file" : `${at.via}`;
    throw new ConfigError(`${named}: cannot read ${at.path}${code ? ` (${code})` : ""}`);
  }
  const { parseConfigFile } = await import("./parse-file.js");
  return parseConfigFile(at.path, text);
}
