// OSC 8 hyperlinks for the URLs in the detail pane: a click (or Ctrl/Cmd+click) opens them.
// A terminal that does not know OSC 8 should ignore it, but some print it or garble the line, so
// `auto` turns links on only for terminals known to support them. In tmux they are off unless
// asked for (--hyperlinks on): tmux forwards them only when its terminal-features list says
// `hyperlinks` for the outer terminal, which jobtop cannot see without asking tmux (a process to
// spawn at every start, for an answer that differs per attached client).

import type { ValuesOf } from "../config/from-settings.js";

export type HyperlinkMode = ValuesOf<"hyperlinks">;

/** Whether to write links, from the mode and what the terminal says of itself. */
export function hyperlinksOn(mode: HyperlinkMode, env: NodeJS.ProcessEnv = process.env): boolean {
  if (mode !== "auto") return mode === "on";
  if (env.TMUX || env.STY) return false;
  const program = env.TERM_PROGRAM ?? "";
  const term = env.TERM ?? "";
  if (
    ["iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "Tabby", "rio", "WarpTerminal"].includes(program)
  )
    return true;
  if (/^(xterm-kitty|xterm-ghostty|foot|alacritty|wezterm|contour|rio)/.test(term)) return true;
  if (env.KITTY_WINDOW_ID || env.WT_SESSION || env.DOMTERM) return true;
  // VTE (GNOME Terminal, Tilix, Terminator…) from 0.50.
  const vte = Number.parseInt(env.VTE_VERSION ?? "", 10);
  return Number.isFinite(vte) && vte >= 5000;
}

/**
 * The link target for a URL shown as `shown`, or undefined for none. Only a URL whose every byte
 * is already on screen gets one: while secrets are hidden, a URL with a token shows masked, and
 * its target would carry the token in a byte written to the terminal. And only printable ASCII,
 * as OSC 8 requires, of the schemes worth opening (https, ssh).
 */
export function linkTarget(url: string, shown: string): string | undefined {
  if (shown !== url) return undefined;
  if (!/^(https|ssh):\/\/[\x21-\x7e]+$/.test(url)) return undefined;
  return url;
}

/** `text` as a link to `target` (BEL-terminated, as Ink's tokenizer reads OSC 8). */
export function linked(text: string, target: string): string {
  return `\x1b]8;;${target}\x07${text}\x1b]8;;\x07`;
}
