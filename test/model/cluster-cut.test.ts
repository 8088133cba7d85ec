// Text cut to a length or a width is cut between grapheme clusters (issue 29): a label, a profile's
// name or a value holding 👨‍👩‍👧‍👦, 🏳️‍🌈, a flag or a letter with its marks keeps it whole or leaves it
// out whole, never half of it followed by "…". clusterCut (src/model/width.ts) and every cut that
// uses it: the notifications, the terminal's title, the detail's compact JSON and long fields, the
// config's messages.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clean } from "../../src/config/checks.js";
import { compactJson } from "../../src/model/compact-json.js";
import { excerpt } from "../../src/model/excerpt.js";
import { titleText } from "../../src/model/title-text.js";
import { clusterCut, displayWidth } from "../../src/model/width.js";
import { notifyText } from "../../src/terminal/notify.js";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const clusters = (s: string) => Array.from(segmenter.segment(s), (g) => g.segment);

/** `cut` (without its "…") is the first clusters of `whole`, each whole. */
function keepsClusters(cut: string, whole: string): void {
  const got = clusters(cut.replace(/…$/, ""));
  expect(got, JSON.stringify({ cut, whole })).toEqual(clusters(whole).slice(0, got.length));
}

const FAMILY = "👨‍👩‍👧‍👦"; // 4 emoji joined by 3 ZWJ: 11 UTF-16 units, 7 code points, one cluster
const PIECES = [
  FAMILY,
  "👩‍💻",
  "🏳️‍🌈",
  "🇯🇵",
  "👍🏽",
  "e\u0301",
  "\u1100\u1161\u11a8",
  "क्ष",
  "1️⃣",
  "a",
  "b",
  " ",
  "中",
  "…",
];

describe("clusterCut", () => {
  it("cuts at a cluster's boundary, at most n units, as far as whole clusters go", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), fc.nat(80), (parts, n) => {
        const s = parts.join("");
        const at = clusterCut(s, n);
        expect(at).toBeLessThanOrEqual(Math.max(0, n));
        keepsClusters(s.slice(0, at), s);
        // No whole cluster more would fit.
        const next = clusters(s.slice(at))[0];
        if (next !== undefined) expect(at + next.length).toBeGreaterThan(n);
      }),
      { numRuns: 2000 },
    );
  });

  it("cuts plain text where asked, and a cluster longer than it looks at between code points", () => {
    expect(clusterCut("abcdef", 3)).toBe(3);
    expect(clusterCut("abc", 10)).toBe(3);
    expect(clusterCut(`a${FAMILY}`, 5)).toBe(1);
    expect(clusterCut(`${FAMILY}b`, 5)).toBe(0);
    const zalgo = `a${"\u0301".repeat(500)}`;
    expect(clusterCut(zalgo, 300)).toBe(300);
    // A surrogate pair is never split, even there.
    expect(clusterCut(`${"\u0301".repeat(200)}${"🚀".repeat(10)}`, 201)).toBe(200);
  });
});

describe("the cuts that use it", () => {
  it("a notification with a ZWJ emoji in its label", () => {
    const text = `jb25w8: running → ${FAMILY} stopped`;
    for (let max = 18; max <= 24; max++) {
      const t = notifyText(text, max);
      expect(displayWidth(t)).toBeLessThanOrEqual(max);
      keepsClusters(t, text);
    }
    // Rockets are two cells: 4 and the "…" in 10.
    expect(notifyText("🚀".repeat(200), 10)).toBe("🚀🚀🚀🚀…");
  });

  it("the terminal's title with a ZWJ emoji in the profile's name", () => {
    const where = `${"w".repeat(69)}${FAMILY}${"x".repeat(20)}`;
    const t = titleText({ where, running: undefined, unseen: 0, paused: false, offline: false });
    expect(displayWidth(t)).toBeLessThanOrEqual(80);
    keepsClusters(t, `jobtop · ${where}`);
  });

  const text = `abcd${FAMILY}🏳️‍🌈${FAMILY}`;
  it("a value of the detail's compact JSON", () => {
    const value = { k: text };
    for (let max = 8; max <= 30; max++) keepsClusters(compactJson(value, max), JSON.stringify(value));
  });

  it("a long field of the detail, cut to its cap before it is wrapped", () => {
    for (let max = 5; max <= 30; max++)
      keepsClusters(excerpt(text, 80, { rows: 5, chars: max }).rows.join(""), text);
  });

  it("a config value in a message", () => {
    for (let max = 5; max <= 30; max++) keepsClusters(clean(text, max), text);
  });
});
