// The last line's text and colour when no prompt is open: a message answering a key, else what
// failed, else the key hints. Pure: StatusLine paints it with Ink, the first frame before Ink.
import { describeError } from "../api/errors.js";
import { fit } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import type { MonitorSnapshot } from "../poll/monitor.js";
import type { UiState } from "./ui-state.js";

export const HINTS =
  "? help · ↑↓ select · ←→ page · / filter · f status · c copy · x ssh · y JSON · s secrets · : jump · q quit";

export function statusLineText(
  ui: Pick<UiState, "message">,
  snap: Pick<MonitorSnapshot, "list" | "job" | "selectedId">,
  width: number,
): { text: string; color?: string; dim?: boolean } {
  // (The job poller's last error is no longer news once no job is selected.)
  const err = snap.list.error ?? (snap.selectedId === undefined ? undefined : snap.job.error);
  // An error always wins over an info message ("refreshing…" must not hide the refresh failing);
  // a warning answers a key just pressed, and the error is back once it goes.
  if (ui.message && (ui.message.tone === "warn" || err === undefined)) {
    return { text: fit(ui.message.text, width), color: ui.message.tone === "warn" ? "yellow" : "green" };
  }
  if (err !== undefined) {
    const which = snap.list.error !== undefined ? "page" : "job";
    // The ticking age is in the header; a second clock here would re-render this line too.
    const stale = (which === "page" ? snap.list.data : snap.job.data) ? "; keeping the last good data" : "";
    return { text: fit(`⚠ ${which}: ${sanitize(describeError(err))}${stale}`, width), color: "red" };
  }
  return { text: fit(HINTS, width), dim: true };
}
