// How jobtop ends when the ordinary way out (process.exit) is not safe, and the one test of
// whether the terminal it started on is still there.
//
// Node 20 puts the terminal's modes back at exit (ResetStdio) and aborts when that fails, as it
// does on a terminal that has gone (SSH dropped, window or tmux pane closed): tcsetattr says EIO,
// and the process dies of SIGABRT, dumping core wherever the system keeps cores: a core that
// holds the bearer token (nodejs/node#51519, fixed in Node 24). A death by a signal's default
// action runs no exit code at all, so on a dead terminal jobtop ends that way: by SIGHUP, which
// is what a terminal that hung up means.
import { isatty } from "node:tty";

/** Which of stdin, stdout and stderr were terminals when jobtop started. */
const wasTty = [0, 1, 2].map((fd) => isatty(fd));

/** False once a terminal jobtop started on has hung up (isatty's tcgetattr then fails with EIO). */
export function terminalAlive(): boolean {
  return wasTty.every((tty, fd) => !tty || isatty(fd));
}

/** What must not outlive jobtop, ended by dieOf, which runs no exit code (actions' process groups). */
const lastWords: (() => void)[] = [];

/** Runs `fn` (synchronously, once) when dieOf ends the process: process.exit's 'exit' does not run then. */
export function beforeDeath(fn: () => void): void {
  lastWords.push(fn);
}

/**
 * Ends the process by `signal`'s default action, as if jobtop had no handler for it: the shell
 * sees 128 + n, and no exit code runs (but beforeDeath's). Only for signals whose default
 * action is to terminate without a core dump.
 */
export function dieOf(signal: "SIGHUP" | "SIGINT" | "SIGTERM"): never {
  for (const fn of lastWords.splice(0)) {
    try {
      fn();
    } catch {
      // the way out matters more
    }
  }
  // Every listener goes, ours and Ink's (signal-exit): with none left, Node hands the signal
  // back to its default action.
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
  // A signal a process sends itself, unblocked, is delivered before kill() returns; were it not,
  // nothing after this may run as if the process had ended.
  process.kill(process.pid, "SIGKILL");
  throw new Error(`still alive after ${signal}`);
}

/** process.exit(code) while the terminal is there; on one that has gone, death by SIGHUP. */
export function exitNow(code: number): never {
  if (!terminalAlive()) dieOf("SIGHUP");
  process.exit(code);
}
