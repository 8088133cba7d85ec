// A pin of a job that does not exist (issue 29, a newcomer's trips, 8): `--pin 999` showed
// nothing in the list or the status line, only the events pane (when open) said "★ 999 not
// found". Now the pins on top hold its row, the status line says it once, and `w` on that row
// unpins it.
import { describe, expect, it } from "vitest";
import { KEYS, type Session } from "./pty.js";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

const lines = (t: Session) => t.screen();

describe("a pin of a job that is not there", () => {
  it("has its row on top, is said once on the status line, and w on its row unpins it", async () => {
    const t = start(["--base-url", demo.url, "--pin", "999", "--pin", "5"], {
      cols: 150,
      rows: 30,
      env: { JOBTOP_TOKEN: demo.token },
    });
    await t.waitFor((x) => x.includes("★ 999 not found: pinned, the service has no such job now"), 15_000);
    const screen = lines(t);
    expect(screen[2]).toMatch(/^ {2}★ 999 not found\s*│/);
    expect(screen[3]).toMatch(/^ {2}★● 2 {4}\S+ .* 5 /);
    // The cursor starts on the page's first job, below the pins; up twice is the missing pin.
    t.press(KEYS.up);
    t.press(KEYS.up);
    await t.waitFor((x) => /^› ★ 999 not found/m.test(x) && x.includes("job 999 not found"), 10_000);
    t.press("w");
    await t.waitFor((x) => !x.includes("★ 999"), 10_000);
  }, 60_000);
});
