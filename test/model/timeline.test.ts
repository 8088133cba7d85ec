import { describe, expect, it } from "vitest";
import type { Job } from "../../src/api/schema.js";
import { JobSchema } from "../../src/api/schema.js";
import { activeHighlights, addHighlights, isHighlighted } from "../../src/model/highlights.js";
import { buildTimeline, diffJob } from "../../src/model/timeline.js";
import { jobUrls } from "../../src/model/urls.js";
import { specJob } from "../helpers/payloads.js";

const job = (over: Record<string, unknown> = {}): Job => JobSchema.parse(specJob(101, over));

describe("timeline", () => {
  it("gives each state its duration and marks the current one", () => {
    const t = buildTimeline(job().state.log, 1_700_000_300);
    expect(t.map((e) => [e.status, e.durationSec, e.current])).toEqual([
      [6, 60, false],
      [1, 60, false],
      [2, 180, true],
    ]);
  });

  it("never gives a negative duration when clocks disagree", () => {
    const t = buildTimeline(job().state.log, 1_600_000_000);
    expect(t.every((e) => e.durationSec >= 0)).toBe(true);
  });
});

describe("diffJob", () => {
  it("sees a new log entry by id and a new status", () => {
    const a = job();
    const b = job({
      status: 3,
      state: {
        status: 3,
        log: [...a.state.log, { id: 4, status: 3, ts: { seconds: 1_700_000_200 }, sourceId: 101 }],
      },
    });
    expect(diffJob(a, b)).toEqual({ changed: true, newEntryIds: ["4"], statusChanged: true });
    expect(diffJob(b, b).changed).toBe(false);
    expect(diffJob(undefined, b).changed).toBe(false);
  });
});

describe("urls", () => {
  it("numbers URLs by port order", () => {
    const u = jobUrls(job());
    expect(u.map((x) => [x.n, x.port, x.kind])).toEqual([
      [1, "22", "ssh"],
      [2, "8888", "https"],
    ]);
  });
});

describe("highlights", () => {
  it("expire after their time", () => {
    const h = addHighlights(new Map(), ["job:1"], 1000, 500);
    expect(isHighlighted(h, "job:1", 1400)).toBe(true);
    expect(isHighlighted(h, "job:1", 1500)).toBe(false);
    expect(activeHighlights(h, 1600).size).toBe(0);
    expect(activeHighlights(h, 1200)).toBe(h);
  });
});
