// What the panes say about the job the detail follows when that is not simply "here it is": on
// another page (and which, when the index knows: "moved to page 2 · ⏎ follow"), moved off this
// one, looked for, hidden by the filter, still loading, or missing. The detail's title and the
// list's line under its rows.
import { wrap } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import type { Elsewhere, MissingJob, Monitor, MonitorSnapshot } from "../poll/monitor.js";
import type { Line } from "./detail-lines.js";
import type { Selection, UiState } from "./ui-state.js";
import { pageRows, type View } from "./view.js";

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
  /** Where the monitor says the job is (the index's page, a search), while the page does not list it. */
  elsewhere?: Elsewhere | undefined;
  /** "all": the list is the index's (then a job on no row is one the index does not hold). */
  scope?: UiState["scope"];
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
  const back = away === "jumped" ? "Esc: back" : "↑↓: back to the list";
  if (f.missing?.id === f.selection.id) return ` (${back})`; // where it is not, does not matter
  if (f.hiddenByFilter) return ` · hidden by the filter${away === "jumped" ? ` (${back})` : ""}`;
  if (f.scope === "all") return ` · not in the index (${back})`;
  const e = f.elsewhere?.id === f.selection.id ? f.elsewhere : undefined;
  if (e?.searching) return ` · looking on page ${e.searching.page}… (${back})`;
  if (e?.notFound) return ` · not on ${pages(e.notFound)} (⏎ looks again · ${back})`;
  if (e?.page !== undefined && e.page !== f.page)
    return ` · ${away === "jumped" ? "on" : "moved to"} page ${e.page} (⏎ follow · ${back})`;
  const seen =
    f.lastSeenPage !== undefined && f.lastSeenPage !== f.page ? ` · last seen on page ${f.lastSeenPage}` : "";
  return `${away === "jumped" ? " · not on this page" : " · moved off this page"}${seen} (⏎ follow · ${back})`;
}

/**
 * The list's line under its rows while the selected job is on none of them: where it went and
 * the key that follows it ("job 118 moved to page 2 · ⏎ follow"); undefined when it is listed,
 * hidden by the filter, missing, or the list is the index's.
 */
export function followLine(f: TitleFacts): string | undefined {
  const id = f.selection.id;
  const away = f.selection.away;
  if (id === undefined || away === undefined || f.hiddenByFilter || f.scope === "all" || f.missing?.id === id)
    return undefined;
  const e = f.elsewhere?.id === id ? f.elsewhere : undefined;
  if (e?.searching)
    return `looking for job ${id} on page ${e.searching.page} (${e.searching.asked} of ${e.searching.of})…`;
  if (e?.notFound) return `job ${id} is not on ${pages(e.notFound)} · ⏎ looks again`;
  if (e?.page !== undefined && e.page !== f.page)
    return `job ${id} ${away === "jumped" ? "is on" : "moved to"} page ${e.page} · ⏎ follow`;
  return `job ${id} ${away === "jumped" ? "is not on this page" : "moved off this page"} · ⏎ looks for it`;
}

const pages = (r: { from: number; to: number }) =>
  r.from === r.to ? `page ${r.from}` : `pages ${r.from}–${r.to}`;

/** What the detail's title and the list's line (followLine) say of the selected job. */
export function titleFacts({
  view,
  snap,
  ui,
  monitor,
}: {
  view: View;
  snap: MonitorSnapshot;
  ui: UiState;
  monitor?: Pick<Monitor, "lastSeenPage">;
}): TitleFacts {
  const { selection, selected } = view;
  const id = selection.id;
  const filtered = ui.filter !== "" || ui.statusFilter !== undefined;
  return {
    selection,
    shownId: selected?.id,
    missing: selected ? undefined : snap.missing,
    hiddenByFilter:
      selection.away !== undefined && filtered && pageRows(snap.list.data).some((r) => r.id === id),
    lastSeenPage: id === undefined ? undefined : monitor?.lastSeenPage(id),
    page: snap.page,
    showSecrets: ui.showSecrets,
    pinned: id !== undefined && snap.pins.some((p) => p.id === id),
    elsewhere: snap.elsewhere,
    scope: ui.scope,
  };
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
