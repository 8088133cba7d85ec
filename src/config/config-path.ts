// Where the config file is (--config, JOBTOP_CONFIG, XDG_CONFIG_HOME), what ~ means in a path of
// it, and how large it may be: what both the reader (./file.ts) and the parser (./parse-file.ts,
// a chunk loaded only when there is a file) need, in a module of their own so that neither
// imports the other.
import { isAbsolute, join, resolve } from "node:path";
import { homeDir } from "./trusted-file.js";

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

/** Larger than any config a person writes. */
export const MAX_CONFIG_BYTES = 1024 * 1024;
