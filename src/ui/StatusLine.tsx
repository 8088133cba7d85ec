// The last line: the open prompt, else a message answering a key, else what failed, else hints.
import { Text } from "ink";
import { describeError } from "../api/errors.js";
import { fit } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import type { MonitorSnapshot } from "../poll/monitor.js";
import { PromptLine } from "./PromptLine.js";
import type { UiState } from "./ui-state.js";

export const HINTS =
  "? help · ↑↓ select · ←→ page · / filter · f status · c copy · x ssh · y JSON · s secrets · : jump · q quit";

export function StatusLine({ ui, snap, width }: { ui: UiState; snap: MonitorSnapshot; width: number }) {
  if (ui.prompt) return <PromptLine prompt={ui.prompt} width={width} />;
  // (The job poller's last error is no longer news once no job is selected.)
  const err = snap.list.error ?? (snap.selectedId === undefined ? undefined : snap.job.error);
  // An error always wins over an info message ("refreshing…" must not hide the refresh failing);
  // a warning answers a key just pressed, and the error is back once it goes.
  if (ui.message && (ui.message.tone === "warn" || err === undefined)) {
    return (
      <Text color={ui.message.tone === "warn" ? "yellow" : "green"} wrap="truncate">
        {fit(ui.message.text, width)}
      </Text>
    );
  }
  if (err !== undefined) {
    const which = snap.list.error !== undefined ? "page" : "job";
    // The ticking age is in the header; a second clock here would re-render this line too.
    const stale = (which === "page" ? snap.list.data : snap.job.data) ? "; keeping the last good data" : "";
    return (
      <Text color="red" wrap="truncate">
        {fit(`⚠ ${which}: ${sanitize(describeError(err))}${stale}`, width)}
      </Text>
    );
  }
  return (
    <Text dimColor wrap="truncate">
      {fit(HINTS, width)}
    </Text>
  );
}
