// Which notification sequence a terminal gets, what its bytes are, and that no text from the
// service can end the sequence early or start one of its own.
import { describe, expect, it } from "vitest";
import { displayWidth } from "../../src/model/width.js";
import {
  notificationSequence,
  notificationWrites,
  notifyText,
  pickNotify,
} from "../../src/terminal/notify.js";
import { FORBIDDEN, INVISIBLE, INVISIBLE_SHOWN } from "../helpers/forbidden.js";

const ESC = "\x1b";

describe("pickNotify", () => {
  it.each([
    [{ TERM_PROGRAM: "iTerm.app" }, "osc9"],
    [{ TERM_PROGRAM: "tmux", LC_TERMINAL: "iTerm2" }, "osc9"],
    [{ TERM_PROGRAM: "WezTerm" }, "osc9"],
    [{ TERM_PROGRAM: "ghostty" }, "osc9"],
    [{ TERM: "xterm-ghostty" }, "osc9"],
    [{ WT_SESSION: "b7c1…" }, "osc9"],
    [{ TERM: "xterm-kitty" }, "osc99"],
    [{ TERM: "tmux-256color", KITTY_WINDOW_ID: "3" }, "osc99"],
    [{ TERM: "foot" }, "osc777"],
    [{ TERM: "rxvt-unicode-256color" }, "osc777"],
    [{ TERM: "xterm-256color", VTE_VERSION: "7200" }, "osc777"],
    [{ TERM: "xterm-256color" }, "bell"],
    [{ TERM: "screen", TMUX: "/tmp/tmux-1000/default,1,0", TERM_PROGRAM: "tmux" }, "bell"],
    [{}, "bell"],
  ])("auto with %j picks %s", (env, kind) => {
    expect(pickNotify("auto", env)).toBe(kind);
  });

  it("takes an explicit mode as given", () => {
    expect(pickNotify("osc777", { TERM_PROGRAM: "iTerm.app" })).toBe("osc777");
    expect(pickNotify("off", { TERM: "xterm-kitty" })).toBe("off");
  });
});

describe("notification bytes", () => {
  it("OSC 9 with the title first (never a leading digit: 9;4 is a progress bar)", () => {
    expect(notificationSequence("osc9", "jobtop", "4;1 running → stopped")).toBe(
      `${ESC}]9;jobtop: 4;1 running → stopped\x07`,
    );
  });

  it("OSC 777 notify;title;body", () => {
    expect(notificationSequence("osc777", "jobtop", "jb25w8 running → stopped")).toBe(
      `${ESC}]777;notify;jobtop;jb25w8 running → stopped\x07`,
    );
  });

  it("OSC 99: title then body under one id, shown only while kitty's window is unfocused", () => {
    const seq = notificationSequence("osc99", "jobtop", "jb25w8 running → stopped");
    const m =
      /^\x1b\]99;i=(\w+):d=0:o=unfocused;jobtop\x1b\\\x1b\]99;i=(\w+):d=1:p=body;jb25w8 running → stopped\x1b\\$/.exec(
        seq,
      );
    expect(m?.[1]).toBe(m?.[2]);
    expect(notificationSequence("osc99", "a", "b")).not.toContain(`i=${m?.[1]}:`); // a new id each time
  });

  it("the bell", () => {
    expect(notificationSequence("bell", "jobtop", "x")).toBe("\x07");
  });

  it("sends both forms in tmux (passthrough-wrapped, ESC doubled, and plain), chunks in screen", () => {
    const seq = notificationSequence("osc9", "jobtop", "jb25w8 running → stopped");
    expect(notificationWrites(seq, { TMUX: "/tmp/t,1,0" })).toEqual([
      `${ESC}Ptmux;${ESC}${ESC}]9;jobtop: jb25w8 running → stopped\x07${ESC}\\`,
      seq,
    ]);
    expect(notificationWrites(seq, {})).toEqual([seq]);
    const chunks = notificationWrites(`${ESC}]9;${"x".repeat(200)}\x07`, { STY: "1.pts-0" });
    expect(chunks.length).toBe(3);
    for (const c of chunks) expect(c).toMatch(/^\x1bP[^\x1b]*\x1b\\$|^\x1bP\x1b][^\x1b]*\x1b\\$/);
    // The bell is plain in tmux too: wrapped as well, it would ring twice with passthrough on.
    expect(notificationWrites("\x07", { TMUX: "x" })).toEqual(["\x07"]);
  });
});

describe("notifyText", () => {
  it("makes the service's text harmless: no control character, no field separator", () => {
    const t = notifyText("evil\x07\x1b]2;pwned\x1b\\;x\u009b2J");
    expect(t).not.toMatch(/[\x00-\x1f\x7f-\x9f;]/);
    expect(t).toBe("evil^G^[]2,pwned^[\\,x<U+009B>2J");
  });

  it("shows invisible characters escaped, an emoji's ZWJ kept", () => {
    const t = notifyText(`${INVISIBLE} 👩‍💻`);
    expect(t).toBe(`${INVISIBLE_SHOWN} 👩‍💻`);
    expect(t).not.toMatch(FORBIDDEN);
  });

  it("is short, and never cuts a character in two", () => {
    const t = notifyText("🚀".repeat(200), 10);
    expect(displayWidth(t)).toBe(9); // 10 cells at most: four rockets and the "…"
    expect(t.endsWith("🚀…")).toBe(true);
    expect(t).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
