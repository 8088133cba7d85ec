// The built CLI in a real pseudo-terminal: the first frame with data is drawn before Ink loads
// (src/render/first-frame.ts), Ink's first frame then shows the same screen, and the monitor works
// as ever after it: keys typed meanwhile are neither lost nor echoed, Ctrl+C hands the terminal back.
import unicode11 from "@xterm/addon-unicode11";
import xterm from "@xterm/headless";
import { describe, expect, it } from "vitest";
import { KEYS } from "./pty.js";
import { demoSessions } from "./sessions.js";

const BSU = "\x1b[?2026h";
const ESU = "\x1b[?2026l";
/** How the first frame's bytes begin (firstFrameBytes): a synchronized update that clears first. */
const PRE = `${BSU}\x1b[?25l\x1b[H\x1b[2J`;

const { demo, start } = await demoSessions();

function open(cols = 150, rows = 40) {
  return start(["--base-url", demo.url], { cols, rows, env: { JOBTOP_TOKEN: demo.token } });
}

async function textOf(bytes: string, cols: number, rows: number): Promise<string> {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  term.loadAddon(new unicode11.Unicode11Addon());
  term.unicode.activeVersion = "11";
  await new Promise<void>((r) => term.write(bytes, r));
  const out: string[] = [];
  // A space written and a cell never written look the same.
  for (let y = 0; y < rows; y++)
    out.push((term.buffer.active.getLine(y)?.translateToString(true) ?? "").trimEnd());
  term.dispose();
  return out.join("\n");
}

const selectedJob = (screen: string) => /Job (\d+)/.exec(screen)?.[1];

describe("the first frame, drawn before Ink", () => {
  it("shows the page and the selected job, then Ink's first frame shows the same screen", async () => {
    const t = open();
    await t.waitFor((x) => x.includes("State timeline") && x.includes("? help"));
    // Ink's first frame: the first lines written after the first frame (it places its own rows),
    // to the end of their synchronized update.
    const inkFrame = (raw: string) => {
      const end = raw.indexOf(ESU, raw.indexOf(PRE)) + ESU.length;
      const nl = raw.indexOf("\n", end);
      const inkEnd = nl < 0 ? -1 : raw.indexOf(ESU, nl);
      return { end, inkEnd: inkEnd < 0 ? -1 : inkEnd + ESU.length };
    };
    await t.waitFor(() => t.raw().includes(PRE) && inkFrame(t.raw()).inkEnd > 0);
    const raw = t.raw();
    const start = raw.indexOf(PRE);
    const { end, inkEnd } = inkFrame(raw);
    // Before the first frame: the screen taken (alternate screen, raw mode); no Ink frame yet.
    expect(raw.slice(0, start)).not.toContain(BSU);
    const pre = await textOf(raw.slice(0, end), 150, 40);
    // Ink's first frame alone, without the first frame under it: the same screen.
    const ink = await textOf(raw.slice(0, start) + raw.slice(end, inkEnd), 150, 40);
    expect(pre).toContain("State timeline");
    expect(pre).toMatch(/page 1\/\d+ · desc/);
    expect(pre).toContain("● ok");
    expect(ink).toBe(pre);
  });

  it("keeps keys typed while Ink loads, without echoing them, and then works as ever", async () => {
    const t = open();
    await t.waitFor((x) => x.includes("State timeline") && x.includes(" 1/20 "));
    t.press("jj");
    // Two keys, two rows down: the third row selected.
    let sc = await t.waitFor((x) => x.includes(" 3/20 "));
    expect(sc).not.toContain("jj");
    const third = selectedJob(sc);
    t.press("k");
    sc = await t.waitFor((x) => x.includes(" 2/20 "));
    expect(selectedJob(sc)).not.toBe(third);
    expect(t.raw()).not.toContain("jj");
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
    expect(t.alternateScreen()).toBe(false);
  });

  it("hands the terminal back on a Ctrl+C typed as soon as the first frame shows", async () => {
    const t = open();
    await t.waitFor("State timeline");
    t.press(KEYS.ctrlC);
    await t.exited();
    expect(t.alternateScreen()).toBe(false);
    expect(t.raw().endsWith("\x1b[?25h\x1b[?1049l") || t.raw().includes("\x1b[?25h\x1b[?1049l")).toBe(true);
  });

  it("draws the first frame again at the new size on a resize before Ink is up", async () => {
    const t = open(120, 30);
    // Resized the moment the first frame is out: Ink is loading then (its modules are evaluated
    // at once, no signal is handled until they and its first frame are done).
    await t.whenRaw((raw) => {
      const pre = raw.indexOf(PRE);
      return pre >= 0 && raw.includes(ESU, pre);
    });
    const at = t.raw().length;
    t.resize(90, 30);
    // Narrow: the list above the detail; whatever draws it (first frame or Ink), no line is wider.
    const sc = await t.waitFor((x) => x.includes("State timeline") && !x.includes(" │"));
    expect(sc.split("\n").every((l) => l.length <= 90)).toBe(true);
    // And no frame laid out for the old size came after the resize (Ink's first frame did, until
    // its own resize handling cleared it and drew again, up to a second later under load).
    expect(t.raw().slice(at)).not.toContain(" │");
  });
});
