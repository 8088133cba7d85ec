// Every key command of the monitor as a row of data: its name (the config file's [keys] name), its
// default keys, its help line, and the contexts it works in. From these rows come the keymap in
// force (keymap.ts: defaults, then [keys], then the actions' keys), the help overlay, `config
// check` and README's table; what a command does is its handler's (src/ui/input/handlers/).
// Adding a key: docs/ARCHITECTURE.md, "Adding a key".
import type { KeyName } from "./key-names.js";

/**
 * Where a key is pressed: the list (main), the detail pane or the events pane with focus, an
 * overlay (the JSON view, the help, the stats view, a picker), a prompt (/ and :), a confirmation, or the question
 * quitting asks while actions run (src/ui/action-runner.ts: q again ends them). A "global"
 * row works in every context, after that context's own rows (q closes the JSON view; it quits
 * from the list).
 */
export type Context =
  | "main"
  | "detail"
  | "events"
  | "json"
  | "help"
  | "picker"
  | "prompt"
  | "confirm"
  | "quitting"
  | "stats"
  | "global";

/** The contexts a key is pressed in (all but "global", which is no place but a fallback). */
export const CONTEXTS: readonly Exclude<Context, "global">[] = [
  "main",
  "detail",
  "events",
  "json",
  "help",
  "picker",
  "prompt",
  "confirm",
  "quitting",
  "stats",
];

/** Where a printable key is typed as text, not looked up (a typed confirmation is the confirm context too). */
export const TEXT_CONTEXTS: readonly Context[] = ["prompt"];

/** The three panes of the monitor's screen: the keys that work whichever has the focus. */
export const PANES: readonly Context[] = ["main", "detail", "events"];
/** The views that scroll: the move keys move them. */
const SCROLLED: readonly Context[] = ["json", "help", "stats"];

/** How a context is named in a message or a heading. */
export const CONTEXT_NAMES: Readonly<Record<Context, string>> = {
  main: "the list",
  detail: "the detail pane",
  events: "the events pane",
  json: "the JSON view",
  help: "the help",
  picker: "a picker",
  prompt: "a prompt",
  confirm: "a confirmation",
  quitting: "the question before quitting with actions under way",
  stats: "the stats view",
  global: "everywhere",
};

/** A row of the keymap, as jobtop ships it. `help` may name another command's key as {command}. */
export interface KeyRow {
  command: KeyCommand;
  keys: readonly KeyName[];
  help: string;
  /** The help line in the "all" scope (`a`), where it differs. */
  helpAll?: string;
  context: readonly Context[];
}

/**
 * The commands, in the order the help and README list them. A configured action's key is the
 * command "job_action" (one row per action, added from the config: keymap.ts).
 */
export const KEY_ROWS = [
  {
    command: "up",
    keys: ["up", "k"],
    help: "move up (scrolls the detail pane when it has focus)",
    context: [...PANES, ...SCROLLED, "picker"],
  },
  {
    command: "down",
    keys: ["down", "j"],
    help: "move down (scrolls the detail pane when it has focus)",
    context: [...PANES, ...SCROLLED, "picker"],
  },
  {
    command: "first_row",
    keys: ["g"],
    help: "first row (top of the detail when it has focus)",
    context: [...PANES, ...SCROLLED],
  },
  {
    command: "last_row",
    keys: ["G"],
    help: "last row (bottom of the detail when it has focus)",
    context: [...PANES, ...SCROLLED],
  },
  { command: "next_page", keys: ["right"], help: "next page", context: [...PANES, ...SCROLLED] },
  { command: "prev_page", keys: ["left"], help: "previous page", context: [...PANES, ...SCROLLED] },
  {
    command: "page_down",
    keys: ["pgdn"],
    help: "next page (a screen down in the detail when it has focus)",
    context: [...PANES, ...SCROLLED],
  },
  {
    command: "page_up",
    keys: ["pgup"],
    help: "previous page (a screen up in the detail when it has focus)",
    context: [...PANES, ...SCROLLED],
  },
  { command: "first_page", keys: ["home"], help: "first page", context: [...PANES, ...SCROLLED] },
  { command: "last_page", keys: ["end"], help: "last page", context: [...PANES, ...SCROLLED] },
  {
    command: "toggle_order",
    keys: ["o"],
    help: "toggle order (desc ⇄ asc): the service's paging order",
    context: PANES,
  },
  {
    command: "scope",
    keys: ["a"],
    help: "scope: this page ⇄ all jobs of the account (the index); {filter}, {status_filter}, {sort_prev} {sort_next}, {jump} then cover every job",
    context: PANES,
  },
  {
    command: "sort_next",
    keys: [">"],
    help: "sort this page by the next column (status, age, remark, node, gpu, in_status, waited)",
    helpAll:
      "sort every job of the account by the next column (status, age, remark, node, gpu, in_status, waited)",
    context: PANES,
  },
  {
    command: "sort_prev",
    keys: ["<"],
    help: "sort this page by the previous column",
    helpAll: "sort every job of the account by the previous column",
    context: PANES,
  },
  { command: "refresh", keys: ["r"], help: "refresh now", context: PANES },
  {
    command: "copy",
    keys: ["c"],
    help: "copy the job's URL, its ssh command or SSH password (several: a picker, {pick*} or {up}{down} {choose}; {copy_all} = all URLs)",
    context: [...PANES, "picker"],
  },
  {
    command: "connect",
    keys: ["x"],
    help: "ssh to the job in this terminal; jobtop comes back when ssh ends",
    context: [...PANES, "picker"],
  },
  {
    command: "secrets",
    keys: ["s"],
    help: "show / hide secrets (SSH passwords, URL tokens, secret-looking values); they hide again after 30 s",
    context: [...PANES, "json"],
  },
  {
    command: "filter",
    keys: ["/"],
    help: "filter the list as you type (id, displayID, remark, cmd, node, status); {submit} keeps, {dismiss} clears",
    context: PANES,
  },
  {
    command: "status_filter",
    keys: ["f"],
    help: "status filter: all → ⧗ stuck → each status listed (on the page, or of the account under {scope}) → all",
    context: PANES,
  },
  {
    command: "jump",
    keys: [":"],
    help: "jump to a job by id or displayID (once the index has swept: on any page, and its page opens)",
    context: PANES,
  },
  {
    command: "json",
    keys: ["y"],
    help: "the whole job as JSON, every field (unknown ones too); {close} closes",
    context: [...PANES, "json"],
  },
  {
    command: "stats",
    keys: ["i"],
    help: "stats: counts, time in status, transitions, waits, trends ({stats_narrower} {stats_wider} window, {stats_group} groups)",
    context: [...PANES, "stats"],
  },
  // One key, a command per pane: the help shows them on one line when their keys are the same.
  {
    command: "expand",
    keys: ["enter"],
    help: "on the detail: expand / collapse long fields (cmd, envs, desc)",
    context: ["detail"],
  },
  {
    command: "open_event",
    keys: ["enter"],
    help: "in the events pane: select that event's job",
    context: ["events"],
  },
  {
    command: "open",
    keys: ["enter"],
    help: "on the list: focus the detail, or open the page the job moved to",
    context: ["main"],
  },
  { command: "focus", keys: ["tab"], help: "focus list ⇄ detail (⇄ events, when open)", context: PANES },
  {
    command: "back",
    keys: ["esc"],
    help: "back to the list, then clear the jump and the filters",
    context: PANES,
  },
  {
    command: "events",
    keys: ["e"],
    help: "events pane: this run's status changes, newest first; opening it clears the ✱ count",
    context: PANES,
  },
  {
    command: "pin",
    keys: ["w"],
    help: "pin / unpin the job (★): polled on any page, its changes notified",
    context: PANES,
  },
  {
    command: "tag",
    keys: ["space"],
    help: "tag / untag the job (•) and move down: an action then runs on every tagged job, after one confirmation",
    context: PANES,
  },
  { command: "tag_all", keys: ["T"], help: "tag every job the filter shows", context: PANES },
  { command: "untag_all", keys: ["U"], help: "clear the tags", context: PANES },
  {
    command: "pause",
    keys: ["p"],
    help: "pause / resume all polling ({refresh} resumes too)",
    context: PANES,
  },
  {
    command: "faster",
    keys: ["+"],
    help: "poll the selected job faster, a step at a time: 60s 30s 10s 5s 2s 1s 500ms (and the configured interval)",
    context: PANES,
  },
  { command: "slower", keys: ["-"], help: "poll the selected job slower, on the same steps", context: PANES },
  {
    command: "configured_interval",
    keys: ["="],
    help: "poll the selected job at the configured interval again (--interval)",
    context: PANES,
  },
  {
    command: "help",
    keys: ["?"],
    help: "help: every key and symbol (it scrolls with the move keys; {help} or {close} closes it)",
    context: [...PANES, "help"],
  },
  // In raw mode Ctrl+Z is a key like any other, not the terminal's stop signal.
  {
    command: "suspend",
    keys: ["ctrl+z"],
    help: "suspend; fg resumes, with the whole screen drawn again",
    context: ["global"],
  },
  { command: "quit", keys: ["q", "ctrl+c"], help: "quit", context: ["global"] },
  {
    command: "close",
    keys: ["esc", "q"],
    help: "close the JSON view, the help, the stats view or a picker (so does the key that opened it)",
    context: [...SCROLLED, "picker"],
  },
  {
    command: "pick",
    keys: ["1", "2", "3", "4", "5", "6", "7", "8", "9"],
    help: "pick the first, second … ninth entry",
    context: ["picker"],
  },
  { command: "choose", keys: ["enter"], help: "pick the entry under the cursor", context: ["picker"] },
  {
    command: "copy_all",
    keys: ["a"],
    help: "copy every URL of the job (the copy picker)",
    context: ["picker"],
  },
  {
    command: "submit",
    keys: ["enter"],
    help: "keep the filter, go to the job, or confirm what was typed",
    context: ["prompt", "confirm"],
  },
  {
    command: "dismiss",
    keys: ["esc"],
    help: "cancel (the filter prompt clears the filter)",
    context: ["prompt", "confirm"],
  },
  {
    command: "erase",
    keys: ["backspace", "delete"],
    help: "erase the last character",
    context: ["prompt", "confirm"],
  },
  { command: "yes", keys: ["y", "Y"], help: "do it (an action asking y/n)", context: ["confirm"] },
  { command: "no", keys: ["n", "N", "q"], help: "do not (an action asking y/n)", context: ["confirm"] },
  {
    command: "stats_narrower",
    keys: ["["],
    help: "the stats view's window of transitions narrower (1h at the least)",
    context: ["stats"],
  },
  {
    command: "stats_wider",
    keys: ["]"],
    help: "the stats view's window of transitions wider (7d at the most)",
    context: ["stats"],
  },
  {
    command: "stats_group",
    keys: ["b"],
    help: "the stats view grouped by nothing → GPU → node → class",
    context: ["stats"],
  },
  // Asked on the status line when quitting with actions under way; quit's own keys end them and quit.
  {
    command: "leave_running",
    keys: ["l"],
    help: "quit, leaving the actions under way running",
    context: ["quitting"],
  },
  { command: "stay", keys: ["esc"], help: "do not quit: the actions run on", context: ["quitting"] },
] as const satisfies readonly (Omit<KeyRow, "command"> & { command: string })[];

/** A key command: the name of a row, as [keys] names it ("next_page"), or a configured action's key. */
export type KeyCommand = (typeof KEY_ROWS)[number]["command"] | "job_action";

/** The commands [keys] can bind (a configured action's key is its [[actions]] key). */
export const COMMAND_NAMES: readonly KeyCommand[] = KEY_ROWS.map((r) => r.command);
