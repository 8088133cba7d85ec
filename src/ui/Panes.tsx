// The body's two panes: the list beside the detail (a wide terminal), or above it (narrow).
import { Box, Text } from "ink";
import type { ReactNode } from "react";
import type { Layout } from "../render/layout.js";

export function Panes({ layout, list, detail }: { layout: Layout; list: ReactNode; detail: ReactNode }) {
  const h = layout.bodyHeight;
  return layout.wide ? (
    <Box flexDirection="row" height={h}>
      {list}
      <Box width={2} height={h} flexDirection="column">
        <Text dimColor>{" │\n".repeat(h).slice(0, -1)}</Text>
      </Box>
      {detail}
    </Box>
  ) : (
    <Box flexDirection="column" height={h}>
      {list}
      {detail}
    </Box>
  );
}
