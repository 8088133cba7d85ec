// The Monitor's listeners (src/poll/batched-listeners.ts): a change is told at once, except inside
// a batch (a page's answer and what follows from it), where it is told once at the end; the
// Monitor's own use of it is tested through the Monitor (test/poll/monitor.test.ts).
import { describe, expect, it } from "vitest";
import { BatchedListeners } from "../../src/poll/batched-listeners.js";

/** The listeners, and what was told, in order: "a" per listener call, "after" per telling. */
function made() {
  const told: string[] = [];
  const l = new BatchedListeners(() => told.push("after"));
  const off = l.subscribe(() => told.push("a"));
  return { l, told, off };
}

describe("BatchedListeners", () => {
  it("tells each change at once outside a batch, then runs `after`", () => {
    const { l, told } = made();
    l.changed();
    l.changed();
    expect(told).toEqual(["a", "after", "a", "after"]);
  });

  it("tells the changes of a batch once, at its end, and a batch without one not at all", () => {
    const { l, told } = made();
    l.atOnce(() => {
      l.changed();
      l.changed();
      l.changed();
      expect(told).toEqual([]);
    });
    expect(told).toEqual(["a", "after"]);
    l.atOnce(() => {});
    expect(told).toEqual(["a", "after"]);
  });

  it("tells a nested batch's changes once, when the outer one ends", () => {
    const { l, told } = made();
    l.atOnce(() => {
      l.atOnce(() => l.changed());
      expect(told).toEqual([]);
      l.changed();
    });
    expect(told).toEqual(["a", "after"]);
  });

  it("ends a batch that throws: its change is told with the next one, not held for ever", () => {
    const { l, told } = made();
    expect(() =>
      l.atOnce(() => {
        l.changed();
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(told).toEqual([]);
    l.changed();
    expect(told).toEqual(["a", "after"]);
  });

  it("tells a listener no more once it unsubscribed; `after` still runs", () => {
    const { l, told, off } = made();
    off();
    l.changed();
    expect(told).toEqual(["after"]);
  });
});
