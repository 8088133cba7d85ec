// ⏎ on the list while the selected job is on no row of this page (new jobs pushed it to the
// next one, or it was reached with `:`): the monitor opens the page that holds it (src/poll/follow.ts)
// and the cursor, which stays on the job, finds its row there. False when Enter means something
// else now (another pane focused, the job listed, the "all" scope), so that it does that instead.

import type { KeyCommand } from "../../../keys/rows.js";
import { pageRows } from "../../../render/view.js";
import { firstKey, type Handler, type KeyContext, say } from "../context.js";
import { whilePaused } from "./paging.js";
import { panesShown } from "./selection.js";

function followJob(c: KeyContext): boolean {
  const { selection } = c.view;
  const id = selection.id;
  if (c.ui.focus !== "list" || c.ui.scope !== "page" || id === undefined || selection.away === undefined)
    return false;
  // On the page but not shown: the filters hide it, no page to open.
  if (pageRows(c.snap.list.data).some((r) => r.id === id)) {
    say(c, `job ${id} is on this page, hidden by the filter (${firstKey(c.keymap, "back")} clears it)`);
    return true;
  }
  const r = c.monitor.follow(id);
  if (r === "paused") say(c, whilePaused(c) ?? "paused", "warn");
  else if (r === "nowhere") say(c, `job ${id}: no other page to look on`, "warn");
  else if (r === "missing") say(c, `job ${id}: the service has no such job, on any page`, "warn");
  return true;
}

export const FOLLOW = {
  // Enter on the list: the page the selected job moved to, else on to the next pane, as Tab.
  open: { run: (c) => followJob(c) || c.dispatch({ type: "focus", panes: panesShown(c) }) },
} satisfies Partial<Record<KeyCommand, Handler>>;
