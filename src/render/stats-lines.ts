// The stats (issue 32) as lines of text, for `jobtop stats` and the stats view (`i`): per group,
// a table per status (count now, time in status p50 / p90 / max), the transitions of the window
// (count, time in the first status p50 / p90), and the waited histogram as bars with their
// counts. Plain text: every status has its symbol and name, every bar its number, so nothing
// rests on colour. Group names are the service's text: sanitised here. Pure: no clock.
import { displayWidth, formatDuration } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { type GroupStats, type Stats, skippedText, WAIT_LABELS } from "../model/stats.js";
import { statusStyle } from "../model/status.js";

/** A duration in a cell: "—" when there is none. */
const dur = (sec: number | undefined) => (sec === undefined ? "—" : formatDuration(sec, { coarse: true }));

export function statusName(code: number, labels: Record<number, string>): string {
  const s = statusStyle(code, labels);
  return `${s.symbol} ${sanitize(s.label)}`;
}

/** Columns padded to the widest cell of each: the first left-aligned, the rest right unless `left` names them. */
export function table(
  rows: readonly (readonly string[])[],
  indent = "  ",
  left: readonly number[] = [0],
): string[] {
  const widths: number[] = [];
  for (const r of rows)
    r.forEach((c, i) => {
      widths[i] = Math.max(widths[i] ?? 0, displayWidth(c));
    });
  return rows.map(
    (r) =>
      indent +
      r
        .map((c, i) => {
          const pad = " ".repeat((widths[i] ?? 0) - displayWidth(c));
          return left.includes(i) ? c + pad : pad + c;
        })
        .join("  ")
        .trimEnd(),
  );
}

/** "last 24h", "last 7d", "last 90m". */
export function windowWords(sec: number): string {
  if (sec % 86_400 === 0 && sec >= 2 * 86_400) return `last ${sec / 86_400}d`;
  if (sec % 3600 === 0) return `last ${sec / 3600}h`;
  return `last ${Math.round(sec / 60)}m`;
}

export function groupLines(
  g: GroupStats,
  labels: Record<number, string>,
  windowSec: number,
  barWidth = 24,
): string[] {
  const out: string[] = [];
  const statusRows: string[][] = [["STATUS", "NOW", "IN STATUS p50", "p90", "max"]];
  for (const s of g.statuses)
    statusRows.push([statusName(s.status, labels), String(s.count), dur(s.p50), dur(s.p90), dur(s.max)]);
  for (const l of table(statusRows)) out.push(l);
  out.push("");
  if (g.transitions.length === 0) out.push(`  no transitions in the ${windowWords(windowSec)}`);
  else {
    const rows: string[][] = [[`TRANSITIONS (${windowWords(windowSec)})`, "COUNT", "TIME BEFORE p50", "p90"]];
    for (const t of g.transitions)
      rows.push([
        `${statusName(t.from, labels)} → ${statusName(t.to, labels)}`,
        String(t.count),
        dur(t.p50),
        dur(t.p90),
      ]);
    for (const l of table(rows)) out.push(l);
  }
  out.push("");
  const w = g.waited;
  let most = 1;
  for (const n of w.counts) if (n > most) most = n;
  const spread = w.spread
    ? ` (p50 ${dur(w.spread.p50)}, p90 ${dur(w.spread.p90)}, max ${dur(w.spread.max)})`
    : "";
  out.push(`  WAITED in the first status${spread}`);
  const rows: string[][] = [];
  w.counts.forEach((n, i) => {
    const bar = "█".repeat(Math.round((n / most) * barWidth)) || (n > 0 ? "▏" : "");
    rows.push([WAIT_LABELS[i] as string, String(n), bar]);
  });
  for (const l of table(rows, "    ", [0, 2])) out.push(l);
  return out;
}

/** The whole stats: a title line, then each group under its name (sanitised), then what was skipped. */
export function statsLines(s: Stats, labels: Record<number, string>, source: string): string[] {
  const by = s.by === "none" ? "" : ` · by ${s.by}`;
  const out = [`${source}: ${s.jobs} job${s.jobs === 1 ? "" : "s"}${by}`];
  for (const g of s.groups) {
    out.push("");
    if (s.by !== "none") out.push(`${sanitize(g.key)} — ${g.jobs} job${g.jobs === 1 ? "" : "s"}`);
    for (const l of groupLines(g, labels, s.windowSec)) out.push(l);
  }
  const skipped = skippedText(s.skipped);
  if (skipped) out.push("", `skipped: ${skipped}`);
  return out;
}
