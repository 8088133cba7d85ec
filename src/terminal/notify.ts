// Desktop notifications across SSH: the terminal's own escape sequences, which travel over any
// number of hops to the machine the terminal runs on and become a system notification there.
// Each terminal reads its own: OSC 9 (iTerm2, WezTerm, Windows Terminal, ghostty), OSC 777
// notify (foot, urxvt, VTE), OSC 99 (kitty). Else the bell, which every terminal has.

import type { NotifyMode } from "../config/types.js";
import { truncate } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { throughMultiplexer } from "./passthrough.js";

export type { NotifyMode };
export type NotifyKind = Exclude<NotifyMode, "auto">;

const ESC = "\x1b";
const BEL = "\x07";
const ST = `${ESC}\\`;

/**
 * The sequence `auto` picks, from what the terminal says of itself. Inside tmux, TERM_PROGRAM
 * names tmux; the outer terminal shows only in what was inherited (KITTY_WINDOW_ID, WT_SESSION,
 * VTE_VERSION) or forwarded over SSH (LC_TERMINAL, which iTerm2 sets and ssh sends with LC_*).
 */
export function pickNotify(mode: NotifyMode, env: NodeJS.ProcessEnv = process.env): NotifyKind {
  if (mode !== "auto") return mode;
  const program = env.TERM_PROGRAM ?? "";
  const term = env.TERM ?? "";
  if (term === "xterm-kitty" || env.KITTY_WINDOW_ID) return "osc99";
  if (
    program === "iTerm.app" ||
    env.LC_TERMINAL === "iTerm2" ||
    program === "WezTerm" ||
    program === "ghostty" ||
    term === "xterm-ghostty" ||
    env.WT_SESSION
  )
    return "osc9";
  if (/^foot/.test(term) || /^rxvt-unicode/.test(term) || env.VTE_VERSION) return "osc777";
  return "bell";
}

/**
 * What a notification may say: the service's text sanitised (no control character, so no
 * sequence can be ended or started early), no ";" (OSC 777 splits its fields on it), and short.
 */
export function notifyText(s: string, max = 120): string {
  // At most `max` cells, cut between grapheme clusters: a label's 🏳️‍🌈 is kept whole or left out.
  return truncate(sanitize(s).replaceAll(";", ","), max);
}

let kittyId = 0;

/** The bytes of one notification, before any multiplexer wrapping. `title` and `body` are notifyText()s. */
export function notificationSequence(kind: NotifyKind, title: string, body: string): string {
  switch (kind) {
    case "osc9":
      // One text only. It starts with the title, never with digits: "9;4;…" is a progress bar
      // to Windows Terminal and ConEmu.
      return `${ESC}]9;${title}: ${body}${BEL}`;
    case "osc777":
      return `${ESC}]777;notify;${title};${body}${BEL}`;
    case "osc99": {
      // Title, then body, joined by an id; o=unfocused: kitty shows it only if its window is not
      // focused, whether or not it reports focus to us.
      kittyId = (kittyId % 1_000_000) + 1;
      const id = `jobtop${kittyId}`;
      return `${ESC}]99;i=${id}:d=0:o=unfocused;${title}${ST}${ESC}]99;i=${id}:d=1:p=body;${body}${ST}`;
    }
    case "bell":
      return BEL;
    case "off":
      return "";
  }
}

/**
 * The byte strings to write, in order. In tmux both forms, as for the clipboard: wrapped for
 * passthrough (needs `allow-passthrough on`) and plain (which tmux itself may act on). The bell
 * goes plain: tmux has its own bell handling, and a wrapped one would ring twice.
 */
export function notificationWrites(seq: string, env: NodeJS.ProcessEnv = process.env): string[] {
  if (seq === "") return [];
  if (seq === BEL) return [BEL];
  return throughMultiplexer(seq, env);
}
