// The bin (dist/jobtop.js): runs the bundled program, which the build appends to this file as
// line comments, through V8's code cache. A start with the cache skips compiling ~700 kB of
// JavaScript and the functions run on the way to the first frame: about a fifth of the time to
// it. (Node 22+ has module.enableCompileCache: measured on Node 24, a start with it took ~35 %
// more CPU to the first frame than with this cache, which holds the functions compiled in the
// first two seconds, not only the top level; BENCHMARKS.md.) As comments, not a string literal:
// V8 makes a literal into a heap string and hashes it, ~8 ms of every start for 700 kB.
//
// The cache is one file per build, Node version, architecture, V8 flags and install path in
// $XDG_CACHE_HOME/jobtop (~/.cache/jobtop), written once, two seconds into a run that had none,
// when the code to the first frame has run. A command for scripts (--once, get, wait) is over
// long before that: it has the cache written as it ends, marked partial (it lacks the monitor's
// code), and the next monitor rewrites a partial cache at its two seconds.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does Node's own compile cache.
//
// A code cache is code: V8 trusts it (it checks little more than the source's length and
// crashes on damaged bytes). So it is used only from a directory and file that belong to this
// user and that no one else can write, never through a symlink, and only if its own SHA-256
// (over the bytes and this build's id) matches; anything else means a normal, slower start.
import { createHash, randomBytes } from "node:crypto";
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
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { Script } from "node:vm";

/** A hash of the CommonJS bundle of src/cli.tsx this file carries (defined by scripts/build.js). */
declare const JOBTOP_BUNDLE_ID: string;
/** The line that ends this program and starts the bundle, each of its lines behind "//". */
const BUNDLE_MARK = "\n//# jobtop bundle\n";

const WRITE_AFTER_MS = 2000;
const MAGIC = Buffer.from("jobtopV8");
const MAGIC_PARTIAL = Buffer.from("jobtopP8"); // written by a command: no monitor code in it
const HEADER = MAGIC.length + 32; // magic, then SHA-256 of (build id, cached data)
const KEEP = 4; // cache files kept: other installs, Node versions, flag sets

// Node opens its debugger (the inspector, on 127.0.0.1:9229) when the process gets SIGUSR1 and
// prints "Debugger listening…" across the screen: any local user could then connect and run
// code in jobtop, token and all (think shared login nodes). A listener of our own takes the
// signal instead, on Node 20 and 24 alike (Node 22.14+ also has --disable-sigusr1, which a bin
// cannot pass). As early as the bin can, to keep the window at start-up short.
process.on("SIGUSR1", () => {});

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

/** The code cache is made under V8's default flags: the ones every start reads it under. */
function cachedDataUnderDefaultFlags(script: Script): Buffer {
  // V8's defaults.
  if (growthSet) setFlagsFromString(`${GROWTH}=2`);
  if (sizeSet) setFlagsFromString(`--no${SIZE.slice(1)} --max-semi-space-size=0`);
  try {
    return script.createCachedData();
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
const file = dir && join(dir, `${JOBTOP_BUNDLE_ID}-${process.version}-${process.arch}-${key}.v8cache`);

function cacheDir(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  try {
    const xdg = process.env.XDG_CACHE_HOME;
    // The XDG spec ignores a relative path; so does jobtop.
    return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".cache"), "jobtop");
  } catch {
    return undefined; // no home directory (HOME unset, no passwd entry)
  }
}

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

function digest(data: Uint8Array): Buffer {
  return createHash("sha256").update(JOBTOP_BUNDLE_ID).update(data).digest();
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

function readCache(): { data: Buffer; partial: boolean } | undefined {
  try {
    if (!dir || !file || !isPrivate(dir, "dir") || !isPrivate(file, "file")) return undefined;
    const bytes = readFileSync(file);
    const data = bytes.subarray(HEADER);
    const magic = bytes.subarray(0, MAGIC.length);
    const partial = magic.equals(MAGIC_PARTIAL);
    if (!partial && !magic.equals(MAGIC)) return undefined;
    return bytes.subarray(MAGIC.length, HEADER).equals(digest(data)) ? { data, partial } : undefined;
  } catch {
    return undefined;
  }
}

/** Writes a new file (never through a link), syncs it, and renames it into place. */
function writeCache(script: Script, partial: boolean): void {
  if (!dir || !file) return;
  try {
    // Never create folders in a home that is not ours (sudo -E, su -m): root-owned ~/.cache
    // would lock its owner out of it.
    if (!ownsNearestFolder(dir)) return;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!isPrivate(dir, "dir")) return;
    const data = cachedDataUnderDefaultFlags(script);
    const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    const fd = openSync(tmp, "wx", 0o600);
    try {
      writeSync(fd, Buffer.concat([partial ? MAGIC_PARTIAL : MAGIC, digest(data), data]));
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
 * The bundle: this file's text after BUNDLE_MARK, each line without its "//". The build writes
 * it in ASCII only (non-ASCII characters as escapes; scripts/build.js checks), so its bytes are
 * read as Latin-1: a one-byte string made without UTF-8 decoding (~1.5 ms less than reading the
 * file as UTF-8, whose demo data, once decoded, made the whole text two bytes a character).
 */
function bundle(): string {
  const bytes = readFileSync(filename);
  const at = bytes.indexOf(BUNDLE_MARK);
  if (at < 0) throw new Error(`jobtop: ${filename} is damaged (no program in it); reinstall jobtop`);
  const text = bytes.toString("latin1", at + BUNDLE_MARK.length + 2);
  return text.replace(/(\r\n|[\n\r\u2028\u2029])\/\//g, "$1");
}

const cache = readCache();
const cachedData = cache?.data;
// "use strict": the bundle was ES modules, which are strict; CommonJS is not by default.
const script = new Script(
  `(function (exports, require, module, __filename, __dirname) {"use strict";${bundle()}\n})`,
  { filename, cachedData },
);
const usable = cachedData !== undefined && !script.cachedDataRejected;
if (file && (!usable || cache?.partial)) {
  setTimeout(() => writeCache(script, false), WRITE_AFTER_MS).unref();
}
// The bundle calls this as a command for scripts ends, its output written (src/modes/output.ts).
if (file && !usable) {
  (globalThis as Record<symbol, unknown>)[Symbol.for("jobtop.saveCodeCache")] = () =>
    writeCache(script, true);
}
const main = script.runInThisContext();
const module = { exports: {} };
main.call(module.exports, module.exports, createRequire(filename), module, filename, dirname(filename));
