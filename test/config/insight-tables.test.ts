// [[alerts]] and the flapping settings (issue 32): parsed from a real file through loadSettings,
// a profile's rule over the top level's, and every mistake one "file:line: key: what" line.
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../src/config/load.js";
import { writeConfig } from "../helpers/config-file.js";
import { FILE, problem } from "../helpers/config-problem.js";

describe("[[alerts]]", () => {
  it("reads rules at the top level and in a profile; the profile's replaces the one of the same name", async () => {
    const cfg = writeConfig(`profile = "p"
base_url = "http://top.example"
token_command = ["printf", "t"]
flap_changes = 4
flap_window = "5m"
[status]
6 = "queued"
2 = "running"

[[alerts]]
name = "queued-long"
statuses = ["queued"]
longer_than = "2d"

[[alerts]]
name = "train-stuck"
statuses = [2, 1]
longer_than = "30m"
match = { remark = "train-*", gpu = "A100" }

[profiles.p]
flap_window = "15m"

[[profiles.p.alerts]]
name = "queued-long"
statuses = [6]
longer_than = "10m"
`);
    const l = await loadSettings({
      raw: { demo: false, once: true },
      env: { XDG_CONFIG_HOME: cfg.home },
      tokenFrom: "--token",
    });
    const c = l.resolved.config;
    expect(c.alerts).toEqual([
      { name: "queued-long", statuses: [6], longerThanSec: 600 },
      {
        name: "train-stuck",
        statuses: [2, 1],
        longerThanSec: 1800,
        match: { remark: "train-*", gpu: "A100" },
      },
    ]);
    expect(c.flapChanges).toBe(4);
    expect(c.flapWindowMs).toBe(900_000);
  });

  it("defaults: no rule, flapping at more than 6 changes in 10 minutes", async () => {
    const cfg = writeConfig('base_url = "http://top.example"\ntoken_command = ["printf", "t"]\n');
    const l = await loadSettings({ raw: { demo: false, once: true }, env: { XDG_CONFIG_HOME: cfg.home } });
    expect(l.resolved.config.alerts).toEqual([]);
    expect(l.resolved.config.flapChanges).toBe(6);
    expect(l.resolved.config.flapWindowMs).toBe(600_000);
  });

  it.each([
    [
      '[[alerts]]\nname = "a"\nstatuses = [6]\nlonger_than = "soon"\n',
      `${FILE}:4: alerts[0].longer_than: expected a duration like 30m, 2h or 1d, got a string ("soon")`,
    ],
    [
      '[[alerts]]\nname = "a"\nstatuses = [6]\nlonger_than = "1h"\n\n[[alerts]]\nname = "b"\nstatuses = ["stuck"]\nlonger_than = "1h"\n',
      `${FILE}:8: alerts[1].statuses: unknown status "stuck": use a status code (no status names are configured)`,
    ],
    [
      '[[alerts]]\nname = "a"\nlonger_than = "1h"\n',
      `${FILE}:1: alerts[0]: rule "a" needs statuses (codes or [status] names)`,
    ],
    [
      '[[alerts]]\nname = "a"\nstatuses = [6]\nlonger_than = "1h"\nmatch = { host = "x" }\n',
      `${FILE}:5: alerts[0].match.host: unknown key: expected one of remark, gpu, node, class`,
    ],
    [
      '[[alerts]]\nname = "a"\nstatuses = [6]\nlonger_than = "1h"\n[[alerts]]\nname = "a"\nstatuses = [6]\nlonger_than = "2h"\n',
      `${FILE}:6: alerts[1].name: a second rule named "a"`,
    ],
    [
      '[[alerts]]\nname = "a"\nstatuses = [6]\nlonger_than = "1h"\nwhen = 3\n',
      `${FILE}:5: alerts[0].when: unknown key: expected one of name, statuses, longer_than, match`,
    ],
    ["alerts = 3\n", `${FILE}:1: alerts: expected [[alerts]] tables, got a number (3)`],
    [
      "[profiles.p]\nflap_changes = 0\n",
      `${FILE}:2: profiles.p.flap_changes: expected a whole number from 1 to 1000, got a number (0)`,
    ],
    ['flap_window = "1s"\n', `${FILE}:1: flap_window: must be between 60s and 86400s`],
    [
      '[profiles.p]\n[[profiles.p.alerts]]\nname = "x y"\nstatuses = [6]\nlonger_than = "1h"\n',
      `${FILE}:3: profiles.p.alerts[0].name: expected a name of up to 32 letters, digits, dots, dashes and underscores, got a string ("x y")`,
    ],
  ])("%j is one line at its place", (text, message) => {
    expect(problem(text)).toBe(message);
  });
});
