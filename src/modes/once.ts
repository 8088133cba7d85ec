// `jobtop --once [--json]`: one page, as one JSON document or as a table. On a terminal the
// table fits its width with the monitor's columns; to a pipe every column is as wide as its
// widest cell, so nothing is cut.
import type { JobPage, PageItem } from "../api/client.js";
import type { Job } from "../api/schema.js";
import { DEFAULTS } from "../config/resolve.js";
import { displayWidth, fit } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { maskJob } from "../model/secrets.js";
import { statusStyle } from "../model/status.js";
import {
  type Column,
  type ColumnId,
  cellText,
  chooseColumns,
  headerCells,
  MARKER_WIDTH,
  rowCells,
} from "../render/columns.js";
import { paint } from "../render/paint.js";
import type { CommandContext } from "./command.js";
import { fetchOnce } from "./follow.js";
import { EXIT, toJson } from "./output.js";

export interface OnceOptions {
  /** --all: every page (once-all.ts). */
  all?: boolean;
  /** --status: only jobs in these status codes. */
  statuses?: readonly number[];
}

export async function runOnce(ctx: CommandContext, o: OnceOptions = {}): Promise<number> {
  if (o.all) {
    const { runOnceAll } = await import("./once-all.js");
    return runOnceAll(ctx, o.statuses);
  }
  const { config, client } = ctx;
  const r = await fetchOnce(
    (signal) =>
      client.listJobs({ page: 1, perPage: onePageSize(config.perPage), order: config.order }, signal),
    { intervalMs: config.intervalMs, deadlineMs: config.timeoutMs, singleJob: false, report: ctx.err },
  );
  if (!r.ok) {
    ctx.err(r.message);
    return r.code;
  }
  const nowSec = ctx.nowSec ?? Date.now() / 1000;
  const statuses = o.statuses;
  const page = statuses
    ? { ...r.data, items: r.data.items.filter((i) => !i.ok || statuses.includes(i.job.status)) }
    : r.data;
  if (ctx.json) {
    ctx.out.write(`${toJson(pageJson(page, ctx.showSecrets), 2)}\n`);
    const bad = r.data.items.filter((i) => !i.ok).length;
    if (bad > 0) ctx.err(`${bad} job(s) on the page did not match the spec; see "invalid"`);
    return EXIT.ok;
  }
  const labels = config.statusLabels;
  // Secrets inside the remark (a URL's password, --token X) are masked as on screen, by cellText
  // (src/render/columns.ts): the remark is the only free text a table shows, and masking the rest of
  // each job as well (maskJob: command, description, env…) was ~0.6 ms of every --once.
  // Rows that are no job have no status: a filtered table leaves them out (JSON's "invalid" keeps them).
  const items = statuses ? page.items.filter((i) => i.ok) : page.items;
  const table =
    ctx.columns !== undefined
      ? fittedTable(items, labels, nowSec, ctx.columns, ctx.color, config.columns, ctx.showSecrets)
      : plainTable(items, labels, nowSec, config.columns, ctx.showSecrets);
  const p = r.data.pagination;
  const shown = statuses ? ` · ${filterNote(items.length, statuses, labels)}` : "";
  ctx.out.write(
    `${table}page ${p.page}/${Math.max(p.numPages, 1)} · ${p.total} jobs${shown} · order ${config.order}\n`,
  );
  return EXIT.ok;
}

/** "3 in status running, 3": the filter under a table. */
export function filterNote(
  count: number,
  statuses: readonly number[],
  labels: Record<number, string>,
): string {
  return `${count} in status ${statuses.map((c) => sanitize(statusStyle(c, labels).label)).join(", ")}`;
}

/** {"pagination", "jobs", "invalid"}: valid jobs as parsed (ids as exact strings), masked unless asked. */
export function pageJson(page: JobPage, showSecrets: boolean) {
  const jobs: Job[] = [];
  const invalid: { index: number; id: string | null; error: string }[] = [];
  for (const item of page.items) {
    if (item.ok) jobs.push(showSecrets ? item.job : maskJob(item.job));
    else invalid.push({ index: item.index, id: item.id ?? null, error: item.error });
  }
  return { pagination: page.pagination, jobs, ...(invalid.length > 0 ? { invalid } : {}) };
}

/** The monitor's columns for a terminal `width` wide; the status cell coloured as there. */
export function fittedTable(
  items: PageItem[],
  labels: Record<number, string>,
  nowSec: number,
  width: number,
  color: boolean,
  allowed?: readonly ColumnId[],
  reveal = false,
): string {
  // The monitor keeps two cells for its row marker; a printed table has none.
  const cols = chooseColumns(width + MARKER_WIDTH, labels, allowed);
  const lines = [headerCells(cols).trimEnd()];
  for (const item of items) {
    if (!item.ok) {
      const text = fit(`! job ${item.id ?? "?"}: ${sanitize(item.error)}`, width).trimEnd();
      lines.push(color ? paint({ text, color: "red" }, "reset") : text);
      continue;
    }
    const cells = rowCells(item.job, cols, labels, nowSec, reveal);
    const status = color ? paint({ text: cells.status, color: cells.statusColor }, "reset") : cells.status;
    lines.push(`${status} ${cells.rest}`.trimEnd());
  }
  return `${lines.join("\n")}\n`;
}

/** Every column, each as wide as its widest cell: nothing cut, for pipes and files. */
export function plainTable(
  items: PageItem[],
  labels: Record<number, string>,
  nowSec: number,
  allowed?: readonly ColumnId[],
  reveal = false,
): string {
  const cols = chooseColumns(Number.MAX_SAFE_INTEGER, labels, allowed);
  const rows: string[][] = [];
  for (const item of items) {
    if (!item.ok) {
      rows.push(
        cols.map((c) =>
          c.id === "status"
            ? "!"
            : c.id === "remark"
              ? sanitize(item.error)
              : c.id === "id"
                ? (item.id ?? "?")
                : "",
        ),
      );
      continue;
    }
    const st = statusStyle(item.job.status, labels);
    rows.push(
      cols.map((c) => sanitize(cellText(item.job, c.id, nowSec, `${st.symbol} ${st.label}`, reveal))),
    );
  }
  const widths = cols.map((c, i) => {
    let w = displayWidth(c.title);
    for (const r of rows) w = Math.max(w, displayWidth(r[i] ?? ""));
    return w;
  });
  const line = (cells: string[]) =>
    cols
      .map((_c: Column, i) => fit(cells[i] ?? "", widths[i] ?? 1))
      .join("  ")
      .trimEnd();
  let s = `${line(cols.map((c) => c.title))}\n`;
  for (const r of rows) s += `${line(r)}\n`;
  return s;
}

/** "auto" follows a screen's height; a one-shot page has none, so it takes the default size. */
function onePageSize(perPage: number | "auto"): number {
  return perPage === "auto" ? DEFAULTS.perPage : perPage;
}
