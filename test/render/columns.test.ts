// Which list columns each terminal width gets: the id always (":" needs it), the least wanted
// columns dropped first, and never wider than the pane.
import { describe, expect, it } from "vitest";
import { JobSchema } from "../../src/api/schema.js";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import { chooseColumns, MARKER_WIDTH, rowCells } from "../../src/render/columns.js";
import { WIDE_COLUMNS } from "../../src/render/layout.js";
import { specJob } from "../helpers/payloads.js";

/** The list pane's width in a terminal this wide, as the App lays it out. */
const listWidth = (columns: number) => (columns >= WIDE_COLUMNS ? Math.floor(columns * 0.55) : columns);
const PRIORITY = ["gpu", "age", "node", "queueLen"];

describe("chooseColumns", () => {
  for (const labels of [{}, DEMO_STATUS_LABELS]) {
    it(`always shows the id, from 40 to 200 columns (${Object.keys(labels).length} labels)`, () => {
      for (let columns = 40; columns <= 200; columns++) {
        const width = listWidth(columns);
        const cols = chooseColumns(width, labels);
        const ids = cols.map((c) => c.id);
        const where = `${columns} columns (list ${width})`;
        expect(ids, where).toContain("id");
        expect(ids.slice(0, 3), where).toEqual(["status", "displayID", "remark"]);
        // Exactly the pane: cells plus one space between each, after the row marker.
        const total = MARKER_WIDTH + cols.reduce((s, c) => s + c.width, 0) + cols.length - 1;
        expect(total, where).toBe(width);
        // Optional columns come in priority order: none is shown while a more wanted one is not.
        const optional = ids.filter((id) => PRIORITY.includes(id));
        expect(optional, where).toEqual(PRIORITY.slice(0, optional.length));
        // On screen, the id sits between the node and Q columns.
        const order = ["status", "displayID", "remark", "gpu", "age", "node", "id", "queueLen"];
        expect(ids, where).toEqual(order.filter((id) => ids.includes(id as (typeof ids)[number])));
      }
    });
  }

  it("shows every column once the pane is wide enough, and the remark keeps its minimum", () => {
    const cols = chooseColumns(80, DEMO_STATUS_LABELS);
    expect(cols.map((c) => c.id)).toEqual([
      "status",
      "displayID",
      "remark",
      "gpu",
      "age",
      "node",
      "id",
      "queueLen",
    ]);
    expect(cols.find((c) => c.id === "remark")?.width).toBeGreaterThanOrEqual(12);
  });

  it("keeps the id at 100–131 columns (wide layout), where it used to go first", () => {
    for (const columns of [100, 110, 120, 131]) {
      const ids = chooseColumns(listWidth(columns), DEMO_STATUS_LABELS).map((c) => c.id);
      expect(ids).toContain("id");
    }
  });
});

describe("rowCells", () => {
  it("masks a secret in the remark (a URL's password, --token X), unless told to reveal it", () => {
    // The list shows it masked whatever `s` says (that shows the secrets of the job in the
    // detail); --once --show-secrets reveals it.
    const job = JobSchema.parse(
      specJob(101, {
        app: { ...(specJob().app as object), remark: "pull https://u:pw-in-url@h/x --token tk-remark" },
      }),
    );
    const cols = chooseColumns(400, {});
    expect(rowCells(job, cols, {}, 1_800_000_000).rest).toContain("--token ••••••");
    expect(rowCells(job, cols, {}, 1_800_000_000).rest).not.toMatch(/pw-in-url|tk-remark/);
    expect(rowCells(job, cols, {}, 1_800_000_000, true).rest).toContain(
      "https://u:pw-in-url@h/x --token tk-remark",
    );
  });
});
