import { describe, expect, it } from "vitest";
import { parseStatusList } from "../../src/model/status.js";

const LABELS = { 6: "queued", 1: "starting", 2: "running", 3: "stopped" };

describe("parseStatusList (--until)", () => {
  it("takes codes, and names from the configured labels in any case", () => {
    expect(parseStatusList("2", {})).toEqual({ codes: [2] });
    expect(parseStatusList("running, Stopped,6", LABELS)).toEqual({ codes: [2, 3, 6] });
    expect(parseStatusList("17", LABELS)).toEqual({ codes: [17] }); // a code the labels do not name
  });

  it("names the known statuses when one is unknown", () => {
    const r = parseStatusList("runing", LABELS);
    expect("error" in r && r.error).toMatch(/unknown status "runing".*running \(2\)/);
    const none = parseStatusList("running", {});
    expect("error" in none && none.error).toMatch(/no status names are configured/);
    expect("error" in parseStatusList(" , ", LABELS)).toBe(true);
  });
});
