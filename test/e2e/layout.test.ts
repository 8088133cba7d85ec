// Small terminals in a real pty: every help line (keys, symbols, how to close) reachable by
// scrolling at 60×15 and 40×10, and the ID column (what ":" needs) on screen at every layout.
import { describe, expect, it } from "vitest";
import { keysShown } from "../../src/keys/keymap.js";
import { helpLines, helpRows, legend } from "../../src/ui/HelpOverlay.js";
import { KEYS } from "./pty.js";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

function open(cols: number, rows: number, extra: string[] = []) {
  return start(["--base-url", demo.url, "--interval", "500ms", "--list-interval", "2s", ...extra], {
    cols,
    rows,
    env: { JOBTOP_TOKEN: demo.token },
  });
}

describe("the help overlay at the smallest sizes", () => {
  for (const [cols, rows] of [
    [60, 15],
    [40, 10],
  ] as const) {
    it(`scrolls to every key, every symbol and the closing hint at ${cols}×${rows}`, async () => {
      const t = open(cols, rows);
      await t.waitFor(/jobtop page 1\//, 10_000);
      t.press("?");
      let sc = await t.waitFor(/ Keys (and symbols )?· \? or Esc closes/, 5000);
      expect(sc).toMatch(/↓ 1–\d+\/\d+/); // it says there is more
      const seen = new Set<string>();
      const take = (screen: string) => {
        for (const l of screen.split("\n")) seen.add(l.trim());
      };
      take(sc);
      // Down a line at a time with j, then a page at a time: the indicator reaches the end.
      for (let i = 0; i < 3; i++) {
        t.press("j");
        sc = await t.waitFor(new RegExp(`[↑ ][↓ ] ${i + 2}–`), 5000);
        take(sc);
      }
      const topOf = (x: string) => Number(/[↑ ][↓ ] (\d+)–/.exec(x)?.[1]);
      for (let i = 0; i < 40 && !/↑ {2}\d+–(\d+)\/\1 /.test(sc); i++) {
        const before = topOf(sc);
        t.press(KEYS.pgdn);
        sc = await t.waitFor((x) => topOf(x) > before, 5000);
        take(sc);
      }
      expect(sc).toMatch(/↑ {2}\d+–(\d+)\/\1 /); // at the end
      expect(t.wrapped()).toBe(0);
      // Every line of the help was on screen at some point, cut at most at the right edge.
      const all = [...seen].join("\n");
      for (const line of helpLines(cols, {})) {
        const start = line.trim().slice(0, Math.min(line.trim().length, cols - 4));
        if (start) expect(all, `help line "${line}"`).toContain(start);
      }
      for (const b of helpRows()) expect(all).toContain(keysShown(b.keys));
      for (const [symbol] of legend({})) expect(all).toContain(symbol);
      expect(all).toContain("Press ? or Esc to close.");
      // Home goes back to the top; the keys moved the help, not the selection behind it.
      t.press(KEYS.home);
      await t.waitFor(/ ↓ 1–\d+\//, 5000);
      t.press(KEYS.esc);
      sc = await t.waitFor((x) => !x.includes("Esc closes") && /Job \d+/.test(x), 5000);
      expect(sc).toMatch(/page 1\//);
    }, 60_000);
  }
});

describe("the ID column", () => {
  it("is on screen at 40, 60, 80, 100, 131 and 200 columns", async () => {
    const t = open(131, 30);
    await t.waitFor(/Job \d+/, 10_000);
    for (const cols of [40, 60, 80, 100, 131, 200]) {
      t.resize(cols, 30);
      // Drawn for this width (the last frame, cut or not, can pass for it).
      const sc = await t.waitFor((x) => {
        const header = x.split("\n").find((l) => l.includes("STATUS")) ?? "";
        return t.redrawn() && header.length > 0 && header.length <= cols && /Job \d+/.test(x);
      }, 10_000);
      const header = sc.split("\n").find((l) => l.includes("STATUS")) ?? "";
      expect(header, `${cols} columns`).toMatch(/ ID\b/);
      // The selected row shows the job's id.
      const id = /Job (\d+)/.exec(sc)?.[1] ?? "?";
      const row = sc.split("\n").find((l) => l.startsWith("›")) ?? "";
      expect(row, `${cols} columns`).toMatch(new RegExp(`\\b${id}\\b`));
    }
  }, 60_000);
});

describe("the row position and the detail's facts", () => {
  const WIDTHS = [200, 150, 120, 100, 90, 80];
  /** The screen at each width, once drawn at it. */
  async function atEachWidth(check: (sc: string, cols: number) => void) {
    const t = open(200, 40);
    await t.waitFor(/Job \d+/, 10_000);
    for (const cols of WIDTHS) {
      t.resize(cols, 40);
      check(
        await t.waitFor((x) => /autoRelease/.test(x) && x.split("\n").every((l) => l.length <= cols)),
        cols,
      );
      expect(t.wrapped()).toBe(0);
    }
  }

  it(`puts the row position in the header, not in a column's title, at ${WIDTHS.join(" ")} columns`, async () => {
    await atEachWidth((sc, cols) => {
      const lines = sc.split("\n");
      // "1/20" had been squeezed into the end of the REMARK column's title, where it read as part of it.
      // At 80 the row's place gives way to the account's counts, each shortened ("27◌"): issue 29.
      if (cols > 80) expect(lines[0], `${cols} columns`).toMatch(/ · row 1\/20\b/);
      else expect(lines[0], `${cols} columns`).toMatch(/ · row 1\/20\b| · \d+◌ \d+◔ \d+● \d+■ · /);
      const titles = (lines.find((l) => l.includes("STATUS")) ?? "").split("│")[0];
      expect(titles, `${cols} columns`).not.toMatch(/\d\/\d/);
    });
  }, 60_000);

  it(`breaks the detail's facts only between two, at ${WIDTHS.join(" ")} columns`, async () => {
    await atEachWidth((sc, cols) => {
      // Each fact whole on one line of the pane ("… · queue" / "0" wrapped at 150).
      const pane = sc.split("\n").map((l) => l.split("│").at(-1) ?? "");
      for (const fact of [
        /\bid \d+\b/,
        /status [◌◔●■?] \S+/,
        /owner \d+/,
        /node \S+ \(id \d+\)/,
        /queue \d+/,
        /created \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+ \(\S+ ago\)/,
        /autoRelease (yes|no)/,
      ])
        expect(
          pane.some((l) => fact.test(l)),
          `${fact} at ${cols} columns:\n${sc}`,
        ).toBe(true);
      expect(
        pane.some((l) => /^\s*\d+\s*$/.test(l)),
        `a number alone at ${cols} columns`,
      ).toBe(false);
    });
  }, 60_000);
});

describe("the detail pane", () => {
  it.each([
    ["Europe/Berlin", /(CET|CEST)/],
    ["America/New_York", /(EST|EDT)/],
    ["Asia/Kolkata", /GMT\+5:30/],
    ["UTC", /UTC/],
  ])(
    "says which zone its times are in (TZ=%s)",
    async (tz, zone) => {
      const s = start(["--base-url", demo.url], {
        cols: 160,
        rows: 40,
        env: { JOBTOP_TOKEN: demo.token, TZ: tz },
      });
      const sc = await s.waitFor(/created \d{4}-/, 10_000);
      const id = Number(/Job (\d+)/.exec(sc)?.[1]);
      const created = demo.getJob(id)?.createTime.seconds ?? 0;
      // The local time in that zone, as the test's own Intl computes it.
      const parts = new Intl.DateTimeFormat("en-CA", {
        timeZone: tz,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }).formatToParts(new Date(created * 1000));
      const v = (t: string) => parts.find((p) => p.type === t)?.value;
      const local = `${v("year")}-${v("month")}-${v("day")} ${v("hour")}:${v("minute")}:${v("second")}`;
      expect(sc).toMatch(new RegExp(`created ${local} ${zone.source} `));
      expect(sc).toMatch(new RegExp(`\\d\\d:\\d\\d:\\d\\d ${zone.source} `)); // the timeline too
    },
    30_000,
  );

  it("names port protocols only when told: proto 1 for a service, tcp for the demo", async () => {
    let s = start(["--base-url", demo.url], { cols: 160, rows: 50, env: { JOBTOP_TOKEN: demo.token } });
    let sc = await s.waitFor(/ports \d+/, 10_000);
    expect(sc).toMatch(/ports \d+ \(proto [12]\)/);
    expect(sc).not.toMatch(/ports \d+\/(tcp|udp)/);
    s.kill("SIGKILL");
    s = start(["--demo"], { cols: 160, rows: 50 });
    sc = await s.waitFor(/ports \d+/, 10_000);
    expect(sc).toMatch(/ports \d+\/(tcp|udp)/);
  }, 30_000);
});
