// The "while away" file of a profile and service: $XDG_STATE_HOME/jobtop/<profile@host>.json (default
// ~/.local/state/jobtop/), in a directory of mode 700, the file mode 600, written whole to a
// temporary file and renamed over the old one (a crash mid-write leaves the old file, never half
// a file). It holds job ids, statuses and state.log entry ids only (model/while-away.ts). Read
// from one descriptor: fstat says it is a regular file of ours that no one else can write, and
// not larger than any account's; anything else (damaged, foreign, too large) is ignored with one
// line, never a throw: the worst a bad file costs is the "while away" events of one start.
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { isAbsolute, join } from "node:path";
import { loadBuiltin } from "../load-builtin.js";
import { type AwayState, parseAway, serializeAway } from "../model/while-away.js";

/** 100 000 jobs at ~40 bytes a line, with room: a larger file is not ours. */
export const AWAY_MAX_BYTES = 16 * 1024 * 1024;

/** The file for `profile` ("default" when none is named). */
export function awayPath(profile: string | undefined, env: Record<string, string | undefined>): string {
  const xdg = env.XDG_STATE_HOME;
  // The XDG spec says to ignore a relative path.
  const base =
    xdg && isAbsolute(xdg)
      ? xdg
      : join((loadBuiltin("node:os") as typeof import("node:os")).homedir(), ".local", "state");
  // A profile's name as a file name: its letters kept, anything else (/, .., spaces) encoded.
  const name = (profile ?? "default").replace(/[^A-Za-z0-9_-]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return join(base, "jobtop", `${name}.json`);
}

export type AwayRead = { state: AwayState | undefined; warning: string | undefined };

/** The saved state, or none (first run: no warning); a file not to trust is ignored with a warning. */
export function readAway(path: string): AwayRead {
  const r = readPrivateText(path, AWAY_MAX_BYTES);
  if (r.why !== undefined) return ignored(path, r.why);
  if (r.text === undefined) return { state: undefined, warning: undefined };
  const parsed = parseAway(r.text);
  if ("damaged" in parsed) return ignored(path, `it is damaged (${parsed.damaged})`);
  return { state: parsed, warning: undefined };
}

/**
 * A private file's text (the state file's, the trend's: src/state/trend-file.ts): none when
 * missing, or why it is not to be trusted (a symlink, another user's, others can change it,
 * larger than `max`).
 */
export function readPrivateText(path: string, max: number): { text?: string; why?: string } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "ENOENT") return {};
    return { why: code === "ELOOP" ? "a symlink" : `cannot read it (${code ?? "error"})` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { why: "not a regular file" };
    const uid = process.getuid?.();
    if (uid !== undefined && st.uid !== uid) return { why: `it belongs to another user (uid ${st.uid})` };
    if (st.mode & 0o022) return { why: "others can change it" };
    if (st.size > max) return { why: "it is too large" };
    const buf = Buffer.alloc(Math.min(st.size, max) + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got <= 0) break;
      n += got;
      if (n > max || n === buf.length) return { why: "it grew while read" };
    }
    return { text: buf.subarray(0, n).toString("utf8") };
  } catch (e) {
    return { why: `cannot read it (${(e as { code?: string }).code ?? "error"})` };
  } finally {
    closeSync(fd);
  }
}

function ignored(path: string, why: string): AwayRead {
  return { state: undefined, warning: `state file ${path} ignored: ${why}; it will be written anew` };
}

/**
 * Writes the state atomically: a new file of mode 600 beside it (O_EXCL, no symlink followed),
 * synced, renamed over the old. Returns a one-line warning instead of throwing; the directory is
 * made 700 if missing, and one others can write is refused.
 */
export function writeAway(path: string, state: AwayState): string | undefined {
  return writePrivateText(path, serializeAway(state));
}

/** writeAway's atomic write of any text (the trend's too). */
export function writePrivateText(path: string, text: string): string | undefined {
  const dir = join(path, "..");
  const tmp = `${path}.${process.pid}.tmp`;
  let fd: number | undefined;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const d = lstatSync(dir);
    const uid = process.getuid?.();
    if (!d.isDirectory() || (uid !== undefined && d.uid !== uid) || d.mode & 0o022)
      return `state file not saved: ${dir} is not a directory of yours that only you can write`;
    try {
      unlinkSync(tmp); // a leftover of a crashed run of the same pid
    } catch {}
    fd = openSync(
      tmp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
      0o600,
    );
    const bytes = Buffer.from(text, "utf8");
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
    return undefined;
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {}
    return `state file not saved: ${path} (${(e as { code?: string }).code ?? "error"})`;
  }
}
