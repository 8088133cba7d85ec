// Capping service-sized text, comparing jobs by content, and the tail of a long state.log.
import { describe, expect, it } from "vitest";
import type { LogEntry } from "../../src/api/schema.js";
import { countParts, cutIndex, excerpt } from "../../src/model/excerpt.js";
import { displayWidth, formatCount } from "../../src/model/format.js";
import { sameJson } from "../../src/model/same.js";
import { lastEntries } from "../../src/model/timeline.js";

describe("excerpt", () => {
  it("shows a short text whole, with no note", () => {
    expect(excerpt("a\nb", 10, { rows: 5, chars: 100 })).toEqual({ rows: ["a", "b"], note: undefined });
    expect(excerpt("a\n", 10, { rows: 5, chars: 100 })).toEqual({ rows: ["a"], note: undefined });
    expect(excerpt("a\n\nb", 10, { rows: 3, chars: 100 })).toEqual({ rows: ["a", "", "b"], note: undefined });
    expect(excerpt("", 10, { rows: 5, chars: 100 })).toEqual({ rows: [], note: undefined });
  });

  it("counts the lines left out by the row cap", () => {
    expect(excerpt("a\nb\nc\nd\n", 10, { rows: 2, chars: 100 })).toEqual({
      rows: ["a", "b"],
      note: "… 2 more lines",
    });
    expect(excerpt("a\nb\nc", 10, { rows: 2, chars: 100 }).note).toBe("… 1 more line");
  });

  it("cuts a wrapped line at the row cap and marks it", () => {
    const e = excerpt("aaaa bbbb cccc dddd\nnext", 4, { rows: 2, chars: 100 });
    expect(e.rows).toEqual(["aaaa", "bbb…"]);
    expect(e.note).toBe("… 1 more line");
  });

  it("looks at no more than the character cap, and says how long the line was", () => {
    const e = excerpt("x".repeat(10_000_000), 50, { rows: 40, chars: 120 });
    expect(e.rows).toEqual(["x".repeat(50), "x".repeat(50), `${"x".repeat(20)}…`]);
    expect(e.note).toBe("… 10 000 000 characters in all");
  });

  it("counts every line of a 10 MB text it does not show", () => {
    const text = "lorem ipsum dolor sit amet\n".repeat(400_000);
    const e = excerpt(text, 60, { rows: 40, chars: 4000 });
    expect(e.rows).toHaveLength(40);
    expect(e.note).toBe(`… ${formatCount(400_000 - 40)} more lines`);
  });

  it("stops at the character cap between lines too", () => {
    const e = excerpt("abc\ndef\nghi", 10, { rows: 10, chars: 4 });
    expect(e).toEqual({ rows: ["abc"], note: "… 2 more lines" });
  });

  it("keeps every row within the width, sanitised, with wide characters and escapes", () => {
    const text = `训练大模型🚀${"\x1b]52;c;AAAA\x07"}\t${"宽".repeat(300)}\n`.repeat(50);
    const e = excerpt(text, 9, { rows: 30, chars: 2000 });
    for (const r of e.rows) {
      expect(displayWidth(r)).toBeLessThanOrEqual(9);
      expect(r).not.toMatch(/[\u0000-\u001f\u007f]/);
    }
  });

  it("shows a tab as spaces to the next stop of 4 cells, counted from the line's start as shown", () => {
    const rows = (t: string) => excerpt(t, 40, { rows: 10, chars: 1000 }).rows;
    expect(rows("a\tb\n\tx\nabcd\te\nab\tc\td")).toEqual(["a   b", "    x", "abcd    e", "ab  c   d"]);
    // Wide characters take two cells, an escape its two characters: the stop stays a stop.
    expect(rows("训\tx\n\x1b\tx\n👩‍💻\tx")).toEqual(["训  x", "^[  x", "👩‍💻  x"]);
    expect(rows("col1\tcol2\n1\t2")).toEqual(["col1    col2", "1   2"]);
    for (const r of rows("a\t\tb\tc")) expect(r).not.toContain("^I");
  });

  it("never cuts a surrogate pair in two", () => {
    const s = `a${"🚀".repeat(10)}`;
    expect(cutIndex(s, 2)).toBe(1);
    expect(cutIndex(s, 3)).toBe(3);
    expect(excerpt(s, 20, { rows: 1, chars: 4 }).rows[0]).toBe("a🚀…");
  });
});

describe("countParts", () => {
  it("counts non-blank parts as parseEnvs keeps them", () => {
    expect(countParts("A=1;B=2", ";")).toBe(2);
    expect(countParts("A=1;;  ;B=2;", ";")).toBe(2);
    expect(countParts("", ";")).toBe(0);
    expect(countParts("A=1;B=2;C=3", ";", 4)).toBe(2);
  });
});

describe("sameJson", () => {
  it("compares by content, not identity", () => {
    const a = { x: [1, { y: "z" }], n: null, s: "é" };
    expect(sameJson(a, structuredClone(a))).toBe(true);
    expect(sameJson(a, { ...a, s: "e" })).toBe(false);
    expect(sameJson(a, { ...a, x: [1, { y: "z", extra: 1 }] })).toBe(false);
    expect(sameJson({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });

  it("sees one changed character in the middle of 10 MB, and survives any nesting", () => {
    const big = "x".repeat(10_000_000);
    const other = `${big.slice(0, 5_000_000)}y${big.slice(5_000_001)}`;
    expect(sameJson({ d: big }, { d: `${big}` })).toBe(true);
    expect(sameJson({ d: big }, { d: other })).toBe(false);
    let deep: unknown = 1;
    let deep2: unknown = 1;
    for (let i = 0; i < 200_000; i++) {
      deep = [deep];
      deep2 = [deep2];
    }
    expect(sameJson(deep, deep2)).toBe(true);
  });
});

describe("lastEntries", () => {
  const entry = (id: number): LogEntry => ({ id: String(id), status: 2, ts: { seconds: id }, sourceId: "1" });

  it("takes the newest entries of a 150 000-entry log and counts the rest", () => {
    const log: LogEntry[] = [];
    for (let i = 1; i <= 150_000; i++) log.push(entry(i));
    const { entries, earlier } = lastEntries(log, 50);
    expect(earlier).toBe(149_950);
    expect(entries.map((e) => e.id)).toEqual(Array.from({ length: 50 }, (_, i) => String(149_951 + i)));
  });

  it("orders a log that came out of order, and keeps a short one whole", () => {
    expect(lastEntries([entry(3), entry(1), entry(2)], 2).entries.map((e) => e.id)).toEqual(["2", "3"]);
    expect(lastEntries([entry(1)], 50)).toEqual({ entries: [entry(1)], earlier: 0 });
    expect(lastEntries([], 50)).toEqual({ entries: [], earlier: 0 });
  });
});
