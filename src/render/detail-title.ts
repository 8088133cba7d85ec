// What the detail pane says about the job it follows when that is not simply "here it is": on
// another page, moved off this one, hidden by the filter, still loading, or missing.
import { wrap } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import type { MissingJob } from "../poll/monitor.js";
import type { Line } from "./detail-lines.js";
import type { Selection } from "./ui-state.js";

export interface TitleFacts {
  selection: Selection;
  /** The id of the job whose data is shown, if any. */
  shownId: string | undefined;
  missing: MissingJob | undefined;
  /** The job is on this page but the filter hides its row. */
  hiddenByFilter: boolean;
  /** The page it was last seen on, when known. */
  lastSeenPage: number | undefined;
  page: number;
  showSecrets: boolean;
  /** Pinned (w): polled wherever it is. */
  pinned?: boolean;
}

export function detailTitle(f: TitleFacts): string {
  const id = f.selection.id;
  if (id === undefined) return "No job selected";
  const state =
    f.missing?.id === id
      ? f.missing.notFound
        ? " · not found"
        : " · not available"
      : f.shownId === id
        ? ""
        : " · loading…";
  return `Job ${id}${f.pinned ? " ★" : ""}${state}${where(f)}${f.showSecrets && f.shownId === id ? " · secrets shown" : ""}`;
}

function where(f: TitleFacts): string {
  const away = f.selection.away;
  if (away === undefined) return "";
  const back = away === "jumped" ? " (Esc: back)" : " (↑↓: back to the list)";
  if (f.missing?.id === f.selection.id) return back; // where it is not, does not matter
  if (f.hiddenByFilter) return ` · hidden by the filter${away === "jumped" ? back : ""}`;
  const seen =
    f.lastSeenPage !== undefined && f.lastSeenPage !== f.page ? ` · last seen on page ${f.lastSeenPage}` : "";
  return `${away === "jumped" ? " · not on this page" : " · moved off this page"}${seen}${back}`;
}

/** The pane's lines for a job the service says is not there, in its own words (sanitised). */
export function missingLines(m: MissingJob, everyMs: number, width: number): Line[] {
  const out: Line[] = [];
  const push = (text: string, style: Omit<Line, "text"> = {}) => {
    for (const part of wrap(text, Math.max(1, width))) out.push({ text: part, ...style });
  };
  push(`job ${m.id} ${m.notFound ? "not found" : "not available"}`, { bold: true, color: "yellow" });
  push(`the service said: ${sanitize(m.message)}`);
  push(`asking again every ${Math.max(1, Math.round(everyMs / 1000))}s`, { dim: true });
  return out;
}
