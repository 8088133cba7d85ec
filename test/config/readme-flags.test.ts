// README.md's table of flags and environment variables is the settings table's (src/config/settings.ts),
// so a flag cannot be documented differently from how it is declared. After changing a row:
//   UPDATE_README=1 npx vitest run test/config/readme-flags.test.ts
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { flagsTable, kebab } from "../../src/config/from-settings.js";
import { SETTINGS } from "../../src/config/settings.js";

const README = fileURLToPath(new URL("../../README.md", import.meta.url));
const START = "<!-- flags: generated from src/config/settings.ts (see test/config/readme-flags.test.ts) -->";
const END = "<!-- flags: end -->";

describe("README.md", () => {
  it("has the settings table's table of flags, every flag in it", () => {
    const text = readFileSync(README, "utf8");
    const from = text.indexOf(START);
    const to = text.indexOf(END);
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    const table = flagsTable();
    if (process.env.UPDATE_README) {
      writeFileSync(README, `${text.slice(0, from + START.length)}\n${table}\n${text.slice(to)}`);
      return;
    }
    expect(text.slice(from + START.length, to).trim()).toBe(table);
    // Every flag (but --port, demo-server's, and the shared --timeout) has a line.
    for (const r of SETTINGS)
      if ("flag" in r && r.name !== "port" && r.name !== "deadline")
        expect(table).toContain(`--${kebab(r.flag)}`);
  });
});
