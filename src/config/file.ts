// Where the config file is, and reading it. Light on purpose: this runs on every start, and a
// start without a file must cost one failed open(), so the TOML parser and the file's schema
// (./parse-file.ts) load only when there is a file to parse.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  type Stats,
  statSync,
} from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { loadBuiltin } from "../load-builtin.js";
import { monotonicMs } from "../model/monotonic.js";
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
  /**
   * Why someone other than you (or root) could have changed the file as read, or undefined: then
   * it may name a command to run (see othersCanChange).
   */
  othersCanChange(): string | undefined;
}

/** Reads and validates the file; undefined when the default file does not exist. */
export async function readConfigFile(at: ConfigPath): Promise<ConfigFile | undefined> {
  let text: string;
  let stat: Stats;
  try {
    // One open, and everything from that descriptor: what is parsed (and may name a command to
    // run) is the file whose owner and mode othersCanChange looks at, not whatever the path
    // names a moment later (another user renaming their own file in and out of it, in a
    // directory they can write, once got their token_command run).
    const f = openFile(at.path, { devNull: true });
    try {
      stat = f.stat;
      text = readOpened(f, MAX_CONFIG_BYTES);
    } finally {
      closeSync(f.fd);
    }
  } catch (e) {
    if (e instanceof ConfigError) throw new ConfigError(`${at.path}: ${e.message}`);
    const code = (e as { code?: string }).code;
    // No file there, or a parent that is not a folder: no config file, as far as the default goes.
    if ((code === "ENOENT" || code === "ENOTDIR") && at.via === "default") return undefined;
    const named = at.via === "default" ? "config file" : `${at.via}`;
    throw new ConfigError(`${named}: cannot read ${at.path}${code ? ` (${code})` : ""}`);
  }
  const { parseConfigFile } = await import("./parse-file.js");
  let why: { reason: string | undefined } | undefined;
  return {
    ...parseConfigFile(at.path, text),
    // Looked at only when the file's token_command is the token's source: the few stat calls it
    // makes are not every start's.
    othersCanChange: () => {
      why ??= { reason: othersCanChange(at.path, stat) };
      return why.reason;
    },
  };
}

/** Larger than any config a person writes. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** A file opened for reading, and what fstat(2) said of that descriptor. */
export interface OpenFile {
  fd: number;
  stat: Stats;
  /** It is a pipe (or FIFO): read with a deadline, and it cannot be read twice. */
  pipe: boolean;
}

/**
 * Opens `path` for reading, refusing anything but a regular file (a ConfigError "not a regular
 * file (a FIFO)"): `pipe` lets a pipe or FIFO through (`--token-file <(pass show x)`), `devNull`
 * /dev/null (`--config /dev/null`, no settings). The open itself never blocks: open(2) of a FIFO
 * waits for a writer, for ever when none comes (`mkfifo f; jobtop --config f` hung without a word).
 */
export function openFile(path: string, allow: { pipe?: boolean; devNull?: boolean } = {}): OpenFile {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  try {
    const stat = fstatSync(fd);
    const pipe = stat.isFIFO();
    const ok =
      stat.isFile() ||
      (pipe && allow.pipe) ||
      (allow.devNull && path === "/dev/null" && stat.isCharacterDevice());
    if (!ok) throw new ConfigError(`not a regular file (${kindOf(stat)})`);
    return { fd, stat, pipe };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

function kindOf(st: Stats): string {
  if (st.isDirectory()) return "a directory";
  if (st.isFIFO()) return "a FIFO";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "a device";
  return "not a file";
}

/** How long a pipe that has ended without a byte is given for a writer to come (a FIFO's may open it after us). */
const EMPTY_PIPE_GRACE_MS = 2000;

/**
 * Reads an open file whole as UTF-8, refusing more than `max` bytes (a huge file named by
 * mistake would fill memory). A pipe is read until it ends, within `pipeTimeoutMs`: a writer that
 * never writes nor closes gets a one-line error, not a hang.
 */
export function readOpened(f: OpenFile, max: number, pipeTimeoutMs = 15_000): string {
  const { fd, stat, pipe } = f;
  const tooLarge = () => new ConfigError(`larger than ${max / 1024} kB; is this the right file?`);
  if (stat.isFile() && stat.size > max) throw tooLarge();
  const buf = Buffer.alloc(max + 1);
  const start = monotonicMs();
  let n = 0;
  for (;;) {
    let got: number;
    try {
      got = readSync(fd, buf, n, buf.length - n, null);
    } catch (e) {
      // O_NONBLOCK: a pipe with nothing in it yet says EAGAIN rather than waiting.
      if (!pipe || (e as { code?: string }).code !== "EAGAIN") throw e;
      got = -1;
    }
    if (got > 0) {
      n += got;
      if (n > max) throw tooLarge();
      continue;
    }
    // End of the file. For a pipe with nothing read yet it may also be that its writer has not
    // opened it yet (a FIFO): a moment more for one to come.
    if (got === 0 && (!pipe || n > 0 || monotonicMs() - start > EMPTY_PIPE_GRACE_MS)) break;
    if (monotonicMs() - start > pipeTimeoutMs) {
      const what = n > 0 ? "did not end" : "gave nothing";
      throw new ConfigError(`the pipe ${what} within ${pipeTimeoutMs / 1000}s`);
    }
    nap(20);
  }
  return buf.subarray(0, n).toString("utf8");
}

let napCell: Int32Array | undefined;
/** Sleeps `ms` without returning to the event loop: a start-up read, with nothing else to do meanwhile. */
function nap(ms: number): void {
  napCell ??= new Int32Array(new SharedArrayBuffer(4));
  Atomics.wait(napCell, 0, 0, ms);
}

/**
 * Reads a regular file as UTF-8 (a CA file), refusing more than `max` bytes and anything but a
 * regular file (/dev/zero, a FIFO).
 */
export function readCapped(path: string, max: number): string {
  const f = openFile(path);
  try {
    return readOpened(f, max);
  } finally {
    closeSync(f.fd);
  }
}

/**
 * Who but you (or root) could change what `path` names, in words, or undefined if no one. The
 * file must be yours or root's and not writable by others, and so must every directory from its
 * own up to /: whoever can write a directory can rename another file into the path, unless the
 * directory has the sticky bit (as /tmp), which keeps others from renaming what is not theirs.
 * Group-writable is allowed (user private groups). The same holds for every directory a symlink
 * on the way leads through, and the symlink must be yours or root's. `stat` is the open descriptor's (fstat), so
 * that the check is of the very file that was read: the path must still name it.
 */
export function othersCanChange(path: string, stat: Stats): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined; // Windows: no owners and modes to compare
  const mine = (s: Stats) => s.uid === uid || s.uid === 0;
  if (!mine(stat)) return `${path} belongs to another user (uid ${stat.uid})`;
  if (stat.mode & 0o002) return `others can change ${path} (chmod o-w it)`;
  let dirs: Set<string>;
  try {
    const real = realpathSync.native(path);
    const now = statSync(real);
    if (now.dev !== stat.dev || now.ino !== stat.ino) return `${path} was replaced while it was read`;
    // Every directory the path's lookup passes through, not only the real file's: a symlink
    // (`link.toml -> ~/.config/jobtop/config.toml`, or a linked directory on the way) that sits
    // in a directory others can write is as replaceable as a file there.
    const walked = lookupDirs(path);
    if (typeof walked === "string") return walked;
    dirs = walked;
    dirs.add(dirname(real));
  } catch {
    return `${path} was replaced while it was read`;
  }
  const seen = new Set<string>();
  for (let dir of dirs) {
    for (;;) {
      if (seen.has(dir)) break;
      seen.add(dir);
      let d: Stats;
      try {
        d = statSync(dir);
      } catch {
        return `${path} was replaced while it was read`;
      }
      if (!mine(d)) return `${dir} belongs to another user (uid ${d.uid}), who can replace ${path}`;
      if (d.mode & 0o002 && !(d.mode & 0o1000))
        return `others can write ${dir}, and so replace ${path} (chmod o-w ${dir}, or +t)`;
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  return undefined;
}

/**
 * The directories that hold each name a lookup of `path` reads, symlinks followed one at a time
 * (each a real directory), or why not: a symlink on the way that is another user's (who can point
 * it elsewhere). Throws when a name is gone.
 */
function lookupDirs(path: string): Set<string> | string {
  const uid = process.getuid?.();
  const dirs = new Set<string>();
  const todo = resolve(path).split("/").filter(Boolean);
  let cur = "/";
  let hops = 0;
  while (todo.length > 0) {
    const name = todo.shift() as string;
    if (name === ".") continue;
    if (name === "..") {
      cur = dirname(cur);
      continue;
    }
    dirs.add(cur);
    const next = join(cur, name);
    const st = lstatSync(next);
    if (!st.isSymbolicLink()) {
      cur = next;
      continue;
    }
    if (st.uid !== uid && st.uid !== 0) return `${next} is another user's symlink (uid ${st.uid})`;
    if (++hops > 40) throw new Error("ELOOP");
    const target = readlinkSync(next);
    if (target.startsWith("/")) cur = "/";
    const parts = target.split("/").filter(Boolean);
    for (let i = parts.length - 1; i >= 0; i--) todo.unshift(parts[i] as string);
  }
  return dirs;
}
