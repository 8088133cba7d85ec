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
  | "help"
  | "quit";

export interface Binding {
  action: Action;
  /** How the keys are written in the help overlay. */
  keys: string;
  help: string;
  match: (input: string, key: Key) => boolean;
}

export const KEYMAP: readonly Binding[] = [
  {
    action: "up",
    keys: "↑ / k",
    help: "move up (scrolls the detail pane when it has focus)",
    match: (i, k) => k.upArrow || i === "k",
  },
  {
    action: "down",
    keys: "↓ / j",
    help: "move down (scrolls the detail pane when it has focus)",
    match: (i, k) => k.downArrow || i === "j",
  },
  { action: "nextPage", keys: "→ / PgDn", help: "next page", match: (_, k) => k.rightArrow || k.pageDown },
  { action: "prevPage", keys: "← / PgUp", help: "previous page", match: (_, k) => k.leftArrow || k.pageUp },
  { action: "firstPage", keys: "Home / g", help: "first page", match: (i, k) => k.home || i === "g" },
  { action: "lastPage", keys: "End / G", help: "last page", match: (i, k) => k.end || i === "G" },
  { action: "toggleOrder", keys: "o", help: "toggle order (desc ⇄ asc)", match: (i) => i === "o" },
  { action: "refresh", keys: "r", help: "refresh now", match: (i) => i === "r" },
  {
    action: "copy",
    keys: "c",
    help: "copy the job's URL (several: pick 1–9, a = all)",
    match: (i) => i === "c",
  },
  {
    action: "secrets",
    keys: "s",
    help: "show / hide secrets (they hide again after 30s)",
    match: (i) => i === "s",
  },
  {
    action: "filter",
    keys: "/",
    help: "filter this page (id, displayID, remark, cmd); Esc clears",
    match: (i) => i === "/",
  },
  { action: "jump", keys: ":", help: "jump to a job by id", match: (i) => i === ":" },
  { action: "focus", keys: "Tab", help: "focus list ⇄ detail", match: (_, k) => k.tab },
  { action: "help", keys: "?", help: "this help", match: (i) => i === "?" },
  { action: "quit", keys: "q / Ctrl+C", help: "quit", match: (i, k) => i === "q" || (k.ctrl && i === "c") },
];

export function actionFor(input: string, key: Key): Action | undefined {
  return KEYMAP.find((b) => b.match(input, key))?.action;
}
