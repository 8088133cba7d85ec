// What the list holds and in which order: the scope (a: this page ⇄ every job of the index), the
// sort (< >), the status filter (f), and the pins (w).
import type { KeyCommand } from "../../../keys/rows.js";
import { nextStatus } from "../../../model/filter.js";
import { nextSort } from "../../../model/sort.js";
import { PINS_MAX } from "../../../poll/pins.js";
import { indexStatuses, pageStatuses } from "../../../render/view.js";
import { firstKey, type Handler, type KeyContext, say } from "../context.js";
import { allScope } from "./paging.js";

/** Why the "all" scope cannot be had now (none once it is on: a goes back to the page). */
function noIndex(c: KeyContext): string | undefined {
  if (c.ui.scope === "all") return undefined;
  const index = c.snap.index;
  if (index === undefined) return "the index is off: --index on";
  // Off by itself (auto above index_max): how to have it.
  return index.reason !== undefined ? `no index: ${index.reason}: ${index.hint}` : undefined;
}

export const LIST = {
  scope: {
    run: (c) => {
      const index = c.snap.index;
      if (c.ui.scope === "all") {
        c.dispatch({ type: "scope", scope: "page" });
        say(c, `this page only: page ${c.snap.page} of ${c.monitor.numPages()}`);
      } else if (index) {
        c.dispatch({ type: "scope", scope: "all" });
        say(
          c,
          index.seq === 0
            ? "all jobs: indexing every page…"
            : `all jobs: ${index.index.entries.size} in the index`,
        );
      }
    },
    disabled: noIndex,
  },
  sort_next: { run: (c) => c.dispatch({ type: "sort", column: nextSort(c.ui.sort, 1) }) },
  sort_prev: { run: (c) => c.dispatch({ type: "sort", column: nextSort(c.ui.sort, -1) }) },
  status_filter: {
    run: (c) => {
      const present =
        allScope(c) && c.snap.index ? indexStatuses(c.snap.index.index) : pageStatuses(c.snap.list.data);
      // "⧗ stuck" is offered after the statuses while a job breaks a stuck rule (issue 32).
      c.dispatch({
        type: "statusFilter",
        status: nextStatus(c.ui.statusFilter, present, (c.stuck?.size ?? 0) > 0),
      });
    },
  },
  pin: {
    run: (c) => {
      const id = c.view.selection.id;
      if (id === undefined) return;
      const r = c.monitor.togglePin(id);
      if (r === "full")
        say(c, `${PINS_MAX} jobs are pinned already: unpin one first (${firstKey(c.keymap, "pin")})`, "warn");
      else say(c, r === "pinned" ? `★ job ${id} pinned: watched on any page` : `job ${id} unpinned`);
    },
    disabled: (c) => (c.view.selection.id === undefined ? "no job selected to pin" : undefined),
  },
} satisfies Partial<Record<KeyCommand, Handler>>;
