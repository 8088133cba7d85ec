// The code cache's file: one per build, Node version, architecture, V8 flags, install path and
// kind of run, in $XDG_CACHE_HOME/jobtop (~/.cache/jobtop). NODE_DISABLE_COMPILE_CACHE=1 turns it
// off, as it does Node's own compile cache. When it is written is src/boot/loader.ts's.
//
// A code cache is code: V8 trusts it (it checks little more than the source's length and
// crashes on damaged bytes). So it is used only from a directory and file that belong to this
// user and that no one else can write, never through a symlink, and only if its own checksum
// (over the bytes and this build's id) matches; anything else means a normal, slower start.
import {
  closeSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { BUNDLE_ID } from "./build-id.js";
import { digest, digestLength, fnv1a } from "./checksum.js";
import { binFile, kind } from "./this-run.js";

const MAGIC = Buffer.from("jobtopV8");
const MAGIC_PARTIAL = Buffer.from("jobtopP8"); // a section written by a command: no monitor code in it
// magic, checksum of (build id, the index), the index's length, the index (JSON: a section per
// chunk, each [chunk, bytes, checksum of (build id, its bytes) in hex, 1 if partial]), the sections.
/** The header's length: the checksum's size depends on the Node (digestLength). */
const headerLength = () => MAGIC.length + digestLength() + 4;
const KEEP = 8; // cache files kept: both kinds of run, other installs, Node versions, flag sets

const dir = cacheDir();
// V8 rejects a cache made under other V8 flags (NODE_OPTIONS=--max-old-space-size=…, say): one
// file per set of flags, so that starts with and without them do not overwrite each other's.
// And one per bundle path: Node 20's V8 takes the script's name from the cache, not from the
// Script, so two installs of one build would name each other's path in their stack traces.
// And one for commands for scripts, one for the monitor (src/boot/this-run.ts says why).
const key = fnv1a(`${process.execArgv.join(" ")}\0${process.env.NODE_OPTIONS ?? ""}\0${binFile}`);
/** This run's cache file, or none (turned off, or no home directory). */
export const cacheFile =
  dir && join(dir, `${BUNDLE_ID}-${process.version}-${process.arch}-${key}-${kind}.v8cache`);

function cacheDir(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  try {
    const xdg = process.env.XDG_CACHE_HOME;
    // The XDG spec ignores a relative path; so does jobtop.
    // node:os only when the home directory is needed: ~0.15 ms of a start on Node 24.
    const home = () => (require("node:os") as typeof import("node:os")).homedir();
    return join(xdg && isAbsolute(xdg) ? xdg : join(home(), ".cache"), "jobtop");
  } catch {
    return undefined; // no home directory (HOME unset, no passwd entry)
  }
}

/** Ours alone: owned by this user, writable by no one else, and not a symlink. */
function isPrivate(path: string, kind: "dir" | "file"): boolean {
  const st = lstatSync(path);
  const uid = process.getuid?.();
  if (kind === "dir" ? !st.isDirectory() : !st.isFile()) return false;
  return (uid === undefined || st.uid === uid) && (st.mode & 0o022) === 0;
}

function ownsNearestFolder(path: string): boolean {
  for (let p = path; ; p = dirname(p)) {
    try {
      const uid = process.getuid?.();
      return uid === undefined || statSync(p).uid === uid;
    } catch {
      if (dirname(p) === p) return false; // nothing exists up to the root
    }
  }
}

/** A chunk's code cache as read: its bytes are checked against their checksum when first used. */
export interface Section {
  data: Buffer;
  sum: string;
  partial: boolean;
}

/** The cache file's index, checked; each section's bytes are checked as the chunk loads. */
export function readCache(): Map<string, Section> | undefined {
  try {
    if (!dir || !cacheFile || !isPrivate(dir, "dir") || !isPrivate(cacheFile, "file")) return undefined;
    const bytes = readFileSync(cacheFile);
    const magic = bytes.subarray(0, MAGIC.length);
    if (!magic.equals(MAGIC) && !magic.equals(MAGIC_PARTIAL)) return undefined;
    const header = headerLength();
    const end = header + bytes.readUInt32LE(header - 4);
    const index = bytes.subarray(header, end);
    if (!bytes.subarray(MAGIC.length, header - 4).equals(digest(index))) return undefined;
    const sections = new Map<string, Section>();
    let at = end;
    for (const [name, length, sum, partial] of JSON.parse(index.toString("latin1")) as [
      string,
      number,
      string,
      number,
    ][]) {
      sections.set(name, { data: bytes.subarray(at, at + length), sum, partial: partial === 1 });
      at += length;
    }
    return at === bytes.length ? sections : undefined;
  } catch {
    return undefined;
  }
}

/** A section's bytes, if they are the ones its index names (V8 crashes on damaged bytes). */
export function checked(section: Section | undefined): Section | undefined {
  return section && digest(section.data).toString("hex") === section.sum ? section : undefined;
}

/** Adds a chunk's section to the file being written. */
export type AddSection = (name: string, data: Buffer, partial: boolean) => void;

/**
 * Writes the cache file, its sections given by `fill` (called only once the folder is known to be
 * ours: making a section costs). A new file (never through a link), synced, renamed into place.
 * Any failure writes nothing: the next start compiles again.
 */
export function writeCache(fill: (add: AddSection) => void): void {
  if (!dir || !cacheFile) return;
  try {
    // Never create folders in a home that is not ours (sudo -E, su -m): root-owned ~/.cache
    // would lock its owner out of it.
    if (!ownsNearestFolder(dir)) return;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!isPrivate(dir, "dir")) return;
    const index: [string, number, string, number][] = [];
    const parts: Buffer[] = [];
    fill((name, data, isPartial) => {
      index.push([name, data.length, digest(data).toString("hex"), isPartial ? 1 : 0]);
      parts.push(data);
    });
    const head = Buffer.from(JSON.stringify(index), "latin1");
    const length = Buffer.alloc(4);
    length.writeUInt32LE(head.length);
    const magic = index.some((e) => e[3] === 1) ? MAGIC_PARTIAL : MAGIC;
    // Opened "wx" in a folder only this user can write: a name taken (another jobtop writing at
    // the same moment) fails the open, and that start just writes no cache.
    const tmp = `${cacheFile}.${process.pid}-${Date.now().toString(36)}.tmp`;
    const fd = openSync(tmp, "wx", 0o600);
    try {
      writeSync(fd, Buffer.concat([magic, digest(head), length, head, ...parts]));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, cacheFile);
    tidy(dir);
  } catch {
    // No cache this time; the next start compiles again.
  }
}

/** Keeps the newest few cache files; drops temporary files a killed writer left. */
function tidy(d: string): void {
  const now = Date.now();
  const caches: { path: string; mtime: number }[] = [];
  for (const f of readdirSync(d)) {
    const path = join(d, f);
    const mtime = statSync(path).mtimeMs;
    if (f.endsWith(".tmp") && now - mtime > 60_000) rmSync(path, { force: true });
    else if (f.endsWith(".v8cache")) caches.push({ path, mtime });
  }
  caches.sort((a, b) => b.mtime - a.mtime);
  for (const c of caches.slice(KEEP)) rmSync(c.path, { force: true });
}
