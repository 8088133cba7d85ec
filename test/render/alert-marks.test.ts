// The header's stuck count and the detail's line for a stuck or flapping job (issue 32) wherever the header has to shorten its counts. Against an
// independent service (/work/outside/jobsvc.js, 2 000 jobs, 152 stuck) at 160 columns, the status
// filter's text made the header take the short counts ("95◌ 57◔ 434● 1414■"), and "152 ⧗ stuck"
// went with no mark at all: only the whole counts carried it. At 80 columns it was never shown.
import { describe, expect, it } from "vitest";
import type { Breach } from "../../src/model/alerts.js";
import { alertLine, withStuck } from "../../src/render/alert-marks.js";
import { type HeaderProps, headerParts } from "../../src/render/header-props.js";

const props = (p: Partial<HeaderProps>): HeaderProps => ({
  host: "127.0.0.1:8792",
  page: 1,
  numPages: 100,
  order: "desc",
  total: 2000,
  position: "1/152",
  intervalMs: 2000,
  listIntervalMs: 10_000,
  freshMs: 20_000,
  changes: 0,
  connection: { state: "ok", okWall: 0 } as HeaderProps["connection"],
  width: 160,
  filter: "",
  scope: "all",
  counts: ["95 ◌ queued", "57 ◔ starting", "434 ● running", "1414 ■ stopped"],
  shortCounts: ["95◌", "57◔", "434●", "1414■"],
  ...p,
});

const stuck = {
  stuck: new Map<string, readonly Breach[]>(Array.from({ length: 152 }, (_, i) => [String(100000 + i), []])),
};

describe("the header's stuck count", () => {
  it("comes first among the whole counts", () => {
    const { rest } = headerParts(withStuck(props({}), stuck));
    expect(rest).toContain(" · 152 ⧗ stuck · 95 ◌ queued");
  });

  it("stays, shortened, when the counts are shortened (a filter, a narrower terminal)", () => {
    const filtered = headerParts(withStuck(props({ filter: "status: ⧗ stuck (152 of 2000)" }), stuck));
    expect(filtered.rest).toContain(" · 152⧗ 95◌ 57◔ 434● 1414■");
    const narrow = headerParts(withStuck(props({ width: 100 }), stuck));
    expect(narrow.rest).toContain("152⧗");
  });

  it("is the first count kept when not every count fits, the rest counted", () => {
    const { rest } = headerParts(withStuck(props({ width: 84 }), stuck));
    expect(rest).toMatch(/^ · 152⧗ .*\+\d more$/);
  });

  it("is not there when nothing is stuck", () => {
    const p = props({ width: 100 });
    expect(withStuck(p, { stuck: new Map() })).toBe(p);
  });
});

describe("the detail's line for a stuck or flapping job", () => {
  const marks = {
    stuck: new Map<string, readonly Breach[]>([
      ["7", [{ rule: "queued-long", forSec: 7200, status: 6 }]],
      [
        "9",
        [
          { rule: "queued-long", forSec: 7200, status: 6 },
          { rule: "gpu-wait", forSec: 7200, status: 6 },
        ],
      ],
    ]),
    flapping: new Map([
      ["8", 9],
      ["9", 7],
    ]),
  };

  it("names the rules the job breaks and how often it changed, with the marks of its row", () => {
    expect(alertLine(marks, "7", "10m")).toBe("⧗ stuck: queued-long");
    expect(alertLine(marks, "8", "10m")).toBe("↯ flapping: 9 status changes within 10m");
    expect(alertLine(marks, "9", "10m")).toBe(
      "⧗ stuck: queued-long, gpu-wait · ↯ flapping: 7 status changes within 10m",
    );
  });

  it("is no line for a job that breaks none, or before the insight starts", () => {
    expect(alertLine(marks, "1", "10m")).toBeUndefined();
    expect(alertLine(undefined, "7", "10m")).toBeUndefined();
  });
});
