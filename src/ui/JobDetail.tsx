// The detail pane: the selected job's lines, scrolled to `scroll`, clipped to the pane.
import { Box, Text } from "ink";
import { memo } from "react";
import { fit } from "../model/format.js";
import { linked } from "../terminal/hyperlinks.js";
import type { Line } from "./detail-lines.js";
import { scrollPosition } from "./scroll-position.js";

export interface JobDetailProps {
  lines: Line[];
  scroll: number;
  width: number;
  height: number;
  focused: boolean;
  title: string;
}

export function JobDetail({ lines, scroll, width, height, focused, title }: JobDetailProps) {
  const body = Math.max(0, height - 1);
  const top = Math.max(0, Math.min(scroll, lines.length - body));
  const shown = lines.slice(top, top + body);
  // Where the pane is scrolled to, at the right end of the title line, apart from the title.
  const where = scrollPosition(top, shown.length, lines.length);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold inverse={focused} dimColor={!focused} wrap="truncate">
        {fit(
          `${title}${focused ? "  (↑↓ scroll, Enter expand, Tab back)" : ""}`,
          Math.max(0, width - where.length),
        )}
        {where.length <= width ? where : ""}
      </Text>
      {shown.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional; the index is their identity
        <DetailLine key={i} line={l} width={width} />
      ))}
    </Box>
  );
}

/**
 * One line, rendered again only when it changed: the pane's lines are rebuilt at every poll
 * (ages and durations in the head), and most of them come back the same.
 */
const DetailLine = memo(
  function DetailLine({ line: l, width }: { line: Line; width: number }) {
    return (
      <Text color={l.color} bold={l.bold} dimColor={l.dim} inverse={l.inverse} wrap="truncate">
        {l.link ? withLink(fit(l.text, width), l.link) : fit(l.text, width)}
      </Text>
    );
  },
  (a, b) =>
    a.width === b.width &&
    (a.line === b.line ||
      (a.line.text === b.line.text &&
        a.line.color === b.line.color &&
        a.line.bold === b.line.bold &&
        a.line.dim === b.line.dim &&
        a.line.inverse === b.line.inverse &&
        a.line.link === b.line.link)),
);

/** Largest useful scroll offset for a pane of `height` rows. */
export function maxScroll(lines: Line[], height: number): number {
  return Math.max(0, lines.length - Math.max(0, height - 1));
}

/** The line's text as a link; the padding after it stays outside (no underlined blanks). */
function withLink(text: string, target: string): string {
  const body = text.trimEnd();
  return linked(body, target) + text.slice(body.length);
}
