// The last line: the open prompt, else a message answering a key, else what failed, else hints
// (status-line-text.ts).
import { Text } from "ink";
import { fit } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import type { MonitorSnapshot } from "../poll/monitor.js";
import { type ActionHints, statusLineText } from "../render/status-line-text.js";
import type { UiState } from "../render/ui-state.js";
import { PromptLine } from "./PromptLine.js";

export { HINTS } from "../render/status-line-text.js";

export function StatusLine({
  ui,
  snap,
  width,
  hints,
}: {
  ui: UiState;
  snap: MonitorSnapshot;
  width: number;
  hints?: ActionHints;
}) {
  if (ui.confirm) {
    const q = ui.confirm;
    const ask =
      q.mode === "yes"
        ? `${q.question} y/n (Esc cancels)`
        : `${q.question} type ${q.expect} and Enter (Esc cancels): ${sanitize(q.text)}▏`;
    return (
      <Text color="yellow" bold wrap="truncate">
        {fit(ask, width)}
      </Text>
    );
  }
  if (ui.prompt) return <PromptLine prompt={ui.prompt} width={width} />;
  const line = statusLineText(ui, snap, width, hints);
  return (
    <Text color={line.color} dimColor={line.dim} wrap="truncate">
      {line.text}
    </Text>
  );
}
