// The column right of (or under) the list: the detail pane, and the events pane when it is open
// (below the detail when wide, instead of it when narrow: see events-layout.ts).
import { Box } from "ink";
import type { ReactNode } from "react";
import type { EventsLayout } from "../render/events-layout.js";

export function DetailColumn({
  layout,
  detail,
  events,
}: {
  layout: EventsLayout;
  detail: ReactNode;
  events: ReactNode | undefined;
}) {
  if (!events || layout.eventsHeight === 0) return <>{detail}</>;
  if (!layout.wide) return <>{events}</>;
  return (
    <Box flexDirection="column" width={layout.detailWidth} height={layout.bodyHeight}>
      {detail}
      {events}
    </Box>
  );
}
