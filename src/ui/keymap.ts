// The one keymap table: it drives input handling (App) and the help overlay alike,
// so a key cannot work without being documented, or be documented without working.
import type { Key } from "ink";

export type Action =
  | "up"
  | "down"
  | "nextPage"
  | "prevPage"
  | "firstPage"
  | "lastPage"
  | "toggleOrder"
  | "refresh"
  | "copy"
  | "secrets"
  | "filter"
  | "jump"
  | "focus"
  | "events"
  | "openEvent"
  | "pin"
  | "pause"
  | "faster"
  | "slower"
  | "help"
  | "suspend"
  | "quit";

export interface Binding {
  action: Action;
  /** How the keys are written in the help overlay. */
  keys: string;
  help: string;
  match: (input: string, key: Key) => boolean;
}

/** A plain key press of `ch`: Ctrl+C arrives as "c" with ctrl set, and must quit, not copy. */
const is = (ch: string) => (i: string, k: Key) => i === ch && !k.ctrl;

export const KEYMAP: readonly Binding[] = [
  {
    action: "up",
    keys: "↑ / k",
    help: "move up (scrolls the detail pane when it has focus)",
    match: (i, k) => k.upArrow || is("k")(i, k),
  },
  {
    action: "down",
    keys: "↓ / j",
    help: "move down (scrolls the detail pane when it has focus)",
    match: (i, k) => k.downArrow || is("j")(i, k),
  },
  { action: "nextPage", keys: "→ / PgDn", help: "next page", match: (_, k) => k.rightArrow || k.pageDown },
  { action: "prevPage", keys: "← / PgUp", help: "previous page", match: (_, k) => k.leftArrow || k.pageUp },
  { action: "firstPage", keys: "Home / g", help: "first page", match: (i, k) => k.home || is("g")(i, k) },
  { action: "lastPage", keys: "End / G", help: "last page", match: (i, k) => k.end || is("G")(i, k) },
  { action: "toggleOrder", keys: "o", help: "toggle order (desc ⇄ asc)", match: is("o") },
  { action: "refresh", keys: "r", help: "refresh now", match: is("r") },
  {
    action: "copy",
    keys: "c",
    help: "copy the job's URL (several: pick 1–9, a = all)",
    match: is("c"),
  },
  {
    action: "secrets",
    keys: "s",
    help: "show / hide secrets (they hide again after 30s)",
    match: is("s"),
  },
  {
    action: "filter",
    keys: "/",
    help: "filter this page (id, displayID, remark, cmd); Esc clears",
    match: is("/"),
  },
  { action: "jump", keys: ":", help: "jump to a job by id", match: is(":") },
  { action: "focus", keys: "Tab", help: "focus list ⇄ detail (⇄ events, when open)", match: (_, k) => k.tab },
  {
    action: "events",
    keys: "e",
    help: "events pane: this run's status changes, newest first; opening it clears the ✱ count",
    match: is("e"),
  },
  {
    action: "openEvent",
    keys: "Enter",
    help: "in the events pane: select that event's job",
    match: (_, k) => k.return,
  },
  {
    action: "pin",
    keys: "w",
    help: "pin / unpin the job (★): polled on any page, its changes notified",
    match: is("w"),
  },
  { action: "pause", keys: "p", help: "pause / resume all polling (r resumes too)", match: is("p") },
  { action: "faster", keys: "+", help: "poll the selected job twice as often (to 500ms)", match: is("+") },
  { action: "slower", keys: "-", help: "poll the selected job half as often (to 60s)", match: is("-") },
  { action: "help", keys: "?", help: "this help", match: is("?") },
  // In raw mode Ctrl+Z is a key like any other, not the terminal's stop signal.
  { action: "suspend", keys: "Ctrl+Z", help: "suspend (fg resumes)", match: (i, k) => k.ctrl && i === "z" },
  {
    action: "quit",
    keys: "q / Ctrl+C",
    help: "quit",
    match: (i, k) => is("q")(i, k) || (k.ctrl && i === "c"),
  },
];

export function actionFor(input: string, key: Key): Action | undefined {
  return KEYMAP.find((b) => b.match(input, key))?.action;
}

const PLAIN: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** The control characters a chunk of typed text may hold, as the key Ink would report alone. */
const CONTROL: Record<string, Partial<Key>> = {
  "\r": { return: true },
  "\n": { return: true },
  "\t": { tab: true },
  "\x7f": { backspace: true },
  "\b": { backspace: true },
};

/**
 * One key press per character. Ink hands over a run of text that arrives in one read as a
 * single input: keys typed faster than we read them (over a slow SSH link, or pasted, as in
 * "123⏎" at the jump prompt) would otherwise be one unknown key, and the Enter in it lost.
 */
export function splitKeys(input: string, key: Key): [string, Key][] {
  const chars = [...input];
  if (chars.length < 2 || key.ctrl || key.meta || input.includes("\x1b")) return [[input, key]];
  return chars.map((ch): [string, Key] => {
    const control = CONTROL[ch];
    if (control) return ["", { ...PLAIN, ...control }];
    const code = ch.charCodeAt(0);
    // Ctrl+A … Ctrl+Z arrive as 0x01 … 0x1a; Ink reports them as the letter with ctrl set.
    if (code >= 1 && code <= 26) return [String.fromCharCode(code + 96), { ...PLAIN, ctrl: true }];
    return [ch, { ...PLAIN, shift: /[A-Z]/.test(ch) }];
  });
}
