// The stats view's lines (`i`, issue 32), built when the view opens and again only when the
// insight's data (a sweep, a page), the window, the grouping or the width change: never per frame.
import { useMemo } from "react";
import type { InsightWatch } from "../poll/insight.js";
import type { JsonLine } from "../render/json-lines.js";
import { statsViewLines } from "../render/stats-view.js";
import type { UiState } from "../render/ui-state.js";
import { useInsightState } from "./use-insight.js";

export function useStatsLines(
  open: boolean,
  insight: InsightWatch | undefined,
  stats: UiState["stats"],
  labels: Record<number, string>,
  width: number,
): { lines: JsonLine[]; title: string } | undefined {
  const state = useInsightState(insight, open);
  return useMemo(() => {
    if (!open) return undefined;
    const title = " Stats · ↑↓ PgUp PgDn g G · [ ] window · b groups · i or Esc closes";
    if (!insight || !state)
      return { lines: [[{ text: "no stats: the monitor's insight is not running" }]], title };
    const text = statsViewLines({
      jobs: insight.jobs(),
      source: state.source,
      trend: state.trend,
      by: stats.by,
      window: stats.window,
      labels,
      nowSec: Math.floor(Date.now() / 1000),
      width,
    });
    // An empty line as one space: an empty Text takes no row.
    return { lines: text.map((t) => [{ text: t || " " }]), title };
  }, [open, insight, state, stats, labels, width]);
}
