// [keys] in a real terminal: the config file rebinds next_page to l and quit to Q (q then does
// nothing), and binds tmux's prefix, whose warning the status line shows; the help lists the keys
// in force; Q quits with the terminal restored.
import { describe, expect, it } from "vitest";
import { writeConfig } from "../helpers/config-file.js";
import { KEYS } from "./pty.js";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

describe("keys rebound by [keys]", () => {
  it("answer to their new keys, are listed in the help, and the tmux prefix is warned of", async () => {
    const cfg = writeConfig(
      `base_url = "${demo.url}"\n[keys]\nnext_page = "l"\nquit = ["Q", "ctrl+c"]\nrefresh = ["r", "ctrl+b"]\n`,
    );
    const t = start([], {
      cols: 160,
      rows: 70,
      env: { XDG_CONFIG_HOME: cfg.home, JOBTOP_TOKEN: demo.token },
    });
    await t.waitFor((x) => t.alternateScreen() && x.includes("ctrl+b is tmux's prefix key"), 15_000);
    await t.waitFor(/Job \d+/, 10_000);
    t.press("l");
    await t.waitFor(/page 2\//);
    t.press(KEYS.right); // → is next_page's no more
    t.press("q"); // nor is q quit's
    t.press("?");
    const help = await t.waitFor(" Keys");
    expect(help).toMatch(/ l +next page/);
    expect(help).toMatch(/ Q \/ Ctrl\+C +quit/);
    expect(help).toMatch(/page 2\//);
    t.press(KEYS.esc);
    await t.waitFor("State timeline");
    t.press("Q");
    expect((await t.exited()).exitCode).toBe(0);
    const raw = t.raw();
    expect(raw.lastIndexOf("\x1b[?1049l")).toBeGreaterThan(raw.lastIndexOf("\x1b[?1049h"));
  }, 60_000);
});
