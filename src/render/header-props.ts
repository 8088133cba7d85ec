// The header's props from the monitor's data, the config and the UI state: pure, so the first
// frame (first-frame.ts) and App give the header the same facts.
import type { Config } from "../config/types.js";
import { formatAge } from "../model/format.js";
import type { JobIndex } from "../model/job-index.js";
import type { Order } from "../model/order.js";
import { sanitize } from "../model/sanitize.js";
import { compareStatuses, statusStyle } from "../model/status.js";
import { awayLine } from "../model/while-away.js";
import type { MonitorSnapshot } from "../poll/monitor.js";
import { type Connection, connectionState, isFresh } from "./connection.js";
import { endWidth, headerRest, intervalText, shortStatusCounts } from "./header-fit.js";
import type { UiState } from "./ui-state.js";
import { type View, viewSummary } from "./view.js";

/** What the header shows (src/ui/Header.tsx draws it; the first frame paints it). */
export interface HeaderProps {
  host: string;
  /** The config file's profile in use, if any (a name of letters, digits, . _ -). */
  profile?: string;
  page: number;
  numPages: number;
  order: Order;
  /** Jobs in all; "?" when the service's count makes no sense; undefined while loading. */
  total: number | "?" | undefined;
  /** What did not add up in the pagination ("total? pages?"), shown dim after the count. */
  doubts?: string;
  /** The selected row among the rows shown ("12/100"), or "" when none are shown. */
  position: string;
  intervalMs: number;
  listIntervalMs: number;
  /** The job interval was changed with + or -: shown whatever the width. */
  intervalChanged?: boolean;
  /** The selected job is polled slower for its answers' weight: "polled every 30s: 14 MB answers". */
  jobPace?: string;
  /**
   * How old the data on screen may be and still be on time (each part within two intervals of
   * its poller: shownAge in header-props.ts). Older, and the header says how old ("● ok 12s ago").
   */
  freshMs: number;
  /** Wall ms when polling was paused (p); undefined while it runs. */
  pausedSince?: number;
  /** Status changes not yet seen in the events pane. */
  changes: number;
  /** "7 changed while away (since 14:02)": state.log's changes while jobtop was away, until the events pane opens. */
  away?: string;
  /** Its okWall is the age of what is on screen (the older of the page and the job): shownAge. */
  connection: Connection;
  width: number;
  /** The filters and sort in force, as words ("filter: gpu (7 of 20) · sort: age"); "" when none. */
  filter: string;
  /** The list's scope (`a`): the service's page, or every job of the index. */
  scope?: "page" | "all";
  /** The account's jobs per status, from the index ("12 ● running"), most wanted first; none without one. */
  counts?: string[];
  /** The same, short ("12●"), for a narrow line (header-fit.ts). */
  shortCounts?: string[];
  /** What to say of the index: why it is off, how old its counts are while sweeps fail, "indexing…". */
  indexNote?: string;
  /** The index's counts are old (its sweeps fail): shown only with indexNote, never bare. */
  indexStale?: boolean;
  /** The columns the line's end takes (header-fit.ts endWidth), measured with the time now. */
  endWidth?: number;
}

export function headerProps(
  snap: MonitorSnapshot,
  config: Config,
  ui: UiState,
  view: View,
  /** `now`: wall ms, for the index's age (render/ reads no clock: test/lint/render-clock.test.ts). */
  o: { host: string; width: number; now: number },
): HeaderProps {
  const facts = snap.list.data?.facts;
  const shown = shownAge(snap, config.listIntervalMs);
  const connection = connectionState(
    snap.list,
    snap.selectedId === undefined ? undefined : snap.job,
    snap.held,
  );
  const all = ui.scope === "all" && snap.index !== undefined;
  const account = accountFacts(snap.index, config.statusLabels, o.now, all);
  const props: HeaderProps = {
    ...account,
    scope: all ? "all" : "page",
    host: o.host,
    page: snap.page,
    numPages: facts?.numPages ?? 1,
    order: snap.order,
    // Scope "all": the jobs in the index (the rows listed); the page's count otherwise.
    total:
      all && (snap.index?.seq ?? 0) > 0
        ? snap.index?.index.entries.size
        : facts
          ? (facts.total ?? "?")
          : undefined,
    doubts: facts?.doubts.join(" "),
    position: rowPosition(view),
    intervalMs: snap.intervalMs,
    listIntervalMs: config.listIntervalMs,
    freshMs: shown.freshMs,
    intervalChanged: snap.intervalMs !== config.intervalMs,
    jobPace: paceText(snap),
    pausedSince: snap.pausedSince,
    changes: snap.unseen,
    away: snap.away && awayLine({ events: [], ...snap.away }, o.now / 1000),
    // Its okWall is made the age of what is on screen: the last success of either poller (its own
    // okWall, which ends an outage) said "data from 0s ago" while the page, failing for 30 s, was 30 s old.
    connection: { ...connection, okWall: shown.okWall },
    width: o.width,
    filter: [viewSummary(ui, view, config.statusLabels), ui.tags.size > 0 ? `${ui.tags.size} tagged` : ""]
      .filter(Boolean)
      .join(" · "),
    profile: config.profile,
  };
  return { ...props, endWidth: endWidth(props, o.now) };
}

/**
 * The account's counts from the index: each status's jobs, in a job's life order (queued,
 * starting, running, stopped; then the others), with the glyphs the list uses and the configured
 * names. While sweeps fail the counts are the last good sweep's, marked with its age; when `auto`
 * turned the index off, the reason instead; before the first sweep, "indexing…".
 */
export function accountFacts(
  index: MonitorSnapshot["index"],
  labels: Record<number, string>,
  nowWall: number,
  all = false,
): Pick<HeaderProps, "counts" | "shortCounts" | "indexNote" | "indexStale"> {
  if (index === undefined) return {};
  if (index.reason !== undefined) return { indexNote: sanitize(index.reason) };
  // Before the first sweep: said only where the list waits for it (scope "all"), or why it stopped.
  if (index.seq === 0) {
    if (index.stopped !== undefined) return { indexNote: index.stopped };
    return all ? { indexNote: index.poll.error === undefined ? "indexing…" : "index failing" } : {};
  }
  const counts = statusCounts(index.index, labels);
  const shortCounts = shortStatusCounts(index.index, labels);
  const okWall = index.poll.okWall;
  if (index.poll.error !== undefined && okWall !== undefined) {
    const age = `index ${formatAge((nowWall - okWall) / 1000)} old`;
    return {
      counts,
      shortCounts,
      indexNote: index.stopped ? `${index.stopped}, ${age}` : age,
      indexStale: true,
    };
  }
  // Pages unchanged for a while are read less often (src/poll/sweep.ts): how old the oldest is,
  // once older than two sweeps, is how old a change the counts may miss.
  const oldest = index.oldestWall === undefined ? 0 : nowWall - index.oldestWall;
  const aged = oldest > 2 * index.intervalMs ? `index ≤ ${formatAge(oldest / 1000)} old` : undefined;
  // index = on above index_max: the counts are of the jobs held, never shown as the account's.
  const p = index.partial;
  if (p) {
    const held = `first ${p.held} of ${p.total ?? "?"} jobs (index_max)`;
    return { counts, shortCounts, indexNote: aged ? `${held} · ${aged}` : held, indexStale: true };
  }
  return aged ? { counts, shortCounts, indexNote: aged } : { counts, shortCounts };
}

/**
 * The jobs in status `code` the terminal title counts: the account's, from the index, when it has
 * them (as the header counts), else the page's; undefined before the page is there ("0 running"
 * would be news, and wrong).
 */
export function statusCount(snap: Pick<MonitorSnapshot, "index" | "list">, code: number): number | undefined {
  const index = snap.index;
  if (index && index.seq > 0 && index.reason === undefined && !index.partial)
    return index.index.counts.get(code) ?? 0;
  if (!snap.list.data) return undefined;
  let n = 0;
  for (const i of snap.list.data.items) if (i.ok && i.job.status === code) n++;
  return n;
}

/** "12 ● running" per status, known codes in their order first, then the others by code. */
export function statusCounts(index: Pick<JobIndex, "counts">, labels: Record<number, string>): string[] {
  const codes = Array.from(index.counts.keys()).sort(compareStatuses);
  return codes.map((code) => {
    const s = statusStyle(code, labels);
    return `${index.counts.get(code)} ${s.symbol} ${sanitize(s.label)}`;
  });
}

/**
 * "12/100": the selected row, and the rows shown (after the filters); "" when none are. It had
 * been squeezed into the end of the REMARK column's title, where it read as part of that column.
 */
export function rowPosition(view: Pick<View, "items" | "selection">): string {
  if (view.items.length === 0) return "";
  const row = view.selection.row;
  return `${row >= 0 ? row + 1 : "–"}/${view.items.length}`;
}

/** Which polls their answers' weight slowed, and to what: "page every 30s: 14 MB answers". */
function paceText(snap: Pick<MonitorSnapshot, "jobPollMs" | "jobPollWhy" | "pagePollMs" | "pagePollWhy">) {
  const parts: string[] = [];
  // The page holding the selected job is as heavy as the job: one clause for both.
  if (snap.pagePollWhy && snap.pagePollMs === snap.jobPollMs && snap.pagePollWhy === snap.jobPollWhy)
    return `page and job every ${intervalText(snap.jobPollMs)}: ${snap.jobPollWhy}`;
  if (snap.pagePollWhy && snap.pagePollMs !== undefined)
    parts.push(`page every ${intervalText(snap.pagePollMs)}: ${snap.pagePollWhy}`);
  if (snap.jobPollWhy) parts.push(`polled every ${intervalText(snap.jobPollMs)}: ${snap.jobPollWhy}`);
  return parts.length > 0 ? parts.join(" · ") : undefined;
}

/**
 * How old what is on screen is: the page, and the selected job's own copy once it has one (until
 * then the detail shows the page's row), the older of the two. `freshMs`: how old that may get
 * while each is on time, within two intervals of its own poller (the page's 10 s old is on time;
 * the job's, polled every 2 s, is late), so a late job shows the age even with an older page.
 */
export function shownAge(
  snap: Pick<MonitorSnapshot, "list" | "job" | "selectedId" | "jobPollMs" | "pagePollMs">,
  listIntervalMs: number,
): { okWall: number | undefined; freshMs: number } {
  const sides: [okWall: number, intervalMs: number][] = [];
  // A page slowed by its answers' weight is on time within two of its own (slower) intervals.
  if (snap.list.data !== undefined && snap.list.okWall !== undefined)
    sides.push([snap.list.okWall, snap.pagePollMs ?? listIntervalMs]);
  if (snap.selectedId !== undefined && snap.job.okWall !== undefined)
    sides.push([snap.job.okWall, snap.jobPollMs]);
  let okWall: number | undefined;
  let lateAt = Number.POSITIVE_INFINITY;
  for (const [wall, interval] of sides) {
    if (okWall === undefined || wall < okWall) okWall = wall;
    lateAt = Math.min(lateAt, wall + 2 * interval);
  }
  return { okWall, freshMs: okWall === undefined ? 2 * listIntervalMs : lateAt - okWall };
}

/** The service's host for the header, sanitised (it is the user's text, or the service's). */
export function headerHost(baseUrl: string): string {
  let host: string;
  try {
    host = new URL(baseUrl).host;
  } catch {
    host = baseUrl;
  }
  return sanitize(host);
}

/**
 * The header's facts as text: the lead (the page, the order, the count), and the rest, each part
 * beginning with " · ", as much as the width allows beside the end (header-fit.ts), and the host,
 * or "" when the line has no room for it whole.
 */
export function headerParts(p: HeaderProps): { lead: string; rest: string; host: string } {
  // No page yet (the service down at the start): its count is not known, not "1/1".
  const lead = [
    p.scope === "all" ? "all jobs" : `page ${p.page}/${p.total === undefined ? "…" : p.numPages}`,
    p.order,
    p.total === undefined ? "… jobs" : `${p.total} jobs`,
  ].join(" · ");
  const { rest, hostShown } = headerRest(p, lead);
  return { lead, rest, host: hostShown ? p.host : "" };
}

/** How old the data is, as the header says it ("12s ago", "never"). */
export function agoText(c: Connection, nowWall: number): string {
  return c.okWall === undefined ? "never" : `${formatAge((nowWall - c.okWall) / 1000)} ago`;
}

/** "data from 12s ago", or "no data yet" (it read "data from never" with the service down at the start). */
export function dataText(c: Connection, nowWall: number): string {
  return c.okWall === undefined ? "no data yet" : `data from ${agoText(c, nowWall)}`;
}

/** The connected state: "● ok" while the answers come on time, "● ok 12s ago" once late. */
export function okText(c: Connection, nowWall: number, freshMs: number): string {
  return isFresh(c, nowWall, freshMs) ? "● ok" : `● ok ${agoText(c, nowWall)}`;
}

/**
 * When the failing request is tried again: " in 3s" while it waits, "…" once it is under way
 * (a retry that hangs lasts up to the timeout: "in 0s" for ten seconds would be wrong).
 */
export function retryText(c: Connection, nowMono: number): string {
  if (c.retryAt === undefined) return "";
  const left = c.retryAt - nowMono;
  return left > 0 ? ` in ${Math.ceil(left / 1000)}s` : "…";
}
