// What the detail pane shows, from the monitor's data and the UI state: pure, so the first frame
// (first-frame.ts) and DetailPane give JobDetail the same props.
import type { Monitor, MonitorSnapshot } from "../poll/monitor.js";
import type { Line } from "./detail-lines.js";
import { detailTitle, missingLines, titleFacts } from "./detail-title.js";
import type { DetailWindowInput } from "./detail-window.js";
import type { Layout } from "./layout.js";
import type { UiState } from "./ui-state.js";
import type { View } from "./view.js";

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
  const { selected } = view;
  const title = detailTitle(titleFacts({ view, snap, ui, monitor }));
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
