// How much of a service-sized string the screen takes. A field of any size (a 10 MB `desc`, a
// `cmd` of a million lines) contributes at most a few rows, and costs only what those rows cost:
// the text is sliced before it is sanitised, split or wrapped, and what is left out is counted
// in place (indexOf, charCodeAt), never copied.
import { displayWidth, formatCount, truncate, wrap } from "./format.js";
import { sanitize } from "./sanitize.js";
import { clusterCut } from "./width.js";

export interface Cap {
  /** Screen rows, after wrapping. */
  rows: number;
  /** Characters (UTF-16 code units) of the field looked at. */
  chars: number;
}

export interface Excerpt {
  rows: string[];
  /** What was left out, e.g. "… 1 203 more lines"; undefined when nothing was. */
  note: string | undefined;
}

/** Where to cut `s` to at most `n` code units, never inside a grapheme cluster (width.ts). */
export function cutIndex(s: string, n: number): number {
  return clusterCut(s, n);
}

/**
 * The first rows of a multi-line text, sanitised and wrapped to `width`, within `cap`. `mask`
 * (secret masking) sees each source line whole, before wrapping could split a secret in two.
 */
export function excerpt(text: string, width: number, cap: Cap, mask?: (line: string) => string): Excerpt {
  const end = cutIndex(text, Math.max(1, cap.chars));
  const rows: string[] = [];
  let pos = 0; // where the next line starts
  while (pos < end && rows.length < cap.rows) {
    const nl = text.indexOf("\n", pos);
    const lineEnd = nl < 0 ? text.length : nl;
    const stop = Math.min(lineEnd, end);
    const line = text.slice(pos, stop);
    const parts = wrap(shownLine(mask ? mask(line) : line), width);
    const room = cap.rows - rows.length;
    for (let i = 0; i < parts.length && i < room; i++) rows.push(parts[i] as string);
    const next = nl < 0 ? text.length : nl + 1;
    if (parts.length > room || stop < lineEnd) {
      // This line is cut: it ends in "…", and the note counts the lines after it.
      rows[rows.length - 1] = truncate(`${rows[rows.length - 1] ?? ""}…`, width);
      return { rows, note: leftOut(text, next, true) };
    }
    pos = next;
  }
  return { rows, note: leftOut(text, pos, false) };
}

/** Tab stops of a multi-line field: every 4 cells, as an editor shows indented code. */
export const TAB_STOP = 4;

/**
 * One source line sanitised, each tab spaces up to the next tab stop (a pasted table or indented
 * code keeps its columns; a single line elsewhere shows a tab as one space, see sanitize). Cells
 * are counted on what is shown, escapes included, and from the source line's start, before it
 * is wrapped.
 */
function shownLine(line: string): string {
  if (!line.includes("\t")) return sanitize(line);
  let out = "";
  let cells = 0;
  const parts = line.split("\t"); // a line within the field's cap: a bounded number of parts
  for (let i = 0; i < parts.length; i++) {
    const shown = sanitize(parts[i] as string);
    out += shown;
    cells += displayWidth(shown);
    if (i === parts.length - 1) break;
    const pad = TAB_STOP - (cells % TAB_STOP);
    out += " ".repeat(pad);
    cells += pad;
  }
  return out;
}

function leftOut(text: string, from: number, lineCut: boolean): string | undefined {
  const lines = countLines(text, from);
  if (lines > 0) return `… ${formatCount(lines)} more line${lines === 1 ? "" : "s"}`;
  return lineCut ? `… ${formatCount(text.length)} characters in all` : undefined;
}

/** Lines in text[from..] (a final newline ends the last line, it does not start one). */
function countLines(text: string, from: number): number {
  if (from >= text.length) return 0;
  let n = 1;
  for (let i = text.indexOf("\n", from); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n - 1 : n;
}

/** Non-blank `sep`-separated parts of text[from..], counted in place (as parseEnvs would keep them). */
export function countParts(text: string, sep: string, from = 0): number {
  const code = sep.charCodeAt(0);
  let n = 0;
  let blank = true;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === code) {
      if (!blank) n++;
      blank = true;
    } else if (c > 0x20) blank = false;
  }
  return blank ? n : n + 1;
}
