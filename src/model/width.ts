// How many terminal cells a string takes: the one width function of the whole screen. jobtop's
// own truncation uses it, and the bundle points Ink's string-width imports here too
// (scripts/patches/string-width-is-width-ts.js), so the two always agree on every cell.
//
// It gives string-width's answer, faster. Nearly all text on screen is one code point per
// character; its width is a table lookup per character, with no grapheme segmenter and no
// \p{RGI_Emoji} regular expression (together ~15 ms the first time they run, and microseconds
// per line after). Anything that can join neighbours into one cluster (marks, ZWJ, variation
// selectors, flags, skin tones, Hangul jamo, controls) goes to string-width itself. The tests
// check every Unicode code point against string-width.
import { eastAsianWidth } from "get-east-asian-width";
import stringWidth from "string-width";
import stripAnsi from "strip-ansi";

/**
 * Characters one cell wide and one UTF-16 unit long (ASCII, Latin, punctuation such as · … ×,
 * arrows, box drawing, the status symbols ◌◔●■ and ✱): their width is their length.
 */
const NARROW_RANGES =
  "\\x20-\\x7e\\u00a0-\\u00ac\\u00ae-\\u02ff\\u2010-\\u2027\\u2030-\\u205e\\u2190-\\u21ff\\u2500-\\u25fa\\u2731";
const NARROW = new RegExp(`^[${NARROW_RANGES}]*$`);

/**
 * Code points that are zero-width or may join a neighbour into one grapheme cluster: a string
 * holding any of them is measured by string-width. The last ranges are Hangul jamo, the Thai
 * and Lao vowels that extend clusters, the code points that prefix the next one (Prepend), and
 * Kirat Rai vowel signs (Unicode 16), which join each other and Hangul syllables.
 */
export const JOINING_SOURCE =
  "[\\p{Mark}\\p{Grapheme_Extend}\\p{Default_Ignorable_Code_Point}\\p{Control}\\p{Format}\\p{Surrogate}\\p{Regional_Indicator}\\p{Emoji_Modifier}\\u1100-\\u11ff\\ua960-\\ua97f\\ud7b0-\\ud7ff\\u0e33\\u0eb3\\u0600-\\u0605\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u0d4e\\u{110bd}\\u{110cd}\\u{111c2}\\u{111c3}\\u{1193f}\\u{11941}\\u{11a3a}\\u{11a84}-\\u{11a89}\\u{113d1}\\u{11d46}\\u{11f02}\\u{16d63}\\u{16d67}-\\u{16d6a}]";

/**
 * Code points that never join a neighbour (test/model/width.test.ts checks each against
 * JOINING_SOURCE on the Node that runs the tests): NARROW's, CJK ideographs, kana, Hangul
 * syllables, fullwidth forms and the emoji blocks (without the skin tones). A string of only these
 * needs no look at JOINING_SOURCE's expression, whose \p{…} classes V8 builds from ICU's tables
 * when it first compiles it (~0.1 ms to create, ~0.4 ms the first test): the demo's 🧪 and 推理服务
 * in a --once table paid that on every run. With ESC and CSI too: the colour codes in the lines Ink tokenises.
 */
export const NEVER_JOINS = `${NARROW_RANGES}\\u3000-\\u3029\\u3041-\\u3096\\u30a1-\\u30fa\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7a3\\uff01-\\uff60\\u{1f300}-\\u{1f3fa}\\u{1f400}-\\u{1f64f}\\u{1f680}-\\u{1f6ff}\\u{1f900}-\\u{1f9ff}\\u{1fa70}-\\u{1faff}`;
const NO_JOINING = new RegExp(`^[${NEVER_JOINS}]*$`, "u");
const NO_JOINING_BESIDE_ESCAPES = new RegExp(`^[\\x1b\\x9b${NEVER_JOINS}]*$`, "u");

/** A test for joining code points: the quick set first, the \p{…} expression made when first needed. */
function joiningTest(quick: RegExp, source: string): (s: string) => boolean {
  let full: RegExp | undefined;
  return (s) => {
    if (quick.test(s)) return false;
    full ??= new RegExp(source, "u");
    return full.test(s);
  };
}

/** Whether some code point of `s` may join a neighbour or is zero-width. */
export const mayJoin = joiningTest(NO_JOINING, JOINING_SOURCE);

/**
 * As mayJoin, but with the escape characters that start colour codes (ESC, CSI) left out: each
 * is a cluster of its own, and a line Ink tokenises is full of them.
 */
const mayJoinBesideEscapes = joiningTest(
  NO_JOINING_BESIDE_ESCAPES,
  JOINING_SOURCE.replace("\\p{Control}", "\\x00-\\x1a\\x1c-\\x1f\\x7f-\\x9a\\x9c-\\x9f"),
);

const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;
const NARROW_EAW = { ambiguousAsWide: false };

export interface WidthOptions {
  ambiguousIsNarrow?: boolean;
  countAnsiEscapeCodes?: boolean;
}

/** string-width's answer for `s` (same options), in cells. */
export function displayWidth(s: string, options?: WidthOptions): number {
  if (typeof s !== "string" || s.length === 0) return 0;
  // string-width's own defaults, read its way: any falsy ambiguousIsNarrow but undefined counts.
  if (
    options &&
    ((options.ambiguousIsNarrow !== undefined && !options.ambiguousIsNarrow) || options.countAnsiEscapeCodes)
  )
    return stringWidth(s, options);
  if (NARROW.test(s)) return s.length;
  if (s.includes("\x1b") || s.includes("\x9b")) {
    const plain = stripAnsi(s);
    // Stripped once, as string-width does: what is left of a broken sequence is measured as is.
    return NARROW.test(plain) ? plain.length : widthOfPlain(plain, true);
  }
  return widthOfPlain(s, false);
}

function widthOfPlain(s: string, stripped: boolean): number {
  if (mayJoin(s)) return stringWidth(s, stripped ? { countAnsiEscapeCodes: true } : undefined);
  let width = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x7f) width += 1;
    else if (cp >= 0x2300 && EMOJI_PRESENTATION.test(ch)) width += 2;
    else width += eastAsianWidth(cp, NARROW_EAW);
  }
  return width;
}

let segmenter: Intl.Segmenter | undefined;

/** The grapheme clusters of `s`: its code points, unless some of them can join. */
export function graphemes(s: string): Iterable<string> {
  if (!mayJoin(s)) return s;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return Array.from(segmenter.segment(s), (g) => g.segment);
}

/** How far before a cut clusterCut looks for a cluster's start: longer clusters are rare. */
const CUT_LOOK = 32;

/**
 * Where to cut `s` to at most `n` UTF-16 units: at a grapheme cluster's boundary, so that an emoji
 * sequence (👩‍💻, 🏳️‍🌈), a flag or a letter with its marks is kept whole or left out whole, never
 * half. The fast path: where neither of the code points beside the cut can join, the cut is a
 * boundary (no segmenter). Else only the text near the cut goes to the segmenter. A cluster longer
 * than the look (a run of 100 combining marks) is cut where it must be, between code points.
 */
export function clusterCut(s: string, n: number): number {
  if (s.length <= n) return s.length;
  if (n <= 0) return 0;
  const at = isHigh(s.charCodeAt(n - 1)) ? n - 1 : n; // never between a surrogate pair's halves
  // The two code points on each side of the cut (a ZWJ sequence joins across ZWJ + emoji).
  let from = Math.max(0, at - 4);
  if (from > 0 && isHigh(s.charCodeAt(from - 1))) from--;
  const to = Math.min(s.length, at + (isHigh(s.charCodeAt(at + 1)) ? 5 : 4));
  if (!mayJoin(s.slice(from, to))) return at;
  // The cluster that holds the code point at the cut starts at the cut, or before: cut there.
  from = Math.max(0, at - CUT_LOOK);
  if (from > 0 && isHigh(s.charCodeAt(from - 1))) from--;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const start = segmenter.segment(s.slice(from, at + 2)).containing(at - from)?.index ?? at - from;
  // A cluster longer than the look (its start unseen) is cut at the code point.
  return start > 0 || from === 0 ? from + start : at;
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;

/**
 * The grapheme clusters of `s` with where each starts, as Intl.Segmenter gives them, for Ink's
 * tokenizer (scripts/patches/ansi-tokenize-without-segmenter.js): its code points, unless some
 * of them can join. The segmenter costs ~14 ms to make (ICU's data) and ICU per character
 * after; most lines need neither.
 */
export function segments(s: string): { segment: string; index: number }[] {
  if (mayJoinBesideEscapes(s)) {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
    return Array.from(segmenter.segment(s), ({ segment, index }) => ({ segment, index }));
  }
  const out: { segment: string; index: number }[] = [];
  for (let i = 0; i < s.length; ) {
    const n = (s.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    out.push({ segment: s.slice(i, i + n), index: i });
    i += n;
  }
  return out;
}

/** Drop-in for string-width's default export, for the modules of Ink that import it. */
export default displayWidth;
