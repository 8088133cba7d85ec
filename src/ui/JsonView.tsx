// The `y` view: the selected job as JSON, every field, scrolled by the keys (actions.ts).
import { Box, Text } from "ink";
import { fit } from "../model/format.js";
import type { JsonLine } from "../render/json-lines.js";
import { scrollPosition } from "../render/scroll-position.js";

export interface JsonViewProps {
  lines: JsonLine[];
  scroll: number;
  width: number;
  height: number;
  title: string;
}

export function JsonView({ lines, scroll, width, height, title }: JsonViewProps) {
  const body = Math.max(0, height - 1);
  const top = Math.max(0, Math.min(scroll, lines.length - body));
  const shown = lines.slice(top, top + body);
  const where = scrollPosition(top, shown.length, lines.length);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold inverse wrap="truncate">
        {fit(title, Math.max(0, width - where.length))}
        {where}
      </Text>
      {shown.map((segs, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional; the index is their identity
        <Text key={i} wrap="truncate">
          {segs.map((s, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
            <Text key={j} color={s.color} dimColor={s.dim}>
              {s.text}
            </Text>
          ))}
        </Text>
      ))}
    </Box>
  );
}
