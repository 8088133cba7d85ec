import fc from "fast-check";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import {
  displayWidth,
  graphemes,
  JOINING_SOURCE,
  mayJoin,
  NEVER_JOINS,
  segments,
} from "../../src/model/width.js";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

// Pieces that stress clustering: emoji sequences, flags, skin tones, keycaps, combining
// marks, Hangul jamo, Thai, Indic prepend, controls, colour codes, and plain wide text.
const pieces = [
  "a",
  "Z",
  " ",
  "·",
  "…",
  "训",
  "データ",
  "🚀",
  "🧪",
  "👩‍💻",
  "👨‍👩‍👧",
  "🇯🇵",
  "🇫",
  "👍🏽",
  "🏽",
  "1️⃣",
  "#⃣",
  "☺",
  "☺️",
  "e\u0301",
  "\u0301",
  "\u200d",
  "\ufe0f",
  "\u1100\u1161\u11a8",
  "\u1161",
  "한",
  "ำ",
  "\u0600",
  "\t",
  "\n",
  "\r\n",
  "\x7f",
  "\x1b[31m",
  "\x1b[0m",
  "\x1b]8;;http://x\x07",
  "\u00ad",
  "ｱ",
  "\uff9e",
  "Ω",
  "\ud800",
  "\x1b",
  "[31m",
  "\u{16d63}",
  "\u{16d67}",
];
const text = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((a) => a.join(""));

describe("mayJoin", () => {
  it("takes no code point of its quick set for one that may join, on this Node's Unicode", () => {
    // The quick set (CJK, kana, Hangul syllables, the emoji blocks…) decides without the \p{…}
    // regular expression: a code point in both would be measured without string-width.
    const quick = new RegExp(`^[${NEVER_JOINS}]$`, "u");
    const joining = new RegExp(JOINING_SOURCE, "u");
    const both: string[] = [];
    let inQuick = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const ch = String.fromCodePoint(cp);
      if (!quick.test(ch)) continue;
      inQuick++;
      if (joining.test(ch)) both.push(`U+${cp.toString(16)}`);
    }
    expect(both).toEqual([]);
    expect(inQuick).toBeGreaterThan(40_000); // the CJK blocks are in it
    // And a string of them, or with one that joins among them:
    expect(mayJoin("推理服务 🧪 ablation")).toBe(false);
    expect(mayJoin("👍🏽")).toBe(true);
    expect(mayJoin("e\u0301")).toBe(true);
    expect(mayJoin("한\u11a8")).toBe(true);
    expect(mayJoin("\x1b[31m")).toBe(true);
  });
});

describe("displayWidth", () => {
  it("gives string-width's width for every Unicode code point, alone and between others", () => {
    const wrong: string[] = [];
    // Planes 4 to 13 hold no characters (yet): one code point in 61 of them is enough.
    for (let cp = 0; cp <= 0x10ffff; cp += cp >= 0x40000 && cp < 0xe0000 ? 61 : 1) {
      const ch = String.fromCodePoint(cp);
      const want = stringWidth(ch);
      if (displayWidth(ch) !== want || displayWidth(`a${ch}·`) !== stringWidth(`a${ch}·`))
        wrong.push(`U+${cp.toString(16)}: ${displayWidth(ch)} ≠ ${want}`);
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  }, 90_000); // 1.1 M code points, each measured three ways: ~11 s on a quiet machine, 35 s seen under load

  it("gives string-width's width for strings mixing every kind of cluster", () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(displayWidth(s)).toBe(stringWidth(s));
      }),
      { numRuns: 5000 },
    );
  });

  it("gives string-width's width for every character doubled, and after a Hangul syllable", () => {
    // Pairs that can form one cluster (Kirat Rai vowel signs, new in Unicode 16, join each other
    // and Hangul syllables), in the planes that hold letters.
    const wrong: string[] = [];
    for (let cp = 0; cp < 0x20000; cp++) {
      const ch = String.fromCodePoint(cp);
      for (const s of [ch + ch, `가${ch}`])
        if (displayWidth(s) !== stringWidth(s)) wrong.push(`U+${cp.toString(16)}: ${JSON.stringify(s)}`);
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it("passes string-width's options through", () => {
    for (const o of [
      { ambiguousIsNarrow: null },
      { ambiguousIsNarrow: 0 },
      { countAnsiEscapeCodes: 1 },
    ] as const)
      for (const s of ["±", "\x1b[31mab±"])
        expect(displayWidth(s, o as never)).toBe(stringWidth(s, o as never));
    expect(displayWidth("±", { ambiguousIsNarrow: false })).toBe(
      stringWidth("±", { ambiguousIsNarrow: false }),
    );
    expect(displayWidth("\x1b[31mab", { countAnsiEscapeCodes: true })).toBe(
      stringWidth("\x1b[31mab", { countAnsiEscapeCodes: true }),
    );
    expect(displayWidth("")).toBe(0);
  });
});

describe("graphemes", () => {
  it("splits like Intl.Segmenter", () => {
    fc.assert(
      fc.property(text, (s) => {
        expect([...graphemes(s)]).toEqual(Array.from(segmenter.segment(s), (g) => g.segment));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("segments", () => {
  const real = (s: string) => Array.from(segmenter.segment(s), ({ segment, index }) => ({ segment, index }));
  it("splits like Intl.Segmenter, with the same indices", () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(segments(s)).toEqual(real(s));
      }),
      { numRuns: 5000 },
    );
  });
  it("splits every code point like Intl.Segmenter, alone, doubled and after an escape", () => {
    // Every code point of the first four planes; beyond them, unassigned but for a few blocks.
    for (let cp = 0; cp <= 0x10ffff; cp += cp < 0x40000 ? 1 : 0x101) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      const s = `${c}${c}\x1b[1m${c}a`;
      expect(segments(s)).toEqual(real(s));
    }
  }, 120_000);
});
