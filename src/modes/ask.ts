// `jobtop act`'s question on the terminal (y/N, or the displayID to type): one line, read in raw
// mode so that a paste never answers it (issue 29, low), as in the monitor (terminal/paste.ts):
// bracketed paste is on while it asks, what is pasted is text only, and an Enter read together
// with other text (a paste on a terminal without bracketed paste) is no Enter: press it again.
// The question and the echo go to stderr (stdout may be a pipe). Backspace erases; Ctrl+C is
// exit 130 (nothing sent); Ctrl+D, or the end of input, is no answer (so, no).
import { sanitize } from "../model/sanitize.js";
import { filterPaste, PASTE_OFF, PASTE_ON, pasteState } from "../terminal/paste.js";

/** A key's escape sequence (an arrow, a function key): not text. */
const SEQUENCE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|O.|.)?/g;
/** What the answer may hold: the longest displayID, and then some. */
const MAX_ANSWER = 256;

export function askOnTerminal(question: string): Promise<string> {
  const input = process.stdin;
  const err = process.stderr;
  return new Promise((resolve) => {
    let line = "";
    const state = pasteState();
    const done = (answer: string) => {
      input.off("data", onData);
      input.off("end", onEnd);
      input.setRawMode(false);
      input.pause();
      err.write(`${PASTE_OFF}\n`);
      resolve(answer);
    };
    const onEnd = () => done("");
    const onData = (chunk: Buffer | string) => {
      const read = filterPaste(String(chunk), state, Date.now());
      for (const ch of read.text.replace(SEQUENCE, "")) {
        if (ch === "\u0003") {
          done("");
          process.exit(130);
        }
        if (ch === "\u0004") return done("");
        if (ch === "\r" || ch === "\n") {
          if (read.together) continue;
          return done(line);
        }
        if (ch === "\u007f" || ch === "\b") {
          if (line === "") continue;
          line = Array.from(line).slice(0, -1).join("");
          err.write("\b \b");
        } else if (!/[\u0000-\u001f\u0080-\u009f]/.test(ch) && line.length < MAX_ANSWER) {
          line += ch;
          err.write(sanitize(ch));
        }
      }
    };
    input.setRawMode(true);
    input.setEncoding("utf8");
    input.on("data", onData);
    input.on("end", onEnd);
    input.resume();
    err.write(PASTE_ON + question);
  });
}
