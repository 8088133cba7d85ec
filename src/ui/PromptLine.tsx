// The prompt in place of the status line while one is open (filter, jump to a job).
import { Text } from "ink";
import { fit } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import type { UiState } from "./ui-state.js";

export function PromptLine({ prompt, width }: { prompt: NonNullable<UiState["prompt"]>; width: number }) {
  const label = prompt.kind === "filter" ? "filter: " : "jump to job id: ";
  return (
    <Text wrap="truncate">{fit(`${label}${sanitize(prompt.text)}▏  (Enter apply, Esc cancel)`, width)}</Text>
  );
}
