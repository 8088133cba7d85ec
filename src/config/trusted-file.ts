// Files that decide what jobtop runs and where it sends the token: the config file (its command
// actions, its base_url) and every file it names (token_file, ca_file, an action's body_file),
// and --config, JOBTOP_CONFIG, --token-file. Each is opened once, fstat(2)ed, checked and read
// from that same descriptor (what is checked is what is read: a file swapped in between cannot
// slip through), and refused whole, as ssh refuses ~/.ssh/config ("Bad owner or permissions"),
// when anyone but you (or root) could have written it: the file, a folder on its way, a symlink.
// One rule for all of them, here.
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
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { loadBuiltin } from "../load-builtin.js";
import { monotonicMs } from "../model/monotonic.js";
import { ConfigError } from "./types.js";
import { onlyOwnersGroup } from "./user-groups.js";

/** The home directory, or "/" when there is none (HOME unset, no passwd entry). */
export function homeDir(): string {
  try {
    // node:os when a path needs it: ~0.15 ms of a start on Node 24, and XDG_CONFIG_HOME or
    // --config often make it unneeded.
    return (loadBuiltin("node:os") as typeof import("node:os")).homedir() || "/";
  } catch {
    return "/";
  }
}

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
    const ok = stat.isFile() || (pipe && allow.pipe) || (allow.devNull && isDevNull(path, stat));
    if (!ok) throw new ConfigError(`not a regular file (${kindOf(stat)})`);
    return { fd, stat, pipe };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

function isDevNull(path: string, stat: Stats): boolean {
  return path === "/dev/null" && stat.isCharacterDevice();
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

export interface TrustedRead {
  text: string;
  /** fstat(2) of the descriptor read from. */
  stat: Stats;
  pipe: boolean;
}

/**
 * Opens `path`, checks what it opened (fstat) and the way to it, and reads that descriptor.
 * Throws a ConfigError without the path ("refused: …", "not a regular file (…)", "larger than…")
 * for the caller to say where the file was named; a failed open (ENOENT…) is thrown as it is.
 * A pipe (only with `pipe`: --token-file) has no folder to check, but must still be yours;
 * /dev/null (with `devNull`) holds nothing to obey.
 */
export function readTrusted(
  path: string,
  max: number,
  o: { pipe?: boolean; devNull?: boolean; pipeTimeoutMs?: number } = {},
): TrustedRead {
  const f = openFile(path, o);
  try {
    const why = f.pipe
      ? ownerProblem(f.stat.uid)
      : isDevNull(path, f.stat)
        ? undefined
        : untrusted(path, f.stat);
    if (why) throw new ConfigError(`refused: ${why}`);
    return { text: readOpened(f, max, o.pipeTimeoutMs), stat: f.stat, pipe: f.pipe };
  } finally {
    closeSync(f.fd);
  }
}

/** "0664", "1777": a mode as chmod takes it. */
function octal(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, "0");
}

/** Who besides the owner may write a file or folder of this mode: "group", "others", "group and others". */
function writers(mode: number): string {
  const g = (mode & 0o020) !== 0;
  const o = (mode & 0o002) !== 0;
  return g && o ? "group and others" : g ? "the group" : "others";
}

const uidNow = () => process.getuid?.();

/**
 * Can anyone but the owner write it: others, or a group with anyone else in it (a group that is
 * its owner's alone, as umask 002 leaves files under Debian's and Fedora's user private groups,
 * is the owner: user-groups.ts).
 */
function othersWrite(st: Stats): boolean {
  if (st.mode & 0o002) return true;
  return (st.mode & 0o020) !== 0 && !onlyOwnersGroup(st.gid, st.uid);
}

function ownerProblem(uid: number): string | undefined {
  const me = uidNow();
  if (me === undefined || uid === me || uid === 0) return undefined;
  return `it belongs to another user (uid ${uid}); fix: use a copy of your own`;
}

/**
 * What makes the file at `path`, as read through the descriptor `stat` is fstat(2) of, one that
 * someone other than you or root could have written, with the fix, in words; undefined if no one.
 * - the file: yours or root's, and neither group- nor world-writable (a group of its owner's
 *   alone is the owner: user-groups.ts);
 * - every folder the lookup of `path` passes through, from / (or, for a file under your home
 *   directory, from the home directory) to the file's own, symlinks followed one at a time (the
 *   link's own folder, then the target's): yours or root's, and not writable by group or others,
 *   unless it has the sticky bit (as /tmp) and what is looked up in it is yours (others cannot
 *   rename or delete it there);
 * - every symlink on the way: yours or root's;
 * - the path must still name the file read (same device and inode).
 * Windows has no owners and modes to compare: undefined.
 */
export function untrusted(path: string, stat: Stats, home = homeDir()): string | undefined {
  const me = uidNow();
  if (me === undefined) return undefined;
  const mine = (uid: number) => uid === me || uid === 0;
  const owner = ownerProblem(stat.uid);
  if (owner) return owner;
  if (othersWrite(stat))
    return `${writers(stat.mode)} can write it (mode ${octal(stat.mode)}); fix: chmod go-w ${path}`;
  const homes = [resolve(home), realHome(home)];
  // Above the home directory, on the way into it: not the user's to fix (ssh stops there too).
  const aboveHome = (next: string) =>
    homes.some((h) => h !== "/" && (h === next || h.startsWith(`${next}/`)));
  const dirs = new Map<string, Stats>();
  const todo = resolve(path).split("/").filter(Boolean);
  let cur = "/";
  let hops = 0;
  let last: Stats | undefined;
  try {
    while (todo.length > 0) {
      const name = todo.shift() as string;
      if (name === ".") continue;
      if (name === "..") {
        cur = dirname(cur);
        continue;
      }
      const next = join(cur, name);
      const st = lstatSync(next);
      if (!aboveHome(next)) {
        let d = dirs.get(cur);
        if (!d) {
          d = lstatSync(cur);
          dirs.set(cur, d);
        }
        const why = folderProblem(cur, d, next, st, me, mine);
        if (why) return why;
      }
      if (!st.isSymbolicLink()) {
        cur = next;
        last = st;
        continue;
      }
      last = undefined;
      if (!mine(st.uid))
        return `${next} is another user's symlink (uid ${st.uid}), who can point it elsewhere; fix: name the file itself`;
      if (++hops > 40) return "too many symlinks on the way to it";
      const target = readlinkSync(next);
      if (target.startsWith("/")) cur = "/";
      const parts = target.split("/").filter(Boolean);
      for (let i = parts.length - 1; i >= 0; i--) todo.unshift(parts[i] as string);
    }
  } catch {
    return "it was replaced while it was read";
  }
  if (!last || last.dev !== stat.dev || last.ino !== stat.ino) return "it was replaced while it was read";
  return undefined;
}

/** What is wrong with folder `dir` (lstat `d`) holding `next` (lstat `st`), or undefined. */
function folderProblem(
  dir: string,
  d: Stats,
  next: string,
  st: Stats,
  me: number,
  mine: (uid: number) => boolean,
): string | undefined {
  if (!mine(d.uid))
    return `its folder ${dir} belongs to another user (uid ${d.uid}), who can replace it; fix: move it to a folder of your own`;
  if (!othersWrite(d)) return undefined;
  // Sticky (as /tmp): others may add names there but not rename or delete what is not theirs.
  if (!(d.mode & 0o1000))
    return `${writers(d.mode)} can write its folder ${dir} (mode ${octal(d.mode)}), and so replace it; fix: chmod go-w ${dir}`;
  if (st.uid === me) return undefined;
  return `${next} is in the shared folder ${dir} (mode ${octal(d.mode)}) but is not yours (uid ${st.uid}); fix: move it to a folder of your own`;
}

function realHome(home: string): string {
  try {
    return realpathSync.native(home);
  } catch {
    return resolve(home);
  }
}
