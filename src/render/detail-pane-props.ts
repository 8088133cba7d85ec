// What the detail pane shows, from the monitor's data and the UI state: pure, so the first frame
// (first-frame.ts) and DetailPane give JobDetail the same props.
import type { Monitor, MonitorSnapshot } from "../poll/monitor.js";
import type { Line } from "./detail-lines.js";
import { detailTitle, missingLines } from "./detail-title.js";
import type { DetailWindowInput } from "./detail-window.js";
import type { Layout } from "./layout.js";
import type { UiState } from "./ui-state.js";
import { pageRows, type View } from "./view.js";

export interface DetailPaneInput {
  view: View;
  snap: MonitorSnapshot;
  ui: UiState;
  layout: Layout;
  monitor: Pick<Monitor, "lastSeenPage" | "jobIntervalMs">;
  lines: Line[];
}

export function detailPaneProps({
  view,
  snap,
  ui,
  layout,
  monitor,
  lines,
}: DetailPaneInput): DetailWindowInput {
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
  return {
    lines:
      !selected && snap.missing
        ? missingLines(snap.missing, monitor.jobIntervalMs(), layout.detailWidth)
        : lines,
    scroll: ui.scroll,
    width: layout.detailWidth,
    height: layout.detailHeight,
    focused: ui.focus === "detail",
    title,
  };
}
