// The stats view (issue 32): `i` opens it (and closes it); while open, the move keys scroll it
// (scrolling.ts), [ and ] narrow and widen the window of its transitions, b cycles its grouping
// (none → GPU → node → class), and close's keys close it.
import type { KeyCommand } from "../../../keys/rows.js";
import { GROUP_BY } from "../../../model/stats.js";
import { STATS_WINDOWS_SEC } from "../../../render/stats-view.js";
import type { Handler, KeyContext } from "../context.js";

/** The window a step narrower (-1) or wider (1), within the windows the view offers. */
const widen = (step: -1 | 1) => (c: KeyContext) => {
  const s = c.ui.stats;
  const window = Math.max(0, Math.min(STATS_WINDOWS_SEC.length - 1, s.window + step));
  c.dispatch({ type: "statsView", stats: { ...s, window } });
};

export const STATS = {
  stats: {
    run: (c) => c.dispatch({ type: "overlay", overlay: c.context === "stats" ? "none" : "stats" }),
  },
  stats_narrower: { run: widen(-1) },
  stats_wider: { run: widen(1) },
  stats_group: {
    run: (c) => {
      const s = c.ui.stats;
      const by = GROUP_BY[(GROUP_BY.indexOf(s.by) + 1) % GROUP_BY.length] ?? "none";
      c.dispatch({ type: "statsView", stats: { ...s, by } });
    },
  },
} satisfies Partial<Record<KeyCommand, Handler>>;
