// What this run is, known before any of the program runs: the bin's own file, and the kind of
// run. A command for scripts and the monitor each run code of the entry group the other does not:
// the monitor's cache of it is ~20 % larger than a command's, and its file, with the UI's, ~1 MB.
// A command read and deserialised all that on every start (~2 ms of Node 24's --once, measured in
// turns, BENCHMARKS.md); now it reads ~270 kB. So each kind has a cache file of its own
// (src/boot/cache-file.ts), and reads the bundle its own way (src/boot/bundle-file.ts). The kind
// is told from the command line's words: a wrong guess (a monitor on a profile named "watch")
// costs a slower start, nothing else.
import { fileURLToPath } from "node:url";

/** The bin's URL (scripts/build.js defines import.meta.url as the bin's own), passed to the chunks. */
export const binUrl = import.meta.url;
/** The bin's path, as Node was given it (a symlink in node_modules/.bin, say). */
export const binFile = fileURLToPath(binUrl);

const SCRIPT_WORDS = new Set(["--once", "get", "wait", "watch", "stats"]);
/** "cmd": a command for scripts (--once, get, wait, watch, stats); "ui": the monitor, or anything else. */
export const kind: "cmd" | "ui" = process.argv
  .slice(2)
  .some((a) => SCRIPT_WORDS.has(a) || a.startsWith("--once="))
  ? "cmd"
  : "ui";
