// The index's settings (issue 24): index, index_max, index_interval in the file, a profile and
// flags; their checks say what is wrong in one line; the defaults are auto, 20000 and 30 s.
import { describe, expect, it } from "vitest";
import { parseConfigFile } from "../../src/config/parse-file.js";
import { flagSettings, resolveSettings } from "../../src/config/resolve.js";
import { ConfigError } from "../../src/config/types.js";

const FILE = "/home/me/.config/jobtop/config.toml";
const flags = (o: Record<string, unknown>) => flagSettings({ demo: true, once: false, ...o });

function problem(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error("no problem found");
}

describe("the index's settings", () => {
  it("default to auto, 20000 jobs and 30 s", () => {
    const { config } = resolveSettings([], { demo: true, once: false });
    expect([config.index, config.indexMax, config.indexIntervalMs]).toEqual(["auto", 20_000, 30_000]);
  });

  it("are read from the file's top level and a profile, and flags win", () => {
    const f = parseConfigFile(
      FILE,
      'index = "on"\nindex_max = 500\nindex_interval = "1s"\n[profiles.p]\nindex = "off"\nindex_interval = 90\n',
    );
    expect(f.top).toMatchObject({ index: "on", indexMax: 500, indexIntervalMs: 1000 });
    expect(f.profiles.get("p")).toMatchObject({ index: "off", indexIntervalMs: 90_000 });
    const { config } = resolveSettings(
      [
        { name: "--index", settings: flags({ index: "auto", indexInterval: "2s" }) },
        { name: "profile p", settings: f.profiles.get("p") ?? {} },
        { name: "file", settings: f.top },
      ],
      { demo: true, once: false },
    );
    expect([config.index, config.indexMax, config.indexIntervalMs]).toEqual(["auto", 500, 2000]);
  });

  it("say what is wrong, in one line", () => {
    expect(problem(() => parseConfigFile(FILE, 'index = "maybe"\n'))).toBe(
      `${FILE}:1: index: expected "auto", "on" or "off", got a string ("maybe")`,
    );
    expect(problem(() => parseConfigFile(FILE, 'index_interval = "500ms"\n'))).toBe(
      `${FILE}:1: index_interval: must be between 1s and 3600s`,
    );
    expect(problem(() => parseConfigFile(FILE, "index_max = -1\n"))).toMatch(
      /index_max: expected a whole number/,
    );
    expect(problem(() => flags({ index: "maybe" }))).toBe('--index: expected auto, on or off, got "maybe"');
    expect(problem(() => flags({ indexInterval: "500ms" }))).toMatch(/^--index-interval: must be between 1s/);
    expect(problem(() => flags({ indexMax: "lots" }))).toBe(
      '--index-max: expected a whole number of jobs (0 or more), got "lots"',
    );
  });
});
