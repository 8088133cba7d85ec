// The terminal title: its text (short, sanitised) and when it is written.
import { describe, expect, it } from "vitest";
import { runningCode, TITLE_MAX, titleText } from "../../src/model/title-text.js";
import { RESTORE_TITLE, SAVE_TITLE, TitleWriter } from "../../src/terminal/title.js";
import { FORBIDDEN, INVISIBLE, INVISIBLE_SHOWN } from "../helpers/forbidden.js";

describe("titleText", () => {
  it("says where, how many run, what is unseen, paused, offline", () => {
    expect(titleText({ where: "gpu.example", running: 2, unseen: 3, paused: false, offline: false })).toBe(
      "jobtop · gpu.example · 2 running · ✱3",
    );
    expect(titleText({ where: "h", running: undefined, unseen: 0, paused: true, offline: true })).toBe(
      "jobtop · h · paused · offline",
    );
  });

  it("holds no control character whatever it is given, and is short", () => {
    const t = titleText({
      where: `a\x07\x1b]0;x\x1b\\${"w".repeat(200)}`,
      running: 1,
      unseen: 0,
      paused: false,
      offline: false,
    });
    expect(t).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
    expect(Array.from(t)).toHaveLength(TITLE_MAX);
  });

  it("shows invisible characters and bidi controls in the profile's name escaped", () => {
    const t = titleText({ where: INVISIBLE, running: undefined, unseen: 0, paused: false, offline: false });
    expect(t).toBe(`jobtop · ${INVISIBLE_SHOWN}`);
    expect(t).not.toMatch(FORBIDDEN);
  });

  it("counts 'running' only when a status is labelled so", () => {
    expect(runningCode({ 6: "queued", 2: "Running" })).toBe(2);
    expect(runningCode({})).toBeUndefined();
  });
});

describe("TitleWriter", () => {
  it("saves the title before setting its own, writes only changes, and restores on leave", () => {
    const out: string[] = [];
    const w = new TitleWriter((s) => out.push(s));
    w.set("jobtop · a");
    expect(out).toEqual([]); // not on screen yet
    expect(w.enter()).toBe(`${SAVE_TITLE}\x1b]2;jobtop · a\x07`);
    w.set("jobtop · a");
    w.set("jobtop · a · ✱1");
    expect(out).toEqual(["\x1b]2;jobtop · a · ✱1\x07"]);
    expect(w.leave()).toBe(RESTORE_TITLE);
    expect(w.leave()).toBe(""); // once: the stack is not popped twice
    w.set("jobtop · b"); // suspended: nothing written
    expect(out).toHaveLength(1);
    expect(w.enter()).toBe(`${SAVE_TITLE}\x1b]2;jobtop · b\x07`);
  });

  it("saves once per hand-back: a continue after a stop from outside pushes no second title", () => {
    const w = new TitleWriter(() => {});
    w.set("jobtop · a");
    w.enter();
    expect(w.enter()).toBe("\x1b]2;jobtop · a\x07"); // SIGCONT with no suspend of ours before it
    expect(w.leave()).toBe(RESTORE_TITLE);
  });
});
