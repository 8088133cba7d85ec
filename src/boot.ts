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
// The cache is written once, two seconds into a run that had none, when the code to the first
// frame has run. A command for scripts (--once, get, wait, watch) is over long before that: it has
// the cache written as it ends, marked partial (it lacks the monitor's code); a monitor that finds
// a partial cache rewrites it at its two seconds.
//
// The parts, a file each in src/boot/: this-run.ts (the bin's file, the kind of run),
// bundle-file.ts (reading the bundle, refusing another build's), cache-file.ts and checksum.ts (the
// cache's file, only ever a private one), loader.ts (compiling and running the chunks, writing the
// cache), v8-flags.ts (the monitor's memory flags), hooks.ts (what the bundle may call back).
// First: SIGUSR1 must not open Node's debugger (src/no-inspector.ts).
import "./no-inspector.js";
import { openBundle } from "./boot/bundle-file.js";
import { cacheFile, readCache } from "./boot/cache-file.js";
import { setBinHooks } from "./boot/hooks.js";
import { createLoader } from "./boot/loader.js";
import { setMemoryFlags } from "./boot/v8-flags.js";

const WRITE_AFTER_MS = 2000;

const { load, saveCodeCache } = createLoader(openBundle(), readCache());
// Two seconds in, the monitor has run the code to its first frame: a start whose chunks lacked
// their cache writes it then (nothing is written when every chunk had its own).
if (cacheFile) setTimeout(() => saveCodeCache(false), WRITE_AFTER_MS).unref();
// The monitor sets its memory flags after its first frame (src/ui/start.ts); a command for
// scripts has the cache written as it ends, its output written (src/modes/output.ts).
setBinHooks({ memoryFlags: setMemoryFlags, saveCodeCache: () => saveCodeCache(true) });
// NO_COLOR (no-color.org): Ink's colours come from chalk, which reads FORCE_COLOR, not NO_COLOR,
// when it loads, before any of our code runs. Markers (›, ✱) still show selection and changes.
if (process.env.NO_COLOR) process.env.FORCE_COLOR = "0";
load("cli.js");
