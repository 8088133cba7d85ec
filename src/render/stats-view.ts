// The stats view's lines (`i`, issue 32): where the numbers come from (the index: the whole
// account; or only the page, when the index is off, said so), the window and the grouping, the
// trend of each status as a sparkline with its min, max and now beside it, then the stats
// (stats-lines.ts). Pure: `nowSec` is an argument; built when the view opens or its data, window
// or grouping change, never per frame (src/ui/use-stats-lines.ts).
import { computeStats, type GroupBy, type StatsJob, statusOrder } from "../model/stats.js";
import { TREND_STEP_SEC, type Trend, trendSeries } from "../model/trend.js";
import { statsLines, statusName, table, windowWords } from "./stats-lines.js";

/** The windows `[` and `]` step through. */
export const STATS_WINDOWS_SEC = [3600, 6 * 3600, 24 * 3600, 3 * 86_400, 7 * 86_400] as const;
export const DEFAULT_WINDOW = 2;

const BARS = "▁▂▃▄▅▆▇█";

/** `values` drawn in `width` cells, each the last value of its stretch, scaled between min and max. */
export function sparkline(values: readonly number[], width: number, min: number, max: number): string {
  if (values.length === 0 || width <= 0) return "";
  const cells = Math.min(width, values.length);
  let out = "";
  for (let i = 0; i < cells; i++) {
    const at = Math.min(values.length - 1, Math.floor(((i + 1) * values.length) / cells) - 1);
    const v = values[at] as number;
    const level = max === min ? (v > 0 ? 3 : 0) : Math.round(((v - min) / (max - min)) * (BARS.length - 1));
    out += BARS[level];
  }
  return out;
}

export interface StatsViewInput {
  jobs: readonly StatsJob[];
  source: "index" | "page";
  trend: Trend;
  by: GroupBy;
  window: number;
  labels: Record<number, string>;
  nowSec: number;
  width: number;
}

export function statsViewLines(o: StatsViewInput): string[] {
  const windowSec = STATS_WINDOWS_SEC[o.window] ?? 86_400;
  const stats = computeStats(o.jobs, { nowSec: o.nowSec, windowSec, by: o.by });
  const out: string[] = [];
  out.push(
    o.source === "index"
      ? "Over the whole account (the index)"
      : "Over this page only: the index is off (index = auto above index_max, or off)",
  );
  out.push(`transitions in the ${windowWords(windowSec)} ([ ] change it) · grouped by ${o.by} (b cycles)`);
  out.push("");
  const t = o.trend;
  if (t.slots.length === 0) out.push("TREND: no sweep yet (the index records the counts at each sweep)");
  else {
    const first = t.slots[0]?.t ?? o.nowSec;
    const span = Math.max(TREND_STEP_SEC, o.nowSec - first);
    out.push(
      `TREND of the counts per status, 5-minute steps, the ${windowWords(Math.ceil(span / 3600) * 3600)} to now`,
    );
    const rows: string[][] = [];
    const width = Math.max(8, o.width - 48);
    const codes = t.codes.slice().sort(statusOrder);
    for (const code of codes) {
      const s = trendSeries(t, code);
      if (!s) continue;
      rows.push([
        statusName(code, o.labels),
        sparkline(s.values, width, s.min, s.max),
        `min ${s.min}`,
        `max ${s.max}`,
        `now ${s.now}`,
      ]);
    }
    for (const l of table(rows, "  ", [0, 1])) out.push(l);
  }
  for (const l of statsLines(stats, o.labels, o.source === "index" ? "all" : "this page")) out.push(l);
  return out;
}
