// The events pane's order: newest first by the time it shows. The run's list is kept in the
// order the changes were seen (the notifications and the title's ✱ count read it so), which is
// not the order of their times: a sweep brings a change of a minute ago after a poll brought one
// of now, and the pane read "01:43:09 …, 01:43:00 …, 01:43:03 …". Equal times keep the order seen
// (the later seen first). The pane and the keys that move in it read this one order.
import type { ChangeEvent } from "../model/events.js";

const sorted = new WeakMap<readonly ChangeEvent[], readonly ChangeEvent[]>();

/** `events` (the Monitor's, newest seen first) newest first by time: one sort per list. */
export function byTimeShown(events: readonly ChangeEvent[]): readonly ChangeEvent[] {
  let out = sorted.get(events);
  if (!out) {
    out = events.slice().sort((a, b) => b.atMs - a.atMs || b.seq - a.seq);
    sorted.set(events, out);
  }
  return out;
}
