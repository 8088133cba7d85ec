import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isClean, sanitize } from "../../src/model/sanitize.js";

/**
 * What a terminal must never get from the service: controls, bidi controls, invisible characters
 * and line/paragraph separators; a ZWJ only between two pictographs (an emoji sequence's, after
 * the first one's variation selectors, skin tones or tags: Unicode's rule GB11).
 */
const FORBIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200c\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff]|(?<!\p{Extended_Pictographic}[\u{1f3fb}-\u{1f3ff}\ufe0e\ufe0f\u{e0020}-\u{e007f}]*)\u200d|\u200d(?!\p{Extended_Pictographic})/u;

describe("sanitize", () => {
  it("leaves ordinary text, CJK and emoji untouched (same string)", () => {
    for (const s of ["train run", "训练-大模型 🚀", "データ前処理", "👩‍👩‍👧 family", ""])
      expect(sanitize(s)).toBe(s);
  });

  it("keeps the ZWJ of emoji sequences: skin tones, variation selectors, flags", () => {
    for (const s of ["👩🏽‍💻 dev", "🏳️‍🌈", "🏴‍☠️ x", "❤️‍🔥", "🧑‍🤝‍🧑"]) {
      expect(sanitize(s)).toBe(s);
      expect(isClean(s)).toBe(true);
    }
  });

  it.each([
    ["\u001b[2J", "^[[2J"],
    ["\u001b]52;c;aGFjaw==\u0007", "^[]52;c;aGFjaw==^G"],
    ["\u001b]0;title\u001b\\", "^[]0;title^[\\"],
    ["\u001bP+q\u001b\\", "^[P+q^[\\"],
    ["a\rb", "a^Mb"],
    ["a\bb", "a^Hb"],
    ["a\u0007", "a^G"],
    ["x\u007fy", "x^?y"],
    ["\u009b31m", "<U+009B>31m"],
    ["\u009d52;c;x", "<U+009D>52;c;x"],
    ["abc\u202egnp.exe", "abc<U+202E>gnp.exe"],
    ["\u2066iso\u2069", "<U+2066>iso<U+2069>"],
    ["line1\nline2", "line1^Jline2"],
    ["\ud800x", "\ufffdx"],
    // zero-width characters: they make "prod" and "pro\u200bd" look the same
    ["pro\u200bd", "pro<U+200B>d"],
    ["a\u200cb\u2060c\ufeffd", "a<U+200C>b<U+2060>c<U+FEFF>d"],
    // a ZWJ that joins no emoji: alone, between letters, before or after one emoji only
    ["a\u200db", "a<U+200D>b"],
    ["\u200d", "<U+200D>"],
    ["🚀\u200dx", "🚀<U+200D>x"],
    ["x\u200d🚀", "x<U+200D>🚀"],
    ["\ufe0f\u200d🚀", "\ufe0f<U+200D>🚀"],
    // line and paragraph separators: some terminals break the line there
    ["line1\u2028line2\u2029", "line1<U+2028>line2<U+2029>"],
    // the bidi marks and the Arabic letter mark, invisible operators
    ["a\u200e\u200f\u061cb\u2062", "a<U+200E><U+200F><U+061C>b<U+2062>"],
    // a tab is a space in one line
    ["a\tb", "a b"],
  ])("escapes %j visibly", (input, expected) => {
    expect(sanitize(input)).toBe(expected);
  });

  it("keeps newlines in multiline mode and still escapes the rest", () => {
    expect(sanitize("a\nb\u001b[1m\tc", { multiline: true })).toBe("a\nb^[[1m  c");
  });

  it("never lets a forbidden character through, for any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        expect(sanitize(s)).not.toMatch(FORBIDDEN);
      }),
      { numRuns: 2000 },
    );
  });

  it("lets no invisible character through, however emoji and joiners are mixed", () => {
    const piece = fc.constantFrom(
      "\u200d",
      "\u200b",
      "\u200c",
      "\u2060",
      "\ufeff",
      "\u2028",
      "\ufe0f",
      "🏽",
      "👩",
      "💻",
      "🏳",
      "a",
      "\t",
      "\ud83d",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const s = parts.join("");
        expect(sanitize(s)).not.toMatch(FORBIDDEN);
        expect(isClean(s)).toBe(sanitize(s) === s);
      }),
      { numRuns: 5000 },
    );
  });

  it("is clean exactly when it changes nothing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        expect(isClean(s)).toBe(sanitize(s) === s);
      }),
      { numRuns: 2000 },
    );
    for (const s of ["a\u200bb", "a\u200db", "🚀\u200d", "a\u2028", "\ufeff"])
      expect(isClean(s), s).toBe(false);
  });

  it("never deletes: every input character is still represented", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary-ascii" }), (s) => {
        expect(sanitize(s).length).toBeGreaterThanOrEqual(s.length);
      }),
    );
  });
});
