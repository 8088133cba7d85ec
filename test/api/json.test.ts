// Exact ids: integers beyond 2^53 must survive parsing digit for digit.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJson, quoteUnsafeIntegers } from "../../src/api/json.js";
import { JobSchema } from "../../src/api/schema.js";
import { compareIds, parseJobId } from "../../src/model/ids.js";
import { specJob } from "../helpers/payloads.js";

describe("parseJson", () => {
  it("keeps a 64-bit id exact (JSON.parse would round it)", () => {
    const text = '{"id": 9007199254740993, "log": [{"id": 18446744073709551615}]}';
    expect((JSON.parse(text) as { id: number }).id).toBe(9007199254740992); // the bug avoided
    expect(parseJson(text)).toEqual({ id: "9007199254740993", log: [{ id: "18446744073709551615" }] });
  });

  it("leaves safe integers, floats, and digits inside strings alone", () => {
    const text =
      '{"a": 9007199254740991, "b": 12345678901234567.5e0, "c": "99999999999999999999", "d": "x\\"1234567890123456789"}';
    expect(parseJson(text)).toEqual({
      a: 9007199254740991,
      b: 12345678901234568,
      c: "99999999999999999999",
      d: 'x"1234567890123456789',
    });
    expect(quoteUnsafeIntegers('{"n": -99999999999999999999}')).toBe('{"n": "-99999999999999999999"}');
  });

  it("parses exactly like JSON.parse whenever no integer is unsafe", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        expect(parseJson(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it("turns a job with 64-bit ids into exact id strings", () => {
    const big = "12345678901234567890";
    const text = JSON.stringify(specJob(1)).replace('"id":1,', `"id":${big},`);
    const job = JobSchema.parse(parseJson(text));
    expect(job.id).toBe(big);
    expect(job.state.log[0]?.id).toBe("1");
  });
});

describe("ids", () => {
  it("orders decimal id strings numerically", () => {
    const ids = ["10", "9", "100000000000000000001", "100000000000000000000", "-5", "0"];
    expect(ids.slice().sort(compareIds)).toEqual([
      "-5",
      "0",
      "9",
      "10",
      "100000000000000000000",
      "100000000000000000001",
    ]);
  });

  it("reads what a user types as an id", () => {
    expect(parseJobId(" 0042 ")).toBe("42");
    expect(parseJobId("0")).toBe("0");
    expect(parseJobId("18446744073709551615")).toBe("18446744073709551615");
    expect(parseJobId("12a")).toBeUndefined();
    expect(parseJobId("")).toBeUndefined();
    // Any integer: the spec does not give the id's type, and a service may list -5.
    expect(parseJobId("-1")).toBe("-1");
    expect(parseJobId(" -0042")).toBe("-42");
    expect(parseJobId("-0")).toBe("0");
    expect(parseJobId("-000")).toBe("0");
    expect(parseJobId("-18446744073709551615")).toBe("-18446744073709551615");
    for (const bad of ["--1", "- 1", "+1", "-", "-1.5", "1-", "-0x1"])
      expect(parseJobId(bad)).toBeUndefined();
  });
});
