import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  displayWidth,
  fit,
  formatAge,
  formatDuration,
  formatTime,
  truncate,
  wrap,
  zoneNameByIcu,
  zoneNameWithoutIcu,
} from "../../src/model/format.js";

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

describe("formatTime says which zone it is in", () => {
  const saved = process.env.TZ;
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });
  // 2026-11-23 14:06:37 UTC, and a summer time, 2026-07-01 12:00:00 UTC.
  const winter = Date.UTC(2026, 10, 23, 14, 6, 37) / 1000;
  const summer = Date.UTC(2026, 6, 1, 12, 0, 0) / 1000;

  it.each([
    ["Europe/Berlin", "2026-11-23 15:06:37 CET", "2026-07-01 14:00:00 CEST"],
    ["Europe/London", "2026-11-23 14:06:37 GMT", "2026-07-01 13:00:00 BST"],
    ["America/New_York", "2026-11-23 09:06:37 EST", "2026-07-01 08:00:00 EDT"],
    ["Asia/Shanghai", "2026-11-23 22:06:37 GMT+8", "2026-07-01 20:00:00 GMT+8"],
    ["Asia/Kolkata", "2026-11-23 19:36:37 GMT+5:30", "2026-07-01 17:30:00 GMT+5:30"],
    ["UTC", "2026-11-23 14:06:37 UTC", "2026-07-01 12:00:00 UTC"],
  ])("TZ=%s", (tz, w, s) => {
    process.env.TZ = tz;
    expect(formatTime(winter)).toBe(w);
    expect(formatTime(summer)).toBe(s);
  });

  it("follows a change of TZ, and makes no formatter per call", () => {
    process.env.TZ = "Europe/Berlin";
    expect(formatTime(winter)).toMatch(/ CET$/);
    const Real = Intl.DateTimeFormat;
    let made = 0;
    const spy = vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (
      this: unknown,
      ...a: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      made++;
      return new Real(...a);
    } as unknown as typeof Intl.DateTimeFormat);
    try {
      for (let i = 0; i < 1000; i++) formatTime(winter + i * 3600);
      expect(made).toBe(0); // winter and summer names are both known by now
      process.env.TZ = "America/New_York";
      expect(formatTime(winter)).toMatch(/ EST$/);
      expect(made).toBe(0); // a zone src/model/zone-names.ts knows needs no formatter at all
      process.env.TZ = "Pacific/Honolulu"; // a name zone-names.ts leaves to ICU (it means two things)
      formatTime(winter);
      formatTime(winter + 3600);
      expect(made).toBe(2); // the new zone's two, once
    } finally {
      spy.mockRestore();
    }
  });

  it("names every zone without ICU as ICU does, or leaves it to ICU", () => {
    let known = 0;
    for (const tz of Intl.supportedValuesOf("timeZone")) {
      process.env.TZ = tz;
      for (const t of [winter, summer, Date.UTC(2024, 2, 31, 1, 30) / 1000, Date.UTC(2030, 9, 27) / 1000]) {
        const d = new Date(t * 1000);
        const fast = zoneNameWithoutIcu(d);
        if (fast !== undefined) known++;
        expect([tz, t, fast ?? zoneNameByIcu(d)]).toEqual([tz, t, zoneNameByIcu(d)]);
      }
    }
    expect(known).toBeGreaterThan(1000);
  });

  it("still says ? for a time the server got wrong", () => {
    expect(formatTime(Number.NaN)).toBe("?");
    expect(formatTime(1e20)).toBe("?");
  });
});
