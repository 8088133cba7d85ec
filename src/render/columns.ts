// Which list columns fit a width, in the design's priority order, and how one job becomes
// one row of fixed-width cells. Pure: the list component only paints what this returns.
import type { Job } from "../api/schema.js";
import { inStatusSec, waitedSec } from "../model/durations.js";
import { fit, formatAge, formatDuration } from "../model/format.js";
import { customColumns, insightOf } from "../model/job-insight.js";
import { sanitize } from "../model/sanitize.js";
import { maskSecrets } from "../model/secrets.js";
import { statusStyle } from "../model/status.js";

export type ColumnId =
  | "status"
  | "displayID"
  | "remark"
  | "gpu"
  | "age"
  | "node"
  | "id"
  | "queueLen"
  | "inStatus"
  | "waited"
  /** A custom column ([[custom_columns]]), by its name. */
  | `custom:${string}`;

/** jobtop's own columns (not a custom one). */
type Builtin = Exclude<ColumnId, `custom:${string}`>;

export interface Column {
  id: ColumnId;
  title: string;
  width: number;
}

const REMARK_MIN = 12;
/**
 * Optional columns, most wanted first. One is shown only if every column before it is, so the
 * least wanted go first as the pane narrows (a 3-wide Q never outlives a wider, more useful one).
 * The id is not among them: it is what ":" jumps to, so it is always shown.
 */
const OPTIONAL: readonly { id: Builtin; title: string }[] = [
  { id: "gpu", title: "GPU" },
  { id: "age", title: "AGE" },
  { id: "node", title: "NODE" },
  { id: "queueLen", title: "Q" },
  // Issue 32's durations: only when the user's columns name them (ONLY_LISTED).
  { id: "inStatus", title: "IN" },
  { id: "waited", title: "WAITED" },
];
/** Columns shown only when `columns` (the config's, --columns) lists them: the default screen stays as it was. */
const ONLY_LISTED: readonly ColumnId[] = ["inStatus", "waited"];
/** Left to right on screen. */
const ORDER: readonly Builtin[] = [
  "status",
  "displayID",
  "remark",
  "gpu",
  "age",
  "inStatus",
  "waited",
  "node",
  "id",
  "queueLen",
];
const WIDTH: Record<Builtin, number> = {
  status: 10,
  displayID: 10,
  remark: REMARK_MIN,
  gpu: 15,
  age: 4,
  node: 9,
  id: 7,
  queueLen: 3,
  inStatus: 7,
  waited: 7,
};
/** The row marker (selection ›, change ✱, pin ★: a cell each) comes before the first column. */
export const MARKER_WIDTH = 3;

export function statusWidth(labels: Record<number, string>): number {
  const longest = Math.max(1, ...Object.values(labels).map((l) => l.length));
  return Math.min(14, Math.max(6, 2 + longest));
}

/** `allowed`: the columns the user's config lists (the status always shows); all by default. */
export function chooseColumns(
  width: number,
  labels: Record<number, string>,
  allowed?: readonly ColumnId[],
): Column[] {
  const avail = width - MARKER_WIDTH;
  // The user's `columns` (config file, --columns) say which may show; status always does.
  const ok = (id: ColumnId) => (!allowed && !ONLY_LISTED.includes(id)) || (allowed?.includes(id) ?? false);
  const remark: Column = { id: "remark", title: "REMARK", width: REMARK_MIN };
  const base: Column[] = [
    { id: "status", title: "STATUS", width: statusWidth(labels) },
    { id: "displayID", title: "DISPLAY", width: WIDTH.displayID },
    remark,
    { id: "id", title: "ID", width: WIDTH.id },
  ];
  const cols = base.filter((c) => c.id === "status" || ok(c.id));
  const used = () => cols.reduce((s, c) => s + c.width, 0) + cols.length - 1;
  for (const o of OPTIONAL) {
    if (!ok(o.id)) continue;
    if (used() + 1 + WIDTH[o.id] > avail) break;
    cols.push({ ...o, width: WIDTH[o.id] });
  }
  // Custom columns (issue 32), as `columns` lists them, when they fit: before the id.
  for (const id of allowed ?? []) {
    const c = id.startsWith("custom:") ? customColumns().find((x) => `custom:${x.name}` === id) : undefined;
    if (c && used() + 1 + c.width <= avail) cols.push({ id, title: c.name, width: c.width });
  }
  // The remark takes what is left (on a narrow pane, less than its minimum, down to one cell).
  if (cols.includes(remark)) remark.width = Math.max(1, remark.width + avail - used());
  return cols.sort((a, b) => orderOf(a.id) - orderOf(b.id));
}

/** Where a column goes, left to right: a custom one just before the id. */
const orderOf = (id: ColumnId) =>
  id.startsWith("custom:") ? ORDER.indexOf("id") - 0.5 : ORDER.indexOf(id as Builtin);

/** The titles, each over its column. */
export function headerCells(cols: Column[]): string {
  return cols.map((c) => fit(c.title, c.width)).join(" ");
}

/**
 * Cells of one row, already sanitised and fitted; the status cell is kept apart for its colour.
 * `reveal`: the remark as it is, secrets included (--show-secrets), not masked (cellText).
 */
export function rowCells(
  job: Job,
  cols: Column[],
  labels: Record<number, string>,
  nowSec: number,
  reveal = false,
  /** A stuck or flapping mark, after the status's symbol: "●⧗ running". */
  alert = "",
) {
  const st = statusStyle(job.status, labels);
  let status = "";
  const rest: string[] = [];
  for (const c of cols) {
    const raw = cellText(job, c.id, nowSec, `${st.symbol}${alert} ${st.label}`, reveal);
    const cell = fit(sanitize(raw), c.width);
    if (c.id === "status") status = cell;
    else rest.push(cell);
  }
  return { status, statusColor: st.color, rest: rest.join(" ") };
}

/**
 * A cell's text, before sanitising. The remark is free text, where a service may keep a URL with
 * a password or a `--token X`: masked as the detail masks free text, unless `reveal`. The list
 * always masks it (`s` shows the secrets of the job shown in the detail, not of every row).
 */
export function cellText(job: Job, id: ColumnId, nowSec: number, status: string, reveal = false): string {
  switch (id) {
    case "status":
      return status;
    case "displayID":
      return job.displayID;
    case "remark":
      return (reveal ? job.app.remark : maskSecrets(job.app.remark)) || "—";
    case "gpu":
      return job.res.gpus > 0 ? `${job.res.gpus}× ${job.res.gpuName}` : "-";
    case "age":
      return formatAge(nowSec - job.createTime.seconds);
    case "node":
      return job.ctx.nodeDisplayID;
    case "id":
      return String(job.id);
    case "queueLen":
      return String(job.queueLen);
    case "inStatus":
      return durationCell(inStatusSec(insightOf(job).log, nowSec));
    case "waited":
      return durationCell(waitedSec(insightOf(job).log, nowSec));
    default:
      return customCell(job, id);
  }
}

/** A duration cell: "3h 05m", "—" without a log (or a time in the future). From the job's digest, made once per job object. */
function durationCell(sec: number | undefined): string {
  return sec === undefined ? "—" : formatDuration(sec, { coarse: true });
}

/** The cells of a row that move with the clock (age and the durations), to tell whether a row must be drawn again. */
export function clockCells(job: Job, cols: readonly Column[], nowSec: number): string {
  let out = "";
  for (const c of cols)
    if (c.id === "age" || c.id === "inStatus" || c.id === "waited")
      out += `${cellText(job, c.id, nowSec, "")}\u0001`;
  return out;
}

/** A custom column's value (made once per job object, with its digest), "—" when the job has none. */
function customCell(job: Job, id: ColumnId): string {
  const i = customColumns().findIndex((c) => `custom:${c.name}` === id);
  return (i < 0 ? undefined : insightOf(job).custom[i]) || "—";
}
