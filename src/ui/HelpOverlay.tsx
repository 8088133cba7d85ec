// The help overlay, rendered from the one keymap table.
import { Box, Text } from "ink";
import { fit } from "../model/format.js";
import { statusLegend } from "../model/status.js";
import { KEYMAP } from "./keymap.js";

export function HelpOverlay({
  width,
  height,
  labels,
}: {
  width: number;
  height: number;
  /** The status names in force (config file, --status-labels, the demo's). */
  labels?: Record<number, string>;
}) {
  const keyWidth = Math.max(...KEYMAP.map((b) => b.keys.length)) + 2;
  const lines = [
    ...KEYMAP.map((b) => `${b.keys.padEnd(keyWidth)}${b.help}`),
    "",
    `Statuses: ${statusLegend(labels)}`,
    "Secrets are masked until s; copy always sends the real value.",
    "Press ? or Esc to close.",
  ];
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold inverse wrap="truncate">
        {fit(" Keys", width)}
      </Text>
      {lines.slice(0, Math.max(0, height - 1)).map((l) => (
        <Text key={l} wrap="truncate">
          {fit(` ${l}`, width)}
        </Text>
      ))}
    </Box>
  );
}
