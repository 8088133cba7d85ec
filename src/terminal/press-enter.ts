// After a program run in the foreground (`x`: ssh, a `mode = "terminal"` action) failed, its last
// words are on the main screen: "ssh: Could not resolve hostname gpu-7: Name or service not known".
// jobtop took the screen back at once, so they showed only after quitting, and the status line
// said no more than "ssh ended with status 255". As lazygit does, jobtop now waits for Enter
// first. The wait is synchronous, as the program's run is (screen.ts runForeground): the event
// loop waits, nothing is drawn over the message, and no key reaches the UI meanwhile.
import { closeSync, openSync, readSync } from "node:fs";

/**
 * Enter's \n, and what a terminal the program left raw sends in its place when its settings
 * could not be put back (no stty: tty-settings.ts): Enter's \r, Ctrl+C's and Ctrl+D's bytes.
 * The wait read only \n, and jobtop waited for ever.
 */
const ENDS = [0x0a, 0x0d, 0x03, 0x04];

/**
 * Says `line`, then reads the terminal until Enter (or its end: Ctrl+D, a hang-up). The terminal
 * is in its usual line mode here (jobtop has handed it back), so Enter ends the read; it is
 * opened anew (/dev/tty), blocking, whatever Node made of fd 0.
 */
export function pressEnter(write: (s: string) => void, line: string): void {
  let fd: number;
  try {
    fd = openSync("/dev/tty", "r");
  } catch {
    return; // no terminal to wait on
  }
  try {
    write(`\n${line}`);
    const buf = Buffer.alloc(256);
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n <= 0 || ENDS.some((b) => buf.subarray(0, n).includes(b))) break;
    }
  } catch {
    // EIO: the terminal went away; jobtop's own handlers see that next
  } finally {
    closeSync(fd);
  }
}
