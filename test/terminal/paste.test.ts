// The paste filter between stdin and Ink (src/terminal/paste.ts): bracketed paste marks out, what
// was pasted kept as text only, and a read that came together (a paste, or a burst holding a line
// break among other text) said so, for the typed confirmation.
import { describe, expect, it } from "vitest";
import { filterPaste, pasteState } from "../../src/terminal/paste.js";

describe("the paste filter", () => {
  it("takes the marks out and keeps a paste as text: no newline, no ESC from it", () => {
    const s = pasteState();
    expect(filterPaste("\x1b[200~jb25w8\r\n\x1b[201~", s, 0)).toEqual({ text: "jb25w8", together: true });
    expect(filterPaste("\x1b[200~a\x1b[Ab\tc\x1b[201~", s, 1)).toEqual({ text: "a[Abc", together: true });
    expect(s.inPaste).toBe(false);
  });

  it("a paste in several reads, its end mark cut between two: all of it text", () => {
    const s = pasteState();
    expect(filterPaste("\x1b[200~jb2", s, 0)).toEqual({ text: "jb2", together: true });
    expect(filterPaste("5w8\r\x1b[20", s, 10)).toEqual({ text: "5w8", together: true });
    expect(filterPaste("1~", s, 20)).toEqual({ text: "", together: true });
    // Typed afterwards: keys again.
    expect(filterPaste("\r", s, 2000)).toEqual({ text: "\r", together: false });
  });

  it("a paste whose end never comes ends a second later: keys are never held as text for good", () => {
    const s = pasteState();
    filterPaste("\x1b[200~lost", s, 0);
    expect(filterPaste("\r", s, 5000)).toEqual({ text: "\r", together: false });
  });

  it("keys typed one by one are left alone; a burst with a line break among text came together", () => {
    const s = pasteState();
    expect(filterPaste("j", s, 0)).toEqual({ text: "j", together: false });
    expect(filterPaste("\r", s, 1)).toEqual({ text: "\r", together: false });
    expect(filterPaste("\x1b[B", s, 2)).toEqual({ text: "\x1b[B", together: false });
    expect(filterPaste("jb25w8\r", s, 3)).toEqual({ text: "jb25w8\r", together: true });
    expect(filterPaste("\x1b[200~x\x1b[201~\r", s, 4)).toEqual({ text: "x\r", together: true });
  });
});
