// README.md's keys table is the keymap's (src/keys/rows.ts's rows), so a key cannot be documented
// differently from how it works. After changing the keymap:
//   UPDATE_README=1 npx vitest run test/keys/readme-keys.test.ts
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildKeymap, keysShown, keysTable } from "../../src/keys/keymap.js";

const README = fileURLToPath(new URL("../../README.md", import.meta.url));
const START = "<!-- keys: generated from src/keys/rows.ts (see test/keys/readme-keys.test.ts) -->";
const END = "<!-- keys: end -->";

describe("README.md", () => {
  it("has the keymap's table of keys, every key in it", () => {
    const text = readFileSync(README, "utf8");
    const from = text.indexOf(START);
    const to = text.indexOf(END);
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    const { keymap } = buildKeymap();
    const table = keysTable(keymap);
    if (process.env.UPDATE_README) {
      writeFileSync(README, `${text.slice(0, from + START.length)}\n${table}\n${text.slice(to)}`);
      return;
    }
    expect(text.slice(from + START.length, to).trim()).toBe(table);
    for (const b of keymap.rows) expect(table).toContain(`\`${keysShown(b.keys).replaceAll("|", "\\|")}\``);
  });
});
