// Ink's Output.get(), row by row, reusing the rows that did not change (the patch
// scripts/patches/ink-output-rows.js puts it in place of Ink's own). Ink builds every frame from
// scratch: one object per cell of the screen (6 000 on a 150×40 terminal), then a string per row
// from them, for every frame, though a frame at idle changes one header cell. A profile of the monitor left alone for a minute had
// this at a third of its CPU time and most of its garbage collection.
//
// Here each row is described by what lands on it, in order: the x and the (clipped, transformed)
// text of each write. Equal descriptions make equal rows, so a row whose description was seen in
// the previous frame is taken as it was; only the others are built, cell by cell as Ink does.
// Same input, same output: test/terminal/ink-output-rows.test.ts checks it against Ink's own.
import { ansiCodesToString, diffAnsiCodes } from "@alcalzone/ansi-tokenize";
import sliceAnsi from "slice-ansi";

const SPACE = Object.freeze({ type: "char", value: " ", fullWidth: false, styles: Object.freeze([]) });

/** Rows of the previous frame, by description; replaced each frame, so it holds one screen. */
let previous = new Map();

/** `output` is Ink's Output: width, height, operations, caches. Returns what its get() returns. */
export function composeOutput(output) {
  const { width, height, caches } = output;
  /** Per row: [x, text, x, text, …] in the order written. */
  const rows = Array.from({ length: height }, () => []);
  const clips = [];
  for (const operation of output.operations) {
    if (operation.type === "clip") clips.push(operation.clip);
    if (operation.type === "unclip") clips.pop();
    if (operation.type !== "write") continue;
    // From here to the transformers: Ink's own code, unchanged.
    const { text, transformers } = operation;
    let { x, y } = operation;
    let lines = text.split("\n");
    const clip = clips.at(-1);
    if (clip) {
      const clipHorizontally = typeof clip?.x1 === "number" && typeof clip?.x2 === "number";
      const clipVertically = typeof clip?.y1 === "number" && typeof clip?.y2 === "number";
      if (clipHorizontally) {
        const w = caches.getWidestLine(text);
        if (x + w < clip.x1 || x > clip.x2) continue;
      }
      if (clipVertically) {
        const h = lines.length;
        if (y + h < clip.y1 || y > clip.y2) continue;
      }
      if (clipHorizontally) {
        lines = lines.map((line) => {
          const from = x < clip.x1 ? clip.x1 - x : 0;
          const w = caches.getStringWidth(line);
          const to = x + w > clip.x2 ? clip.x2 - x : w;
          return sliceAnsi(line, from, to);
        });
        if (x < clip.x1) x = clip.x1;
      }
      if (clipVertically) {
        const from = y < clip.y1 ? clip.y1 - y : 0;
        const h = lines.length;
        const to = y + h > clip.y2 ? clip.y2 - y : h;
        lines = lines.slice(from, to);
        if (y < clip.y1) y = clip.y1;
      }
    }
    let offsetY = 0;
    for (let index = 0; index < lines.length; index++) {
      const row = rows[y + offsetY];
      // A row can be missing if `text` is taller than the output.
      if (!row) continue;
      let line = lines[index];
      for (const transformer of transformers) line = transformer(line, index);
      row.push(x, line);
      offsetY++;
    }
  }

  const next = new Map();
  const out = [];
  for (const row of rows) {
    let key = `${width}`;
    // x, length, text: no text can make two different rows read the same.
    for (let i = 0; i < row.length; i += 2) key += `|${row[i]},${row[i + 1].length},${row[i + 1]}`;
    let rendered = previous.get(key) ?? next.get(key);
    if (rendered === undefined) rendered = composeRow(row, width, caches);
    next.set(key, rendered);
    out.push(rendered);
  }
  previous = next;
  return { output: out.join("\n"), height: rows.length };
}

/** One row from its writes, as Ink builds it: cells, later writes over earlier ones. */
function composeRow(row, width, caches) {
  const cells = new Array(width).fill(SPACE);
  for (let i = 0; i < row.length; i += 2) {
    let offsetX = row[i];
    for (const character of caches.getStyledChars(row[i + 1])) {
      cells[offsetX] = character;
      // Printed width from string-width, to agree with the layout.
      const characterWidth = Math.max(1, caches.getStringWidth(character.value));
      // A wide character: the cells it covers are emptied, so no stray space is left.
      for (let k = 1; k < characterWidth; k++)
        cells[offsetX + k] = { type: "char", value: "", fullWidth: false, styles: character.styles };
      offsetX += characterWidth;
    }
  }
  // See https://github.com/vadimdemedes/ink/pull/564#issuecomment-1637022742
  return styledCharsToString(cells.filter((item) => item !== undefined)).trimEnd();
}

/**
 * @alcalzone/ansi-tokenize's styledCharsToString, but a cell styled like the one before it adds
 * nothing to the string and makes no garbage. Theirs diffs the two cells' styles for every cell
 * (three Sets and four arrays each): under data that changes every second that was a third of
 * everything the monitor allocated (a sampling heap profile of `npm run soak`), and allocation
 * is what the young generation, the old one and V8's helper threads grow with (BENCHMARKS.md).
 * Two style lists with the same codes in the same order diff to nothing, so that case is
 * skipped; every other cell goes through their diff as before.
 */
function styledCharsToString(chars) {
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (i === 0) out += ansiCodesToString(char.styles);
    else if (!sameStyles(chars[i - 1].styles, char.styles))
      out += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));
    out += char.value;
    // Styles still on are reset at the end of the row.
    if (i === chars.length - 1 && char.styles.length > 0)
      out += ansiCodesToString(diffAnsiCodes(char.styles, []));
  }
  return out;
}

function sameStyles(a, b) {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
  return true;
}
