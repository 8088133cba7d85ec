// The stats view's keys (issue 32): `i` opens it (a keymap row, ACTIONS.stats); while open, the
// move keys scroll it, `[` and `]` narrow and widen the transitions' window, `b` cycles the
// grouping (none → GPU → node → class), and Esc, q or i close it.
import type { Key } from "ink";
import { GROUP_BY } from "../../model/stats.js";
import { STATS_WINDOWS_SEC } from "../../render/stats-view.js";
import type { ActionContext } from "./context.js";
import { actionFor } from "./keymap.js";

export function openStats(c: ActionContext): void {
  c.dispatch({ type: "overlay", overlay: "stats" });
}

export function statsKeys(
  input: string,
  key: Key,
  c: ActionContext,
  scroll: (a: ReturnType<typeof actionFor>, c: ActionContext) => boolean,
): void {
  if (scroll(actionFor(input, key), c)) return;
  const s = c.ui.stats;
  if (input === "[" || input === "]") {
    const w = Math.max(0, Math.min(STATS_WINDOWS_SEC.length - 1, s.window + (input === "[" ? -1 : 1)));
    c.dispatch({ type: "statsView", stats: { ...s, window: w } });
  } else if (input === "b") {
    const by = GROUP_BY[(GROUP_BY.indexOf(s.by) + 1) % GROUP_BY.length] ?? "none";
    c.dispatch({ type: "statsView", stats: { ...s, by } });
  } else if (key.escape || input === "q" || input === "i") c.dispatch({ type: "overlay", overlay: "none" });
}
