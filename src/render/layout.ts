// Where each pane goes for a terminal size: header and status line, then the list beside (wide)
// or above (narrow) the detail. Pure, so a key handler sees the same sizes the frame was drawn with.

/** From this many columns, list and detail sit side by side. */
export const WIDE_COLUMNS = 100;

export interface Layout {
  columns: number;
  rows: number;
  /** The frame's height: Ink keeps it at most rows - 1 lines. */
  height: number;
  /** Too small to be useful: a one-line notice instead. */
  tiny: boolean;
  wide: boolean;
  /** Between the header and the status line. */
  bodyHeight: number;
  listWidth: number;
  listHeight: number;
  detailWidth: number;
  detailHeight: number;
}

export function computeLayout(columns: number, rows: number): Layout {
  const height = Math.max(1, rows - 1);
  const tiny = columns < 40 || rows < 10;
  const wide = columns >= WIDE_COLUMNS;
  const bodyHeight = Math.max(0, height - 2);
  const listWidth = wide ? Math.floor(columns * 0.55) : columns;
  const detailWidth = wide ? columns - listWidth - 2 : columns;
  const listHeight = wide ? bodyHeight : Math.max(3, Math.floor(bodyHeight * 0.45));
  const detailHeight = wide ? bodyHeight : bodyHeight - listHeight;
  return { columns, rows, height, tiny, wide, bodyHeight, listWidth, listHeight, detailWidth, detailHeight };
}

/** --per-page auto: as many jobs as the list pane has rows for (its first row is the titles). */
export function autoPerPage(columns: number, rows: number): number {
  return Math.max(1, Math.min(500, computeLayout(columns, rows).listHeight - 1));
}
