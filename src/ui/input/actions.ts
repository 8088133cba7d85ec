// What each key does: one function per action of the keymap (keymap.ts says which key is which
// action), plus the keys of the prompt and the overlays, which take every key while open. Each
// function gets the state as of this key press (ActionContext) and changes the UI state by
// dispatch, the data by calling the monitor.
import type { Key } from "ink";
import { describeError } from "../../api/errors.js";
import type { Job } from "../../api/schema.js";
import { type CopyEntry, type CopyPlan, planCopy, planCopyEntry } from "../../model/copy-plan.js";
import { nextStatus } from "../../model/filter.js";
import { nextSort } from "../../model/sort.js";
import { type SshTarget, sshTargets } from "../../model/ssh.js";
import { PINS_MAX } from "../../poll/pins.js";
import { copyEntries } from "../../render/copy-entries.js";
import { eventRow, type Focus, type Overlay } from "../../render/ui-state.js";
import { indexRows, indexStatuses, pageRows, pageStatuses } from "../../render/view.js";
import { copyText } from "../../terminal/clipboard.js";
import { act, confirmKeys } from "./act.js";
import { type ActionContext, type ModalKeys, type Run, say } from "./context.js";
import { followKey } from "./follow-key.js";

export type { ActionContext } from "./context.js";

import { type Action, actionFor } from "./keymap.js";

/**
 * The steps + and - move the selected job's interval along. Halving and doubling never came back
 * to round values (2 s → 1 s → 0.5 s → 1 s → 2 s, but 32 s → 60 s → 30 s → 15 s → 7.5 s → 3.75 s);
 * steps do, and the configured interval (--interval) is one of them wherever it falls.
 */
export const INTERVAL_STEPS: readonly number[] = [500, 1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

/** The next step faster (`faster`) or slower than `nowMs`, or undefined at the end of the steps. */
export function nextInterval(nowMs: number, configuredMs: number, faster: boolean): number | undefined {
  let next: number | undefined;
  for (const ms of INTERVAL_STEPS.concat(configuredMs)) {
    const past = faster ? ms < nowMs : ms > nowMs;
    const nearer = next === undefined || (faster ? ms > next : ms < next);
    if (past && nearer) next = ms;
  }
  return next;
}

/** While paused no request goes out: a new page or order could not be shown, so it is refused. */
const refusedWhilePaused = (c: ActionContext): boolean => {
  if (!c.monitor.paused()) return false;
  c.dispatch({ type: "message", text: "paused: press p or r to poll again", tone: "warn" });
  return true;
};

/** Scope "all" is paged here, at the list's size: a page key moves the cursor a screen of rows. */
const allScope = (c: ActionContext) => c.ui.scope === "all" && c.snap.index !== undefined;
const screenRows = (c: ActionContext) => Math.max(1, c.layout.listHeight - 1);

const goToPage = (c: ActionContext, target: number) => {
  if (target !== c.snap.page && target >= 1 && target <= c.monitor.numPages() && refusedWhilePaused(c))
    return;
  if (target !== c.snap.page && target >= 1 && target <= c.monitor.numPages()) {
    c.monitor.setPage(target);
    c.dispatch({ type: "pageChanged" });
  }
};

const move = (c: ActionContext, delta: number) =>
  c.ui.focus === "events"
    ? c.dispatch({ type: "eventMove", delta, seqs: c.snap.events.map((e) => e.seq) })
    : c.dispatch({ type: "move", delta, ids: c.view.ids, maxScroll: c.detailMaxScroll });

/** The panes on screen, in Tab order: the events pane shares the detail's column, or replaces it when narrow. */
/** Enter in the events pane: select that event's job, wherever it is. */
const openEvent = (c: ActionContext) => {
  const events = c.snap.events;
  const event =
    events[
      eventRow(
        events.map((e) => e.seq),
        c.ui.eventSeq,
      )
    ];
  if (event) c.dispatch({ type: "selectJob", id: event.id, closeEvents: !c.layout.wide });
};

const panesShown = (c: ActionContext): Focus[] =>
  !c.ui.events ? ["list", "detail"] : c.layout.wide ? ["list", "detail", "events"] : ["list", "events"];

/** + and -: the selected job's poll a step faster or slower (INTERVAL_STEPS). */
const retimeJob = (c: ActionContext, faster: boolean) => {
  const now = c.snap.intervalMs;
  const ms = nextInterval(now, c.config.intervalMs, faster);
  if (ms === undefined) {
    c.dispatch({
      type: "message",
      text: `the job is polled every ${seconds(now)}: the ${faster ? "fastest" : "slowest"}`,
    });
    return;
  }
  c.monitor.setJobInterval(ms);
  const configured = ms === c.config.intervalMs ? " (the configured interval)" : "";
  c.dispatch({ type: "message", text: `the selected job is polled every ${seconds(ms)}${configured}` });
};

const seconds = (ms: number) => (ms < 1000 ? `${ms}ms` : `${ms / 1000}s`);

const moveTo = (c: ActionContext, to: "first" | "last") =>
  c.dispatch({ type: "moveTo", to, ids: c.view.ids, maxScroll: c.detailMaxScroll });

/** PgUp / PgDn: a screen of the detail when it has focus, else a page of the list. */
const pageKey = (c: ActionContext, step: 1 | -1) => {
  if (c.ui.focus === "detail") move(c, step * Math.max(1, c.layout.detailHeight - 2));
  else goToPage(c, c.snap.page + step);
};

/** The keymap's actions. Adding a key: a row in keymap.ts, its action's name there, a function here. */
export const ACTIONS: Record<Action, Run> = {
  up: (c) => move(c, -1),
  down: (c) => move(c, 1),
  firstRow: (c) => moveTo(c, "first"),
  lastRow: (c) => moveTo(c, "last"),
  nextPage: (c) => (allScope(c) ? move(c, screenRows(c)) : goToPage(c, c.snap.page + 1)),
  prevPage: (c) => (allScope(c) ? move(c, -screenRows(c)) : goToPage(c, c.snap.page - 1)),
  pageDown: (c) => (allScope(c) && c.ui.focus !== "detail" ? move(c, screenRows(c)) : pageKey(c, 1)),
  pageUp: (c) => (allScope(c) && c.ui.focus !== "detail" ? move(c, -screenRows(c)) : pageKey(c, -1)),
  firstPage: (c) => (allScope(c) ? moveTo(c, "first") : goToPage(c, 1)),
  lastPage: (c) => (allScope(c) ? moveTo(c, "last") : goToPage(c, c.monitor.numPages())),
  scope: (c) => {
    const index = c.snap.index;
    if (c.ui.scope === "all") {
      c.dispatch({ type: "scope", scope: "page" });
      say(c, `this page only: page ${c.snap.page} of ${c.monitor.numPages()}`);
    } else if (index === undefined)
      say(c, "no index: it is off (index = off in the config, or --index off)", "warn");
    else if (index.reason !== undefined) say(c, `no index: ${index.reason}`, "warn");
    else {
      c.dispatch({ type: "scope", scope: "all" });
      say(
        c,
        index.seq === 0
          ? "all jobs: indexing every page…"
          : `all jobs: ${index.index.entries.size} in the index`,
      );
    }
  },
  toggleOrder: (c) => {
    if (refusedWhilePaused(c)) return;
    c.monitor.setOrder(c.snap.order === "desc" ? "asc" : "desc");
    c.dispatch({ type: "pageChanged" });
  },
  sortNext: (c) => c.dispatch({ type: "sort", column: nextSort(c.ui.sort, 1) }),
  sortPrev: (c) => c.dispatch({ type: "sort", column: nextSort(c.ui.sort, -1) }),
  refresh: (c) => {
    if (c.monitor.paused()) {
      ACTIONS.pause(c);
      return;
    }
    say(c, "refreshing…");
    // Said until the requests have ended: then the data (or what failed) shows for itself.
    c.monitor.refresh(() => c.dispatch({ type: "clearMessageText", text: "refreshing…" }));
  },
  copy: (c) => {
    const entries = copyEntries(c.view.selected);
    if (entries.length === 0) say(c, "this job has no URLs to copy", "warn");
    else if (entries.length === 1) copy(c, entries[0] as CopyEntry);
    else c.dispatch({ type: "overlay", overlay: "picker" });
  },
  connect: (c) => {
    const job = c.view.selected;
    const targets = job ? sshTargets(job) : [];
    if (!job || targets.length === 0) say(c, "this job has no ssh:// URL to connect to", "warn");
    else if (targets.length === 1) say(c, c.connect(targets[0] as SshTarget, job.id));
    else c.dispatch({ type: "overlay", overlay: "connect" });
  },
  secrets: (c) => c.dispatch({ type: "secrets" }),
  filter: (c) => c.dispatch({ type: "prompt", kind: "filter" }),
  statusFilter: (c) => {
    const present =
      allScope(c) && c.snap.index ? indexStatuses(c.snap.index.index) : pageStatuses(c.snap.list.data);
    const next = nextStatus(c.ui.statusFilter, present);
    c.dispatch({ type: "statusFilter", status: next });
  },
  jump: (c) => c.dispatch({ type: "prompt", kind: "jump" }),
  // Enter on the list while the selected job is on another page; else Enter's other meanings.
  follow: (c) => followKey(c) || ACTIONS.expand(c),
  json: (c) => {
    if (c.view.selected) c.dispatch({ type: "overlay", overlay: "json" });
    else say(c, "no job to show", "warn");
  },
  // Enter: what it means depends on the focused pane.
  expand: (c) => {
    if (c.ui.focus === "events") openEvent(c);
    else c.dispatch(c.ui.focus === "detail" ? { type: "expand" } : { type: "focus", panes: panesShown(c) });
  },
  focus: (c) => c.dispatch({ type: "focus", panes: panesShown(c) }),
  events: (c) => {
    const open = !c.ui.events;
    if (open) c.monitor.markSeen();
    c.dispatch({ type: "events", open });
  },
  pin: (c) => {
    const id = c.view.selection.id;
    if (id === undefined) {
      c.dispatch({ type: "message", text: "no job selected to pin", tone: "warn" });
      return;
    }
    const r = c.monitor.togglePin(id);
    c.dispatch(
      r === "full"
        ? { type: "message", text: `${PINS_MAX} jobs are pinned already: unpin one first (w)`, tone: "warn" }
        : {
            type: "message",
            text: r === "pinned" ? `★ job ${id} pinned: watched on any page` : `job ${id} unpinned`,
          },
    );
  },
  pause: (c) => {
    if (c.monitor.paused()) {
      c.monitor.resume();
      c.dispatch({ type: "message", text: "polling again" });
    } else {
      c.monitor.pause();
      c.dispatch({ type: "message", text: "paused: no requests until p or r" });
    }
  },
  faster: (c) => retimeJob(c, true),
  slower: (c) => retimeJob(c, false),
  configuredInterval: (c) => {
    c.monitor.setJobInterval(c.config.intervalMs);
    say(c, `the selected job is polled every ${seconds(c.config.intervalMs)} (the configured interval)`);
  },
  tag: (c) => {
    const job = c.view.selected;
    if (!job) {
      say(c, "no job selected to tag", "warn");
      return;
    }
    c.dispatch({ type: "tag", job });
    // As htop: on to the next row, so that space space space tags three.
    if (c.ui.focus === "list") move(c, 1);
  },
  tagAll: (c) => {
    const jobs: Job[] = [];
    for (const i of c.view.items) if (i.ok) jobs.push(i.job);
    if (jobs.length === 0) {
      say(c, "no job shown to tag", "warn");
      return;
    }
    c.dispatch({ type: "tagAll", jobs });
    say(c, `tagged the ${jobs.length} job${jobs.length === 1 ? "" : "s"} shown (U clears the tags)`);
  },
  untagAll: (c) => {
    if (c.ui.tags.size === 0) {
      say(c, "no job is tagged");
      return;
    }
    c.dispatch({ type: "untagAll" });
    say(c, "tags cleared");
  },
  act: (c) => act(c),
  help: (c) => c.dispatch({ type: "overlay", overlay: "help" }),
  suspend: (c) => {
    const refused = c.suspend();
    if (refused) say(c, refused, "warn");
  },
  quit: (c) => c.quit(),
};

/** Copies one entry (a URL with control characters is refused) and says how on the status line. */
function copy(c: ActionContext, entry: CopyEntry): void {
  copyPlan(c, planCopyEntry(entry));
}

function copyPlan(c: ActionContext, { text, what }: CopyPlan): void {
  if (text === undefined) {
    say(c, what, "warn");
    return;
  }
  copyText(text, { mode: c.config.clipboard, write: c.writeRaw }).then(
    (r) => say(c, `${what}: ${r.message}`, r.ok ? "info" : "warn"),
    (e: unknown) => say(c, `copy failed: ${describeError(e)}`, "warn"),
  );
}

/** Prompts (filter, jump) take every key until Enter or Esc. */
const promptKeys: ModalKeys = (input, key, c) => {
  const prompt = c.ui.prompt;
  if (!prompt) return;
  if (key.return) {
    // A displayID is looked up on the page first, then among every indexed job (on any page).
    const index = c.snap.index && c.snap.index.seq > 0 ? c.snap.index.index : undefined;
    const page = pageRows(c.snap.list.data);
    const rows = index ? page.concat(indexRows(index)) : page;
    c.dispatch({ type: "promptSubmit", rows, everywhere: index !== undefined });
  } else if (key.escape) c.dispatch({ type: "promptCancel" });
  else if (key.backspace || key.delete) c.dispatch({ type: "promptInput", text: prompt.text.slice(0, -1) });
  else if (input && !key.ctrl && !key.meta && !/[\u0000-\u001f\u007f]/.test(input))
    c.dispatch({ type: "promptInput", text: (prompt.text + input).slice(0, 80) });
};

/**
 * A list to pick from (the copy and connect pickers): a digit picks one of the first nine,
 * ↑↓ (k j) and Enter any; Esc, q or the key that opened it closes it.
 */
function pickerKeys<T>(
  entries: (c: ActionContext) => T[],
  pick: (c: ActionContext, chosen: T) => void,
  opener: string,
  extra?: (input: string, c: ActionContext, all: T[]) => boolean,
): ModalKeys {
  return (input, key, c) => {
    const all = entries(c);
    const close = () => c.dispatch({ type: "overlay", overlay: "none" });
    const a = actionFor(input, key);
    if (a === "up" || a === "down") {
      c.dispatch({ type: "overlayScroll", delta: a === "up" ? -1 : 1, max: all.length - 1 });
      return;
    }
    const n = /^[1-9]$/.test(input) ? Number(input) : key.return ? c.ui.overlayScroll + 1 : 0;
    const chosen = all[n - 1];
    if (chosen !== undefined) {
      close();
      pick(c, chosen);
    } else if (extra?.(input, c, all)) close();
    else if (key.escape || input === "q" || input === opener) close();
  };
}

/**
 * The move keys in a scrolled overlay (the JSON view, the help), whose position is the UI state's
 * overlayScroll: a line, a screen, or either end. False when `a` is no move.
 */
function scrollView(a: Action | undefined, c: ActionContext): boolean {
  const max = c.overlayMax;
  const screen = Math.max(1, c.layout.bodyHeight - 2);
  const scroll = (delta: number) => c.dispatch({ type: "overlayScroll", delta, max });
  if (a === "up" || a === "down") scroll(a === "up" ? -1 : 1);
  else if (a === "pageUp" || a === "pageDown" || a === "prevPage" || a === "nextPage")
    scroll(a === "pageUp" || a === "prevPage" ? -screen : screen);
  else if (a === "firstRow" || a === "firstPage" || a === "lastRow" || a === "lastPage")
    c.dispatch({ type: "overlayScroll", to: a === "firstRow" || a === "firstPage" ? 0 : max, max });
  else return false;
  return true;
}

/** Each overlay takes the keys while it is open. */
const OVERLAY_KEYS: Record<Exclude<Overlay, "none">, ModalKeys> = {
  picker: pickerKeys(
    (c) => copyEntries(c.view.selected),
    copy,
    "c",
    (input, c, all) => {
      if (input !== "a") return false;
      copyPlan(c, planCopy(c.view.urls));
      return all.length > 0;
    },
  ),
  connect: pickerKeys(
    (c) => (c.view.selected ? sshTargets(c.view.selected) : []),
    (c, t) => say(c, c.connect(t, c.view.selected?.id ?? "")),
    "x",
  ),
  // The JSON view scrolls with the move keys; s shows its secrets as on the detail pane.
  json: (input, key, c) => {
    const a = actionFor(input, key);
    if (scrollView(a, c)) return;
    if (a === "secrets") c.dispatch({ type: "secrets" });
    else if (key.escape || input === "q" || input === "y") c.dispatch({ type: "overlay", overlay: "none" });
  },
  // The help scrolls as the JSON view does.
  help: (input, key, c) => {
    if (scrollView(actionFor(input, key), c)) return;
    if (key.escape || input === "?" || input === "q") c.dispatch({ type: "overlay", overlay: "none" });
  },
};

/** One key press: Ctrl+Z and Ctrl+C from anywhere, then the open prompt or overlay, else the keymap. */
export function handleKey(input: string, key: Key, c: ActionContext): void {
  const action = actionFor(input, key);
  // Ctrl+Z suspends from anywhere, prompts and overlays included, as Ctrl+C quits.
  const modal = c.ui.confirm
    ? confirmKeys
    : c.ui.prompt
      ? promptKeys
      : c.ui.overlay !== "none"
        ? OVERLAY_KEYS[c.ui.overlay]
        : undefined;
  if (action === "suspend") ACTIONS.suspend(c);
  else if (modal) {
    modal(input, key, c);
    if (key.ctrl && input === "c") c.quit();
  } else if (key.escape) c.dispatch({ type: "escape" });
  else if (action === "act") ACTIONS.act({ ...c, pressed: input });
  else if (action) ACTIONS[action](c);
}
