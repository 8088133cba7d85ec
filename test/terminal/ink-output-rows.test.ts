// The bundle composes Ink's frames row by row and reuses unchanged rows (scripts/ink-output-rows.js
// in place of Ink's Output.get). Checked against Ink's own Output.get on arbitrary frames: writes
// anywhere (overlapping, past the edges, several lines), styled and wide text, clips, and
// transformers, frame after frame, so that rows reused from the previous frame are checked too.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import Output from "../../node_modules/ink/build/output.js";
// @ts-expect-error: a plain-JS build helper, bundled in place of Ink's Output.get
import { composeOutput } from "../../scripts/ink-output-rows.js";

// Counts the style diffs the row builder asks for, and its calls to the package's own
// styledCharsToString, which diffs every cell (Ink's own Output, outside the project, keeps the
// real module).
const diffs = vi.hoisted(() => ({ count: 0, whole: 0 }));
vi.mock("@alcalzone/ansi-tokenize", async (importOriginal) => {
  const real = await importOriginal<typeof import("@alcalzone/ansi-tokenize")>();
  return {
    ...real,
    diffAnsiCodes: (...args: Parameters<typeof real.diffAnsiCodes>) => {
      diffs.count++;
      return real.diffAnsiCodes(...args);
    },
    styledCharsToString: (...args: Parameters<typeof real.styledCharsToString>) => {
      diffs.whole++;
      return real.styledCharsToString(...args);
    },
  };
});

const piece = fc.constantFrom(
  "job",
  " ",
  "● ok 3s ago",
  "● ok 4s ago",
  "\u001b[32m",
  "\u001b[39m",
  "\u001b[1m",
  "\u001b[22m",
  "\u001b[7m",
  "\u001b[27m",
  "推理服务",
  "🧪",
  "👩‍🔬",
  "é",
  "│",
  "\n",
);
const text = fc.array(piece, { minLength: 1, maxLength: 8 }).map((p) => p.join(""));
const transformers = [
  (s: string) => `\u001b[2m${s}\u001b[22m`,
  (s: string, i: number) => (i % 2 ? s.toUpperCase() : s),
];
const op = fc.oneof(
  {
    arbitrary: fc.record({
      type: fc.constant("write" as const),
      x: fc.integer({ min: 0, max: 24 }),
      y: fc.integer({ min: 0, max: 7 }),
      text,
      t: fc.subarray([0, 1]),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("clip" as const),
      x1: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
      x2: fc.option(fc.integer({ min: 5, max: 25 }), { nil: undefined }),
      y1: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      y2: fc.option(fc.integer({ min: 2, max: 8 }), { nil: undefined }),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ type: "unclip" as const }), weight: 1 },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function frame(ops: Op[], width: number, height: number) {
  const o = new Output({ width, height });
  for (const p of ops) {
    if (p.type === "write")
      o.write(p.x, p.y, p.text, {
        transformers: p.t.map((i) => transformers[i] as (typeof transformers)[0]),
      });
    else if (p.type === "clip") o.clip({ x1: p.x1, x2: p.x2, y1: p.y1, y2: p.y2 });
    else o.unclip();
  }
  return o;
}

describe("the row-by-row Output.get", () => {
  it("gives Ink's own output, frame after frame", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(op, { maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 6 }),
        (frames, width, height) => {
          for (const ops of frames) {
            // A frame then a small change of it: the rows that stayed come from the previous one.
            for (const f of [ops, ops.slice(0, -1)]) {
              expect(composeOutput(frame(f, width, height))).toEqual(frame(f, width, height).get());
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("a row that did not change stays as it was beside one that did", () => {
    const screen = (age: string) =>
      frame(
        [
          { type: "write", x: 0, y: 0, text: `jobtop · ● ok ${age} ago`, t: [] },
          { type: "write", x: 0, y: 1, text: "\u001b[32m● running\u001b[39m job-1", t: [0] },
        ],
        40,
        2,
      );
    const a = composeOutput(screen("3s")).output.split("\n");
    const b = composeOutput(screen("4s")).output.split("\n");
    expect(b[0]).toContain("4s ago");
    expect(b[1]).toBe(a[1]);
  });

  // A row's string used to diff the styles of every cell against the one before it (three Sets
  // and four arrays a cell): a third of all the monitor allocated under changing data. Cells
  // styled alike now add nothing; only where the style changes is there a diff.
  it("diffs styles only where they change along a row", () => {
    const row = `\u001b[32m${"x".repeat(100)}\u001b[39m${"y".repeat(50)}\u001b[1m${"z".repeat(30)}\u001b[22m`;
    const f = () => frame([{ type: "write", x: 0, y: 0, text: row, t: [] }], 200, 1);
    diffs.count = 0;
    diffs.whole = 0;
    const ours = composeOutput(f());
    expect(ours).toEqual(f().get());
    expect(diffs.count).toBeLessThanOrEqual(4);
    expect(diffs.whole).toBe(0);
  });
});
