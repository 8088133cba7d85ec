// What each key does: one function per action of the keymap (keymap.ts says which key is which
// action), plus the keys of the prompt and the overlays, which take every key while open. Each
// function gets the state as of this key press (ActionContext) and changes the UI state by
// dispatch, the data by calling the monitor.
import type { Key } from "ink";
import { describeError } from "../api/errors.js";
import type { Config } from "../config.js";
import { planCopy } from "../model/copy-plan.js";
import type { Monitor, MonitorSnapshot } from "../poll/monitor.js";
import { PINS_MAX } from "../poll/pins.js";
import { copyText } from "../terminal/clipboard.js";
import { type Action, actionFor } from "./keymap.js";
import type { Layout } from "./layout.js";
import { eventRow, type Focus, type Overlay, type UiAction, type UiState } from "./ui-state.js";
import { pageRows, type View } from "./view.js";

export interface ActionContext {
  /** The UI state as of this key (not as last rendered: keys can come faster than frames). */
  ui: UiState;
  /** The monitor's data as of this key. */
  snap: MonitorSnapshot;
  /** The rows, the selection and the selected job, for `ui` and `snap`. */
  view: View;
  layout: Layout;
  /** How far the detail pane can scroll, as last drawn. */
  detailMaxScroll: number;
  monitor: Monitor;
  config: Config;
  dispatch: (a: UiAction) => void;
  /** Raw terminal writes (OSC 52), outside Ink's frame. */
  writeRaw: (s: string) => void;
  quit: () => void;
  /** Ctrl+Z: stops jobtop until `fg`; returns why not, when it cannot. */
  suspend: () => string | undefined;
}

type Run = (c: ActionContext) => void;

/** The job interval's bounds for + and - (a faster --interval given at start stays until -). */
export const FASTEST_MS = 500;
export const SLOWEST_MS = 60_000;

/** While paused no request goes out: a new page or order could not be shown, so it is refused. */
const refusedWhilePaused = (c: ActionContext): boolean => {
  if (!c.monitor.paused()) return false;
  c.dispatch({ type: "message", text: "paused: press p or r to poll again", tone: "warn" });
  return true;
};

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
const panesShown = (c: ActionContext): Focus[] =>
  !c.ui.events ? ["list", "detail"] : c.layout.wide ? ["list", "detail", "events"] : ["list", "events"];

/** + and -: the selected job's poll twice as often, or half as often, within the bounds. */
const retimeJob = (c: ActionContext, faster: boolean) => {
  const now = c.snap.intervalMs;
  const ms = faster ? Math.max(FASTEST_MS, Math.round(now / 2)) : Math.min(SLOWEST_MS, now * 2);
  if (faster ? now <= FASTEST_MS : now >= SLOWEST_MS) {
    c.dispatch({
      type: "message",
      text: `the job is polled every ${seconds(now)}: the ${faster ? "fastest" : "slowest"}`,
    });
    return;
  }
  c.monitor.setJobInterval(ms);
  c.dispatch({ type: "message", text: `the selected job is polled every ${seconds(ms)}` });
};

const seconds = (ms: number) => (ms < 1000 ? `${ms}ms` : `${ms / 1000}s`);

/** The keymap's actions. Adding a key: a row in keymap.ts, its action's name there, a function here. */
export const ACTIONS: Record<Action, Run> = {
  up: (c) => move(c, -1),
  down: (c) => move(c, 1),
  nextPage: (c) => goToPage(c, c.snap.page + 1),
  prevPage: (c) => goToPage(c, c.snap.page - 1),
  firstPage: (c) => goToPage(c, 1),
  lastPage: (c) => goToPage(c, c.monitor.numPages()),
  toggleOrder: (c) => {
    if (refusedWhilePaused(c)) return;
    c.monitor.setOrder(c.snap.order === "desc" ? "asc" : "desc");
    c.dispatch({ type: "pageChanged" });
  },
  refresh: (c) => {
    if (c.monitor.paused()) {
      ACTIONS.pause(c);
      return;
    }
    c.monitor.refresh();
    c.dispatch({ type: "message", text: "refreshing…" });
  },
  copy: (c) => {
    const urls = c.view.urls;
    if (urls.length === 0)
      c.dispatch({ type: "message", text: "this job has no URLs to copy", tone: "warn" });
    else if (urls.length === 1) copy(c, urls);
    else c.dispatch({ type: "overlay", overlay: "picker" });
  },
  secrets: (c) => c.dispatch({ type: "secrets" }),
  filter: (c) => c.dispatch({ type: "prompt", kind: "filter" }),
  jump: (c) => c.dispatch({ type: "prompt", kind: "jump" }),
  focus: (c) => c.dispatch({ type: "focus", panes: panesShown(c) }),
  events: (c) => {
    const open = !c.ui.events;
    if (open) c.monitor.markSeen();
    c.dispatch({ type: "events", open });
  },
  openEvent: (c) => {
    if (c.ui.focus !== "events") return;
    const events = c.snap.events;
    const event =
      events[
        eventRow(
          events.map((e) => e.seq),
          c.ui.eventSeq,
        )
      ];
    if (event) c.dispatch({ type: "selectJob", id: event.id, closeEvents: !c.layout.wide });
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
  help: (c) => c.dispatch({ type: "overlay", overlay: "help" }),
  suspend: (c) => {
    const refused = c.suspend();
    if (refused) c.dispatch({ type: "message", text: refused, tone: "warn" });
  },
  quit: (c) => c.quit(),
};

/** Copies the chosen URLs (refusing any with control characters) and says how on the status line. */
function copy(c: ActionContext, chosen: { n: number; url: string }[]): void {
  const { dispatch } = c;
  const { text, what } = planCopy(chosen);
  if (text === undefined) {
    dispatch({ type: "message", text: what, tone: "warn" });
    return;
  }
  copyText(text, { mode: c.config.clipboard, write: c.writeRaw }).then(
    (r) => dispatch({ type: "message", text: `${what}: ${r.message}`, tone: r.ok ? "info" : "warn" }),
    (e: unknown) => dispatch({ type: "message", text: `copy failed: ${describeError(e)}`, tone: "warn" }),
  );
}

type ModalKeys = (input: string, key: Key, c: ActionContext) => void;

/** Prompts (filter, jump) take every key until Enter or Esc. */
const promptKeys: ModalKeys = (input, key, c) => {
  const prompt = c.ui.prompt;
  if (!prompt) return;
  if (key.return) c.dispatch({ type: "promptSubmit", rows: pageRows(c.snap.list.data) });
  else if (key.escape) c.dispatch({ type: "promptCancel" });
  else if (key.backspace || key.delete) c.dispatch({ type: "promptInput", text: prompt.text.slice(0, -1) });
  else if (input && !key.ctrl && !key.meta && !/[\u0000-\u001f\u007f]/.test(input))
    c.dispatch({ type: "promptInput", text: (prompt.text + input).slice(0, 80) });
};

/** Each overlay takes the keys while it is open. */
const OVERLAY_KEYS: Record<Exclude<Overlay, "none">, ModalKeys> = {
  picker: (input, key, c) => {
    const urls = c.view.urls;
    const n = Number(input);
    const chosen = urls.find((u) => u.n === n);
    if (chosen) copy(c, [chosen]);
    else if (input === "a") copy(c, urls);
    if (chosen || input === "a" || key.escape || input === "q" || input === "c")
      c.dispatch({ type: "overlay", overlay: "none" });
  },
  // The help overlay scrolls with the move keys itself (HelpOverlay.tsx).
  help: (input, key, c) => {
    if (key.escape || input === "?" || input === "q") c.dispatch({ type: "overlay", overlay: "none" });
  },
};

/** One key press: Ctrl+Z and Ctrl+C from anywhere, then the open prompt or overlay, else the keymap. */
export function handleKey(input: string, key: Key, c: ActionContext): void {
  const action = actionFor(input, key);
  // Ctrl+Z suspends from anywhere, prompts and overlays included, as Ctrl+C quits.
  const modal = c.ui.prompt ? promptKeys : c.ui.overlay !== "none" ? OVERLAY_KEYS[c.ui.overlay] : undefined;
  if (action === "suspend") ACTIONS.suspend(c);
  else if (modal) {
    modal(input, key, c);
    if (key.ctrl && input === "c") c.quit();
  } else if (key.escape) c.dispatch({ type: "escape" });
  else if (action) ACTIONS[action](c);
}
