// A paste never confirms (issue 29, low): pasting "displayID + newline" into a typed confirmation
// confirmed it. jobtop turns bracketed paste on (screen.ts: the terminal then marks a paste
// ESC [200~ … ESC [201~), and this filter, between stdin and Ink, takes the marks out and keeps
// what was pasted as text only: its line breaks and other control characters are dropped, so a
// pasted newline is never Enter, and a pasted ESC never a key. A terminal without bracketed
// paste sends a paste as one quick burst: a read that holds a line break and other text is
// remembered while Ink hands its keys out (arrivedTogether), and the typed confirmation takes no
// Enter from such a read (ui/paste-confirm.ts). Typing a character and Enter so fast that one
// read holds both counts as a burst too: Enter again confirms.
//
// The marks come whole in a read, as terminals write them; an end mark split across two reads is
// put together (the paste goes on meanwhile), and a paste whose end mark never comes ends on the
// first read more than a second later, so keys are never held as pasted text for good.

/** Bracketed paste on: the terminal marks what is pasted (ESC [200~ … ESC [201~). */
export const PASTE_ON = "\x1b[?2004h";
export const PASTE_OFF = "\x1b[?2004l";

const START = "\x1b[200~";
const END = "\x1b[201~";
/** A paste comes in quick reads; after this long without one, whatever follows is typed. */
const PASTE_GAP_MS = 1000;
const CONTROLS = /[\u0000-\u001f\u007f]/g;

/** The read Ink is handing out keys from held a paste's end, or a line break among other text. */
let together = false;

/** True while Ink handles the keys of a read that was pasted, or a burst with a line break in it. */
export function arrivedTogether(): boolean {
  return together;
}

/** The read Ink is handing out keys from was one key alone, typed: not pasted, no other text with it. */
let alone = false;
/** A filter reads stdin (the monitor's, run.tsx): without one (a component test's stdin) no read can be told apart. */
let filtering = false;

/**
 * True while Ink handles a read of one character and nothing else, not pasted: what a y/n
 * question takes as its answer (a pasted "y", bracketed or in a burst such as "y\r" or "yes…",
 * confirmed it: tmux's paste-buffer, with -p or without).
 */
export function arrivedAlone(): boolean {
  return alone || !filtering;
}

/** What a paste filter keeps between reads. */
export interface PasteState {
  inPaste: boolean;
  /** The start of an end mark that ended the last read. */
  carry: string;
  lastAt: number;
}

export function pasteState(): PasteState {
  return { inPaste: false, carry: "", lastAt: 0 };
}

/** One read's text without paste marks, pasted text without control characters; and whether it came together. */
export function filterPaste(chunk: string, s: PasteState, now: number): { text: string; together: boolean } {
  if (s.inPaste && now - s.lastAt > PASTE_GAP_MS) {
    s.inPaste = false;
    s.carry = "";
  }
  s.lastAt = now;
  let rest = s.carry + chunk;
  s.carry = "";
  let out = "";
  let pasted = false;
  while (rest !== "") {
    if (s.inPaste) {
      pasted = true;
      const end = rest.indexOf(END);
      if (end < 0) {
        // An end mark cut by the read: kept for the next one.
        const cut = partialEnd(rest);
        s.carry = rest.slice(rest.length - cut);
        out += rest.slice(0, rest.length - cut).replace(CONTROLS, "");
        break;
      }
      out += rest.slice(0, end).replace(CONTROLS, "");
      rest = rest.slice(end + END.length);
      s.inPaste = false;
    } else {
      const start = rest.indexOf(START);
      if (start < 0) {
        out += rest;
        break;
      }
      out += rest.slice(0, start);
      rest = rest.slice(start + START.length);
      s.inPaste = true;
    }
  }
  const burst = /[\r\n]/.test(out) && /[^\r\n]/.test(out);
  return { text: out, together: pasted || burst };
}

/** How many characters at the end of `text` begin an end mark. */
function partialEnd(text: string): number {
  for (let n = Math.min(END.length - 1, text.length); n > 0; n--)
    if (END.startsWith(text.slice(-n))) return n;
  return 0;
}

/**
 * stdin as Ink should read it: the same stream (raw mode, ref/unref, events all go to it), but
 * what read() returns has its paste marks taken out (see above). Ink reads on 'readable' with
 * read(), and hands out a read's keys before it reads again.
 */
export function withoutPasteMarks(stdin: NodeJS.ReadStream): NodeJS.ReadStream {
  const state = pasteState();
  filtering = true;
  const read = (size?: number): unknown => {
    const chunk: unknown = stdin.read(size);
    const text =
      typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : undefined;
    if (text === undefined) {
      together = false;
      alone = false;
      return chunk;
    }
    const r = filterPaste(text, state, Date.now());
    together = r.together;
    alone = !r.together && text.length > 0 && [...r.text].length === 1 && r.text === text;
    return typeof chunk === "string" ? r.text : Buffer.from(r.text, "utf8");
  };
  return new Proxy(stdin, {
    get(target, prop) {
      if (prop === "read") return read;
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}
