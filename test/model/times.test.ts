// The time shapes a service may send where the spec shows only null (updateTime, releaseTime).
import { describe, expect, it } from "vitest";
import { timeOf } from "../../src/model/times.js";

describe("timeOf", () => {
  it("reads {seconds}, {seconds, nanos} as numbers or digit strings, and RFC 3339", () => {
    expect(timeOf({ seconds: 1_800_000_000 })).toBe(1_800_000_000);
    expect(timeOf({ seconds: 1_800_000_000, nanos: 999_999_999 })).toBe(1_800_000_000);
    expect(timeOf({ seconds: "1800000000", nanos: "5" })).toBe(1_800_000_000);
    expect(timeOf({ seconds: "-5" })).toBe(-5);
    expect(timeOf("2027-01-15T08:00:00Z")).toBe(1_800_000_000);
    expect(timeOf("2027-01-15t09:00:00.123456789+01:00")).toBe(1_800_000_000);
    expect(timeOf("2027-01-15 08:00:00z")).toBe(1_800_000_000);
  });

  it("takes nothing else for a time", () => {
    for (const v of [
      null,
      undefined,
      0,
      1_800_000_000,
      "1800000000",
      "2027-01-15",
      "2027-13-15T08:00:00Z",
      "yesterday",
      [],
      {},
      { nanos: 5 },
      { seconds: 1.5 },
      { seconds: "1e9" },
      { seconds: 1, nanos: -1 },
      { seconds: 1, nanos: 1e9 },
      { seconds: 1, extra: 2 },
      { seconds: 9e15 },
      { seconds: "99999999999999999999" },
    ])
      expect(timeOf(v), JSON.stringify(v)).toBeUndefined();
  });
});
