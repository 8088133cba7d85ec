// OSC 8 links: for which terminals, and never with a byte of a hidden secret.
import { describe, expect, it } from "vitest";
import { hyperlinksOn, linked, linkTarget } from "../../src/terminal/hyperlinks.js";

describe("hyperlinksOn", () => {
  it.each([
    [{ TERM_PROGRAM: "iTerm.app" }, true],
    [{ TERM_PROGRAM: "WezTerm" }, true],
    [{ TERM: "xterm-kitty" }, true],
    [{ TERM: "foot" }, true],
    [{ TERM: "xterm-256color", VTE_VERSION: "6800" }, true],
    [{ TERM: "xterm-256color", VTE_VERSION: "4601" }, false],
    [{ WT_SESSION: "x" }, true],
    [{ TERM: "xterm-256color" }, false],
    [{ TERM: "linux" }, false],
    [{ TMUX: "/tmp/t,1,0", TERM_PROGRAM: "iTerm.app" }, false],
    [{ STY: "1.x", TERM: "xterm-kitty" }, false],
  ])("auto with %j: %s", (env, on) => {
    expect(hyperlinksOn("auto", env)).toBe(on);
  });

  it("on and off are as given", () => {
    expect(hyperlinksOn("on", { TMUX: "x" })).toBe(true);
    expect(hyperlinksOn("off", { TERM_PROGRAM: "iTerm.app" })).toBe(false);
  });
});

describe("linkTarget", () => {
  it("links an https or ssh URL shown whole", () => {
    expect(linkTarget("https://a.example/x?y=1", "https://a.example/x?y=1")).toBe("https://a.example/x?y=1");
    expect(linkTarget("ssh://root@a.example:2222", "ssh://root@a.example:2222")).toBe(
      "ssh://root@a.example:2222",
    );
  });

  it("does not link a URL shown masked, cut, with a control or non-ASCII character, or of another scheme", () => {
    expect(linkTarget("https://a.example/?token=s3cret", "https://a.example/?token=••••••")).toBeUndefined();
    expect(linkTarget("https://a.example/\x1b]8;;x", "https://a.example/\x1b]8;;x")).toBeUndefined();
    expect(linkTarget("https://ä.example/", "https://ä.example/")).toBeUndefined();
    expect(linkTarget("https://a.example/ b", "https://a.example/ b")).toBeUndefined();
    expect(linkTarget("javascript://x", "javascript://x")).toBeUndefined();
    expect(linkTarget("http://a.example/", "http://a.example/")).toBeUndefined();
  });

  it("writes OSC 8 with BEL, as Ink's tokenizer reads it", () => {
    expect(linked("text", "https://a")).toBe("\x1b]8;;https://a\x07text\x1b]8;;\x07");
  });
});
