// The notice of a terminal too small for the monitor (issue 29, a newcomer's trips, 12): at 30×8
// it read "jobtop needs at least 40×10 (…", the size now cut away. It wraps to the width now, in
// fewer words when the rows are few, and never runs past the terminal.
import { describe, expect, it } from "vitest";
import { displayWidth } from "../../src/model/format.js";
import { tooSmallLines } from "../../src/render/too-small.js";

describe("tooSmallLines", () => {
  it("says the size needed and the size now, whole, at 30×8", () => {
    expect(tooSmallLines(30, 8)).toEqual(["jobtop needs at least 40×10", "(now 30×8)"]);
  });

  it("fits every size under 40×10, the two sizes kept while there is room for them", () => {
    for (let columns = 1; columns < 45; columns++)
      for (let rows = 1; rows < 12; rows++) {
        if (columns >= 40 && rows >= 10) continue;
        const lines = tooSmallLines(columns, rows);
        expect(lines.length, `${columns}×${rows}`).toBeLessThanOrEqual(rows);
        for (const l of lines) expect(displayWidth(l), `${columns}×${rows}`).toBeLessThanOrEqual(columns);
        const text = lines.join(" ");
        if (columns >= 12 && rows >= 2) {
          expect(text, `${columns}×${rows}`).toContain("40×10");
          expect(text, `${columns}×${rows}`).toContain(`${columns}×${rows}`);
        }
      }
    expect(tooSmallLines(30, 1)).toEqual(["jobtop needs 40×10, now 30×1"]);
  });
});
