// The selection rules of the UI reducer, pure: which job is selected when rows shift, leave the
// page or come back, and what the jump prompt accepts.
import { describe, expect, it } from "vitest";
import { initialUi, selectionOf, type UiState } from "../../../src/render/ui-state.js";
import { type UiChange, uiReducer } from "../../../src/ui/input/ui-reducer.js";

const run = (s: UiState, ...actions: UiChange[]) => actions.reduce(uiReducer, s);
const move = (delta: number, ids: (string | undefined)[]): UiChange => ({
  type: "move",
  delta,
  ids,
  maxScroll: 0,
});
const follow = (ids: (string | undefined)[], fresh = true): UiChange => ({ type: "follow", ids, fresh });

const page1 = ["10", "9", "8", "7", "6"];

describe("selection", () => {
  it("takes the first row's job once the rows answer the page asked for", () => {
    let s = run(initialUi, follow(page1, false));
    expect(s.cursorId).toBeUndefined(); // the previous page's rows, kept while loading
    expect(selectionOf(s, page1)).toEqual({ id: "10", row: 0, away: undefined });
    s = run(s, follow(page1));
    expect(s.cursorId).toBe("10");
  });

  it("follows its job when rows shift, and keeps the row in step", () => {
    let s = run(initialUi, follow(page1), move(1, page1), move(1, page1));
    expect(selectionOf(s, page1)).toEqual({ id: "8", row: 2, away: undefined });
    const shifted = ["11", ...page1.slice(0, 4)];
    s = run(s, follow(shifted));
    expect(selectionOf(s, shifted)).toEqual({ id: "8", row: 3, away: undefined });
    expect(s.cursor).toBe(3);
  });

  it("keeps following a job pushed off the page, on no row, until the user moves", () => {
    let s = run(initialUi, follow(page1));
    for (let i = 0; i < 4; i++) s = run(s, move(1, page1));
    expect(selectionOf(s, page1).id).toBe("6"); // the last row
    const next = ["11", "10", "9", "8", "7"]; // a new job on top: "6" is on page 2 now
    s = run(s, follow(next), follow(next));
    expect(selectionOf(s, next)).toEqual({ id: "6", row: -1, away: "moved" });
    expect(s.cursorId).toBe("6"); // never swapped for the job now on its row
    // A movement key comes back to the list at the row the job left, whichever the direction.
    expect(selectionOf(run(s, move(1, next)), next)).toEqual({ id: "7", row: 4, away: undefined });
    expect(selectionOf(run(s, move(-1, next)), next)).toEqual({ id: "7", row: 4, away: undefined });
    // Or the job comes back by itself.
    expect(selectionOf(run(s, follow(page1)), page1)).toEqual({ id: "6", row: 4, away: undefined });
  });

  it("comes back to the nearest row when the page got shorter", () => {
    let s = run(initialUi, follow(page1));
    for (let i = 0; i < 4; i++) s = run(s, move(1, page1));
    const short = ["10", "9"];
    s = run(s, follow(short));
    expect(selectionOf(s, short).away).toBe("moved");
    expect(selectionOf(run(s, move(1, short)), short)).toEqual({ id: "9", row: 1, away: undefined });
  });

  it("starts over on the first row after a page change the user made", () => {
    let s = run(initialUi, follow(page1), move(2, page1), { type: "pageChanged" });
    expect(s.cursorId).toBeUndefined();
    s = run(s, follow(page1, false)); // page 1's rows until page 2 arrives
    expect(s.cursorId).toBeUndefined();
    const page2 = ["5", "4", "3"];
    s = run(s, follow(page2));
    expect(selectionOf(s, page2)).toEqual({ id: "5", row: 0, away: undefined });
  });

  it("moves on from a job reached with : when it is on the page, else from the cursor's row", () => {
    let s = run(initialUi, follow(page1), move(1, page1));
    s = run(
      s,
      { type: "prompt", kind: "jump" },
      { type: "promptInput", text: "7" },
      { type: "promptSubmit" },
    );
    expect(selectionOf(s, page1)).toEqual({ id: "7", row: 3, away: undefined });
    expect(selectionOf(run(s, move(1, page1)), page1).id).toBe("6");
    s = run(
      s,
      { type: "prompt", kind: "jump" },
      { type: "promptInput", text: "1" },
      { type: "promptSubmit" },
    );
    expect(selectionOf(s, page1)).toEqual({ id: "1", row: -1, away: "jumped" });
    expect(selectionOf(run(s, move(1, page1)), page1).id).toBe("8"); // from "9", the cursor's job
    expect(selectionOf(run(s, { type: "escape" }), page1).id).toBe("9");
  });
});

describe("the jump prompt", () => {
  const rows = [
    { id: "10", displayID: "nb-abc123" },
    { id: "9", displayID: "JOB-x9" },
  ];
  const jump = (text: string) =>
    run(
      initialUi,
      { type: "prompt", kind: "jump" },
      { type: "promptInput", text },
      { type: "promptSubmit", rows },
    );

  it("takes an id, exactly as typed, without leading zeros", () => {
    expect(jump(" 0012345 ").jumpedId).toBe("12345");
    expect(jump("9007199254740993").jumpedId).toBe("9007199254740993");
  });

  it("takes a displayID of a job on this page, ignoring case if need be", () => {
    expect(jump("nb-abc123").jumpedId).toBe("10");
    expect(jump("job-X9").jumpedId).toBe("9");
  });

  it("says a displayID that is not on this page cannot be found without its id", () => {
    const s = jump("nb-zzz999");
    expect(s.jumpedId).toBeUndefined();
    expect(s.prompt).toBeUndefined();
    expect(s.message?.text).toBe('displayID "nb-zzz999" not on this page — type its numeric id');
    expect(s.message?.tone).toBe("warn");
    expect(jump("a\u009b31mb").message?.text).not.toMatch(/\u009b/); // never a control character
  });

  it("closes quietly on an empty answer", () => {
    const s = jump("  ");
    expect(s.prompt).toBeUndefined();
    expect(s.message).toBeUndefined();
    expect(s.jumpedId).toBeUndefined();
  });
});

describe("navigation and filters", () => {
  const ids = ["10", "9", "8", "7", "6"];

  it("g/G go to the first and last row; with the detail focused they scroll it", () => {
    let s = run(initialUi, follow(ids), { type: "moveTo", to: "last", ids, maxScroll: 30 });
    expect(selectionOf(s, ids)).toEqual({ id: "6", row: 4, away: undefined });
    s = run(s, { type: "moveTo", to: "first", ids, maxScroll: 30 });
    expect(selectionOf(s, ids).id).toBe("10");
    s = run(s, { type: "focus" }, { type: "moveTo", to: "last", ids, maxScroll: 30 });
    expect(s.scroll).toBe(30);
    expect(selectionOf(s, ids).id).toBe("10");
  });

  it("filters as typed from the first row; Enter keeps the filter, Esc at the prompt clears it", () => {
    let s = run(initialUi, follow(ids), move(2, ids), { type: "prompt", kind: "filter" });
    s = run(s, { type: "promptInput", text: "a" });
    expect(s.filter).toBe("a");
    expect(s.cursorId).toBeUndefined(); // the first of the rows it leaves, once they are known
    s = run(s, { type: "promptSubmit" });
    expect(s.prompt).toBeUndefined();
    expect(s.filter).toBe("a");
    s = run(s, { type: "prompt", kind: "filter" });
    expect(s.prompt?.text).toBe("a");
    s = run(s, { type: "promptCancel" });
    expect(s.filter).toBe("");
  });

  it("Esc clears the text filter, then the status filter", () => {
    let s = run(initialUi, { type: "statusFilter", status: 2 }, { type: "prompt", kind: "filter" });
    s = run(s, { type: "promptInput", text: "gpu" }, { type: "promptSubmit" });
    s = run(s, { type: "escape" });
    expect([s.filter, s.statusFilter]).toEqual(["", 2]);
    s = run(s, { type: "escape" });
    expect(s.statusFilter).toBeUndefined();
  });

  it("keeps an overlay's position within its entries", () => {
    let s = run(
      initialUi,
      { type: "overlay", overlay: "picker" },
      { type: "overlayScroll", delta: 5, max: 2 },
    );
    expect(s.overlayScroll).toBe(2);
    s = run(s, { type: "overlayScroll", delta: -9, max: 2 });
    expect(s.overlayScroll).toBe(0);
    s = run(s, { type: "overlayScroll", delta: 1, max: 2 }, { type: "overlay", overlay: "none" });
    expect(s.overlayScroll).toBe(0);
  });
});

describe("the events pane", () => {
  const seqs = [9, 8, 7, 5];

  it("opens with the focus on the newest event, moves by event, and Esc closes it", () => {
    let s = run(initialUi, follow(page1), { type: "events" });
    expect(s).toMatchObject({ events: true, focus: "events", eventSeq: undefined });
    s = run(s, { type: "eventMove", delta: 1, seqs }, { type: "eventMove", delta: 5, seqs });
    expect(s.eventSeq).toBe(5); // the oldest, no further
    // A new event on top: the cursor stays on its event.
    s = run(s, { type: "eventMove", delta: -1, seqs: [10, ...seqs] });
    expect(s.eventSeq).toBe(7);
    s = run(s, { type: "escape" });
    expect(s).toMatchObject({ events: false, focus: "list" });
    expect(selectionOf(s, page1).id).toBe("10"); // the list's selection never moved
  });

  it("Enter on an event selects its job wherever it is, as a jump does; narrow, the pane gives way", () => {
    let s = run(
      initialUi,
      follow(page1),
      { type: "events" },
      { type: "selectJob", id: "42", closeEvents: false },
    );
    expect(selectionOf(s, page1)).toEqual({ id: "42", row: -1, away: "jumped" });
    expect(s).toMatchObject({ events: true, focus: "list" });
    s = run(s, { type: "events" }, { type: "selectJob", id: "8", closeEvents: true });
    expect(selectionOf(s, page1)).toEqual({ id: "8", row: 2, away: undefined });
    expect(s.events).toBe(false);
  });

  it("Tab goes through the panes on screen", () => {
    const wide = ["list", "detail", "events"] as const;
    let s = run(initialUi, { type: "events" });
    s = run(s, { type: "focus", panes: wide });
    expect(s.focus).toBe("list");
    s = run(s, { type: "focus", panes: wide }, { type: "focus", panes: wide });
    expect(s.focus).toBe("events");
    s = run(s, { type: "events" });
    expect(s).toMatchObject({ events: false, focus: "list" });
    s = run(s, { type: "focus" });
    expect(s.focus).toBe("detail");
  });
});
