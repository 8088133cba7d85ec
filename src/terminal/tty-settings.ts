// The terminal's line settings (termios) around a program run in the foreground (`x`: ssh, a
// `mode = "terminal"` action). One that fails may leave them raw (a crashed full-screen program:
// no echo, no line mode, no carriage return before each new line), and jobtop's own raw mode is
// made from the settings it finds (libuv keeps them to restore): its screen came back as a
// staircase, and the Enter it waited for was a carriage return. Node cannot set them (no
// tcsetattr): `stty -g` reads them before the program, and `stty SAVED` puts them back after it.
import { spawnSync } from "node:child_process";

/** A bound on each stty: the terminal's own, it answers at once. */
const STTY_MS = 2000;

/** The terminal's settings as `stty -g` prints them (stdin is the terminal), or undefined. */
export function readTtySettings(): string | undefined {
  const r = spawnSync("stty", ["-g"], {
    stdio: ["inherit", "pipe", "ignore"],
    encoding: "utf8",
    timeout: STTY_MS,
  });
  const saved = r.status === 0 ? r.stdout.trim() : "";
  // GNU's hex fields joined by ':', BSD's "gfmt1:cflag=…:…": one word, never an option.
  return /^[\w:=]+$/.test(saved) ? saved : undefined;
}

/** Puts back what readTtySettings read. */
export function restoreTtySettings(saved: string | undefined): void {
  if (saved !== undefined)
    spawnSync("stty", [saved], { stdio: ["inherit", "ignore", "ignore"], timeout: STTY_MS });
}
