// The pure parts of the monitor's actions on screen (issue 25): the status line's hints for the
// selected job, and a tagged row's mark beside the others.
import { describe, expect, it } from "vitest";
import { parseActions } from "../../src/actions/definitions.js";
import { JobSchema } from "../../src/api/schema.js";
import { DEMO_ACTIONS } from "../../src/demo/actions.js";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import { displayWidth } from "../../src/model/format.js";
import { chooseColumns } from "../../src/render/columns.js";
import { jobRow } from "../../src/render/list-rows.js";
import { actionHints, HINTS, statusLineText } from "../../src/render/status-line-text.js";
import { specJob } from "../helpers/payloads.js";

const { actions } = parseActions(DEMO_ACTIONS, { usedKeys: new Set(), statusLabels: DEMO_STATUS_LABELS });
const snap = {
  list: { error: undefined },
  job: { error: undefined },
  selectedId: "1",
} as unknown as Parameters<typeof statusLineText>[1];

describe("the status line's action hints", () => {
  it("names only the actions that apply to the selected job's status", () => {
    expect(actionHints({ actions }, { status: 2 }, 0)?.short).toBe("C cancel · R resubmit");
    expect(actionHints({ actions }, { status: 3 }, 0)?.short).toBe("R resubmit");
    expect(actionHints({ actions: [] }, { status: 2 }, 0)).toBeUndefined();
    expect(actionHints({ actions }, undefined, 0)).toBeUndefined();
    expect(actionHints({ actions }, undefined, 3)?.short).toBe("C cancel · R resubmit (on 3 tagged)");
  });

  it("gives the descriptions when they fit, else the names, before the usual hints", () => {
    const hints = actionHints({ actions }, { status: 2 }, 0);
    const wide = statusLineText({ message: undefined }, snap, 300, hints).text;
    expect(wide.startsWith(`C ${actions[0]?.description} · R ${actions[1]?.description} · ${HINTS}`)).toBe(
      true,
    );
    const narrow = statusLineText({ message: undefined }, snap, 80, hints).text;
    expect(narrow.startsWith("C cancel · R resubmit · ? help")).toBe(true);
    expect(narrow.length).toBeLessThanOrEqual(80);
  });

  it("keeps the usual hints whole: a description that would push them off gives way to the name", () => {
    // At 120 columns, a stopped job's "R submit the job's app again …" left "? help · ↑↓ select ·
    // ←→ page · / filter · f…" and the line changed shape from a running row to a stopped one.
    const stopped = statusLineText(
      { message: undefined },
      snap,
      120,
      actionHints({ actions }, { status: 3 }, 0),
    );
    expect(stopped.text.trimEnd()).toBe(`R resubmit · ${HINTS}`);
    expect(stopped.text).toContain("x ssh");
  });

  it("ends at the last whole hint, never a hint cut mid-word", () => {
    // At 100 columns the line read "… y JSON · s secre…".
    for (let width = 20; width <= 160; width++) {
      const line = statusLineText(
        { message: undefined },
        snap,
        width,
        actionHints({ actions }, { status: 2 }, 0),
      );
      expect(line.text.length, `${width}`).toBe(width);
      expect(line.text, `${width}`).not.toContain("…");
      expect(`${line.text.trimEnd()} · `, `${width}`).toMatch(/^(\S+ [^·]+ · )+$/);
    }
  });

  it("measures a description in cells, not characters: a wide one gives way to the name, the usual hints stay whole", () => {
    // A config's description in CJK: 4 characters, 8 cells. Counted in characters it "fitted"
    // (shorter than the name), and the line ended at "… j jump", quit pushed off.
    const wide = parseActions([{ name: "cancel", key: "C", description: "取消作业", command: ["true"] }], {
      usedKeys: new Set(),
      statusLabels: DEMO_STATUS_LABELS,
    }).actions;
    const hints = actionHints({ actions: wide }, { status: 2 }, 0);
    const width = displayWidth(`C cancel · ${HINTS}`) + 1;
    const line = statusLineText({ message: undefined }, snap, width, hints).text;
    expect(line.trimEnd()).toBe(`C cancel · ${HINTS}`);
    expect(displayWidth(line)).toBe(width);
  });
});

describe("a tagged row", () => {
  const job = JobSchema.parse(specJob(7));
  const columns = chooseColumns(100, DEMO_STATUS_LABELS);
  const row = (o: { selected?: boolean; tagged?: boolean; changed?: boolean; pinned?: boolean }) =>
    jobRow(job, {
      width: 100,
      columns,
      labels: DEMO_STATUS_LABELS,
      selected: o.selected ?? false,
      changed: o.changed ?? false,
      pinned: o.pinned,
      tagged: o.tagged,
      nowSec: 0,
    }).marker;

  it("is marked • in the selection's cell, » when selected too; no mark hides another", () => {
    expect(row({})).toBe("   ");
    expect(row({ tagged: true })).toBe("•  ");
    expect(row({ tagged: true, selected: true, changed: true, pinned: true })).toBe("»✱★");
    expect(row({ selected: true })).toBe("›  ");
  });
});
