// The UI's own state (selection, focus, overlays, prompts, secrets, messages): what the builders
// read to draw the screen. Keys change it through the reducer (src/ui/input/ui-reducer.ts); data
// lives in the Monitor, not in this state.
import type { Job } from "../api/schema.js";
import type { SortColumn } from "../model/sort.js";
import type { GroupBy } from "../model/stats.js";

/** What covers the panes: the help (whole body), the copy or connect picker (the detail), the JSON view. */
export type Overlay = "none" | "help" | "picker" | "connect" | "json" | "stats";
/** The pane that takes the move keys. */
export type Focus = "list" | "detail" | "events";

export interface UiState {
  /** The cursor's row; the row its job was last on, while that job is off the page. */
  cursor: number;
  /**
   * The job the cursor is on. When the page's rows shift under it (a new job on top, a job gone),
   * the cursor follows this job rather than staying on a row that now shows another one; when the
   * job leaves the page, it stays selected (shown on no row) until the user moves: the job being
   * watched is never swapped for another behind the user's back.
   */
  cursorId: string | undefined;
  /** A job chosen with `:` that may not be on this page; cleared when the cursor moves. */
  jumpedId: string | undefined;
  focus: Focus;
  scroll: number;
  overlay: Overlay;
  prompt: { kind: "filter" | "jump"; text: string } | undefined;
  /** The text filter, applied as it is typed. */
  filter: string;
  /** Only jobs with this status (`f`). */
  statusFilter: number | undefined;
  /** The column the page is sorted by (`<` `>`); undefined: the service's order. */
  sort: SortColumn | undefined;
  /** Long fields of the detail pane (cmd, envs, desc) shown in full (within their caps). */
  expanded: boolean;
  /** The open overlay's own position: the JSON view's scroll, a picker's highlighted entry. */
  overlayScroll: number;
  showSecrets: boolean;
  message: { text: string; tone: "info" | "warn"; seq: number } | undefined;
  /** The list shows the service's pages, or every job of the account's index (`a`). */
  scope: "page" | "all";
  /** The events pane is open (`e`). */
  events: boolean;
  /** The event under the events pane's cursor, by its seq (undefined: the newest). */
  eventSeq: number | undefined;
  /**
   * Tagged jobs (space, T; U clears), by id with the copy seen when tagged: tags survive a page
   * change, and an action pressed with tags runs on every tagged job.
   */
  tags: ReadonlyMap<string, Job>;
  /** An action asking to be confirmed (y/n, or a text to type); it takes every key until answered. */
  confirm: Confirmation | undefined;
  /** The stats view's grouping and window (an index of STATS_WINDOWS_SEC: src/render/stats-view.ts). */
  stats: { by: GroupBy; window: number };
}

export interface Confirmation {
  /** The action's name (config.actions). */
  action: string;
  jobs: readonly Job[];
  /** "yes": y or n; "type": `expect` typed, then Enter. */
  mode: "yes" | "type";
  expect: string;
  text: string;
  /** What it asks, sanitised: "cancel jb25w8?". */
  question: string;
}

export const initialUi: UiState = {
  cursor: 0,
  cursorId: undefined,
  jumpedId: undefined,
  focus: "list",
  scroll: 0,
  overlay: "none",
  prompt: undefined,
  filter: "",
  statusFilter: undefined,
  sort: undefined,
  expanded: false,
  overlayScroll: 0,
  showSecrets: false,
  message: undefined,
  scope: "page",
  events: false,
  eventSeq: undefined,
  tags: new Map(),
  confirm: undefined,
  stats: { by: "none", window: 2 },
};

export interface Selection {
  /** The job shown in the detail pane. */
  id: string | undefined;
  /** Its row among the rows shown, or -1 when it is on none. */
  row: number;
  /** Why it is on no row: reached with ":" and not here, or followed after it left the page. */
  away: "jumped" | "moved" | undefined;
}

/** The selected job and its row: a job reached with ":" first, then the cursor's job, then the cursor's row. */
export function selectionOf(s: UiState, ids: readonly (string | undefined)[]): Selection {
  if (s.jumpedId !== undefined) {
    const row = ids.indexOf(s.jumpedId);
    return { id: s.jumpedId, row, away: row < 0 ? "jumped" : undefined };
  }
  if (s.cursorId !== undefined) {
    const row = ids.indexOf(s.cursorId);
    return { id: s.cursorId, row, away: row < 0 ? "moved" : undefined };
  }
  if (ids.length === 0) return { id: undefined, row: -1, away: undefined };
  const row = clamp(s.cursor, 0, ids.length - 1);
  return { id: ids[row], row, away: undefined };
}

/** The events pane's cursor row: its event's, the newest when none (or when that event is gone). */
export function eventRow(seqs: readonly number[], seq: number | undefined): number {
  return seq === undefined ? 0 : Math.max(0, seqs.indexOf(seq));
}

export function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}
