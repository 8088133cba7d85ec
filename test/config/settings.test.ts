// The settings table (src/config/settings.ts) and what is made from it. --help's options are
// those jobtop printed before the table existed, byte for byte.
import { describe, expect, it } from "vitest";
import { optionsHelp, SETTING_KEYS } from "../../src/config/from-settings.js";
import { SETTINGS, type SettingRow } from "../../src/config/settings.js";
import { FLAGS } from "../../src/flags.js";

const OPTIONS_HELP = `
  Service
    --base-url URL        the job service (or JOBTOP_BASE_URL)
    --token-file FILE     read the bearer token from FILE (or set JOBTOP_TOKEN)
    --token TOKEN         the token itself (discouraged: it shows in ps)
    --timeout DUR         per-request deadline, body included (default 10s)

  Config file (~/.config/jobtop/config.toml; see the README)
    --config FILE         read this config file instead (or JOBTOP_CONFIG)
    --profile NAME        use the file's [profiles.NAME] (or JOBTOP_PROFILE)
    --status-labels LIST  names for status codes, e.g. "6=queued,1=starting,2=running"
    --columns LIST        list columns to choose from: status,display,remark,gpu,age,node,id,queue

  Monitor
    --interval DUR        poll the selected job every DUR (default 2s)
    --list-interval DUR   poll the page every DUR (default 10s)
    --per-page N|auto     jobs per page (default 20); auto: as many as the list shows
    --index auto|on|off   index every job of the account: auto | on | off (default auto)
    --index-max N         the index holds N jobs at most; auto: off above N (default 20000)
    --index-interval DUR  sweep the index every DUR (default 30s, at least 1s)
    --mouse on|off        wheel scrolls, click selects (default off: keeps text selection)
    --order desc|asc      initial order (default desc)
    --clipboard MODE      auto | osc52 | native | off (default auto)
    --bell                ring the terminal bell on a status change
    --notify MODE         desktop notifications: auto | osc9 | osc777 | osc99 | bell | off
                          (default off; see "Getting notified" in the README)
    --notify-scope SCOPE  whose changes notify: pinned | page | all (default page)
    --no-state            do not remember what changed while jobtop was away
    --pin ID              watch this job wherever it is (repeat for more)
    --title on|off        show the monitor's state in the terminal's title (default on)
    --hyperlinks MODE     URLs as clickable links: auto | on | off (default auto)

  Other
    --demo                start the demo service in-process and monitor it
    --tick DUR            how often the demo's jobs change (default 3s; 0 = never)
    --once                print one page as a plain table and exit
    -h, --help            this help
    -v, --version         the version

  Scripts (--once, get, watch, wait, act)
    --all                 --once: every job of the account (all pages, each id once)
    --status S,...        --once: only jobs in these statuses (codes or names)
    --json                JSON: one document (--once, get, wait), one object a line (watch)
    --until STATUS,...    status codes, or names from --status-labels (watch, wait)
    --timeout DUR         get, --once: keep retrying up to DUR (default 10s; --all: each page)
                          watch, wait: give up after DUR (default never)
    --show-secrets        do not mask passwords, URL tokens and secret env values
    --yes                 act: do not ask for confirmation (needed when stdin is not a terminal)
    Exit codes: 0 done, 1 service unreachable or failing until the deadline,
    2 bad usage or config, 3 wait timed out, 4 no such job, 5 token rejected,
    130/143 interrupted (watch: 0); act: 1 when it failed for a job`;

const rows: readonly SettingRow[] = SETTINGS;

describe("the settings table", () => {
  it("makes --help's options as they were", () => {
    expect(optionsHelp()).toBe(OPTIONS_HELP);
  });

  it("names each setting once; rows that share a flag share its kind", () => {
    const names = rows.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of rows)
      if (r.flag) expect(rows.filter((o) => o.flag === r.flag).every((o) => o.type === r.type)).toBe(true);
    expect(Object.keys(FLAGS).sort()).toEqual([...new Set(rows.flatMap((r) => r.flag ?? []))].sort());
  });

  it("says every value of a setting of a few words in its help line", () => {
    for (const r of rows)
      for (const v of r.values ?? []) expect(`${r.arg} ${r.help?.flat().join(" ")}`, r.name).toContain(v);
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
        "proxy",
        "ca_file",
        "status",
        "protocols",
        "ports",
      ].sort(),
    );
  });
});
