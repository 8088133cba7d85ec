// Output that can no longer be written ends jobtop quietly, never with a stack trace: a reader
// that closed the pipe (`jobtop --once | head -1`), a terminal that went away (SSH dropped, tmux
// pane killed) without a SIGHUP first. Node reports both as an 'error' event on the stream, which
// with no listener becomes an uncaught exception ("Error: write EPIPE" and a stack).
import { dieOf, exitNow, terminalAlive } from "./exit.js";

let ending = false;
/** A command that handles a closed stdout itself (act: it finishes what it sent, and says so). */
let ownClosedStdout = false;

/** From now on a closed stdout (EPIPE) is the command's to handle, not an exit 0 here. */
export function handleClosedStdout(own: boolean): void {
  ownClosedStdout = own;
}

/** What an error on stdin, stdout or stderr does: ends jobtop, in one line at most. */
export function onStdioError(e: NodeJS.ErrnoException): void {
  if (ending) return; // the stream's next writes fail too
  ending = true;
  // The reader has all it wanted. Status 0, not a death by SIGPIPE (141): under `set -o
  // pipefail` a script would fail because `head` did its job.
  if (e.code === "EPIPE") exitNow(0);
  // EIO, ENXIO: the terminal has gone, and nothing is left to restore or tell.
  if (!terminalAlive()) dieOf("SIGHUP");
  // Anything else (a full disk under `> file`): one line, status 1.
  try {
    process.stderr.write(`jobtop: cannot write output: ${e.code ?? e.message}\n`);
  } catch {
    // stderr is the stream that failed
  }
  exitNow(1);
}

/** Installed first thing, for every mode: each one writes to stdout or stderr. */
export function guardStdout(): void {
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (!(ownClosedStdout && e.code === "EPIPE")) onStdioError(e);
  });
  process.stderr.on("error", (e: NodeJS.ErrnoException) => {
    // act … 2>&1 | head -1: stderr is the pipe that closed too. act goes on finishing what it
    // sent, and its exit status (1) says it stopped, with no one left to read why (an exit 0
    // here said all had gone well after 2 of 100 jobs).
    if (!(ownClosedStdout && e.code === "EPIPE")) onStdioError(e);
  });
}
