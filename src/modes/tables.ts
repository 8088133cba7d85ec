// The tables of --once (one page) and --once --all (every page): fitted to a terminal's width, or
// every column whole for a pipe, and the note under a filtered one.
import type { PageItem } from "../api/client.js";
import { displayWidth, fit } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { statusStyle } from "../model/status.js";
import {
  type Column,
  type ColumnId,
  cellText,
  chooseColumns,
  headerCells,
  MARKER_WIDTH,
  rowCells,
} from "../render/columns.js";
import { paint } from "../render/paint.js";

/** "3 in status running, 3": the filter under a table. */
export function filterNote(
  count: number,
  statuses: readonly number[],
  labels: Record<number, string>,
): string {
  return `${count} in status ${statuses.map((c) => sanitize(statusStyle(c, labels).label)).join(", ")}`;
}

/** The monitor's columns for a terminal `width` wide; the status cell coloured as there. */
export function fittedTable(
  items: PageItem[],
  labels: Record<number, string>,
  nowSec: number,
  width: number,
  color: boolean,
  allowed?: readonly ColumnId[],
  reveal = false,
): string {
  // The monitor keeps two cells for its row marker; a printed table has none.
  const cols = chooseColumns(width + MARKER_WIDTH, labels, allowed);
  const lines = [headerCells(cols).trimEnd()];
  for (const item of items) {
    if (!item.ok) {
      const text = fit(`! job ${item.id ?? "?"}: ${sanitize(item.error)}`, width).trimEnd();
      lines.push(color ? paint({ text, color: "red" }, "reset") : text);
      continue;
    }
    const cells = rowCells(item.job, cols, labels, nowSec, reveal);
    const status = color ? paint({ text: cells.status, color: cells.statusColor }, "reset") : cells.status;
    lines.push(`${status} ${cells.rest}`.trimEnd());
  }
  return `${lines.join("\n")}\n`;
}

/** Every column, each as wide as its widest cell: nothing cut, for pipes and files. */
export function plainTable(
  items: PageItem[],
  labels: Record<number, string>,
  nowSec: number,
  allowed?: readonly ColumnId[],
  reveal = false,
): string {
  const cols = chooseColumns(Number.MAX_SAFE_INTEGER, labels, allowed);
  const rows: string[][] = [];
  for (const item of items) {
    if (!item.ok) {
      rows.push(
        cols.map((c) =>
          c.id === "status"
            ? "!"
            : c.id === "remark"
              ? sanitize(item.error)
              : c.id === "id"
                ? (item.id ?? "?")
                : "",
        ),
      );
      continue;
    }
    const st = statusStyle(item.job.status, labels);
    rows.push(
      cols.map((c) => sanitize(cellText(item.job, c.id, nowSec, `${st.symbol} ${st.label}`, reveal))),
    );
  }
  const widths = cols.map((c, i) => {
    let w = displayWidth(c.title);
    for (const r of rows) w = Math.max(w, displayWidth(r[i] ?? ""));
    return w;
  });
  const line = (cells: string[]) =>
    cols
      .map((_c: Column, i) => fit(cells[i] ?? "", widths[i] ?? 1))
      .join("  ")
      .trimEnd();
  let s = `${line(cols.map((c) => c.title))}\n`;
  for (const r of rows) s += `${line(r)}\n`;
  return s;
}
