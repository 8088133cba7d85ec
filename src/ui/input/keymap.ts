// The one keymap table: it drives input handling (App) and the help overlay alike,
// so a key cannot work without being documented, or be documented without working.
import type { Key } from "ink";

export type Action =
  | "up"
  | "down"
  | "firstRow"
  | "lastRow"
  | "nextPage"
  | "prevPage"
  | "pageDown"
  | "pageUp"
  | "firstPage"
  | "lastPage"
  | "toggleOrder"
  | "scope"
  | "sortNext"
  | "sortPrev"
  | "refresh"
  | "copy"
  | "connect"
  | "secrets"
  | "filter"
  | "statusFilter"
  | "jump"
  | "follow"
  | "json"
  | "expand"
  | "focus"
  | "events"
  | "pin"
  | "tag"
  | "tagAll"
  | "untagAll"
  /** A configured action's key (config.actions; rows added by setActionKeys). */
  | "act"
  | "pause"
  | "faster"
  | "slower"
  | "configuredInterval"
  | "help"
  | "suspend"
  | "quit";

export interface Binding {
  action: Action;
  /** How the keys are written in the help overlay and README.md. */
  keys: string;
  help: string;
  match: (input: string, key: Key) => boolean;
  /** An "act" row: the configured action's name. */
  name?: string;
  /** The help line in the "all" scope (`a`), where it differs. */
  helpAll?: string;
}

/** A plain key press of `ch`: Ctrl+C arrives as "c" with ctrl set, and must quit, not copy. */
const is = (ch: string) => (i: string, k: Key) => i === ch && !k.ctrl;

/** Every key, in the order the help overlay and README.md list them; configured actions' at the end. */
const ROWS: Binding[] = [
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
  { action: "firstRow", keys: "g", help: "first row (top of the detail when it has focus)", match: is("g") },
  { action: "lastRow", keys: "G", help: "last row (bottom of the detail when it has focus)", match: is("G") },
  { action: "nextPage", keys: "→", help: "next page", match: (_, k) => k.rightArrow },
  { action: "prevPage", keys: "←", help: "previous page", match: (_, k) => k.leftArrow },
  {
    action: "pageDown",
    keys: "PgDn",
    help: "next page (a screen down in the detail when it has focus)",
    match: (_, k) => k.pageDown,
  },
  {
    action: "pageUp",
    keys: "PgUp",
    help: "previous page (a screen up in the detail when it has focus)",
    match: (_, k) => k.pageUp,
  },
  { action: "firstPage", keys: "Home", help: "first page", match: (_, k) => k.home },
  { action: "lastPage", keys: "End", help: "last page", match: (_, k) => k.end },
  {
    action: "toggleOrder",
    keys: "o",
    help: "toggle order (desc ⇄ asc): the service's paging order",
    match: is("o"),
  },
  {
    action: "scope",
    keys: "a",
    help: "scope: this page ⇄ all jobs of the account (the index); /, f, < >, : then cover every job",
    match: is("a"),
  },
  {
    action: "sortNext",
    keys: ">",
    help: "sort this page by the next column (status, age, remark, node, gpu)",
    helpAll: "sort every job of the account by the next column (status, age, remark, node, gpu)",
    match: is(">"),
  },
  {
    action: "sortPrev",
    keys: "<",
    help: "sort this page by the previous column",
    helpAll: "sort every job of the account by the previous column",
    match: is("<"),
  },
  { action: "refresh", keys: "r", help: "refresh now", match: is("r") },
  {
    action: "copy",
    keys: "c",
    help: "copy the job's URL, its ssh command or SSH password (several: a picker, 1–9 or ↑↓ Enter; a = all URLs)",
    match: is("c"),
  },
  {
    action: "connect",
    keys: "x",
    help: "ssh to the job in this terminal; jobtop comes back when ssh ends",
    match: is("x"),
  },
  {
    action: "secrets",
    keys: "s",
    help: "show / hide secrets (SSH passwords, URL tokens, secret-looking values); they hide again after 30 s",
    match: is("s"),
  },
  {
    action: "filter",
    keys: "/",
    help: "filter the list as you type (id, displayID, remark, cmd, node, status); Enter keeps, Esc clears",
    match: is("/"),
  },
  {
    action: "statusFilter",
    keys: "f",
    help: "status filter: all → each status listed (on the page, or of the account under a) → all",
    match: is("f"),
  },
  {
    action: "jump",
    keys: ":",
    help: "jump to a job by id or displayID (once the index has swept: on any page, and its page opens)",
    match: is(":"),
  },
  {
    action: "follow",
    keys: "Enter",
    help: "on the list, when the selected job moved to another page: open that page, on its row",
    match: (_, k) => k.return,
  },
  {
    action: "json",
    keys: "y",
    help: "the whole job as JSON, every field (unknown ones too); Esc closes",
    match: is("y"),
  },
  {
    action: "expand",
    keys: "Enter",
    help: "on the detail: expand / collapse long fields (cmd, envs, desc); in the events pane: select that event's job; on the list: focus the detail",
    match: (_, k) => k.return,
  },
  { action: "focus", keys: "Tab", help: "focus list ⇄ detail (⇄ events, when open)", match: (_, k) => k.tab },
  {
    action: "events",
    keys: "e",
    help: "events pane: this run's status changes, newest first; opening it clears the ✱ count",
    match: is("e"),
  },
  {
    action: "pin",
    keys: "w",
    help: "pin / unpin the job (★): polled on any page, its changes notified",
    match: is("w"),
  },
  {
    action: "tag",
    keys: "space",
    help: "tag / untag the job (•): an action then runs on every tagged job, after one confirmation",
    match: is(" "),
  },
  { action: "tagAll", keys: "T", help: "tag every job the filter shows", match: is("T") },
  { action: "untagAll", keys: "U", help: "clear the tags", match: is("U") },
  { action: "pause", keys: "p", help: "pause / resume all polling (r resumes too)", match: is("p") },
  {
    action: "faster",
    keys: "+",
    help: "poll the selected job faster, a step at a time: 60s 30s 10s 5s 2s 1s 500ms (and the configured interval)",
    match: is("+"),
  },
  { action: "slower", keys: "-", help: "poll the selected job slower, on the same steps", match: is("-") },
  {
    action: "configuredInterval",
    keys: "=",
    help: "poll the selected job at the configured interval again (--interval)",
    match: is("="),
  },
  {
    action: "help",
    keys: "?",
    help: "help: every key and symbol (it scrolls with the move keys; ? or Esc closes it)",
    match: is("?"),
  },
  // In raw mode Ctrl+Z is a key like any other, not the terminal's stop signal.
  {
    action: "suspend",
    keys: "Ctrl+Z",
    help: "suspend; fg resumes, with the whole screen drawn again",
    match: (i, k) => k.ctrl && i === "z",
  },
  {
    action: "quit",
    keys: "q / Ctrl+C",
    help: "quit",
    match: (i, k) => is("q")(i, k) || (k.ctrl && i === "c"),
  },
];

export const KEYMAP: readonly Binding[] = ROWS;

/**
 * The configured actions' keys as rows of the keymap, so the help lists them with their
 * descriptions (at start; the config checked that no key is taken twice). A later call replaces them.
 */
export function setActionKeys(actions: readonly { name: string; key: string; description: string }[]): void {
  for (let i = ROWS.length - 1; i >= 0; i--) if (ROWS[i]?.action === "act") ROWS.splice(i, 1);
  for (const a of actions)
    ROWS.push({ action: "act", keys: a.key, help: a.description, match: is(a.key), name: a.name });
}

export function bindingFor(input: string, key: Key): Binding | undefined {
  return KEYMAP.find((b) => b.match(input, key));
}

export function actionFor(input: string, key: Key): Action | undefined {
  return bindingFor(input, key)?.action;
}

/** A key with no modifier and no special key: what a printable character arrives as. */
export const PLAIN: Key = {
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

/** The keys as a Markdown table: README.md's, kept equal to it by test/ui/readme-keys.test.ts. */
export function keysTable(): string {
  const cell = (s: string) => s.replaceAll("|", "\\|");
  const rows = KEYMAP.filter((b) => b.action !== "act").map(
    (b) => `| \`${cell(b.keys)}\` | ${cell(b.help)} |`,
  );
  return ["| keys | action |", "|---|---|", ...rows].join("\n");
}
