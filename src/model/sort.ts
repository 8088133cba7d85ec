// Sorting the rows of the page on screen by a column (`<` / `>`). The service's order (`o`) still
// decides which jobs are on the page; this only orders them within it.
import type { Job } from "../api/schema.js";
import { compareIds } from "./ids.js";
import { customColumns, insightOf } from "./job-insight.js";
import { KNOWN_STATUS_CODES } from "./status.js";

export const SORT_COLUMNS = ["status", "age", "remark", "node", "gpu", "in_status", "waited"] as const;
/** One of jobtop's sorts, or a custom column's ([[custom_columns]], issue 32) by name: "custom:HOST". */
export type SortColumn = (typeof SORT_COLUMNS)[number] | `custom:${string}`;

/** `>` / `<`: the service's order → status → … → gpu → the service's order. */
export function nextSort(current: SortColumn | undefined, step: 1 | -1): SortColumn | undefined {
  const all: (SortColumn | undefined)[] = [undefined, ...SORT_COLUMNS];
  for (const c of customColumns()) all.push(`custom:${c.name}`);
  const i = all.indexOf(current);
  return all[(i + step + all.length) % all.length];
}

/** Lifecycle order for the known codes (queued, starting, running, stopped), then the others. */
function statusRank(code: number): number {
  const i = KNOWN_STATUS_CODES.indexOf(code);
  return i >= 0 ? i : KNOWN_STATUS_CODES.length + code;
}

const byText = (a: string, b: string) => (a === "" ? 1 : 0) - (b === "" ? 1 : 0) || a.localeCompare(b);

/** How two jobs compare under a column; ties keep the service's order (the sort is stable). */
export const COMPARE: Record<(typeof SORT_COLUMNS)[number], (a: Job, b: Job) => number> = {
  status: (a, b) => statusRank(a.status) - statusRank(b.status),
  // Youngest first, as `age` reads best: the newest at the top.
  age: (a, b) => b.createTime.seconds - a.createTime.seconds || compareIds(b.id, a.id),
  remark: (a, b) => byText(a.app.remark, b.app.remark),
  node: (a, b) => byText(a.ctx.nodeDisplayID, b.ctx.nodeDisplayID),
  // Most GPUs first, then by model.
  gpu: (a, b) => b.res.gpus - a.res.gpus || byText(a.res.gpuName, b.res.gpuName),
  // Issue 32, longest first, without a clock: the oldest newest-entry is the longest in its
  // status; a job still waiting has waited longer than any that left its first status, and of two
  // the one that began first. No log: last.
  in_status: (a, b) => since(insightOf(a).log.lastSec) - since(insightOf(b).log.lastSec),
  waited: (a, b) => {
    const x = insightOf(a).log;
    const y = insightOf(b).log;
    const wx = x.leftFirstSec === undefined ? Number.POSITIVE_INFINITY : x.leftFirstSec - (x.firstSec ?? 0);
    const wy = y.leftFirstSec === undefined ? Number.POSITIVE_INFINITY : y.leftFirstSec - (y.firstSec ?? 0);
    if (x.firstSec === undefined || y.firstSec === undefined)
      return (x.firstSec === undefined ? 1 : 0) - (y.firstSec === undefined ? 1 : 0);
    return wx === wy ? x.firstSec - y.firstSec : wy > wx ? 1 : -1;
  },
};

/** A time to sort by, the missing ones last. */
const since = (sec: number | undefined) => sec ?? Number.POSITIVE_INFINITY;

/** The items sorted by `column`; malformed rows (no job to compare) stay last. */
export function sortItems<T extends { ok: true; job: Job } | { ok: false }>(
  items: T[],
  column: SortColumn,
): T[] {
  const cmp = column.startsWith("custom:")
    ? customCompare(column)
    : COMPARE[column as (typeof SORT_COLUMNS)[number]];
  return items.slice().sort((a, b) => {
    if (!a.ok || !b.ok) return (a.ok ? 0 : 1) - (b.ok ? 0 : 1);
    return cmp(a.job, b.job);
  });
}

/** A custom column's values compared as text (numbers in it by value: "9" before "10"), empty last. */
function customCompare(column: string): (a: Job, b: Job) => number {
  const i = customColumns().findIndex((c) => `custom:${c.name}` === column);
  const text = (j: Job) => insightOf(j).custom[i] ?? "";
  return (a, b) => {
    const x = text(a);
    const y = text(b);
    return (x === "" ? 1 : 0) - (y === "" ? 1 : 0) || x.localeCompare(y, undefined, { numeric: true });
  };
}
