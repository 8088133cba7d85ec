// What of the header fits the width, and in which order it gives way. At 150 columns with a
// filter the header read "300 jobs · 20 ◌ queued · 8 ◔ starting · row 1/13 · … filter: 训 (13 of
// 300)": running (65) and stopped (207) gone without a mark, which reads as "nothing is running";
// and during an outage the end of the line was cut, the host with it ("◐ retrying in 4s · data
// fro…"). Now the end (the connection's state, the "while away" and change counts, the host) is
// kept whole, measured at its longest; the filter and the page's facts stay; the account's counts
// shorten ("65●") before any is dropped, and a dropped one is counted ("+2 more"); the selected
// row's place gives way to every count shown, and to one count when none would fit beside it
// ("+5 more · row 1/152" said nothing of the account); the poll intervals, least needed, take
// what room is left.
import { displayWidth } from "../model/format.js";
import type { JobIndex } from "../model/job-index.js";
import { sanitize } from "../model/sanitize.js";
import { compareStatuses, KNOWN_STATUS_CODES, statusStyle } from "../model/status.js";
import type { Connection } from "./connection.js";

/** What the fitting reads of HeaderProps (header-props.ts), which imports this. */
export interface FitFacts {
  host: string;
  profile?: string;
  doubts?: string;
  position: string;
  intervalMs: number;
  listIntervalMs: number;
  intervalChanged?: boolean;
  jobPace?: string;
  pausedSince?: number;
  changes: number;
  away?: string;
  connection: Connection;
  width: number;
  filter: string;
  counts?: string[];
  /** The counts in a few columns each: "65●" ("12 9" for a code with no symbol of its own). */
  shortCounts?: string[];
  indexNote?: string;
  indexStale?: boolean;
  freshMs: number;
  /** endWidth's, as measured when the props were made (header-props.ts); measured here when absent. */
  endWidth?: number;
}

/** "65●" per status: a known code's count and symbol; another code's count and its name. */
export function shortStatusCounts(index: Pick<JobIndex, "counts">, labels: Record<number, string>): string[] {
  const codes = Array.from(index.counts.keys()).sort(compareStatuses);
  return codes.map((code) => {
    const n = index.counts.get(code);
    const s = statusStyle(code, labels);
    return KNOWN_STATUS_CODES.includes(code) ? `${n}${s.symbol}` : `${n} ${sanitize(s.label)}`;
  });
}

/**
 * The columns the header's end takes at its longest while the data and the connection stay as
 * they are (Header.tsx draws it: its clock ticks without the rest being drawn again): " · " and
 * the connection's cell (its age and countdown at their widest), the "while away" note, the ✱
 * count, the host. `nowWall` (when known): "● ok" while the data is on time, its age once late;
 * the header is drawn again with each answer, so an age can grow only between two of them.
 */
export function endWidth(p: FitFacts, nowWall?: number): number {
  const c = p.connection;
  const data = c.okWall === undefined ? "no data yet" : "data from 59m ago";
  const retry = "retrying in 999s";
  const onTime = nowWall !== undefined && c.okWall !== undefined && nowWall - c.okWall < p.freshMs;
  let state: string;
  if (p.pausedSince !== undefined) state = `⏸ paused 59m · ${data}`;
  else if (c.state === "ok") state = onTime ? "● ok" : "● ok 59m ago";
  else if (c.state === "loading") state = "◌ loading…";
  else if (c.state === "auth") state = `✖ token rejected, ${retry} · ${data}`;
  else if (c.state === "offline") state = `✖ offline since 00:00:00, ${retry} · ${data}`;
  else state = `◐ ${c.reason ? `${c.reason}: ` : ""}${retry} · ${data}`;
  const changes = p.changes > 0 ? ` · ✱ ${p.changes} changes` : "";
  return displayWidth(` · ${state}${p.away ? ` · ${p.away}` : ""}${changes} · ${p.host}`);
}

/**
 * The header after its lead ("page 2/6 · desc · 116 jobs"), each part beginning with " · ", and
 * whether the host is shown: when the line's fixed parts overflow with it (a filter at 100
 * columns), the host goes whole, first of the end, where the line was cut in it ("127.0.0.…").
 */
export function headerRest(p: FitFacts, lead: string): { rest: string; hostShown: boolean } {
  const start = `jobtop ${p.profile ? `${p.profile} · ` : ""}${lead}${p.doubts ? ` ${p.doubts}` : ""}`;
  let pace = p.jobPace ? ` · ${p.jobPace}` : "";
  const filter = p.filter ? ` · ${p.filter}` : "";
  const intervals = ` · ↻ ${intervalText(p.intervalMs)}/${intervalText(p.listIntervalMs)}`;
  // A changed interval (+/-) is said whatever the width: the user just asked for it.
  const mustIntervals = p.intervalChanged ? intervals : "";
  let room = p.width - displayWidth(start + mustIntervals + pace + filter) - (p.endWidth ?? endWidth(p));
  const hostShown = room >= 0;
  if (!hostShown) room += displayWidth(` · ${p.host}`);
  // The pace gives way to the connection's state, its reasons first ("page and job every 30s:
  // 14 MB answers" cut "● ok" to "● …" at 80 columns), then itself.
  for (const shorter of [pace.replace(/: [^\u00b7]*?(?= \u00b7 |$)/g, ""), ""]) {
    if (room >= 0) break;
    room += displayWidth(pace) - displayWidth(shorter);
    pace = shorter;
  }
  const row = p.position ? ` · row ${p.position}` : "";
  // Every count (whole, else short) beside the row's place; else every count without it; else
  // some and "+N more" beside it, the row giving way only when not even that mark would fit.
  // The intervals last.
  const rowWidth = displayWidth(row);
  let counts = accountText(p, room - rowWidth, "short") ?? accountText(p, room, "short");
  if (counts === undefined) {
    counts = accountText(p, room - rowWidth, "fit") as string;
    // Not one count beside the row's place (nothing, or "+5 more" alone): the row gives way.
    const noCount = counts === "" || counts.startsWith(" · +");
    if (noCount && row && ((p.counts?.length ?? 0) > 0 || p.indexNote))
      counts = accountText(p, room, "fit") as string;
  }
  let left = room - displayWidth(counts);
  const rowShown = row && displayWidth(row) <= left ? row : "";
  left -= displayWidth(rowShown);
  const more = !mustIntervals && p.width >= 110 && displayWidth(intervals) <= left ? intervals : "";
  return { rest: `${counts}${rowShown}${mustIntervals || more}${pace}${filter}`, hostShown };
}

/**
 * The counts and the index's note in `room` columns: every count as "12 ● running" (`whole`), or
 * as "12●" (`short`), or undefined when they do not fit so; `fit`: the first of those that fits,
 * else as many short ones as fit and "+N more". Counts the index holds no longer (its sweeps
 * fail) only beside the note that says how old they are, else none.
 */
function accountText(p: FitFacts, room: number, form: "whole" | "short" | "fit"): string | undefined {
  const note = p.indexNote ? ` · ${p.indexNote}` : "";
  const noteFits = note !== "" && displayWidth(note) <= room;
  if (p.indexStale && !noteFits) return form === "fit" ? "" : undefined;
  const left = room - (noteFits ? displayWidth(note) : 0);
  const withNote = (text: string) => text + (noteFits ? note : "");
  const full = p.counts ?? [];
  const whole = full.map((c) => ` · ${c}`).join("");
  if (displayWidth(whole) <= left) return withNote(whole);
  if (form === "whole") return undefined;
  const short = p.shortCounts ?? full;
  const shortAll = short.map((c, i) => (i === 0 ? ` · ${c}` : ` ${c}`)).join("");
  if (displayWidth(shortAll) <= left) return withNote(shortAll);
  if (form === "short") return undefined;
  // Not all: as many as fit with the mark of the rest.
  let out = "";
  let shown = 0;
  for (const c of short) {
    const part = shown === 0 ? ` · ${c}` : ` ${c}`;
    const rest = short.length - shown - 1;
    const tail = rest > 0 ? ` +${rest} more` : "";
    // Room for this one, and for the mark of those after it.
    if (displayWidth(out + part + tail) > left) break;
    out += part;
    shown++;
  }
  const dropped = short.length - shown;
  if (dropped > 0) out += shown === 0 ? ` · +${dropped} more` : ` +${dropped} more`;
  return displayWidth(out) <= left ? withNote(out) : noteFits ? note : "";
}

/** An interval as `+`/`-` and the status line say it: "500ms", "2s". */
export const intervalText = (ms: number) => (ms < 1000 ? `${ms}ms` : `${ms / 1000}s`);
