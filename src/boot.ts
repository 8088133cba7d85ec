// The bin (dist/jobtop.js): runs the bundled program, which the build puts into this file as a
// string, through V8's code cache. A start with the cache skips compiling ~690 kB of JavaScript
// and the functions run on the way to the first frame: about a quarter of the time to it.
// (Node 22 has module.enableCompileCache for this; Node 20, which jobtop supports, does not.)
//
// The cache is one file per build, Node version, architecture and V8 flags in $XDG_CACHE_HOME/jobtop
// (~/.cache/jobtop), written once, two seconds into a run that had none, when the code to the
// first frame has run. Anything wrong with it (missing, stale, corrupt, a read-only home) only
// means a slower start; V8 checks it against this source and rejects what does not match.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does Node's own compile cache.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";

/** The CommonJS bundle of src/cli.tsx, and a hash of it (defined by scripts/build.js). */
declare const JOBTOP_BUNDLE: string;
declare const JOBTOP_BUNDLE_ID: string;

const WRITE_AFTER_MS = 2000;

const filename = fileURLToPath(import.meta.url);
const useCache = !process.env.NODE_DISABLE_COMPILE_CACHE;
const dir = join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "jobtop");
// V8 rejects a cache made under other V8 flags (NODE_OPTIONS=--max-old-space-size=…, say): one
// file per set of flags, so that starts with and without them do not overwrite each other's.
const flags = fnv1a(`${process.execArgv.join(" ")}\0${process.env.NODE_OPTIONS ?? ""}`);
const file = join(dir, `${JOBTOP_BUNDLE_ID}-${process.version}-${process.arch}-${flags}.v8cache`);

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

function readCache(): Buffer | undefined {
  try {
    return useCache ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the cache next to itself and renames it into place: readers never see half a file. */
function writeCache(script: Script): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
    renameSync(tmp, file);
    // Caches of other builds are never read again.
    for (const f of readdirSync(dir))
      if (f.endsWith(".v8cache") && !f.startsWith(JOBTOP_BUNDLE_ID)) rmSync(join(dir, f), { force: true });
  } catch {
    // No cache this time; the next start compiles again.
  }
}

const cachedData = readCache();
// "use strict": the bundle was ES modules, which are strict; CommonJS is not by default.
const script = new Script(
  `(function (exports, require, module, __filename, __dirname) {"use strict";${JOBTOP_BUNDLE}\n})`,
  { filename, cachedData },
);
if (useCache && (cachedData === undefined || script.cachedDataRejected)) {
  setTimeout(() => writeCache(script), WRITE_AFTER_MS).unref();
}
const main = script.runInThisContext();
const module = { exports: {} };
main.call(module.exports, module.exports, createRequire(filename), module, filename, dirname(filename));
