// What the screen shows, derived from the monitor's data and the UI state: the rows (the
// selected job's fresher copy swapped in, the filters applied, sorted), the selection, the
// selected job and its URLs. The same function serves the frame and each key handler, so a key
// typed before the next frame (a pasted "/abc⏎j") acts on the rows the previous key made.
import type { JobPage, PageItem } from "../api/client.js";
import type { Job } from "../api/schema.js";
import { jobMatcher, STUCK_FILTER } from "../model/filter.js";
import type { JobIndex } from "../model/job-index.js";
import type { Order } from "../model/order.js";
import { sanitize } from "../model/sanitize.js";
import { type SortColumn, sortItems } from "../model/sort.js";
import { statusStyle } from "../model/status.js";
import { type JobUrl, jobUrls } from "../model/urls.js";
import type { MonitorSnapshot } from "../poll/monitor.js";
import { indexItems, isSkeleton, pinsOnTop } from "./index-rows.js";
import { type Selection, selectionOf, type UiState } from "./ui-state.js";

export interface View {
  items: PageItem[];
  /** The job id of each row as shown (undefined: a malformed row with no id). */
  ids: (string | undefined)[];
  /** Rows on the page (scope "all": jobs in the index) before the filters. */
  pageCount: number;
  /** The first rows are the pinned jobs (listed on top, each id once). */
  pinned: number;
  selection: Selection;
  /** The selected job's data, when there is any: its own poll's copy first, else its row's. */
  selected: Job | undefined;
  urls: JobUrl[];
}

type RowsKey = [
  JobPage | undefined,
  Job | undefined,
  string,
  number | undefined,
  SortColumn | undefined,
  UiState["scope"],
  unknown,
  unknown,
  Order,
  unknown,
];

/**
 * A view function with a one-entry memo per derived part: the rows are rebuilt only when the
 * page, the selected job's copy, a filter or the sort change; the URLs only when the selected
 * job does.
 */
export function createView(
  labels: Record<number, string>,
  /** The order the index's sweep walks the pages in (the configured one). */
  sweepOrder: Order = "desc",
): (snap: MonitorSnapshot, ui: UiState, stuck?: ReadonlyMap<string, unknown>) => View {
  let rowsKey: RowsKey | undefined;
  let rows: { items: PageItem[]; ids: (string | undefined)[]; pageCount: number; pinned: number } = {
    items: [],
    ids: [],
    pageCount: 0,
    pinned: 0,
  };
  // The index's jobs as items, kept while the index, the page and the selected job's copy are
  // the same: a key typed at the filter re-runs the filter over them, not this.
  let allKey: unknown[] | undefined;
  let allItems: PageItem[] = [];
  // The rows the filters left last, and from what: a filter typed one more character keeps a
  // subset of them (a job that holds "nb-1" holds "nb-"), so only those are tested again.
  let lastShown:
    | { source: PageItem[]; needle: string; f: Pick<UiState, "statusFilter" | "sort">; items: PageItem[] }
    | undefined;
  let urlsOf: Job | undefined;
  let urls: JobUrl[] = [];
  return (snap, ui, stuckNow) => {
    const all = ui.scope === "all";
    // The stuck jobs matter only to `f`'s "stuck" (issue 32): otherwise they change no row.
    const stuck = ui.statusFilter === STUCK_FILTER ? stuckNow : undefined;
    const key: RowsKey = [
      snap.list.data,
      snap.job.data,
      ui.filter,
      ui.statusFilter,
      ui.sort,
      ui.scope,
      all ? snap.index?.index : undefined,
      snap.pins,
      snap.order,
      stuck,
    ];
    if (!rowsKey || rowsKey.some((v, i) => v !== key[i])) {
      rowsKey = key;
      let source: PageItem[];
      if (all && snap.index) {
        const k = [snap.index.index, key[0], key[1], snap.order];
        if (!allKey || allKey.some((v, i) => v !== k[i])) {
          allKey = k;
          allItems = indexItems(snap.index.index, {
            order: snap.order,
            sweepOrder,
            fresher: pageJobs(key[0]).concat(key[1] ?? []),
          });
        }
        source = allItems;
      } else source = withFresh(key[0], key[1]);
      const needle = ui.filter.trim().toLowerCase();
      const narrower =
        lastShown !== undefined &&
        lastShown.source === source &&
        stuck === undefined &&
        lastShown.f.statusFilter === ui.statusFilter &&
        lastShown.f.sort === ui.sort &&
        needle.includes(lastShown.needle);
      const shown =
        narrower && lastShown
          ? visibleItems(
              lastShown.items,
              { filter: ui.filter, statusFilter: ui.statusFilter, sort: undefined },
              labels,
            )
          : visibleItems(source, ui, labels, stuck);
      lastShown = { source, needle, f: { statusFilter: ui.statusFilter, sort: ui.sort }, items: shown };
      const match = jobMatcher({ text: ui.filter, status: ui.statusFilter, stuck }, labels);
      const { items, pinned } = pinsOnTop(shown, snap.pins, match);
      rows = {
        items,
        // A missing pin's row selects its id (the detail says so; `w` unpins it).
        ids: items.map((i) => (i.ok ? i.job.id : i.pin ? i.id : undefined)),
        pageCount: source.length,
        pinned,
      };
    }
    const selection = selectionOf(ui, rows.ids);
    const id = selection.id;
    const row =
      id === undefined
        ? undefined
        : rows.items.find((i): i is PageItem & { ok: true } => i.ok && i.job.id === id)?.job;
    // An index row is a skeleton (the list's fields only): the detail waits for the job's own poll.
    const selected: Job | undefined =
      snap.job.data?.id === id && id !== undefined
        ? snap.job.data
        : row && !isSkeleton(row)
          ? row
          : undefined;
    if (selected !== urlsOf) {
      urlsOf = selected;
      urls = selected ? jobUrls(selected) : [];
    }
    return { ...rows, selection, selected, urls };
  };
}

/** The page's jobs. */
function pageJobs(page: JobPage | undefined): Job[] {
  const jobs: Job[] = [];
  for (const i of page?.items ?? []) if (i.ok) jobs.push(i.job);
  return jobs;
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
  stuck?: ReadonlyMap<string, unknown>,
): PageItem[] {
  const match = jobMatcher({ text: f.filter, status: f.statusFilter, stuck }, labels);
  const kept = match ? items.filter((i) => i.ok && match(i.job)) : items;
  return f.sort ? sortItems(kept, f.sort) : kept;
}

/** The page's jobs (unfiltered), for a displayID typed at the jump prompt. */
export function pageRows(page: JobPage | undefined): { id: string; displayID: string }[] {
  const rows: { id: string; displayID: string }[] = [];
  for (const i of page?.items ?? []) if (i.ok) rows.push({ id: i.job.id, displayID: i.job.displayID });
  return rows;
}

/** Every indexed job, for a displayID typed at the jump prompt in scope "all". */
export function indexRows(index: JobIndex): { id: string; displayID: string }[] {
  const rows: { id: string; displayID: string }[] = [];
  for (const e of index.entries.values()) rows.push({ id: e.id, displayID: e.displayID });
  return rows;
}

/** The statuses of the account, for `f` in scope "all". */
export function indexStatuses(index: JobIndex): number[] {
  return Array.from(index.counts.keys());
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
    parts.push(
      ui.statusFilter === STUCK_FILTER
        ? "status: ⧗ stuck"
        : `status: ${sanitize(statusStyle(ui.statusFilter, labels).label)}`,
    );
  if (filtered) parts[parts.length - 1] += ` (${view.items.length} of ${view.pageCount})`;
  if (ui.sort) parts.push(`sort: ${ui.sort.replace(/^custom:/, "")}`);
  return parts.join(" · ");
}
