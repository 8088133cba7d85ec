// The settings table (src/config/settings.ts) and what is made from it. --help's options are
// those jobtop printed before the table existed, byte for byte (test/cli/fixtures/help.txt, which
// test/cli/cli.test.ts compares with the built CLI's whole --help).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { optionsHelp, SETTING_KEYS } from "../../src/config/from-settings.js";
import type { SettingRow } from "../../src/config/setting-row.js";
import { SETTINGS } from "../../src/config/settings.js";

/** --help as jobtop printed it before the table existed (meow's), with the rows added since. */
const HELP = readFileSync(new URL("../cli/fixtures/help.txt", import.meta.url), "utf8");

const rows: readonly SettingRow[] = SETTINGS;

describe("the settings table", () => {
  it("makes --help's options as they were", () => {
    expect(HELP).toContain(`\n  Usage\n`);
    expect(HELP).toContain(`${optionsHelp()}\n\n  Durations: `);
  });

  it("names each setting once; rows that share a flag type it alike", () => {
    const names = rows.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of rows)
      if (r.flag)
        expect(rows.filter((o) => o.flag === r.flag).every((o) => o.kind.flag === r.kind.flag)).toBe(true);
  });

  it("says every value of a setting of a few words in its help line", () => {
    for (const r of rows)
      if (r.kind.type === "words")
        for (const v of r.kind.words ?? [])
          expect(`${r.arg} ${r.help?.flat().join(" ")}`, r.name).toContain(v);
  });

  it("gives the config file the keys it had", () => {
    expect([...SETTING_KEYS].sort()).toEqual(
      [
        "base_url",
        "token_file",
        "token_command",
        "interval",
        "list_interval",
        "timeout",
        "per_page",
        "index",
        "index_max",
        "index_interval",
        "order",
        "columns",
        "clipboard",
        "bell",
        "mouse",
        "notify",
        "notify_scope",
        "state",
        "hyperlinks",
        "title",
        "pins",
        "final",
        "proxy",
        "ca_file",
        "status",
        "protocols",
        "ports",
        "flap_changes",
        "flap_window",
      ].sort(),
    );
  });
});
