// The prompt in place of the status line while one is open (filter, jump to a job).
import { Text } from "ink";
import { fit } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import type { UiState } from "../render/ui-state.js";

export function PromptLine({ prompt, width }: { prompt: NonNullable<UiState["prompt"]>; width: number }) {
  const [label, keys] =
    prompt.kind === "filter"
      ? ["filter: ", "(filters as you type; Enter keeps, Esc clears)"]
      : ["jump to job id or displayID: ", "(Enter apply, Esc cancel)"];
  return <Text wrap="truncate">{fit(`${label}${sanitize(prompt.text)}▏  ${keys}`, width)}</Text>;
}
