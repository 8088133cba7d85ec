// The key names of [keys] and the help: what a user may write, its one canonical form, how the
// help shows it, and a clear reason for what cannot be a key in a terminal.
import { describe, expect, it } from "vitest";
import { parseKeyName, showKey } from "../../src/keys/key-names.js";

const name = (s: string) => {
  const r = parseKeyName(s);
  return "name" in r ? r.name : `error: ${r.error}`;
};

describe("parseKeyName", () => {
  it("takes characters as they are, case and all", () => {
    for (const k of ["q", "G", "?", "<", ">", "+", "-", "=", ":", "/", "1", "ö"]) expect(name(k)).toBe(k);
  });

  it("takes the named keys and their other words, in one canonical form", () => {
    expect(name("Up")).toBe("up");
    expect(name("PgDn")).toBe("pgdn");
    expect(name("pagedown")).toBe("pgdn");
    expect(name("page_up")).toBe("pgup");
    expect(name("Escape")).toBe("esc");
    expect(name("return")).toBe("enter");
    expect(name(" ")).toBe("space");
    expect(name("space")).toBe("space");
  });

  it("puts modifiers in one order, ctrl with a letter in lower case", () => {
    expect(name("Ctrl+C")).toBe("ctrl+c");
    expect(name("control+x")).toBe("ctrl+x");
    expect(name("shift+Tab")).toBe("shift+tab");
    expect(name("shift+ctrl+up")).toBe("ctrl+shift+up");
    expect(name("meta+x")).toBe("alt+x");
    expect(name("alt++")).toBe("alt++");
  });

  it("refuses what a terminal cannot tell apart, saying what to write instead", () => {
    expect(name("ctrl+i")).toBe("error: a terminal sends ctrl+i as tab: bind tab");
    expect(name("ctrl+m")).toBe("error: a terminal sends ctrl+m as enter: bind enter");
    expect(name("shift+g")).toMatch(/write "G"/);
    expect(name("ctrl+?")).toMatch(/ctrl\+ goes with a letter/);
    expect(name("ctrl+ctrl+c")).toMatch(/given twice/);
  });

  it("refuses unknown words and control characters", () => {
    expect(name("pagedwn")).toBe('error: unknown key "pagedwn"');
    expect(name("f1")).toMatch(/unknown key/);
    expect(name("\u001b")).toMatch(/unknown key/);
    // What was written is echoed printable and short: a name is the user's text.
    expect(name("\u001b]0;owned\u0007")).toBe('error: unknown key "?]0;owned?"');
    expect(name("\u202e".concat("x".repeat(100)))).toMatch(/^error: unknown key "\?x{38}…"$/);
    expect(name("ab")).toMatch(/unknown key/);
    expect(name("")).toMatch(/empty/);
  });
});

describe("showKey", () => {
  it("shows keys as the help always has", () => {
    expect(
      ["up", "pgdn", "enter", "esc", "tab", "space", "ctrl+c", "ctrl+z", "shift+tab", "alt+x", "q", "+"].map(
        showKey,
      ),
    ).toEqual([
      "↑",
      "PgDn",
      "Enter",
      "Esc",
      "Tab",
      "space",
      "Ctrl+C",
      "Ctrl+Z",
      "Shift+Tab",
      "Alt+x",
      "q",
      "+",
    ]);
  });
});
