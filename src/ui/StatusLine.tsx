// The last line: the open prompt, else a message answering a key, else what failed, else hints
// (status-line-text.ts).
import { Text } from "ink";
import type { MonitorSnapshot } from "../poll/monitor.js";
import { statusLineText } from "../render/status-line-text.js";
import type { UiState } from "../render/ui-state.js";
import { PromptLine } from "./PromptLine.js";

export { HINTS } from "../render/status-line-text.js";

export function StatusLine({ ui, snap, width }: { ui: UiState; snap: MonitorSnapshot; width: number }) {
  if (ui.prompt) return <PromptLine prompt={ui.prompt} width={width} />;
  const line = statusLineText(ui, snap, width);
  return (
    <Text color={line.color} dimColor={line.dim} wrap="truncate">
      {line.text}
    </Text>
  );
}
