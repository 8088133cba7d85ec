import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  emptyTrend,
  MAX_SLOTS,
  MAX_TREND_BYTES,
  MAX_TREND_CODES,
  parseTrend,
  recordTrend,
  serialiseTrend,
  TREND_STEP_SEC,
  trendSeries,
} from "../../src/model/trend.js";

const T = 1_800_000_000 - (1_800_000_000 % TREND_STEP_SEC);
const counts = (o: Record<number, number>) => new Map(Object.entries(o).map(([k, v]) => [Number(k), v]));

describe("the trend ring", () => {
  it("keeps one sample per 5-minute slot (the slot's last sweep) and gives min, max and now per status", () => {
    let t = emptyTrend();
    t = recordTrend(t, counts({ 6: 3, 2: 1 }), T + 10);
    t = recordTrend(t, counts({ 6: 5, 2: 1 }), T + 200); // same slot: replaces
    t = recordTrend(t, counts({ 6: 1, 2: 4 }), T + 310);
    expect(t.slots.map((s) => s.t)).toEqual([T, T + 300]);
    expect(trendSeries(t, 6)).toEqual({ values: [5, 1], min: 1, max: 5, now: 1 });
    expect(trendSeries(t, 2)).toEqual({ values: [1, 4], min: 1, max: 4, now: 4 });
    // A status gone from the account counts 0.
    t = recordTrend(t, counts({ 2: 4 }), T + 620);
    expect(trendSeries(t, 6)?.now).toBe(0);
  });

  it("holds at most 7 days: a week of sweeps every 30 s leaves 2 016 slots, the oldest a week ago", () => {
    let t = emptyTrend();
    for (let s = 0; s < 8 * 86_400; s += 30) t = recordTrend(t, counts({ 2: s % 7 }), T + s);
    expect(t.slots.length).toBe(MAX_SLOTS);
    const last = t.slots.at(-1)?.t as number;
    expect(last - (t.slots[0]?.t as number)).toBe(7 * 86_400 - TREND_STEP_SEC);
    expect(serialiseTrend(t).length).toBeLessThan(MAX_TREND_BYTES);
  });

  it("a clock that went back drops the slots after now; a bad now changes nothing", () => {
    let t = emptyTrend();
    t = recordTrend(t, counts({ 2: 1 }), T);
    t = recordTrend(t, counts({ 2: 2 }), T + 3600);
    t = recordTrend(t, counts({ 2: 3 }), T + 600);
    expect(t.slots.map((s) => s.t)).toEqual([T, T + 600]);
    expect(recordTrend(t, counts({ 2: 9 }), Number.NaN)).toBe(t);
    expect(recordTrend(t, counts({ 2: 9 }), -5)).toBe(t);
  });

  it("keeps at most 12 statuses, the rest counted as dropped, and stays under 1 MB at its fullest", () => {
    const many = new Map<number, number>();
    for (let c = 0; c < 100; c++) many.set(c, 1_000_000 + c);
    let t = emptyTrend();
    for (let i = 0; i < MAX_SLOTS + 5; i++) t = recordTrend(t, many, T + i * TREND_STEP_SEC);
    expect(t.codes.length).toBe(MAX_TREND_CODES);
    expect(t.dropped).toBeGreaterThan(0);
    const text = serialiseTrend(t);
    expect(text.length).toBeLessThan(MAX_TREND_BYTES);
    expect(parseTrend(text)?.slots.length).toBe(MAX_SLOTS);
  });

  it("reads back what it wrote, and refuses anything damaged", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 5000 }),
            fc.dictionary(fc.constantFrom("1", "2", "3", "6", "9"), fc.nat(500)),
          ),
          {
            maxLength: 40,
          },
        ),
        (sweeps) => {
          let t = emptyTrend();
          let at = T;
          for (const [gap, c] of sweeps) {
            at += gap;
            t = recordTrend(t, counts(c), at);
          }
          const back = parseTrend(serialiseTrend(t));
          expect(back?.codes).toEqual(t.codes);
          expect(back?.slots.map((s) => s.t)).toEqual(t.slots.map((s) => s.t));
          for (const c of t.codes) expect(back && trendSeries(back, c)).toEqual(trendSeries(t, c));
        },
      ),
    );
    for (const bad of [
      "",
      "{",
      "null",
      '{"v":2,"step":300,"codes":[],"slots":[]}',
      '{"v":1,"step":60,"codes":[],"slots":[]}',
      '{"v":1,"step":300,"codes":[2,2],"slots":[]}',
      '{"v":1,"step":300,"codes":[2],"slots":[[300]]}',
      '{"v":1,"step":300,"codes":[2],"slots":[[301,1]]}',
      '{"v":1,"step":300,"codes":[2],"slots":[[600,1],[300,1]]}',
      '{"v":1,"step":300,"codes":[2],"slots":[[300,-1]]}',
      '{"v":1,"step":300,"codes":[2],"slots":[[300,"1"]]}',
    ])
      expect(parseTrend(bad), bad).toBeUndefined();
    expect(parseTrend(" ".repeat(MAX_TREND_BYTES + 1))).toBeUndefined();
  });
});
