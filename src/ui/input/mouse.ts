// --mouse on: the wheel scrolls the focused pane (or the open JSON view, help, or picker), a click on a
// row selects it, a click on the detail pane focuses it. Terminals report SGR mouse events
// (ESC [ < button ; column ; row M|m) as input; Ink hands them over without the ESC.

import { listBodyRows, listTop } from "../../render/list-rows.js";
import type { KeyContext } from "./context.js";

export interface MouseEvent {
  button: number;
  /** 0-based cell. */
  x: number;
  y: number;
  release: boolean;
}

const SGR = /^\x1b?\[<(\d{1,4});(\d{1,5});(\d{1,5})([Mm])$/;

export function parseMouse(input: string): MouseEvent | undefined {
  const m = SGR.exec(input);
  if (!m) return undefined;
  return { button: Number(m[1]), x: Number(m[2]) - 1, y: Number(m[3]) - 1, release: m[4] === "m" };
}

const WHEEL_UP = 64;
const WHEEL_DOWN = 65;
/** Rows a wheel notch scrolls the detail pane, the JSON view or the help. */
const WHEEL_ROWS = 3;

export function handleMouse(e: MouseEvent, c: Omit<KeyContext, "context">): void {
  const { ui, layout, dispatch } = c;
  if (ui.prompt) return;
  if (e.button === WHEEL_UP || e.button === WHEEL_DOWN) {
    const step = e.button === WHEEL_UP ? -1 : 1;
    if (ui.overlay === "json" || ui.overlay === "help")
      dispatch({ type: "overlayScroll", delta: step * WHEEL_ROWS, max: c.overlayMax });
    else if (ui.overlay !== "none") dispatch({ type: "overlayScroll", delta: step, max: c.overlayMax });
    else
      dispatch({
        type: "move",
        delta: ui.focus === "detail" ? step * WHEEL_ROWS : step,
        ids: c.view.ids,
        maxScroll: c.detailMaxScroll,
      });
    return;
  }
  if (e.button !== 0 || e.release || ui.overlay !== "none") return;
  // Where the panes are: the header is row 0; the list's titles row 1, its jobs from row 2.
  const inList = layout.wide ? e.x < layout.listWidth : e.y <= layout.listHeight;
  const inBody = e.y >= 1 && e.y <= layout.bodyHeight;
  if (!inBody) return;
  if (!inList) {
    if (ui.focus !== "detail") dispatch({ type: "focus" });
    return;
  }
  const note = (c.snap.list.data?.duplicates ?? 0) > 0;
  const bodyRows = listBodyRows(layout.listHeight, note);
  const offset = e.y - 2;
  if (offset < 0 || offset >= bodyRows) return;
  const top = listTop(c.view.selection.row, bodyRows, c.view.ids.length);
  dispatch({ type: "select", row: top + offset, ids: c.view.ids });
}
