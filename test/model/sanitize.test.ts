import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitize } from "../../src/model/sanitize.js";

const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("sanitize", () => {
  it("leaves ordinary text, CJK and emoji untouched (same string)", () => {
    for (const s of ["train run", "训练-大模型 🚀", "データ前処理", "👩‍👩‍👧 family", ""])
      expect(sanitize(s)).toBe(s);
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

  it("never deletes: every input character is still represented", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary-ascii" }), (s) => {
        expect(sanitize(s).length).toBeGreaterThanOrEqual(s.length);
      }),
    );
  });
});
