// The monitor's first frame with data, drawn before Ink, React and Yoga have loaded (~40–60 ms
// of module evaluation and a first render on cold code): the same lines Ink draws, from the
// same pure builders the components use (list-rows, list-pane-props, detail-pane-props,
// detail-window, selected-lines, status-line-text, header-props), painted as Ink's chalk paints
// (paint.ts) at the level of the chalk instance Ink paints with, so the colour level (NO_COLOR,
// FORCE_COLOR, the terminal) is the same.
// Ink's first frame then lands on the same cells (test/render/first-frame.test.ts compares them).
// Only the usual first frame is drawn here: the page answered, no error, nothing paused, room
// for the panes; anything else waits for Ink.
import chalk from "chalk";
import type { Config } from "../config/types.js";
import { keyWords, makeKeymap } from "../keys/keymap.js";
import { displayWidth, graphemes } from "../model/width.js";
import type { Monitor, MonitorSnapshot } from "../poll/monitor.js";
import { chooseColumns } from "./columns.js";
import { detailPaneProps } from "./detail-pane-props.js";
import { detailLineText, detailWindow } from "./detail-window.js";
import { type HeaderProps, headerHost, headerParts, headerProps, okText } from "./header-props.js";
import { computeLayout } from "./layout.js";
import { listPaneProps } from "./list-pane-props.js";
import { errorRow, jobRow, listBodyRows, listNote, listTitles, listTop } from "./list-rows.js";
import { paint as paintSgr, type Styled } from "./paint.js";
import { paneLineOptions, selectedLines } from "./selected-lines.js";
import { statusLineText } from "./status-line-text.js";
import { initialUi } from "./ui-state.js";
import { createView } from "./view.js";

export interface FirstFrameInput {
  snap: MonitorSnapshot;
  config: Config;
  monitor: Pick<Monitor, "lastSeenPage" | "jobIntervalMs">;
  columns: number;
  rows: number;
  /** Wall ms now (the header's "ok 0s ago", the ages). */
  now: number;
  /** Monotonic ms now (model/monotonic.ts), for highlights. */
  monoMs: number;
  links: boolean;
}

/** The frame's lines, top to bottom, or undefined when this is not a frame drawn here. */
export function firstFrameLines(i: FirstFrameInput): string[] | undefined {
  const { snap, config, columns } = i;
  const layout = computeLayout(columns, i.rows);
  const ui = initialUi;
  const view = createView(config.statusLabels)(snap, ui);
  const header = headerProps(snap, config, ui, view, {
    host: headerHost(config.baseUrl),
    width: columns,
    now: i.now,
  });
  if (
    layout.tiny ||
    !snap.list.data ||
    snap.list.error !== undefined ||
    header.connection.state !== "ok" ||
    header.pausedSince !== undefined
  )
    return undefined;
  const nowSec = Math.floor(i.now / 1000);
  // The keys in force, as the hints name them (the App builds the same from the same config).
  const keys = keyWords(makeKeymap(config.keys, config.actions));
  const lines = selectedLines(view.selected, {
    ...paneLineOptions({ width: layout.detailWidth, nowSec, links: i.links, keys }, config, ui, snap),
    monoMs: i.monoMs,
  });
  const list = listLines(
    listPaneProps(
      { view, snap, ui, layout, config, nowSec, monoMs: i.monoMs, keys },
      chooseColumns(layout.listWidth, config.statusLabels, config.columns),
    ),
  );
  const detail = detailLines(detailPaneProps({ view, snap, ui, layout, monitor: i.monitor, lines }));
  const body: string[] = [];
  if (layout.wide) {
    const blank = " ".repeat(layout.listWidth);
    const bar = paint({ text: " │", dim: true });
    for (let r = 0; r < layout.bodyHeight; r++) body.push((list[r] ?? blank) + bar + (detail[r] ?? ""));
  } else {
    for (let r = 0; r < layout.listHeight; r++) body.push(list[r] ?? "");
    for (let r = 0; r < layout.detailHeight; r++) body.push(detail[r] ?? "");
  }
  const status = statusLineText(ui, snap, columns, undefined, keys);
  return [headerLine(header, i.now)].concat(body, paint(status));
}

/** Begins and ends a synchronized update (DEC 2026): the terminal shows the frame whole, as Ink's. */
export const BSU = "\x1b[?2026h";
export const ESU = "\x1b[?2026l";

/**
 * The bytes that draw `lines` from the top left, each line placed on its row (a line the terminal
 * finds wider than jobtop does cannot push the rest down), the cursor hidden.
 */
export function firstFrameBytes(lines: string[]): string {
  let out = `${BSU}\x1b[?25l\x1b[H\x1b[2J`;
  for (let r = 0; r < lines.length; r++) out += `\x1b[${r + 1};1H${lines[r]}`;
  // Ink's first frame is written from where the cursor is (log-update): home, where it draws.
  return `${out}\x1b[H${ESU}`;
}

/** As Ink's Text applies its props, at the colour level of Ink's chalk (0: no colour at all). */
function paint(s: Styled): string {
  return chalk.level > 0 ? paintSgr(s, "nested") : s.text;
}

function listLines(p: ReturnType<typeof listPaneProps>): string[] {
  const out = [paint({ text: listTitles(p.columns, p.width), bold: true, dim: !p.focused })];
  const bodyRows = listBodyRows(p.height, p.note !== undefined);
  const top = listTop(p.cursor, bodyRows, p.items.length);
  const visible = p.items.slice(top, top + bodyRows);
  if (visible.length === 0) out.push(paint({ text: listNote(p.emptyText, p.width), dim: true }));
  for (let n = 0; n < visible.length; n++) {
    const item = visible[n] as (typeof visible)[number];
    const selected = top + n === p.cursor;
    if (!item.ok) {
      out.push(paint({ text: errorRow(item, selected, p.width), color: "red", inverse: selected }));
      continue;
    }
    const changed = p.changed(item.job.id);
    const r = jobRow(item.job, {
      ...p,
      selected,
      changed,
      pinned: p.pinned?.(item.job.id) ?? false,
      tagged: p.tagged?.(item.job.id) ?? false,
    });
    const style = { inverse: selected, bold: changed };
    out.push(
      paint({ text: r.marker, ...style }) +
        paint({ text: r.status, color: r.statusColor, ...style }) +
        paint({ text: ` ${r.tail}`, ...style }),
    );
  }
  if (p.note) out.push(paint({ text: listNote(p.note, p.width), dim: true }));
  // Every row the pane's full width, so that what follows it lands where Ink puts it.
  for (let r = out.length; r < p.height; r++) out.push(" ".repeat(p.width));
  return out.slice(0, p.height);
}

function detailLines(p: ReturnType<typeof detailPaneProps>): string[] {
  const w = detailWindow(p);
  const out = [paint({ text: w.title + w.where, bold: true, inverse: p.focused, dim: !p.focused })];
  for (const l of w.shown) out.push(paint({ ...l, text: detailLineText(l, p.width) }));
  return out;
}

/**
 * The header as src/ui/Header.tsx draws it in the states this frame is drawn in (connection ok,
 * not paused), truncated as Ink truncates a line (cli-truncate: "…" in the style of the last
 * cell kept). test/render/first-frame.test.ts holds the two to the same cells.
 */
function headerLine(p: HeaderProps, now: number): string {
  const { lead, rest, host } = headerParts(p);
  const runs: Styled[] = [{ text: "jobtop", bold: true, color: "cyan" }];
  if (p.profile) runs.push({ text: ` ${p.profile}`, bold: true }, { text: " ·" });
  runs.push({ text: ` ${lead}` });
  if (p.doubts) runs.push({ text: ` ${p.doubts}`, dim: true });
  runs.push({ text: `${rest} · ` }, { text: okText(p.connection, now, p.freshMs), color: "green" });
  if (p.away) runs.push({ text: ` · ${p.away}`, bold: true, color: "yellow" });
  if (p.changes > 0)
    runs.push({ text: ` · ✱ ${p.changes} change${p.changes === 1 ? "" : "s"}`, bold: true, color: "yellow" });
  if (host) runs.push({ text: ` · ${host}`, dim: true });
  return truncateRuns(runs, p.width).map(paint).join("");
}

function truncateRuns(runs: Styled[], width: number): Styled[] {
  let total = 0;
  for (const r of runs) total += displayWidth(r.text);
  if (total <= width) return runs;
  const out: Styled[] = [];
  let used = 0;
  for (const r of runs) {
    let kept = "";
    for (const g of graphemes(r.text)) {
      const w = displayWidth(g);
      if (used + w > width - 1) break;
      kept += g;
      used += w;
    }
    if (kept !== "") out.push({ ...r, text: kept });
    if (kept !== r.text) break;
  }
  const last = out.at(-1);
  if (last) last.text += "…";
  else out.push({ text: "…" });
  return out;
}
