// What the screen shows, derived from the monitor's data and the UI state: the rows (the
// selected job's fresher copy swapped in, the filter applied), the selection, the selected job
// and its URLs. The same function serves the frame and each key handler, so a key typed before
// the next frame (a pasted "/abc⏎j") acts on the rows the previous key made.
import type { JobPage, PageItem } from "../api/client.js";
import type { Job } from "../api/schema.js";
import { type JobUrl, jobUrls } from "../model/urls.js";
import type { MonitorSnapshot } from "../poll/monitor.js";
import { type Selection, selectionOf, type UiState } from "./ui-state.js";

export interface View {
  items: PageItem[];
  /** The job id of each row as shown (undefined: a malformed row with no id). */
  ids: (string | undefined)[];
  selection: Selection;
  /** The selected job's data, when there is any: its own poll's copy first, else its row's. */
  selected: Job | undefined;
  urls: JobUrl[];
}

/**
 * A view function with a one-entry memo per derived part: the rows are rebuilt only when the
 * page, the selected job's copy or the filter change; the URLs only when the selected job does.
 */
export function createView(): (snap: MonitorSnapshot, ui: UiState) => View {
  let rowsKey: [JobPage | undefined, Job | undefined, string] | undefined;
  let rows: { items: PageItem[]; ids: (string | undefined)[] } = { items: [], ids: [] };
  let urlsOf: Job | undefined;
  let urls: JobUrl[] = [];
  return (snap, ui) => {
    const key: [JobPage | undefined, Job | undefined, string] = [snap.list.data, snap.job.data, ui.filter];
    if (!rowsKey || rowsKey.some((v, i) => v !== key[i])) {
      rowsKey = key;
      const items = visibleItems(key[0], key[1], key[2]);
      rows = { items, ids: items.map((i) => (i.ok ? i.job.id : undefined)) };
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

/** The page's items, the selected job's fresher copy swapped in, and the filter applied. */
export function visibleItems(page: JobPage | undefined, fresh: Job | undefined, filter: string): PageItem[] {
  let items = page?.items ?? [];
  if (fresh)
    items = items.map((i) =>
      i.ok && i.job.id === fresh.id && i.job !== fresh ? { ok: true, job: fresh } : i,
    );
  const f = filter.trim().toLowerCase();
  if (!f) return items;
  return items.filter(
    (i) =>
      i.ok &&
      [String(i.job.id), i.job.displayID, i.job.app.remark, i.job.app.cmd].some((v) =>
        v.toLowerCase().includes(f),
      ),
  );
}

/** The page's jobs (unfiltered), for a displayID typed at the jump prompt. */
export function pageRows(page: JobPage | undefined): { id: string; displayID: string }[] {
  const rows: { id: string; displayID: string }[] = [];
  for (const i of page?.items ?? []) if (i.ok) rows.push({ id: i.job.id, displayID: i.job.displayID });
  return rows;
}
