// The last line: the open prompt, else a message answering a key, else what failed, else hints
// (status-line-text.ts).
import { Text } from "ink";
import { defaultKeyWords, type KeyWords } from "../keys/keymap.js";
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
  keys = defaultKeyWords(),
}: {
  ui: UiState;
  snap: MonitorSnapshot;
  width: number;
  hints?: ActionHints;
  /** The keys in force, as the confirmation, the prompt and the hints name them. */
  keys?: KeyWords;
}) {
  if (ui.confirm) {
    const q = ui.confirm;
    const cancels = keys.dismiss ? ` (${keys.dismiss} cancels)` : "";
    const ask =
      q.mode === "yes"
        ? `${q.question} ${keys.yes}/${keys.no}${cancels}`
        : `${q.question} type ${q.expect} and ${keys.submit}${cancels}: ${sanitize(q.text)}▏`;
    return (
      <Text color="yellow" bold wrap="truncate">
        {fit(ask, width)}
      </Text>
    );
  }
  if (ui.prompt) return <PromptLine prompt={ui.prompt} width={width} keys={keys} />;
  const line = statusLineText(ui, snap, width, hints, keys);
  return (
    <Text color={line.color} dimColor={line.dim} wrap="truncate">
      {line.text}
    </Text>
  );
}
