// What the bin (src/boot.ts) lends the program it runs (the bundle): the bin's own work the
// program asks for at the moments only it knows (its first frame drawn, a command's output out).
//
// The bin and the bundle are two builds (scripts/build.js), so each has its own copy of this
// module and a variable here would be two variables: the channel is a global under a registered
// symbol (Symbol.for gives both copies the same symbol), declared here once, with its type. The
// program run without the bin (the tests, the bench) finds no hooks, and does without them.

/** The bin's work the program calls, once each (src/boot.ts gives them). */
export interface BinHooks {
  /** The monitor's first frame is out: V8's young generation stops growing (src/boot/v8-flags.ts). */
  memoryFlags(): void;
  /** A command for scripts has written its output: the code cache is written now (src/boot/loader.ts). */
  saveCodeCache(): void;
}

const KEY = Symbol.for("jobtop.binHooks");
const global = globalThis as { [KEY]?: BinHooks };

/** The bin's side: before it runs the program. */
export function setBinHooks(hooks: BinHooks): void {
  global[KEY] = hooks;
}

/** The program's side: the bin's hooks, or none when it runs without the bin. */
export function binHooks(): BinHooks | undefined {
  return global[KEY];
}
