// The terminal while the monitor runs: the alternate screen, the cursor hidden, keys read one by
// one (raw mode). It is handed back on every way out (q, Ctrl+C, SIGINT, SIGTERM, SIGHUP,
// SIGQUIT, a crash) and, for a while, on a suspend (Ctrl+Z, SIGTSTP), then taken again on SIGCONT,
// or while another program runs in the foreground (`x`: ssh), then taken again the same way.
import { spawnSync } from "node:child_process";
import { basename } from "node:path";
import { sanitize } from "../model/sanitize.js";
import { dieOf, exitNow, terminalAlive } from "./exit.js";
import { hasJobControl } from "./job-control.js";
// Bracketed paste: a paste is text, never keys that confirm (paste.ts).
import { PASTE_ON } from "./paste.js";
import { pressEnter } from "./press-enter.js";
import { refreshTerminalSize } from "./refresh-size.js";
import { onStdioError } from "./stdout-guard.js";
import { watchStoppedChild } from "./stopped-child.js";
import { readTtySettings, restoreTtySettings } from "./tty-settings.js";

const ENTER = "\x1b[?1049h\x1b[H"; // alternate screen, cursor home
const HIDE_CURSOR = "\x1b[?25l";
const LEAVE = "\x1b[?25h\x1b[?1049l"; // cursor shown, main screen back
/**
 * Every input mode a program may leave on, off: mouse reports of each kind (X10, normal,
 * highlight, button-motion, any-motion) and encoding (UTF-8, SGR, urxvt, SGR pixels), bracketed
 * paste, focus reports. A terminal action, ssh (`x`), or a program run while jobtop was stopped
 * (Ctrl+Z) may set one and end without undoing it (killed, or its remote end gone): jobtop writes
 * these whenever it takes the terminal again, before its own modes, and on every way out, so no
 * mouse motion or paste mark reaches jobtop's keys or the shell after it (issue 29, low).
 */
export const MODES_OFF =
  "\x1b[?9l\x1b[?1000l\x1b[?1001l\x1b[?1002l\x1b[?1003l\x1b[?1005l\x1b[?1006l\x1b[?1015l\x1b[?1016l" +
  "\x1b[?2004l\x1b[?1004l";

/** The signals that end the monitor; each hands the terminal back first. */
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT"] as const;

export interface ScreenHooks {
  /** Stops polling and drawing, for good (may throw). */
  stop(): void;
  /**
   * Writes what must outlive the run (the "while away" state), synchronously: on every way out,
   * a terminal's that hung up too (may throw; called at most once).
   */
  save?(): void;
  /** Draws the whole frame, not only what changed: the screen was someone else's meanwhile. */
  redraw(): void;
  /** Mouse reporting (SGR) while the screen is ours; off whenever it is handed back. */
  mouse?: boolean;
  /**
   * Work to end before a signal ends jobtop (the actions under way: ui/action-runner.ts's
   * finish), bounded; awaited after the terminal is handed back, then jobtop dies of the signal.
   */
  ending?(): Promise<void> | undefined;
  /**
   * Terminal modes of jobtop's own beyond the screen (its title, focus reports): the bytes that
   * set them, written on entering and on each resume, and the bytes that undo them, written on
   * every hand-back (each way out, each suspend).
   */
  modes?: { enter(): string; leave(): string };
}

/** Button presses and the wheel, reported as SGR sequences (ESC [ < b ; x ; y M). */
const MOUSE_ON = "\x1b[?1000h\x1b[?1006h";

export interface Screen {
  enter(): void;
  /** Hands the terminal back for good; more calls do nothing. */
  restore(): void;
  /** Ctrl+Z: hands the terminal back and stops until `fg`. Returns why not, when it cannot. */
  suspend(): string | undefined;
  /**
   * Hands the terminal to `file args` (no shell, stdio inherited), writes `banner` on the main
   * screen first, and takes the terminal back with a full redraw when it ends.
   */
  runForeground(file: string, args: readonly string[], o: ForegroundOptions): ForegroundResult;
}

export interface ForegroundOptions {
  banner: string;
  env: NodeJS.ProcessEnv;
  /** Whether an exit status other than 0 is the program's own failure, kept on screen until Enter; any, unless told. */
  failed?: (status: number) => boolean;
}

export type ForegroundResult =
  | { ok: true; status: number | null; signal: NodeJS.Signals | null }
  | { ok: false; error: string };

/** If the marker signal never comes back (see runForeground), signals count as jobtop's again after this. */
const CHILD_SIGNALS_MAX_MS = 2000;

export function takeScreen(hooks: ScreenHooks): Screen {
  const out = process.stdout;
  const input = process.stdin;
  let restored = false;
  /**
   * While set, a SIGINT, SIGQUIT or SIGTSTP was meant for the program that ran in the foreground:
   * Ctrl+C, Ctrl+\\ and Ctrl+Z at its prompt reach jobtop too (one process group), and wait in
   * the queue until it ends.
   */
  let childSignals = false;

  // Errors here (EIO: the terminal went away in between) come as 'error' events: onStdioError.
  const setRaw = (on: boolean) => {
    if (input.isTTY) input.setRawMode(on);
  };
  const mouseOn = hooks.mouse ? MOUSE_ON : "";
  /** jobtop's own modes, each set anew (after MODES_OFF has cleared whatever was left). */
  const ours = () => mouseOn + PASTE_ON + (hooks.modes?.enter() ?? "");
  const handBack = () => {
    setRaw(false);
    out.write(MODES_OFF + (hooks.modes?.leave() ?? "") + LEAVE);
  };

  let saved = false;
  const save = () => {
    if (saved) return;
    saved = true;
    try {
      hooks.save?.();
    } catch {
      // the state is worth one start's "while away", never the way out
    }
  };

  const restore = () => {
    if (restored) return;
    restored = true;
    save();
    for (const signal of SIGNALS) process.removeListener(signal, onSignal);
    process.removeListener("SIGTSTP", onStop);
    process.removeListener("SIGCONT", resume);
    process.removeListener("uncaughtException", onCrash);
    process.removeListener("unhandledRejection", onCrash);
    process.removeListener("exit", restore);
    try {
      hooks.stop();
    } catch {
      // already broken; the terminal matters more
    }
    // A terminal that has gone has nothing to restore, and writing to it fails.
    if (terminalAlive()) handBack();
  };

  /** Ends what must be ended first (bounded), then dies of `signal`. */
  const endThenDie = (signal: "SIGHUP" | "SIGINT" | "SIGTERM") => {
    let ending: Promise<void> | undefined;
    try {
      ending = hooks.ending?.();
    } catch {
      ending = undefined;
    }
    if (!ending) dieOf(signal);
    const die = () => dieOf(signal);
    // A second signal meanwhile ends jobtop at once (restore took onSignal off).
    for (const s of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(s, () => dieOf(s));
    ending.then(die, die);
  };

  let dying = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if ((signal === "SIGINT" || signal === "SIGQUIT") && childSignals) return;
    // A second signal while the actions are being ended: at once.
    if (dying) dieOf(signal === "SIGINT" || signal === "SIGTERM" ? signal : "SIGHUP");
    dying = true;
    // The terminal closed under us (the kernel's SIGHUP): nothing to restore, nothing to stop;
    // the actions under way are ended still (a write to the terminal meanwhile fails and ends
    // jobtop at once: dieOf's beforeDeath SIGTERMs them then).
    if (!terminalAlive()) {
      save();
      endThenDie("SIGHUP");
      return;
    }
    restore();
    // SIGQUIT's default action dumps core, and a core holds the token: exit with the status a
    // shell shows for it (128 + 3) instead, by hand.
    if (signal === "SIGQUIT") exitNow(131);
    endThenDie(signal === "SIGINT" || signal === "SIGTERM" ? signal : "SIGHUP");
  };

  const onCrash = (e: unknown) => {
    restore();
    try {
      process.stderr.write(`jobtop crashed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    } catch {
      // nowhere left to say it
    }
    exitNow(1);
  };

  const suspend = (): string | undefined => {
    if (restored || !terminalAlive()) return undefined;
    if (!hasJobControl()) return "Ctrl+Z: no shell to come back to (jobtop was started without job control)";
    handBack();
    // The whole process group stops, as on the terminal's own Ctrl+Z: under `npx jobtop` the
    // shell waits on npx, and only a stopped npx gives it the terminal back. SIGSTOP, since our
    // SIGTSTP listener replaced that signal's default action.
    process.kill(0, "SIGSTOP");
    return undefined;
  };

  // On any continue (after our suspend, or a SIGSTOP from outside): the shell used the terminal
  // meanwhile, and may have reset its modes or drawn on our screen.
  const resume = () => {
    if (restored || !terminalAlive()) return;
    // Off, then on: libuv skips a mode it believes is already set.
    setRaw(false);
    setRaw(true);
    out.write(MODES_OFF + ENTER + HIDE_CURSOR + ours());
    // The terminal may have been resized while we were stopped: its SIGWINCH went to the shell,
    // the foreground job then. Node re-reads the size only on SIGWINCH; this is its own re-read.
    refreshTerminalSize(out);
    hooks.redraw();
  };

  // The program runs synchronously: jobtop's event loop waits, as a shell waits for its job. So
  // nothing else reads the terminal meanwhile (an async child would race Ink for every key typed
  // to it), no frame is drawn over it, no poll runs, and the signals the terminal sends to the
  // whole process group (Ctrl+C at ssh's password prompt) queue until it ends. What a waiting
  // loop cannot see, a stopped child, a worker thread watches (stopped-child.ts).
  const runForeground = (file: string, args: readonly string[], o: ForegroundOptions): ForegroundResult => {
    if (restored || !terminalAlive()) return { ok: false, error: "the terminal is gone" };
    handBack();
    out.write(o.banner);
    const settings = readTtySettings();
    const unwatch = watchStoppedChild(hasJobControl());
    let r: ReturnType<typeof spawnSync>;
    try {
      r = spawnSync(file, args, { stdio: "inherit", shell: false, env: o.env });
      restoreTtySettings(settings);
      // It failed: its last words stay readable until Enter (press-enter.ts).
      if (!r.error && r.status !== null && r.status !== 0 && (o.failed?.(r.status) ?? true))
        pressEnter(
          (s) => out.write(s),
          `${sanitize(basename(file))} ended with status ${r.status} — press Enter to return to jobtop `,
        );
    } finally {
      unwatch();
      ignoreQueuedSignals();
      resume();
    }
    if (r.error) {
      const code = (r.error as NodeJS.ErrnoException).code;
      return {
        ok: false,
        error: code === "ENOENT" ? `${file} not found on PATH` : `${file}: ${code ?? "failed"}`,
      };
    }
    return { ok: true, status: r.status, signal: r.signal };
  };

  // The signals that arrived while the child ran are queued in arrival order, and handled in the
  // next turns of the loop, however long the redraw takes. A SIGWINCH sent to ourselves now comes
  // after all of them: the ones before it were the child's. (SIGWINCH: Node watches it anyway,
  // and a size that did not change does nothing.)
  const ignoreQueuedSignals = () => {
    childSignals = true;
    const done = () => {
      childSignals = false;
      clearTimeout(fallback);
      process.removeListener("SIGWINCH", done);
    };
    const fallback = setTimeout(done, CHILD_SIGNALS_MAX_MS);
    process.on("SIGWINCH", done);
    try {
      process.kill(process.pid, "SIGWINCH");
    } catch {
      // the fallback ends it
    }
  };

  // A Ctrl+Z typed while the child ran was the child's (stopped-child.ts handled it then).
  const onStop = () => {
    if (!childSignals) void suspend();
  };

  for (const signal of SIGNALS) process.on(signal, onSignal);
  process.on("SIGTSTP", onStop);
  process.on("SIGCONT", resume);
  process.on("uncaughtException", onCrash);
  process.on("unhandledRejection", onCrash);
  // Any process.exit while the monitor runs (a quiet end on a closed stderr pipe, say).
  process.on("exit", restore);
  input.on("error", onStdioError);
  // A terminal that hung up reads as the end of input; without a SIGHUP (the shell above jobtop
  // kept it), that is the first sign.
  input.on("end", () => {
    if (!terminalAlive()) {
      save();
      dieOf("SIGHUP");
    }
  });

  return {
    enter: () => {
      // Raw mode from the start, not from when Ink first listens (an effect after its first
      // frame): keys typed meanwhile wait for it instead of echoing onto the screen, and a Ctrl+C
      // or Ctrl+Z then is a key for the app, not the terminal's SIGINT or SIGTSTP.
      setRaw(true);
      out.write(MODES_OFF + ENTER + ours());
    },
    restore,
    suspend,
    runForeground,
  };
}
