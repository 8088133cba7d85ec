// The terminal while the monitor runs: the alternate screen, the cursor hidden, keys read one by
// one (raw mode). It is handed back on every way out (q, Ctrl+C, SIGINT, SIGTERM, SIGHUP,
// SIGQUIT, a crash) and, for a while, on a suspend (Ctrl+Z, SIGTSTP), then taken again on SIGCONT.
import { dieOf, exitNow, terminalAlive } from "./exit.js";
import { hasJobControl } from "./job-control.js";
import { onStdioError } from "./stdout-guard.js";

const ENTER = "\x1b[?1049h\x1b[H"; // alternate screen, cursor home
const HIDE_CURSOR = "\x1b[?25l";
const LEAVE = "\x1b[?25h\x1b[?1049l"; // cursor shown, main screen back
/** The signals that end the monitor; each hands the terminal back first. */
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT"] as const;

export interface ScreenHooks {
  /** Stops polling and drawing, for good (may throw). */
  stop(): void;
  /** Draws the whole frame, not only what changed: the screen was someone else's meanwhile. */
  redraw(): void;
  /**
   * Terminal modes of jobtop's own beyond the screen (its title, focus reports): the bytes that
   * set them, written on entering and on each resume, and the bytes that undo them, written on
   * every hand-back (each way out, each suspend).
   */
  modes?: { enter(): string; leave(): string };
}

export interface Screen {
  enter(): void;
  /** Hands the terminal back for good; more calls do nothing. */
  restore(): void;
  /** Ctrl+Z: hands the terminal back and stops until `fg`. Returns why not, when it cannot. */
  suspend(): string | undefined;
}

export function takeScreen(hooks: ScreenHooks): Screen {
  const out = process.stdout;
  const input = process.stdin;
  let restored = false;

  // Errors here (EIO: the terminal went away in between) come as 'error' events: onStdioError.
  const setRaw = (on: boolean) => {
    if (input.isTTY) input.setRawMode(on);
  };
  const handBack = () => {
    setRaw(false);
    out.write((hooks.modes?.leave() ?? "") + LEAVE);
  };

  const restore = () => {
    if (restored) return;
    restored = true;
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

  const onSignal = (signal: NodeJS.Signals) => {
    // The terminal closed under us (the kernel's SIGHUP): nothing to restore, nothing to stop.
    if (!terminalAlive()) dieOf("SIGHUP");
    restore();
    // SIGQUIT's default action dumps core, and a core holds the token: exit with the status a
    // shell shows for it (128 + 3) instead, by hand.
    if (signal === "SIGQUIT") exitNow(131);
    dieOf(signal === "SIGINT" || signal === "SIGTERM" ? signal : "SIGHUP");
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
    out.write(ENTER + HIDE_CURSOR + (hooks.modes?.enter() ?? ""));
    // The terminal may have been resized while we were stopped: its SIGWINCH went to the shell,
    // the foreground job then. Node re-reads the size only on SIGWINCH; this is its own re-read.
    (out as { _refreshSize?: () => void })._refreshSize?.();
    hooks.redraw();
  };

  const onStop = () => void suspend();

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
    if (!terminalAlive()) dieOf("SIGHUP");
  });

  return {
    enter: () => {
      // Raw mode from the start, not from when Ink first listens (an effect after its first
      // frame): keys typed meanwhile wait for it instead of echoing onto the screen, and a Ctrl+C
      // or Ctrl+Z then is a key for the app, not the terminal's SIGINT or SIGTSTP.
      setRaw(true);
      out.write(ENTER + (hooks.modes?.enter() ?? ""));
    },
    restore,
    suspend,
  };
}
