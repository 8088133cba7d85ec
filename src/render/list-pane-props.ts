// What the list pane shows, from the monitor's data and the UI state: pure, so the first frame
// (first-frame.ts) and ListPane give JobList the same props.
import type { PageItem } from "../api/client.js";
import type { Config } from "../config/types.js";
import { defaultKeyWords, type KeyWords } from "../keys/keymap.js";
import { isHighlighted } from "../model/highlights.js";
import { sanitize } from "../model/sanitize.js";
import type { InsightState } from "../poll/insight.js";
import type { MonitorSnapshot } from "../poll/monitor.js";
import { alertMark } from "./alert-marks.js";
import type { Column } from "./columns.js";
import { followLine, titleFacts } from "./detail-title.js";
import type { Layout } from "./layout.js";
import type { UiState } from "./ui-state.js";
import type { View } from "./view.js";

export interface ListPaneInput {
  view: View;
  snap: MonitorSnapshot;
  ui: UiState;
  layout: Layout;
  config: Config;
  nowSec: number;
  /** Monotonic ms now (model/monotonic.ts), for the rows' highlights: render/ reads no clock. */
  monoMs: number;
  /** The keys in force, for what the empty list says to press (jobtop's own by default). */
  keys?: KeyWords;
  /** Stuck and flapping jobs (src/poll/insight.ts); none before it starts. */
  insight?: Pick<InsightState, "stuck" | "flapping">;
}

/** What the list pane shows (src/ui/JobList.tsx draws it; the first frame paints it). */
export interface JobListProps {
  items: PageItem[];
  cursor: number;
  width: number;
  height: number;
  columns: Column[];
  labels: Record<number, string>;
  changed: (jobId: string) => boolean;
  /** Pinned (w): marked ★, changed or not. */
  pinned?: (jobId: string) => boolean;
  /** Tagged (space, T): marked •. */
  tagged?: (jobId: string) => boolean;
  nowSec: number;
  focused: boolean;
  emptyText: string;
  /** A dim line under the rows about the page itself ("2 duplicate rows hidden"). */
  note?: string;
  /** The filter text, highlighted where it occurs in the rows. */
  mark?: string;
  /** A job's stuck (⧗) or flapping (↯) mark, if any (issue 32). */
  alertOf?: (jobId: string) => string | undefined;
}

/** `columns`: chooseColumns for the pane's width (the caller keeps them, for the rows' memo). */
export function listPaneProps(
  { view, snap, ui, layout, config, nowSec, monoMs, keys = defaultKeyWords(), insight }: ListPaneInput,
  columns: Column[],
): JobListProps {
  const duplicates = snap.list.data?.duplicates ?? 0;
  const filtered = ui.filter.trim() !== "" || ui.statusFilter !== undefined;
  const index = ui.scope === "all" ? snap.index : undefined;
  const emptyText = index
    ? index.reason !== undefined
      ? sanitize(index.reason)
      : index.seq === 0
        ? "indexing every page…"
        : filtered
          ? `no job of the account matches the filter${keysSay([[keys.back, "clears"]])}`
          : "no jobs"
    : snap.list.data
      ? filtered
        ? `no job on this page matches the filter${keysSay([
            [keys.next_page, "next page"],
            [keys.back, "clears"],
          ])}`
        : "no jobs"
      : "loading…";
  return {
    items: view.items,
    cursor: view.selection.row,
    width: layout.listWidth,
    height: layout.listHeight,
    columns,
    labels: config.statusLabels,
    changed: (id) => isHighlighted(snap.highlights, `job:${id}`, monoMs),
    pinned: (id) => snap.pins.some((p) => p.id === id),
    tagged: ui.tags.size === 0 ? undefined : (id) => ui.tags.has(id),
    nowSec,
    focused: ui.focus === "list",
    emptyText,
    note:
      [duplicates > 0 ? `${duplicates} duplicate row${duplicates === 1 ? "" : "s"} hidden` : undefined]
        .concat(followLine(titleFacts({ view, snap, ui })))
        .filter((n) => n !== undefined)
        .join(" · ") || undefined,
    mark: ui.filter.trim() || undefined,
    alertOf: insight ? (id) => alertMark(insight, id) : undefined,
  };
}

/** " (→ next page, Esc clears)": the keys that have one, or "" when none does. */
function keysSay(pairs: [key: string, what: string][]): string {
  const said = pairs.filter(([k]) => k).map(([k, what]) => `${k} ${what}`);
  return said.length > 0 ? ` (${said.join(", ")})` : "";
}
