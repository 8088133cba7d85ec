// src/render/ reads no clock: its builders take "now" as an argument (wall seconds for ages, wall
// ms for the index's age, monotonic ms for highlights), so the same input draws the same text, the
// first frame and Ink's frame agree to the cell, and a test fixes the time by passing it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** What reads a clock in TypeScript source: Date.now(), new Date() without an argument, Date(), performance.now(), process.hrtime, our monotonicMs. */
const CLOCKS: readonly [RegExp, string][] = [
  [/\bDate\.now\s*\(/, "Date.now()"],
  [/\bnew\s+Date\s*\(\s*\)/, "new Date()"],
  [/(?<!new\s+)(?<![.\w])Date\s*\(\s*\)/, "Date()"],
  [/\bperformance\s*\.\s*now\b/, "performance.now()"],
  [/\bprocess\s*\.\s*hrtime\b/, "process.hrtime"],
  [/\bmonotonicMs\b/, "monotonicMs"],
  [/\bmodel\/monotonic(\.js)?["']/, "model/monotonic.js"],
];

function files(rel: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
    const p = `${rel}/${e.name}`;
    if (e.isDirectory()) for (const f of files(p)) out.push(f);
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Each clock read in `text`, as "file:line: what" (comments are prose and do not count). */
function clockReads(file: string, text: string): string[] {
  const out: string[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const code = (lines[i] as string).replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "");
    for (const [re, what] of CLOCKS) if (re.test(code)) out.push(`${file}:${i + 1}: ${what}`);
  }
  return out;
}

describe("src/render/", () => {
  it("finds each kind of clock read (the check itself)", () => {
    const sample = [
      "const a = Date.now();",
      "const b = new Date();",
      "const c = performance.now();",
      'import { monotonicMs } from "../model/monotonic.js";',
      "const d = process.hrtime();",
      "const e = new Date(ms); // a time given: no clock",
      "// Date.now() in a comment is prose",
    ].join("\n");
    expect(clockReads("x.ts", sample)).toEqual([
      "x.ts:1: Date.now()",
      "x.ts:2: new Date()",
      "x.ts:3: performance.now()",
      "x.ts:4: monotonicMs",
      "x.ts:4: model/monotonic.js",
      "x.ts:5: process.hrtime",
    ]);
  });

  it("reads no clock: now is an argument", () => {
    const all = files("src/render");
    expect(all.length).toBeGreaterThan(10);
    const reads = all.flatMap((f) => clockReads(f, readFileSync(join(ROOT, f), "utf8")));
    expect(reads).toEqual([]);
  });
});
