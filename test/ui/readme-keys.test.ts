// README.md's keys table is the keymap's (src/ui/input/keymap.ts), so a key cannot be documented
// differently from how it works. After changing the keymap:
//   UPDATE_README=1 npx vitest run test/ui/readme-keys.test.ts
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KEYMAP, keysTable } from "../../src/ui/input/keymap.js";

const README = fileURLToPath(new URL("../../README.md", import.meta.url));
const START = "<!-- keys: generated from src/ui/input/keymap.ts (see test/ui/readme-keys.test.ts) -->";
const END = "<!-- keys: end -->";

describe("README.md", () => {
  it("has the keymap's table of keys, every key in it", () => {
    const text = readFileSync(README, "utf8");
    const from = text.indexOf(START);
    const to = text.indexOf(END);
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    const table = keysTable();
    if (process.env.UPDATE_README) {
      writeFileSync(README, `${text.slice(0, from + START.length)}\n${table}\n${text.slice(to)}`);
      return;
    }
    expect(text.slice(from + START.length, to).trim()).toBe(table);
    for (const b of KEYMAP) expect(table).toContain(`\`${b.keys}\``);
  });
});
