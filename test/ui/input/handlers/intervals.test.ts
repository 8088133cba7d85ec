// + and - move the selected job's interval along fixed steps with the configured interval among
// them, so any walk comes back to round values (halving and doubling left 1.875s and 0.938s).
import { describe, expect, it } from "vitest";
import { INTERVAL_STEPS, nextInterval } from "../../../../src/ui/input/handlers/intervals.js";

const walk = (from: number, configured: number, keys: string): (number | undefined)[] => {
  const out: (number | undefined)[] = [];
  let now = from;
  for (const k of keys) {
    const next = nextInterval(now, configured, k === "+");
    out.push(next);
    if (next !== undefined) now = next;
  }
  return out;
};

describe("the job interval's steps", () => {
  it("from 2s up to the slowest and back to 2s, the issue's walk", () => {
    expect(walk(2_000, 2_000, "-----")).toEqual([5_000, 10_000, 30_000, 60_000, undefined]);
    expect(walk(60_000, 2_000, "+++++++")).toEqual([30_000, 10_000, 5_000, 2_000, 1_000, 500, undefined]);
  });

  it("holds the configured interval in its place, between the steps or beyond them", () => {
    expect(walk(2_000, 3_000, "-+-")).toEqual([3_000, 2_000, 3_000]);
    expect(walk(5_000, 3_000, "+")).toEqual([3_000]);
    expect(walk(300, 300, "--+++")).toEqual([500, 1_000, 500, 300, undefined]);
    expect(walk(60_000, 120_000, "--")).toEqual([120_000, undefined]);
  });

  it("from a value off the steps, goes to the nearest step that way", () => {
    expect(nextInterval(3_750, 2_000, true)).toBe(2_000);
    expect(nextInterval(3_750, 2_000, false)).toBe(5_000);
    expect(INTERVAL_STEPS[0]).toBe(500);
  });
});
