// The detail pane: the selected job's lines, scrolled to `scroll`, clipped to the pane.
import { Box, Text } from "ink";
import { memo } from "react";
import type { Line } from "../render/detail-lines.js";
import { type DetailWindowInput, detailLineText, detailWindow } from "../render/detail-window.js";

export type JobDetailProps = DetailWindowInput;

export function JobDetail(props: JobDetailProps) {
  const { width, focused } = props;
  const w = detailWindow(props);
  return (
    <Box flexDirection="column" width={width} height={props.height}>
      <Text bold inverse={focused} dimColor={!focused} wrap="truncate">
        {w.title}
        {w.where}
      </Text>
      {w.shown.map((l, i) => (
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
        {detailLineText(l, width)}
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
