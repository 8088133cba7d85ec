// The bin (dist/jobtop.js): runs the bundled program, which the build writes next to it
// (dist/jobtop.bundle), through V8's code cache. A start with the cache skips compiling ~700 kB of
// JavaScript and the functions run on the way to the first frame: about a fifth of the time to
// it. (Node 22+ has module.enableCompileCache: measured on Node 24, a start with it took ~35 %
// more CPU to the first frame than with this cache, which holds the functions compiled in the
// first two seconds, not only the top level; BENCHMARKS.md.) In a file of its own, not a string
// literal here (V8 makes a literal into a heap string and hashes it, ~8 ms of every start for
// 700 kB), nor line comments at the end of this file (Node's loader read and scanned all of it,
// and the comments had to come off again: ~3 ms of every start).
//
// The cache is one file per build, Node version, architecture, V8 flags, install path and kind of
// run in $XDG_CACHE_HOME/jobtop (~/.cache/jobtop), written once, two seconds into a run that had
// none, when the code to the first frame has run. A command for scripts (--once, get, wait,
// watch) is over long before that: it has the cache written as it ends, marked partial (it lacks
// the monitor's code); a monitor that finds a partial cache rewrites it at its two seconds.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does Node's own compile cache.
//
// A code cache is code: V8 trusts it (it checks little more than the source's length and
// crashes on damaged bytes). So it is used only from a directory and file that belong to this
// user and that no one else can write, never through a symlink, and only if its own checksum
// (over the bytes and this build's id) matches; anything else means a normal, slower start.
// First: SIGUSR1 must not open Node's debugger (src/no-inspector.ts).
import "./no-inspector.js";
import {
  closeSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";

/** A hash of the CommonJS bundle of src/cli.tsx this file carries (defined by scripts/build.js). */
declare const JOBTOP_BUNDLE_ID: string;
/** The bundle's first line: which build it is, then where its chunks are (scripts/build.js). */
const BUNDLE_HEAD = `//jobtop ${JOBTOP_BUNDLE_ID} `;
/** The first line's length is under this (scripts/build.js checks). */
const HEAD_MAX = 16 * 1024;

const WRITE_AFTER_MS = 2000;
const MAGIC = Buffer.from("jobtopV8");
const MAGIC_PARTIAL = Buffer.from("jobtopP8"); // a section written by a command: no monitor code in it
// magic, checksum of (build id, the index), the index's length, the index (JSON: a section per
// chunk, each [chunk, bytes, checksum of (build id, its bytes) in hex, 1 if partial]), the sections.
/** The header's length: the checksum's size depends on the Node (digestLength). */
const headerLength = () => MAGIC.length + digestLength() + 4;
const KEEP = 8; // cache files kept: both kinds of run, other installs, Node versions, flag sets

// V8's young generation starts at 1 MB a half and doubles whenever much of it survives a
// scavenge, up to 16 MB (Node 20) or 64 MB (Node 24) a half, and keeps that size: with data
// changing every second the monitor's RSS went from ~75 to 110–218 MB that way and stayed there.
// The maximum is fixed when the heap is set up (only the command line can lower it, which a bin
// cannot pass), but the growth factor is read each time the young generation would grow: at 1 it
// stops growing. Measured under that load (BENCHMARKS.md, issue 15): Node 20 95–100 MB against
// 110–132 MB, Node 24 ~109 MB against 130–218 MB.
//
// Set by the monitor once its first frame is on screen (src/ui/start.ts), not here: V8 checks
// code caches against a hash of its flags, so after a change Node's built-in modules load without
// theirs (~9 ms, measured), and a young generation of 1 MB costs the start more scavenges (3–4 ms
// more to the first frame, measured). The code cache below is written under V8's own flags, as
// it is read. `node --semi-space-growth-factor=N jobtop` wins (Node refuses it in NODE_OPTIONS).
const GROWTH = "--semi-space-growth-factor";
const growthGiven = process.execArgv.some((a) => /^--semi[-_]space[-_]growth[-_]factor/.test(a));
let growthSet = false;
// node:v8 is required when it is first needed, after the first frame: ~0.25 ms of every start.
const setFlagsFromString = (flags: string) =>
  (require("node:v8") as typeof import("node:v8")).setFlagsFromString(flags);

// And V8 is told to favour memory over speed (--optimize-for-size, read as the heap runs: how far
// the old generation grows between full collections, which pages a collection compacts). Under
// changing data (`npm run soak`, the probe's smaps by kind, three runs each, BENCHMARKS.md) V8's
// heap pages went from ~25 to ~18 MB resident on Node 24 (RSS ~100 → ~94 MB) and from 21–24 to
// ~17 MB on Node 20; idle CPU, idle RSS and the key rows stayed within their targets. Set with
// the growth factor, for the same reasons; `node --no-optimize-for-size jobtop` wins. Node 20's V8
// also sets --max-semi-space-size=1 with it (the heap's real maximum is fixed by then), which
// changes its flag hash: that is put back to its default too while the code cache is made, and a
// user's own --max-semi-space-size is left alone (then the flag is not set at all).
const SIZE = "--optimize-for-size";
const sizeGiven = process.execArgv.some((a) =>
  /^--((no-?)?optimize[-_]for[-_]size|max[-_]semi[-_]space[-_]size)/.test(a),
);
let sizeSet = false;

(globalThis as Record<symbol, unknown>)[Symbol.for("jobtop.memoryFlags")] = () => {
  if (!growthGiven && !growthSet) {
    setFlagsFromString(`${GROWTH}=1`);
    growthSet = true;
  }
  if (!sizeGiven && !sizeSet) {
    setFlagsFromString(SIZE);
    sizeSet = true;
  }
};

/**
 * The code cache is made and read under V8's default flags: V8 rejects a cache made under other
 * flags, and the first group of chunks is read before the monitor sets its flags (the UI's after).
 */
function underDefaultFlags<T>(f: () => T): T {
  if (!growthSet && !sizeSet) return f();
  if (growthSet) setFlagsFromString(`${GROWTH}=2`); // V8's default
  if (sizeSet) setFlagsFromString(`--no${SIZE.slice(1)} --max-semi-space-size=0`);
  try {
    return f();
  } finally {
    if (growthSet) setFlagsFromString(`${GROWTH}=1`);
    if (sizeSet) setFlagsFromString(SIZE);
  }
}

const filename = fileURLToPath(import.meta.url);
const dir = cacheDir();
// V8 rejects a cache made under other V8 flags (NODE_OPTIONS=--max-old-space-size=…, say): one
// file per set of flags, so that starts with and without them do not overwrite each other's.
// And one per bundle path: Node 20's V8 takes the script's name from the cache, not from the
// Script, so two installs of one build would name each other's path in their stack traces.
const key = fnv1a(`${process.execArgv.join(" ")}\0${process.env.NODE_OPTIONS ?? ""}\0${filename}`);
// And one for commands for scripts, one for the monitor. Each runs code of the entry group the
// other does not: the monitor's cache of it is ~20 % larger than a command's, and its file, with
// the UI's, ~1 MB. A command read and deserialised all that on every start (~2 ms of Node 24's
// --once, measured in turns, BENCHMARKS.md); now it reads ~270 kB. The kind of run is told from
// the command line's words, before any of the program runs (it also says how the bundle is read,
// below): a wrong guess (a monitor on a profile named "watch") costs a slower start, nothing else.
const SCRIPT_WORDS = new Set(["--once", "get", "wait", "watch"]);
const kind = process.argv.slice(2).some((a) => SCRIPT_WORDS.has(a) || a.startsWith("--once=")) ? "cmd" : "ui";
const file =
  dir && join(dir, `${JOBTOP_BUNDLE_ID}-${process.version}-${process.arch}-${key}-${kind}.v8cache`);

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

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * The checksum guards against damage (a disk error, a file cut short by a crash: V8 would run
 * such bytes); the file's owner and mode guard against other writers, who could recompute any
 * checksum. CRC-32 is made for that, and node:zlib's costs 1.1–1.6 ms to load and 0.1 ms per
 * 270 kB on Node 24, where node:crypto's SHA-256 cost 2.5–3.5 ms, mostly the module's load, on
 * every start (nothing else on the way to the first frame needs node:crypto). zlib.crc32 is
 * Node 20.15+ and 22.2+; older Nodes keep SHA-256. A cache file is read only by the Node version
 * that wrote it (its name says which), so one file never mixes the two.
 */
function digest(data: Uint8Array): Buffer {
  const crc32 = zlibCrc32();
  if (crc32) {
    const crc = Buffer.alloc(4);
    crc.writeUInt32LE(crc32(data, crc32(JOBTOP_BUNDLE_ID)));
    return crc;
  }
  const { createHash } = require("node:crypto") as typeof import("node:crypto");
  return createHash("sha256").update(JOBTOP_BUNDLE_ID).update(data).digest();
}

function digestLength(): number {
  return zlibCrc32() ? 4 : 32;
}

/**
 * zlib.crc32 where this Node has it. node:zlib is required when a cache is read or written, not
 * before: a start without one does not load it.
 */
function zlibCrc32(): typeof import("node:zlib").crc32 | undefined {
  return (require("node:zlib") as Partial<typeof import("node:zlib")>).crc32;
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
interface Section {
  data: Buffer;
  sum: string;
  partial: boolean;
}

/** The cache file's index, checked; each section's bytes are checked as the chunk loads. */
function readCache(): Map<string, Section> | undefined {
  try {
    if (!dir || !file || !isPrivate(dir, "dir") || !isPrivate(file, "file")) return undefined;
    const bytes = readFileSync(file);
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
function checked(section: Section | undefined): Section | undefined {
  return section && digest(section.data).toString("hex") === section.sum ? section : undefined;
}

/**
 * Writes the cache when a chunk this process ran had no usable section (or, for the monitor, a
 * command's partial one): a section per chunk run, from V8, and the sections of chunks it did not
 * run as they were. A new file (never through a link), synced, renamed into place.
 */
function writeCache(partial: boolean): void {
  if (!dir || !file) return;
  const stale = (c: Group) => !c.accepted || (c.partial && !partial);
  if (![...loaded.values()].some(stale)) return;
  try {
    // Never create folders in a home that is not ours (sudo -E, su -m): root-owned ~/.cache
    // would lock its owner out of it.
    if (!ownsNearestFolder(dir)) return;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!isPrivate(dir, "dir")) return;
    const index: [string, number, string, number][] = [];
    const parts: Buffer[] = [];
    const add = (name: string, data: Buffer, isPartial: boolean) => {
      index.push([name, data.length, digest(data).toString("hex"), isPartial ? 1 : 0]);
      parts.push(data);
    };
    for (const [name, c] of loaded) {
      if (stale(c))
        add(
          name,
          underDefaultFlags(() => c.script.createCachedData()),
          partial,
        );
      else if (c.section) add(name, c.section.data, c.section.partial);
    }
    for (const [name, section] of cache ?? []) {
      if (loaded.has(name)) continue;
      const ok = checked(section);
      if (ok) add(name, ok.data, ok.partial);
    }
    const head = Buffer.from(JSON.stringify(index), "latin1");
    const length = Buffer.alloc(4);
    length.writeUInt32LE(head.length);
    const magic = index.some((e) => e[3] === 1) ? MAGIC_PARTIAL : MAGIC;
    // Opened "wx" in a folder only this user can write: a name taken (another jobtop writing at
    // the same moment) fails the open, and that start just writes no cache.
    const tmp = `${file}.${process.pid}-${Date.now().toString(36)}.tmp`;
    const fd = openSync(tmp, "wx", 0o600);
    try {
      writeSync(fd, Buffer.concat([magic, digest(head), length, head, ...parts]));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
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

/**
 * The bundle (dist/jobtop.bundle): its first line, then its groups of chunks, each an array of
 * function expressions as the build wrote them. The first line names the build and says where
 * each group is: a bundle of another build (an install or an upgrade half done) is not run, as
 * its code cache, made for another text, could crash V8.
 *
 * A command for scripts reads each group's bytes when it first needs one (--once: its first
 * group, 140 kB of 990), from the file opened once at start. Reading all of it cost each start
 * ~1 ms on Node 24 (the read, and a one-byte string of it all: a young object of ~1 MB, which
 * the next scavenge promoted; BENCHMARKS.md, issue 15). A command's groups are all read before
 * its output. The monitor reads the whole file at start, as one string, and compiles slices of
 * it (which V8 keeps as views of it, not copies): its UI's groups come after its first frame, and
 * a file copied over in place by then (not npm's way, which writes a new file) must not reach it
 * half one build, half another. The build writes ASCII only (non-ASCII characters as escapes;
 * scripts/build.js checks), so the bytes are read as Latin-1: a one-byte string made without
 * UTF-8 decoding.
 */
function openBundle(): { fd: number; size: number; first: Buffer; whole?: string } {
  let fd: number;
  try {
    fd = openSync(bundlePath, "r");
  } catch (e) {
    return broken(`cannot read ${bundlePath} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const size = fstatSync(fd).size;
  const whole = kind === "ui" ? readAt(fd, 0, size) : undefined;
  // The first line is ~1 kB (scripts/build.js refuses one of HEAD_MAX or more): one not ended
  // within it is not jobtop's, damaged or foreign.
  const first = whole ?? readAt(fd, 0, Math.min(size, HEAD_MAX));
  if (!first.subarray(0, BUNDLE_HEAD.length).equals(Buffer.from(BUNDLE_HEAD, "latin1")))
    return broken(
      first.subarray(0, 9).toString("latin1") === "//jobtop "
        ? `${bundlePath} is from another build of jobtop than ${filename}`
        : `${bundlePath} is damaged`,
    );
  // No line at all: cut short, as damaged as a file whose groups are (parseHead says so). A copy,
  // so that the monitor's bytes of the whole file are not kept for it.
  const line = Buffer.from(first.subarray(0, Math.max(0, first.indexOf(10))));
  if (whole) closeSync(fd); // the monitor needs nothing more of the file
  return { fd, size: whole?.length ?? size, first: line, whole: whole?.toString("latin1") };
}

/** `length` bytes of the file from `position`, or fewer where it ends. */
function readAt(fd: number, position: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let got = 0;
  for (let n = 1; got < length && n > 0; got += n) n = readSync(fd, bytes, got, length - got, position + got);
  return bytes.subarray(0, got);
}

/**
 * A damaged install (the bundle missing, cut short, or of another build: an upgrade half done, a
 * bin copied without it) ends in one line and exit 1, as any error jobtop cannot get past: not a
 * stack trace, nor pages of minified code from a compile error.
 */
function broken(what: string, advice = "reinstall jobtop"): never {
  const line = `jobtop: ${what}; ${advice}\n`;
  // Paths are the file system's: no control character of one reaches the terminal.
  process.stderr.write(line.replace(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/g, "?"));
  process.exit(1);
}

// Next to the file this one really is: the bin runs through node_modules/.bin's symlink, which
// Node resolves for its main module unless told --preserve-symlinks-main.
// realpath(3) itself (.native): the JavaScript one resolves the path in JavaScript, cold, first.
const bundlePath = join(dirname(realpathSync.native(filename)), "jobtop.bundle");
const opened = openBundle();
/** Where the groups start in the file: after the first line. */
const body = opened.first.length + 1;
/**
 * Where each group of chunks is in the text after the first line ([start, end, line]: its first
 * line in the file, for stack traces that point at it) and which group has each chunk.
 */
const where = parseHead();

function parseHead(): {
  groups: Record<string, [number, number, number]>;
  chunks: Record<string, [string, number]>;
} {
  try {
    const w = JSON.parse(opened.first.toString("latin1", BUNDLE_HEAD.length));
    let end = 0;
    for (const span of Object.values(w.groups) as [number, number, number][]) end = Math.max(end, span[1]);
    // Cut short, a group would not compile (or, worse, compile to something else).
    if (opened.size === body + end) return w;
  } catch {
    // the first line is cut or garbled: as damaged as a short file
  }
  return broken(`${bundlePath} is damaged`);
}

/**
 * A group's text: from the bytes read at start (the monitor), or read now from the file opened
 * then (a command). A file replaced by another since (npm writes new files) is still the one
 * opened; one rewritten in place under a running command (a copy over it) is refused unless its
 * first line, which names the build, and its size are still the same.
 */
function source(span: [number, number, number]): string {
  const [from, to] = [body + span[0], body + span[1]];
  if (opened.whole !== undefined) return opened.whole.slice(from, to);
  const bytes = readAt(opened.fd, from, to - from);
  if (
    bytes.length !== to - from ||
    fstatSync(opened.fd).size !== opened.size ||
    !readAt(opened.fd, 0, opened.first.length).equals(opened.first)
  )
    return broken(`${bundlePath} changed while jobtop ran`, "run it again");
  return bytes.toString("latin1");
}
const cache = readCache();

/** A group of chunks compiled: its Script (for its code cache), its chunks' functions, its cache. */
interface Group {
  script: Script;
  chunks: ChunkFunction[];
  section?: Section;
  accepted: boolean;
  partial: boolean;
}
type ChunkFunction = (this: unknown, ...args: unknown[]) => void;
const loaded = new Map<string, Group>();
const modules = new Map<string, { exports: unknown }>();

/**
 * Compiles a group of the bundle's chunks the first time one of them is required, with its
 * section of the code cache. scripts/build.js made the program into chunks (the entry, what it
 * imports, each dynamic import's own: the UI's first frame, Ink and React, the config commands…)
 * and the chunks into groups: a command for scripts compiles only the first group, and the
 * monitor the UI's after its first frame is on screen.
 */
function group(name: string): Group {
  const have = loaded.get(name);
  if (have) return have;
  const span = where.groups[name];
  if (!span) return broken(`${bundlePath} has no ${name}`);
  const section = checked(cache?.get(name));
  // Named after the bundle, at its own line there: a stack trace points at the code. A code cache
  // made by one install names its path in the stack traces of another (Node 20), so each
  // install's cache is its own (`key`).
  const text = source(span);
  const script = underDefaultFlags(
    () => new Script(text, { filename: bundlePath, lineOffset: span[2], cachedData: section?.data }),
  );
  const accepted = section !== undefined && !script.cachedDataRejected;
  const g: Group = {
    script,
    chunks: script.runInThisContext(),
    section,
    accepted,
    partial: section?.partial ?? false,
  };
  loaded.set(name, g);
  return g;
}

/** Runs a chunk the first time it is required, and gives its exports. */
function load(name: string): unknown {
  const have = modules.get(name);
  if (have) return have.exports;
  const at = where.chunks[name];
  if (!at) return broken(`${bundlePath} has no ${name}`);
  const run = group(at[0]).chunks[at[1]] as ChunkFunction;
  const module = { exports: {} };
  modules.set(name, module);
  run.call(module.exports, module.exports, chunkRequire, module, filename, dirname(filename), url);
  return module.exports;
}

/** A chunk's require: another chunk ("./chunk-….js"), or one of Node's modules. */
function chunkRequire(id: string): unknown {
  return id.startsWith("./") ? load(id.slice(2)) : require(id);
}

const url = import.meta.url;
// Two seconds in, the monitor has run the code to its first frame: a start whose chunks lacked
// their cache writes it then (nothing is written when every chunk had its own).
if (file) setTimeout(() => writeCache(false), WRITE_AFTER_MS).unref();
// The bundle calls this as a command for scripts ends, its output written (src/modes/output.ts).
(globalThis as Record<symbol, unknown>)[Symbol.for("jobtop.saveCodeCache")] = () => writeCache(true);
// NO_COLOR (no-color.org): Ink's colours come from chalk, which reads FORCE_COLOR, not NO_COLOR,
// when it loads, before any of our code runs. Markers (›, ✱) still show selection and changes.
if (process.env.NO_COLOR) process.env.FORCE_COLOR = "0";
load("cli.js");
