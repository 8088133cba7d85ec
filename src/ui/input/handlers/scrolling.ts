// The views that scroll as a whole (the JSON view, the help, the stats view): the move keys move their position,
// the UI state's overlayScroll, by a line, a screen, or to either end.
import type { KeyContext } from "../context.js";

/** The key was pressed in the JSON view or the help. */
export const inScrolledView = (c: KeyContext) =>
  c.context === "json" || c.context === "help" || c.context === "stats";

export function scrollLines(c: KeyContext, delta: number): void {
  c.dispatch({ type: "overlayScroll", delta, max: c.overlayMax });
}

/** A screen of the view, less a line of overlap. */
export function scrollScreens(c: KeyContext, step: 1 | -1): void {
  scrollLines(c, step * Math.max(1, c.layout.bodyHeight - 2));
}

export function scrollToEnd(c: KeyContext, to: "first" | "last"): void {
  c.dispatch({ type: "overlayScroll", to: to === "first" ? 0 : c.overlayMax, max: c.overlayMax });
}
