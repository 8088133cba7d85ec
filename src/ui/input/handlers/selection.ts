// Moving the selection and the focus: up and down (a row, a line of the detail, an event, a line
// of a scrolled view, a picker's entry), first and last, Tab, Enter on each pane, Esc.

import type { KeyCommand } from "../../../keys/rows.js";
import { byTimeShown } from "../../../render/events-order.js";
import { eventRow, type Focus } from "../../../render/ui-state.js";
import type { Handler, KeyContext } from "../context.js";
import { movePicker } from "./copy.js";
import { inScrolledView, scrollLines, scrollToEnd } from "./scrolling.js";

/** A row of the list, a line of the focused detail, or an event of the focused events pane. */
export const move = (c: KeyContext, delta: number) =>
  c.ui.focus === "events"
    ? c.dispatch({ type: "eventMove", delta, seqs: byTimeShown(c.snap.events).map((e) => e.seq) })
    : c.dispatch({ type: "move", delta, ids: c.view.ids, maxScroll: c.detailMaxScroll });

export const moveTo = (c: KeyContext, to: "first" | "last") =>
  c.dispatch({ type: "moveTo", to, ids: c.view.ids, maxScroll: c.detailMaxScroll });

/** The panes on screen, in Tab order: the events pane shares the detail's column, or replaces it when narrow. */
export const panesShown = (c: KeyContext): Focus[] =>
  !c.ui.events ? ["list", "detail"] : c.layout.wide ? ["list", "detail", "events"] : ["list", "events"];

const step = (delta: 1 | -1) => (c: KeyContext) => {
  if (c.context === "picker") movePicker(c, delta);
  else if (inScrolledView(c)) scrollLines(c, delta);
  else move(c, delta);
};

const end = (to: "first" | "last") => (c: KeyContext) =>
  inScrolledView(c) ? scrollToEnd(c, to) : moveTo(c, to);

/** The event under the events pane's cursor. */
const eventAt = (c: KeyContext) => {
  const events = byTimeShown(c.snap.events);
  return events[
    eventRow(
      events.map((e) => e.seq),
      c.ui.eventSeq,
    )
  ];
};

export const SELECTION = {
  up: { run: step(-1) },
  down: { run: step(1) },
  first_row: { run: end("first") },
  last_row: { run: end("last") },
  focus: { run: (c) => c.dispatch({ type: "focus", panes: panesShown(c) }) },
  expand: { run: (c) => c.dispatch({ type: "expand" }) },
  // Enter in the events pane: select that event's job, wherever it is.
  open_event: {
    run: (c) => {
      const event = eventAt(c);
      if (event) c.dispatch({ type: "selectJob", id: event.id, closeEvents: !c.layout.wide });
    },
    disabled: (c) => (eventAt(c) ? undefined : "no event yet"),
  },
  back: { run: (c) => c.dispatch({ type: "escape" }) },
} satisfies Partial<Record<KeyCommand, Handler>>;
