// The status line's words for a pin the service says is not there (issue 29, a newcomer's trips,
// 8): once when first seen missing, again only after the job was found in between.
import { describe, expect, it } from "vitest";
import type { Job } from "../../src/api/schema.js";
import { MissingPins } from "../../src/poll/missing-pins.js";
import type { PinState } from "../../src/poll/pins.js";

const pin = (id: string, state: "missing" | "unavailable" | "found" | "unknown"): PinState => ({
  id,
  job: state === "found" ? ({ id } as Job) : undefined,
  missing:
    state === "missing"
      ? { id, message: "job not found", notFound: true }
      : state === "unavailable"
        ? { id, message: "service error code 7: busy", notFound: false }
        : undefined,
  error: undefined,
  via: "own",
});

describe("MissingPins", () => {
  it("says a missing pin once, and again only after it was found", () => {
    const m = new MissingPins();
    expect(m.news([pin("999", "unknown")])).toBeUndefined();
    expect(m.news([pin("999", "missing")])).toBe(
      "★ 999 not found: pinned, the service has no such job now (its row on top; w unpins)",
    );
    expect(m.news([pin("999", "missing")])).toBeUndefined();
    expect(m.news([pin("999", "found")])).toBeUndefined();
    expect(m.news([pin("999", "missing")])).toMatch(/^★ 999 not found/);
  });

  it("says several at once, in one line", () => {
    const m = new MissingPins();
    expect(
      m.news([pin("1", "missing"), pin("2", "found"), pin("3", "missing"), pin("4", "unavailable")]),
    ).toBe(
      "★ 1, 3 not found · ★ 4 not available: pinned, the service has no such job now (their rows on top; w unpins)",
    );
  });
});
