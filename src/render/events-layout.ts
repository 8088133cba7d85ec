// Where the events pane goes: in a wide terminal it shares the detail's column (below it), in a
// narrow one it takes the detail's place. Pure, like layout.ts, whose Layout it adjusts.
import type { Layout } from "./layout.js";

export interface EventsLayout extends Layout {
  /** Rows of the events pane; 0 when it is closed. */
  eventsHeight: number;
}

/** The detail's share of a wide column when the events pane is open. */
const DETAIL_SHARE = 0.55;

export function withEventsPane(l: Layout, open: boolean): EventsLayout {
  if (!open || l.tiny) return { ...l, eventsHeight: 0 };
  if (!l.wide) return { ...l, eventsHeight: l.detailHeight };
  const detailHeight = Math.max(3, Math.floor(l.bodyHeight * DETAIL_SHARE));
  return { ...l, detailHeight, eventsHeight: Math.max(0, l.bodyHeight - detailHeight) };
}
