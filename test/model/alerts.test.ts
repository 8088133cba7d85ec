import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LogEntry } from "../../src/api/schema.js";
import {
  type AlertJob,
  breaches,
  compileRule,
  DEFAULT_FLAP,
  durationWords,
  flapping,
  globMatcher,
} from "../../src/model/alerts.js";
import { digestLog } from "../../src/model/log-digest.js";

const e = (id: number, status: number, seconds: number): LogEntry => ({
  id: String(id),
  status,
  ts: { seconds },
  sourceId: "1",
});
const job = (o: Partial<Omit<AlertJob, "log">> & { log: LogEntry[] }): AlertJob => ({
  id: "1",
  status: o.log.at(-1)?.status ?? 6,
  remark: "",
  gpuName: "",
  node: "",
  cls: "",
  ...o,
  log: digestLog(o.log),
});

describe("stuck rules", () => {
  const rules = [
    compileRule({ name: "queued-long", statuses: [6], longerThanSec: 3600 }),
    compileRule({
      name: "train",
      statuses: [2],
      longerThanSec: 60,
      match: { remark: "train-*", gpu: "A?00", node: "*", class: "" },
    }),
  ];

  it("a job breaks a rule when in one of its statuses longer than longer_than, and matching", () => {
    expect(breaches(job({ log: [e(1, 6, 0)] }), rules, 3600)).toEqual([]);
    expect(breaches(job({ log: [e(1, 6, 0)] }), rules, 3601)).toEqual([
      { rule: "queued-long", forSec: 3601, status: 6 },
    ]);
    const running = [e(1, 6, 0), e(2, 2, 100)];
    expect(breaches(job({ log: running, remark: "train-7", gpuName: "A100" }), rules, 200)).toEqual([
      { rule: "train", forSec: 100, status: 2 },
    ]);
    // Every glob must match: another GPU, a class given, another remark.
    expect(breaches(job({ log: running, remark: "train-7", gpuName: "H100" }), rules, 200)).toEqual([]);
    expect(breaches(job({ log: running, remark: "train-7", gpuName: "A100", cls: "x" }), rules, 200)).toEqual(
      [],
    );
    expect(breaches(job({ log: running, remark: "eval", gpuName: "A100" }), rules, 200)).toEqual([]);
    // A log in the future is no breach (no duration).
    expect(breaches(job({ log: [e(1, 6, 9999)] }), rules, 5000)).toEqual([]);
  });

  it("globs: * and ? only, everything else literal, the whole text", () => {
    expect(globMatcher("a.b*")("a.bcd")).toBe(true);
    expect(globMatcher("a.b*")("axbcd")).toBe(false);
    expect(globMatcher("(x)?")("(x)1")).toBe(true);
    expect(globMatcher("x")("xx")).toBe(false);
    expect(globMatcher("a?c")("a😀c")).toBe(true); // ? is one character, an emoji too
    expect(globMatcher("*ab*ab")("abab")).toBe(true);
    expect(globMatcher("ab*ba")("aba")).toBe(false); // the start and the end may not overlap
    fc.assert(
      fc.property(fc.string(), (s) => {
        // A glob with no * or ? matches exactly itself.
        const plain = s.replaceAll("*", "").replaceAll("?", "");
        expect(globMatcher(plain)(plain)).toBe(true);
        expect(globMatcher("*")(s)).toBe(true);
      }),
    );
  });

  it("globs match as the regular expression they stand for (a small alphabet, every shape)", () => {
    const oracle = (glob: string) =>
      new RegExp(
        `^${Array.from(glob, (c) => (c === "*" ? "[\\s\\S]*" : c === "?" ? "[\\s\\S]" : c)).join("")}$`,
        "u",
      );
    const glob = fc.array(fc.constantFrom("a", "b", "*", "?"), { maxLength: 8 }).map((a) => a.join(""));
    const text = fc.array(fc.constantFrom("a", "b", "😀"), { maxLength: 10 }).map((a) => a.join(""));
    fc.assert(
      fc.property(glob, text, (g, t) => {
        expect(globMatcher(g)(t)).toBe(oracle(g).test(t));
      }),
      { numRuns: 3000 },
    );
  });

  it("a glob that would backtrack is linear: *a*a*a*a*a*b over a remark of 5 000 a's (minutes before)", () => {
    const rule = compileRule({
      name: "r",
      statuses: [6],
      longerThanSec: 60,
      match: { remark: "*a*a*a*a*a*b", node: "*?*?*?*?*?*?*b" },
    });
    const remark = "a".repeat(5000);
    const t = process.hrtime.bigint();
    expect(breaches(job({ log: [e(1, 6, 0)], remark, node: remark }), [rule], 3600)).toEqual([]);
    expect(
      breaches(job({ log: [e(1, 6, 0)], remark: `${remark}b`, node: `${remark}b` }), [rule], 3600),
    ).toEqual([{ rule: "r", forSec: 3600, status: 6 }]);
    // Generous for a loaded machine: the regular expression took 4 s at 100 characters.
    expect(Number(process.hrtime.bigint() - t) / 1e6).toBeLessThan(1000);
  });

  it("says a rule's time as written", () => {
    expect(durationWords(7200)).toBe("2h");
    expect(durationWords(90)).toBe("1m30s");
    expect(durationWords(0)).toBe("0s");
  });
});

describe("flapping", () => {
  it("flaps at more than 6 changes in 10 minutes, not at 6", () => {
    const log = [e(1, 6, 0)];
    for (let i = 1; i <= 6; i++) log.push(e(i + 1, i % 2 ? 2 : 1, 1000 + i * 60));
    expect(flapping(digestLog(log), DEFAULT_FLAP, 1400)).toBeUndefined();
    log.push(e(8, 2, 1420));
    expect(flapping(digestLog(log), DEFAULT_FLAP, 1430)).toBe(7);
    // Ten minutes later the window holds none of them.
    expect(flapping(digestLog(log), DEFAULT_FLAP, 1420 + 601)).toBeUndefined();
  });

  it("a repeated status is no change", () => {
    const log = [e(1, 6, 0)];
    for (let i = 1; i <= 20; i++) log.push(e(i + 1, 2, 100 + i));
    expect(flapping(digestLog(log), DEFAULT_FLAP, 200)).toBeUndefined();
  });
});
