// The trend's file (issue 32): read back as written, mode 600; a damaged, others-writable, symlinked
// or too large file is ignored with one line and written anew.
import { chmodSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emptyTrend, MAX_TREND_BYTES, recordTrend } from "../../src/model/trend.js";
import { readTrend, trendPath, writeTrend } from "../../src/state/trend-file.js";

const home = () => mkdtempSync(join(tmpdir(), "jobtop-trend-"));

describe("the trend file", () => {
  it("is written beside the state file, mode 600, and read back", () => {
    const path = trendPath("prod@jobs.example:443", { XDG_STATE_HOME: home() });
    expect(path).toMatch(/\/jobtop\/prod%40jobs%2eexample%3a443\.trend\.json$/);
    const t = recordTrend(emptyTrend(), new Map([[2, 5]]), 1_800_000_000);
    expect(writeTrend(path, t)).toBeUndefined();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readTrend(path)).toEqual({ trend: { ...t, dropped: 0 }, warning: undefined });
    expect(readTrend(`${path}.none`)).toEqual({ trend: undefined, warning: undefined });
  });

  it("ignores a damaged, others-writable, symlinked or too large file, with one line", () => {
    const dir = home();
    const path = join(dir, "t.trend.json");
    writeFileSync(path, "{not json", { mode: 0o600 });
    expect(readTrend(path).warning).toBe(
      `trend file ${path} ignored: it is damaged; it will be written anew`,
    );
    writeFileSync(path, '{"v":1,"step":300,"codes":[],"slots":[]}');
    chmodSync(path, 0o666);
    expect(readTrend(path).warning).toContain("others can change it");
    const link = join(dir, "link.trend.json");
    chmodSync(path, 0o600);
    symlinkSync(path, link);
    expect(readTrend(link).warning).toContain("a symlink");
    writeFileSync(path, " ".repeat(MAX_TREND_BYTES + 1), { mode: 0o600 });
    expect(readTrend(path).warning).toContain("too large");
  });
});
