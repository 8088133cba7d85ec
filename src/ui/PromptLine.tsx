// The prompt in place of the status line while one is open (filter, jump to a job).
import { Text } from "ink";
import type { KeyWords } from "../keys/keymap.js";
import { fit } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import type { UiState } from "../render/ui-state.js";

export function PromptLine({
  prompt,
  width,
  keys: k,
}: {
  prompt: NonNullable<UiState["prompt"]>;
  width: number;
  /** The keys in force: submit's and dismiss's. */
  keys: KeyWords;
}) {
  const say = (pairs: [string, string][]) =>
    pairs
      .filter(([key]) => key)
      .map(([key, what]) => `${key} ${what}`)
      .join(", ");
  const [label, keys] =
    prompt.kind === "filter"
      ? [
          "filter: ",
          `(filters as you type; ${say([
            [k.submit, "keeps"],
            [k.dismiss, "clears"],
          ])})`,
        ]
      : [
          "jump to job id or displayID: ",
          `(${say([
            [k.submit, "apply"],
            [k.dismiss, "cancel"],
          ])})`,
        ];
  return <Text wrap="truncate">{fit(`${label}${sanitize(prompt.text)}▏  ${keys}`, width)}</Text>;
}
