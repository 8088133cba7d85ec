// What a terminal too small for the monitor shows (under 40×10): the size needed and the size now,
// whole. One line cut to the width read "jobtop needs at least 40×10 (…" at 30×8, the size now
// cut away; it is wrapped to the width now, in fewer words when the rows are few.
import { fit, wrap } from "../model/format.js";

export const MIN_COLUMNS = 40;
export const MIN_ROWS = 10;

/** The notice's lines for a terminal of `columns`×`rows`: as many as fit, each within the width. */
export function tooSmallLines(columns: number, rows: number): string[] {
  const width = Math.max(1, columns);
  const height = Math.max(1, rows);
  const now = `${columns}×${rows}`;
  const need = `${MIN_COLUMNS}×${MIN_ROWS}`;
  for (const text of [`jobtop needs at least ${need} (now ${now})`, `jobtop needs ${need}, now ${now}`]) {
    const lines = wrap(text, width);
    if (lines.length <= height && lines.every((l) => l.length <= width)) return lines;
  }
  // A sliver of a terminal: the two sizes, as much as fits.
  return wrap(`${need} > ${now}`, width, { hard: true })
    .slice(0, height)
    .map((l) => fit(l, width));
}
