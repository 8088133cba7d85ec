// The list pane's lines as text: the titles, each row's marker and cells, a malformed row, the
// empty line. Pure: JobList paints these with Ink, and the first frame (first-frame.ts) paints
// the same text before Ink has loaded.
import type { PageItem } from "../api/client.js";
import type { Job } from "../api/schema.js";
import { fit } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { type Column, headerCells, MARKER_WIDTH, rowCells } from "./columns.js";

/** Rows for jobs in a list pane of `height` (the first is the titles, the last maybe a note). */
export function listBodyRows(height: number, note: boolean): number {
  return Math.max(0, height - 1 - (note ? 1 : 0));
}

/** The first row shown: the cursor kept in view, centred where the page allows. */
export function listTop(cursor: number, bodyRows: number, count: number): number {
  return Math.max(0, Math.min(cursor - Math.floor(bodyRows / 2), count - bodyRows));
}

/** The titles row: each column's title over it, and nothing else. */
export function listTitles(columns: Column[], width: number): string {
  return fit(`${" ".repeat(MARKER_WIDTH)}${headerCells(columns)}`, width);
}

/** A dim line of the pane's own (no rows, duplicates hidden), indented past the marker. */
export function listNote(text: string, width: number): string {
  return fit(`${" ".repeat(MARKER_WIDTH)}${text}`, width);
}

/** A row the page held that is not a job: its id and what was wrong, sanitised. */
export function errorRow(item: PageItem & { ok: false }, selected: boolean, width: number): string {
  // A pin the service says is not there: in the pin's cell, as the events pane says it.
  if (item.pin)
    return fit(`${selected ? "›" : " "} ★ ${sanitize(item.id ?? "?")} ${sanitize(item.error)}`, width);
  return fit(
    `${(selected ? "›" : "").padEnd(MARKER_WIDTH)}! job ${item.id ?? "?"}: ${sanitize(item.error)}`,
    width,
  );
}

/** One job's row: the marker (selection › and tag •, change ✱, pin ★, each in its own cell), the status cell and the rest. */
export interface JobRowOptions {
  width: number;
  columns: Column[];
  labels: Record<number, string>;
  selected: boolean;
  changed: boolean;
  pinned?: boolean;
  /** Tagged (space, T): • in the selection's cell, » when selected too. */
  tagged?: boolean;
  nowSec: number;
  /** Stuck (⧗) or flapping (↯), after the status's symbol (issue 32: src/render/alert-marks.ts). */
  alert?: string;
}

export function jobRow(job: Job, o: JobRowOptions) {
  const cells = rowCells(job, o.columns, o.labels, o.nowSec, false, o.alert);
  // A pinned job that changes every few seconds must still show its ★: no mark hides another.
  // Tagged shares the selection's cell (» = both) so that the columns keep their width everywhere.
  const sel = o.tagged ? (o.selected ? "»" : "•") : o.selected ? "›" : " ";
  const marker = `${sel}${o.changed ? "✱" : " "}${o.pinned ? "★" : " "}`;
  const tail = fit(cells.rest, Math.max(0, o.width - MARKER_WIDTH - 1 - (o.columns[0]?.width ?? 0)));
  return { marker, status: cells.status, statusColor: cells.statusColor, tail };
}
