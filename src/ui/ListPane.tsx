// The list pane as the monitor shows it: the columns that fit, what to say when no row is shown,
// and a note about rows the page held twice.
import { useMemo } from "react";
import type { Config } from "../config.js";
import { isHighlighted } from "../model/highlights.js";
import type { MonitorSnapshot } from "../poll/monitor.js";
import { chooseColumns } from "./columns.js";
import { JobList } from "./JobList.js";
import type { Layout } from "./layout.js";
import type { UiState } from "./ui-state.js";
import type { View } from "./view.js";

export interface ListPaneProps {
  view: View;
  snap: MonitorSnapshot;
  ui: UiState;
  layout: Layout;
  config: Config;
  nowSec: number;
}

export function ListPane({ view, snap, ui, layout, config, nowSec }: ListPaneProps) {
  const cols = useMemo(
    () => chooseColumns(layout.listWidth, config.statusLabels, config.columns),
    [layout.listWidth, config.statusLabels, config.columns],
  );
  const duplicates = snap.list.data?.duplicates ?? 0;
  const filtered = ui.filter.trim() !== "" || ui.statusFilter !== undefined;
  const emptyText = snap.list.data
    ? filtered
      ? "no job on this page matches the filter (→ next page, Esc clears)"
      : "no jobs"
    : "loading…";
  const row = view.selection.row;
  const position = view.items.length > 0 ? `${row >= 0 ? row + 1 : "–"}/${view.items.length}` : "";
  return (
    <JobList
      items={view.items}
      cursor={view.selection.row}
      width={layout.listWidth}
      height={layout.listHeight}
      columns={cols}
      labels={config.statusLabels}
      changed={(id) => isHighlighted(snap.highlights, `job:${id}`, performance.now())}
      pinned={(id) => snap.pins.some((p) => p.id === id)}
      nowSec={nowSec}
      focused={ui.focus === "list"}
      emptyText={emptyText}
      note={duplicates > 0 ? `${duplicates} duplicate row${duplicates === 1 ? "" : "s"} hidden` : undefined}
      position={position}
      mark={ui.filter.trim() || undefined}
    />
  );
}
