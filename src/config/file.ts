// Where the config file is, and reading it. Light on purpose: this runs on every start, and a
// start without a file must cost one failed open(), so the TOML parser and the file's schema
// (./parse-file.ts) load only when there is a file to parse.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { ConfigError, type Settings } from "../config.js";
import { loadBuiltin } from "../load-builtin.js";

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
  const base = xdg && isAbsolute(xdg) ? xdg : join(home(), ".config");
  return { path: join(base, "jobtop", "config.toml"), via: "default" };
}

function home(): string {
  try {
    // node:os when a path needs the home directory: ~0.15 ms of a start on Node 24, and
    // XDG_CONFIG_HOME or --config often make it unneeded.
    return (loadBuiltin("node:os") as typeof import("node:os")).homedir();
  } catch {
    return "/"; // no home directory (HOME unset, no passwd entry): there is no file either
  }
}

/** "~/x" → "$HOME/x"; other paths unchanged. */
export function expandHome(p: string): string {
  if (p === "~") return home();
  if (p.startsWith("~/")) return join(home(), p.slice(2));
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
  /** True if no one but the owner (or root) can write the file: it may name commands to run. */
  private: boolean;
}

/** Reads and validates the file; undefined when the default file does not exist. */
export async function readConfigFile(at: ConfigPath): Promise<ConfigFile | undefined> {
  let text: string;
  try {
    text = readCapped(at.path, MAX_CONFIG_BYTES);
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

/**
 * Reads a file as UTF-8, refusing more than `max` bytes: a path may name /dev/zero or a huge
 * file by mistake, and reading it whole would never end or fill memory.
 */
export function readCapped(path: string, max: number): string {
  const fd = openSync(path, "r");
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
    if (st.isFile() && st.size > max)
      throw new ConfigError(`larger than ${max / 1024} kB; is this the right file?`);
    const buf = Buffer.alloc(max + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n > max) throw new ConfigError(`larger than ${max / 1024} kB; is this the right file?`);
    }
    return buf.subarray(0, n).toString("utf8");
  } finally {
    closeSync(fd);
  }
}
