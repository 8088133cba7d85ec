// The pickers in the detail pane's place: what `c` can copy (URLs, ssh commands, SSH passwords)
// and, with several ssh targets, what `x` connects to. A digit picks one of the first nine,
// ↑↓ and Enter any; the highlighted entry is marked without colour too (›).
import { Box, Text } from "ink";
import { fit } from "../model/format.js";

export interface PickerProps {
  title: string;
  /** One line per entry, already sanitised and masked. */
  lines: string[];
  cursor: number;
  width: number;
  height: number;
}

export function UrlPicker(p: PickerProps) {
  const body = Math.max(0, p.height - 1);
  const top = Math.max(0, Math.min(p.cursor - body + 1, p.lines.length - body));
  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      <Text bold inverse wrap="truncate">
        {fit(p.title, p.width)}
      </Text>
      {p.lines.slice(top, top + body).map((l, i) => {
        const at = top + i === p.cursor;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are positional
          <Text key={i} inverse={at} wrap="truncate">
            {fit(`${at ? "›" : " "}${l}`, p.width)}
          </Text>
        );
      })}
    </Box>
  );
}
