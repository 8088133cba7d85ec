// Issue 29 (low): mouse tracking stayed on after a `mode = "terminal"` action and after jobtop
// exited. The action here turns on any-motion mouse reports, urxvt encoding, bracketed paste and
// focus reports, and ends without undoing them (as a program killed, or an ssh whose remote end
// went, does). jobtop takes the terminal back with every such mode off and its own on (bracketed
// paste; no mouse by default; no focus reports without --notify), and leaves it with all off.
// Read from the bytes jobtop wrote, through the terminal's own view of its modes.
import { chmodSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NODE } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";
import type { Session } from "./pty.js";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions({ token: "modes-tok" });

const LEFT_ON = ["1003", "1015", "2004", "1004"];
/** After `from`, each mode's last word is "off" (DECRST after the last DECSET). */
const offAfter = (raw: string, mode: string) =>
  raw.lastIndexOf(`\x1b[?${mode}l`) > raw.lastIndexOf(`\x1b[?${mode}h`);

describe("the terminal's modes", () => {
  it("are jobtop's own again after a terminal action, and all off after q", async () => {
    const cfg = writeConfig("");
    cfg.file("token", "modes-tok\n");
    const script = cfg.file(
      "modes.js",
      `process.stdout.write("\\x1b[?1003h\\x1b[?1015h\\x1b[?2004h\\x1b[?1004h left on\\n");\n`,
    );
    chmodSync(script, 0o700);
    cfg.file(
      "config.toml",
      `base_url = "${demo.url}"\ntoken_file = "token"\n\n[[actions]]\nname = "modes"\nkey = "M"\n` +
        `command = [${JSON.stringify(NODE)}, "${script}"]\nmode = "terminal"\nconfirm = "no"\n`,
    );
    const t = start([], { env: { XDG_CONFIG_HOME: cfg.home }, cols: 160, rows: 40 });
    await t.waitFor(/Job \d+/, 15_000);
    expect(t.modes().bracketedPasteMode).toBe(true);
    t.press("M");
    await t.waitFor(/modes \S+: done/, 10_000);
    // The action set them; jobtop, back, turned each off again and its own on.
    const raw = t.raw();
    const action = raw.indexOf("\x1b[?1003h");
    expect(action).toBeGreaterThan(0);
    for (const mode of ["1003", "1015", "1004"]) expect(offAfter(raw, mode)).toBe(true);
    expect(t.modes()).toMatchObject({
      mouseTrackingMode: "none",
      sendFocusMode: false,
      bracketedPasteMode: true,
    });
    expect(t.alternateScreen()).toBe(true);

    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
    const end = t.raw();
    for (const mode of LEFT_ON) expect(offAfter(end, mode)).toBe(true);
    expect(t.modes()).toMatchObject({
      mouseTrackingMode: "none",
      sendFocusMode: false,
      bracketedPasteMode: false,
    });
    expect(t.alternateScreen()).toBe(false);
    expect(end.lastIndexOf("\x1b[?25h")).toBeGreaterThan(end.lastIndexOf("\x1b[?25l"));
  });
});

/** jobtop on the demo with one terminal action, `name` on M, running `command` (a TOML array). */
function withAction(name: string, command: string, env: Record<string, string> = {}): Session {
  const cfg = writeConfig("");
  cfg.file("token", "modes-tok\n");
  cfg.file(
    "config.toml",
    `base_url = "${demo.url}"\ntoken_file = "token"\n\n[[actions]]\nname = "${name}"\nkey = "M"\n` +
      `command = ${command}\nmode = "terminal"\nconfirm = "no"\n`,
  );
  return start([], { env: { XDG_CONFIG_HOME: cfg.home, ...env }, cols: 160, rows: 40 });
}

describe("the terminal's line settings after a terminal action left them raw", () => {
  it("are put back: the Enter asked for ends the wait, and the screen comes back whole", async () => {
    // A program that exits non-zero without restoring the terminal (a TUI that crashed): Enter
    // sent \r, not \n, and jobtop waited for ever (Ctrl+C and Ctrl+D were bytes as well); and
    // jobtop's raw mode, made from the settings it found, drew its screen as a staircase.
    const t = withAction("raw", `["sh", "-c", "stty raw -echo; exit 3"]`);
    await t.waitFor(/Job \d+/, 15_000);
    t.press("M");
    await t.waitFor("press Enter to return to jobtop", 10_000);
    t.press("\r");
    const back = await t.waitFor((x) => /raw \S+: failed/.test(x) && x.includes("State timeline"), 10_000);
    expect(t.alternateScreen()).toBe(true);
    expect(back).toMatch(/^jobtop /);
    expect(back.split("\n").filter((l) => l.includes("│")).length).toBeGreaterThan(30);
  });
  it("without stty to put them back, Enter (a carriage return now) still ends the wait", async () => {
    // No stty in PATH: the settings stay raw, Enter sends \r, and the wait read only \n: jobtop
    // waited for ever, Ctrl+C and Ctrl+D bytes as well.
    const t = withAction("raw", `["/bin/sh", "-c", "/bin/stty raw -echo; exit 3"]`, { PATH: "/nonexistent" });
    await t.waitFor(/Job \d+/, 15_000);
    t.press("M");
    await t.waitFor("press Enter to return to jobtop", 10_000);
    t.press("\r");
    await t.waitFor((x) => /raw \S+: failed/.test(x), 10_000);
    expect(t.alternateScreen()).toBe(true);
  });
});

describe("a terminal action's banner (attacked after the merge)", () => {
  it("masks what the job's text holds, as the detail pane does", async () => {
    // The banner printed the command line as run: a remark HF_TOKEN=hf_… showed whole, above
    // the action's own output, where the detail pane shows HF_TOKEN=••••••.
    const t = withAction("show", `["sh", "-c", "exit 0", "sh", "{remark}"]`);
    const id = Number(/Job (\d+)/.exec(await t.waitFor(/Job \d+/, 15_000))?.[1]);
    const job = demo.getJob(id);
    if (!job) throw new Error("no job");
    const secret = "hf_AbCdEfGhIjKlMnOpQrStUvWxYz12345678";
    const remark = job.app.remark;
    job.app.remark = `HF_TOKEN=${secret}`;
    try {
      t.press("M");
      await t.waitFor(/show \S+: done/, 10_000);
      const raw = t.raw();
      expect(raw).toContain("jobtop: show ");
      expect(raw).toContain("HF_TOKEN=••••••");
      expect(raw).not.toContain(secret);
    } finally {
      job.app.remark = remark;
    }
  });
});
