// `jobtop --once [--json]`: one page, as one JSON document or as a table. On a terminal the
// table fits its width with the monitor's columns; to a pipe every column is as wide as its
// widest cell, so nothing is cut.
import type { JobPage } from "../api/client.js";
import type { Job } from "../api/schema.js";
import { DEFAULTS } from "../config/resolve.js";
import { maskJob } from "../model/secrets.js";
import type { CommandContext } from "./context.js";
import { EXIT } from "./exit.js";
import { fetchOnce } from "./follow.js";
import { toJson } from "./output.js";
import { filterNote, fittedTable, plainTable } from "./tables.js";

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

/** "auto" follows a screen's height; a one-shot page has none, so it takes the default size. */
function onePageSize(perPage: number | "auto"): number {
  return perPage === "auto" ? DEFAULTS.perPage : perPage;
}
