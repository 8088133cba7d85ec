// What the screen shows, derived from the monitor's data and the UI state: the rows (the
// selected job's fresher copy swapped in, the filters applied, sorted), the selection, the
// selected job and its URLs. The same function serves the frame and each key handler, so a key
// typed before the next frame (a pasted "/abc⏎j") acts on the rows the previous key made.
import type { JobPage, PageItem } from "../api/client.js";
import type { Job } from "../api/schema.js";
import { jobMatcher } from "../model/filter.js";
import { sanitize } from "../model/sanitize.js";
import { type SortColumn, sortItems } from "../model/sort.js";
import { statusStyle } from "../model/status.js";
import { type JobUrl, jobUrls } from "../model/urls.js";
import type { MonitorSnapshot } from "../poll/monitor.js";
import { type Selection, selectionOf, type UiState } from "./ui-state.js";

export interface View {
  items: PageItem[];
  /** The job id of each row as shown (undefined: a malformed row with no id). */
  ids: (string | undefined)[];
  /** Rows on the page before the filters. */
  pageCount: number;
  selection: Selection;
  /** The selected job's data, when there is any: its own poll's copy first, else its row's. */
  selected: Job | undefined;
  urls: JobUrl[];
}

type RowsKey = [JobPage | undefined, Job | undefined, string, number | undefined, SortColumn | undefined];

/**
 * A view function with a one-entry memo per derived part: the rows are rebuilt only when the
 * page, the selected job's copy, a filter or the sort change; the URLs only when the selected
 * job does.
 */
export function createView(labels: Record<number, string>): (snap: MonitorSnapshot, ui: UiState) => View {
  let rowsKey: RowsKey | undefined;
  let rows: { items: PageItem[]; ids: (string | undefined)[]; pageCount: number } = {
    items: [],
    ids: [],
    pageCount: 0,
  };
  let urlsOf: Job | undefined;
  let urls: JobUrl[] = [];
  return (snap, ui) => {
    const key: RowsKey = [snap.list.data, snap.job.data, ui.filter, ui.statusFilter, ui.sort];
    if (!rowsKey || rowsKey.some((v, i) => v !== key[i])) {
      rowsKey = key;
      const all = withFresh(key[0], key[1]);
      const items = visibleItems(all, ui, labels);
      rows = { items, ids: items.map((i) => (i.ok ? i.job.id : undefined)), pageCount: all.length };
    }
    const selection = selectionOf(ui, rows.ids);
    const id = selection.id;
    const selected: Job | undefined =
      snap.job.data?.id === id && id !== undefined
        ? snap.job.data
        : rows.items.find((i): i is PageItem & { ok: true } => i.ok && i.job.id === id)?.job;
    if (selected !== urlsOf) {
      urlsOf = selected;
      urls = selected ? jobUrls(selected) : [];
    }
    return { ...rows, selection, selected, urls };
  };
}

/** The page's items with the selected job's fresher copy swapped in. */
function withFresh(page: JobPage | undefined, fresh: Job | undefined): PageItem[] {
  const items = page?.items ?? [];
  if (!fresh) return items;
  return items.map((i) => (i.ok && i.job.id === fresh.id && i.job !== fresh ? { ok: true, job: fresh } : i));
}

/** The rows the filters leave (a malformed row matches no filter), in the chosen sort. */
export function visibleItems(
  items: PageItem[],
  f: Pick<UiState, "filter" | "statusFilter" | "sort">,
  labels: Record<number, string>,
): PageItem[] {
  const match = jobMatcher({ text: f.filter, status: f.statusFilter }, labels);
  const kept = match ? items.filter((i) => i.ok && match(i.job)) : items;
  return f.sort ? sortItems(kept, f.sort) : kept;
}

/** The page's jobs (unfiltered), for a displayID typed at the jump prompt. */
export function pageRows(page: JobPage | undefined): { id: string; displayID: string }[] {
  const rows: { id: string; displayID: string }[] = [];
  for (const i of page?.items ?? []) if (i.ok) rows.push({ id: i.job.id, displayID: i.job.displayID });
  return rows;
}

/** The statuses on the page, for `f` to cycle through. */
export function pageStatuses(page: JobPage | undefined): number[] {
  const out = new Set<number>();
  for (const i of page?.items ?? []) if (i.ok) out.add(i.job.status);
  return Array.from(out);
}

/** The header's words for the filters and the sort: `filter: gpu (7 of 20) · status running · sort age`. */
export function viewSummary(ui: UiState, view: View, labels: Record<number, string>): string {
  const parts: string[] = [];
  const filtered = ui.filter.trim() !== "" || ui.statusFilter !== undefined;
  if (ui.filter.trim() !== "") parts.push(`filter: ${sanitize(ui.filter)}`);
  if (ui.statusFilter !== undefined)
    parts.push(`status: ${sanitize(statusStyle(ui.statusFilter, labels).label)}`);
  if (filtered) parts[parts.length - 1] += ` (${view.items.length} of ${view.pageCount})`;
  if (ui.sort) parts.push(`sort: ${ui.sort}`);
  return parts.join(" · ");
}
