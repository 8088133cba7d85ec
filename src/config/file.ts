// Where the config file is, and reading it. Light on purpose: this runs on every start, and a
// start without a file must cost one failed open(), so the TOML parser and the file's schema
// (./parse-file.ts) load only when there is a file to parse. The file is refused whole when
// others could have written it (./trusted-file.ts).
import { isAbsolute, join, resolve } from "node:path";
import { homeDir, readTrusted } from "./trusted-file.js";
import { ConfigError, type Settings } from "./types.js";

export interface ConfigPath {
  path: string;
  /** Why this path: "--config", "JOBTOP_CONFIG" or "default" (XDG_CONFIG_HOME or ~/.config). */
  via: "--config" | "JOBTOP_CONFIG" | "default";
}

/** `--config FILE`, else JOBTOP_CONFIG, else $XDG_CONFIG_HOME/jobtop/config.toml (~/.config on macOS too). */
export function configPath(flag: string | undefined, env: Record<string, string | undefined>): ConfigPath {
  if (flag) return { path: resolve(expandHome(flag)), via: "--config" };
  if (env.JOBTOP_CONFIG) return { path: resolve(expandHome(env.JOBTOP_CONFIG)), via: "JOBTOP_CONFIG" };
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec says to ignore a relative path.
  const base = xdg && isAbsolute(xdg) ? xdg : join(homeDir(), ".config");
  return { path: join(base, "jobtop", "config.toml"), via: "default" };
}

/** "~/x" → "$HOME/x"; other paths unchanged. */
export function expandHome(p: string): string {
  if (p === "~") return homeDir();
  if (p.startsWith("~/")) return join(homeDir(), p.slice(2));
  return p;
}

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

/** Larger than any config a person writes. */
export const MAX_CONFIG_BYTES = 1024 * 1024;
