// One paint (src/render/paint.ts) for the first frame and the commands for scripts, with the bytes
// each wrote before: "nested" is chalk's, which Ink paints with (the first frame overwrites
// nothing Ink would not, cell for cell); "reset" is what --once and get always wrote.
import { Chalk } from "chalk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { paint, type Styled } from "../../src/render/paint.js";

const COLORS = ["red", "green", "yellow", "blue", "magenta", "cyan", "gray", "white", "black", "redBright"];

const styled = fc.record(
  {
    text: fc.oneof(
      fc.string(),
      fc.constantFrom(
        "",
        "a\nb",
        "a\r\nb\n",
        "x\x1b[22my",
        "\x1b[39m\x1b[27m",
        "\x1b]8;;https://x\x1b\\x\x1b]8;;\x1b\\",
      ),
      fc
        .array(fc.constantFrom("a", "\n", "\x1b[22m", "\x1b[39m", "\x1b[27m", "é", "中", "\r"))
        .map((a) => a.join("")),
    ),
    color: fc.constantFrom(...COLORS),
    bold: fc.boolean(),
    dim: fc.boolean(),
    inverse: fc.boolean(),
  },
  { requiredKeys: ["text"] },
);

/** As src/render/first-frame.ts painted with chalk before: dim, colour, bold, inverse. */
function chalkPaint(chalk: InstanceType<typeof Chalk>, s: Styled): string {
  let t = s.text;
  if (t === "") return t;
  if (s.dim) t = chalk.dim(t);
  if (s.color) t = (chalk as unknown as Record<string, (x: string) => string>)[s.color]?.(t) ?? t;
  if (s.bold) t = chalk.bold(t);
  if (s.inverse) t = chalk.inverse(t);
  return t;
}

/** As src/modes/once.ts painted before. */
const ANSI: Record<string, string> = {
  gray: "90",
  yellow: "33",
  green: "32",
  blue: "34",
  magenta: "35",
  red: "31",
  cyan: "36",
};
function oncePaint(text: string, color: string, bold = false): string {
  const codes = [bold ? "1" : "", ANSI[color] ?? ""].filter(Boolean).join(";");
  return codes ? `\x1b[${codes}m${text}\x1b[0m` : text;
}

describe("paint", () => {
  it('"nested" writes chalk\'s bytes, at each colour level', () => {
    for (const level of [1, 2, 3] as const) {
      const chalk = new Chalk({ level });
      fc.assert(
        fc.property(styled, (s) => {
          expect(paint(s, "nested")).toBe(chalkPaint(chalk, s));
        }),
        { numRuns: 500 },
      );
    }
  });

  it('"reset" writes what --once and get wrote, for every colour they use', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom("", ...Object.keys(ANSI)),
        fc.boolean(),
        (text, color, bold) => {
          expect(paint({ text, color: color || undefined, bold }, "reset")).toBe(
            oncePaint(text, color, bold),
          );
        },
      ),
      { numRuns: 500 },
    );
    expect(paint({ text: "● running", color: "green" }, "reset")).toBe("\x1b[32m● running\x1b[0m");
    expect(paint({ text: "Job 5", bold: true, color: "cyan" }, "reset")).toBe("\x1b[1;36mJob 5\x1b[0m");
  });
});
