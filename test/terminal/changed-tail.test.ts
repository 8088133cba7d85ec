// The renderer patch that rewrites a changed line from its first changed cell, checked in a real
// terminal emulator: for arbitrary styled lines, drawing the old line and then the patch leaves
// exactly the cells (characters and styles) that drawing the new line whole would.
import unicode11 from "@xterm/addon-unicode11";
import xterm from "@xterm/headless";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JS build helper, bundled into Ink's log-update.js
import { changedTail } from "../../scripts/changed-tail.js";

const COLS = 60;

function terminal() {
  const t = new xterm.Terminal({ cols: COLS, rows: 2, allowProposedApi: true, scrollback: 0 });
  t.loadAddon(new unicode11.Unicode11Addon());
  t.unicode.activeVersion = "11";
  return t;
}

/** Every cell of row 0: its characters, width, colours and attributes. */
function cells(t: xterm.Terminal): string[] {
  const line = t.buffer.active.getLine(0);
  const cell = t.buffer.active.getNullCell();
  const out: string[] = [];
  for (let x = 0; x < COLS; x++) {
    line?.getCell(x, cell);
    out.push(
      [
        cell.getChars(),
        cell.getWidth(),
        cell.getFgColor(),
        cell.getBgColor(),
        cell.isBold(),
        cell.isInverse(),
      ].join("|"),
    );
  }
  return out;
}

const write = (t: xterm.Terminal, s: string) => new Promise<void>((r) => t.write(s, r));

// Pieces of the lines jobtop draws: words, the symbols it uses, CJK, emoji (with joiners and
// skin tones), combining marks, and colour codes opened and closed.
const piece = fc.constantFrom(
  "job",
  "nb-hdfdfu",
  "  ",
  " · ",
  "● ok ",
  "3s ago",
  "4s ago",
  "│",
  "›",
  "✱",
  "■ 3",
  "推理服务",
  "🧪",
  "👩‍🔬",
  "👍🏽",
  "e\u0301",
  "\u0301",
  "1× H100",
  "\u001b[1m",
  "\u001b[22m",
  "\u001b[32m",
  "\u001b[39m",
  "\u001b[7m",
  "\u001b[27m",
  "\u001b[2m",
  "\u001b[90m",
  "\u001b[38;5;208m",
  "\u001b[0m",
);
const part = fc.array(piece, { maxLength: 7 }).map((ps) => ps.join(""));
const plainLength = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, "").length;
/** Two lines that share a beginning (the case the patch is for), each ending in a reset. */
const pair = fc
  .tuple(part, part, part)
  .map(([common, a, b]) => [`${common}${a}\u001b[0m`, `${common}${b}\u001b[0m`] as const)
  .filter(([a, b]) => plainLength(a) < COLS / 2 - 2 && plainLength(b) < COLS / 2 - 2);

describe("changedTail", () => {
  it("leaves the same cells as writing the new line whole", async () => {
    const patched = terminal();
    const whole = terminal();
    await fc.assert(
      fc.asyncProperty(pair, async ([previous, next]) => {
        // Two terminals for every run, reset (RIS) rather than made anew: a new xterm per run made
        // this test take 12 s alone and time out under load.
        await write(patched, `\u001bc${previous}\u001b[K`);
        await write(patched, `${changedTail(previous, next)}\u001b[K`);
        await write(whole, `\u001bc${next}\u001b[K`);
        expect(cells(patched)).toEqual(cells(whole));
      }),
      { numRuns: 1500 },
    );
  });

  it("writes less than the whole line when only the end changed", () => {
    const a =
      "\u001b[1m\u001b[36mjobtop\u001b[39m\u001b[22m page 1/6 · \u001b[32m● ok 3s ago\u001b[39m · 127.0.0.1";
    const b = a.replace("3s ago", "4s ago");
    const tail = changedTail(a, b);
    expect(tail.length).toBeLessThan(b.length / 2);
    expect(tail).toMatch(/^\u001b\[\d+G/);
  });
});
