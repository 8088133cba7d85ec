import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayWidth, fit, formatAge, formatDuration, truncate, wrap } from "../../src/model/format.js";

describe("display width", () => {
  it("counts CJK and emoji as two cells", () => {
    expect(displayWidth("abc")).toBe(3);
    expect(displayWidth("训练")).toBe(4);
    expect(displayWidth("🚀")).toBe(2);
    expect(displayWidth("训练-大模型 🚀")).toBe(14);
  });
});

describe("truncate and fit", () => {
  it("cuts with an ellipsis by display width", () => {
    expect(truncate("llama-finetune", 8)).toBe("llama-f…");
    expect(truncate("训练-大模型 🚀", 6)).toBe("训练-…");
    expect(displayWidth(truncate("训练-大模型 🚀", 6))).toBeLessThanOrEqual(6);
    expect(truncate("short", 10)).toBe("short");
  });

  it("does not split a wide character; pads instead", () => {
    expect(fit("训练大模型", 6)).toBe("训练… ");
    expect(displayWidth(fit("训练大模型", 6))).toBe(6);
  });

  it("fit is always exactly the width, truncate never wider", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.integer({ min: 0, max: 40 }), (s, w) => {
        expect(displayWidth(truncate(s, w))).toBeLessThanOrEqual(w);
        expect(displayWidth(fit(s, w))).toBe(w);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("wrap", () => {
  it("wraps words and hard-breaks long ones, every line within the width", () => {
    const lines = wrap("python train.py --config configs/very-long-config-file-name.yaml --epochs 20", 20);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(20);
    expect(lines.join(" ").replace(/\s+/g, "")).toBe(
      "python train.py --config configs/very-long-config-file-name.yaml --epochs 20".replace(/\s+/g, ""),
    );
  });

  it("wraps CJK by display width", () => {
    for (const l of wrap("训练大模型训练大模型训练大模型", 7)) expect(displayWidth(l)).toBeLessThanOrEqual(7);
  });
});

describe("ages and durations", () => {
  it.each([
    [5, "5s"],
    [125, "2m"],
    [7200, "2h"],
    [3 * 86400 + 5, "3d"],
    [-30, "0s"],
    [Number.NaN, "0s"],
  ])("formatAge(%d) = %s", (s, out) => {
    expect(formatAge(s)).toBe(out);
  });

  it.each([
    [12, "12s"],
    [185, "3m 05s"],
    [3720, "1h 02m"],
    [2 * 86400 + 4 * 3600, "2d 4h"],
    [-1, "0s"],
  ])("formatDuration(%d) = %s", (s, out) => {
    expect(formatDuration(s)).toBe(out);
  });
});

describe("hard wrap", () => {
  it("breaks anywhere, keeping every character", () => {
    const url = "[2] https://gw2.demo-cloud.example:56061?token=abcdefghijkl";
    const lines = wrap(url, 20, { hard: true });
    expect(lines[0]).toBe("[2] https://gw2.demo");
    expect(lines.join("")).toBe(url);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(20);
  });
});

describe("coarse durations", () => {
  it("drop seconds past the first minute", () => {
    expect(formatDuration(42, { coarse: true })).toBe("42s");
    expect(formatDuration(185, { coarse: true })).toBe("3m");
    expect(formatDuration(3720, { coarse: true })).toBe("1h 02m");
  });
});
