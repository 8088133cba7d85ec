// The detail pane as the monitor shows it: the selected job's lines, or what the service said
// about a job that is not there, under a title that says where the job is.
import type { Monitor, MonitorSnapshot } from "../poll/monitor.js";
import type { Line } from "./detail-lines.js";
import { detailTitle, missingLines } from "./detail-title.js";
import { JobDetail } from "./JobDetail.js";
import type { Layout } from "./layout.js";
import type { UiState } from "./ui-state.js";
import { pageRows, type View } from "./view.js";

export interface DetailPaneProps {
  view: View;
  snap: MonitorSnapshot;
  ui: UiState;
  layout: Layout;
  monitor: Monitor;
  lines: Line[];
}

export function DetailPane({ view, snap, ui, layout, monitor, lines }: DetailPaneProps) {
  const { selection, selected } = view;
  const id = selection.id;
  const title = detailTitle({
    selection,
    shownId: selected?.id,
    missing: selected ? undefined : snap.missing,
    hiddenByFilter:
      selection.away !== undefined && ui.filter !== "" && pageRows(snap.list.data).some((r) => r.id === id),
    lastSeenPage: id === undefined ? undefined : monitor.lastSeenPage(id),
    page: snap.page,
    showSecrets: ui.showSecrets,
    pinned: id !== undefined && snap.pins.some((p) => p.id === id),
  });
  return (
    <JobDetail
      lines={
        !selected && snap.missing
          ? missingLines(snap.missing, monitor.jobIntervalMs(), layout.detailWidth)
          : lines
      }
      scroll={ui.scroll}
      width={layout.detailWidth}
      height={layout.detailHeight}
      focused={ui.focus === "detail"}
      title={title}
    />
  );
}
