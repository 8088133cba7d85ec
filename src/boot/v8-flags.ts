// V8's young generation starts at 1 MB a half and doubles whenever much of it survives a
// scavenge, up to 16 MB (Node 20) or 64 MB (Node 24) a half, and keeps that size: with data
// changing every second the monitor's RSS went from ~75 to 110–218 MB that way and stayed there.
// The maximum is fixed when the heap is set up (only the command line can lower it, which a bin
// cannot pass), but the growth factor is read each time the young generation would grow: at 1 it
// stops growing. Measured under that load (BENCHMARKS.md, issue 15): Node 20 95–100 MB against
// 110–132 MB, Node 24 ~109 MB against 130–218 MB.
//
// Set by the monitor once its first frame is on screen (src/ui/start.ts, through
// src/boot/hooks.ts), not at start: V8 checks code caches against a hash of its flags, so after a
// change Node's built-in modules load without theirs (~9 ms, measured), and a young generation of
// 1 MB costs the start more scavenges (3–4 ms more to the first frame, measured). The code cache
// is written under V8's own flags, as it is read (underDefaultFlags). `node
// --semi-space-growth-factor=N jobtop` wins (Node refuses it in NODE_OPTIONS).
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

/** The monitor's memory flags, once its first frame is out (those the user gave win). */
export function setMemoryFlags(): void {
  if (!growthGiven && !growthSet) {
    setFlagsFromString(`${GROWTH}=1`);
    growthSet = true;
  }
  if (!sizeGiven && !sizeSet) {
    setFlagsFromString(SIZE);
    sizeSet = true;
  }
}

/**
 * The code cache is made and read under V8's default flags: V8 rejects a cache made under other
 * flags, and the first group of chunks is read before the monitor sets its flags (the UI's after).
 */
export function underDefaultFlags<T>(f: () => T): T {
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
