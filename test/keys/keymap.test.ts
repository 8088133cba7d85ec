// The keymap in force: jobtop's rows, a command rebound by [keys], the actions' keys; what a key
// runs in each context; and every clash (two commands on one key in one context) found, said at
// the line that made it, with keys still free there.
import { describe, expect, it } from "vitest";
import { type ActionKey, buildKeymap, helpOf, keysShown, lookup, rowOf } from "../../src/keys/keymap.js";
import type { KeyCommand } from "../../src/keys/rows.js";

const bind = (entries: [KeyCommand, string[]][]) =>
  new Map(entries.map(([c, keys], i) => [c, { keys, from: `cfg.toml:${10 + i}: keys.${c}` }]));
const action = (key: string, name = "cancel"): ActionKey => ({
  name,
  key,
  description: `${name} the job`,
  from: "cfg.toml:30: actions[0].key",
});

describe("jobtop's own keymap", () => {
  it("has no clash and no warning", () => {
    const built = buildKeymap();
    expect(built.problems).toEqual([]);
    expect(built.warnings).toEqual([]);
  });

  it("runs a key by the context it is pressed in, then the global rows", () => {
    const { keymap } = buildKeymap();
    const cmd = (context: Parameters<typeof lookup>[1], ...names: string[]) =>
      lookup(keymap, context, names)?.command;
    expect(cmd("main", "q")).toBe("quit");
    expect(cmd("json", "q")).toBe("close"); // the JSON view's own q, before the global one
    expect(cmd("json", "ctrl+c")).toBe("quit");
    expect(cmd("prompt", "ctrl+z")).toBe("suspend");
    expect(cmd("main", "enter")).toBe("open");
    expect(cmd("detail", "enter")).toBe("expand");
    expect(cmd("events", "enter")).toBe("open_event");
    expect(cmd("picker", "3")).toBe("pick");
    // The stats view: its window and grouping, the move keys, and i or q to close.
    expect(cmd("stats", "[")).toBe("stats_narrower");
    expect(cmd("stats", "b")).toBe("stats_group");
    expect(cmd("stats", "j")).toBe("down");
    expect(cmd("stats", "i")).toBe("stats");
    expect(cmd("stats", "q")).toBe("close");
    expect(cmd("main", "b")).toBeUndefined();
    // The question before quitting with actions under way: q again, l, Esc.
    expect(cmd("quitting", "q")).toBe("quit");
    expect(cmd("quitting", "l")).toBe("leave_running");
    expect(cmd("quitting", "esc")).toBe("stay");
    expect(cmd("json", "r")).toBeUndefined(); // r does nothing under the JSON view
    // A modifier no row names: the key alone, as always (Shift+Tab is Tab, Alt+q is q).
    expect(cmd("main", "shift+tab", "tab")).toBe("focus");
  });

  it("names in its help lines only commands that exist", () => {
    const { keymap } = buildKeymap();
    for (const b of keymap.rows)
      for (const m of b.help.matchAll(/\{(\w+)\*?\}/g))
        expect(rowOf(keymap, m[1] as KeyCommand), b.command).toBeDefined();
  });

  it("says that space moves down after tagging, as it does (space space tags two rows)", () => {
    // A newcomer pressed j, space, j, space and tagged every other row: the help said only "tag / untag".
    const { keymap } = buildKeymap();
    expect(rowOf(keymap, "tag")?.help).toMatch(/^tag \/ untag the job \(•\) and move down:/);
  });

  it("fills each help's {command} with that command's key in force", () => {
    const { keymap } = buildKeymap(bind([["close", ["x"]]]));
    expect(helpOf(rowOf(keymap, "json") as never, keymap)).toContain("x closes");
    const copy = rowOf(keymap, "copy");
    expect(copy && helpOf(copy, keymap)).toContain("1–9 or ↑↓ Enter; a = all URLs");
  });
});

describe("[keys]", () => {
  it("gives a command the user's keys, and takes its own away", () => {
    const { keymap, problems } = buildKeymap(bind([["next_page", ["l"]]]));
    expect(problems).toEqual([]);
    expect(lookup(keymap, "main", ["l"])?.command).toBe("next_page");
    expect(lookup(keymap, "main", ["right"])).toBeUndefined();
    expect(keysShown(rowOf(keymap, "next_page")?.keys ?? [])).toBe("l");
  });

  it("a key of another command in the same context is a clash, at the user's line", () => {
    const { problems } = buildKeymap(bind([["next_page", ["k"]]]));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^cfg\.toml:10: keys\.next_page: key "k" of next_page is already one of jobtop's keys \(up\); choose another \(free there: b d h /,
    );
  });

  it("two of the user's own bindings on one key name both lines", () => {
    const { problems } = buildKeymap(
      bind([
        ["refresh", ["R"]],
        ["pin", ["R"]],
      ]),
    );
    expect(problems[0]).toMatch(
      /^cfg\.toml:1[01]: keys\.\w+: key "R" of \w+ is also \w+'s \(cfg\.toml:1[01]: keys\.\w+\)/,
    );
  });

  it("a key taken from its command is free for another", () => {
    const { keymap, problems } = buildKeymap(
      bind([
        ["refresh", ["R"]],
        ["pin", ["r"]],
      ]),
    );
    expect(problems).toEqual([]);
    expect(lookup(keymap, "main", ["r"])?.command).toBe("pin");
  });

  it("a pane's key on q, the global quit's, is a clash; jobtop's own q in overlays is not", () => {
    expect(buildKeymap(bind([["refresh", ["q"]]])).problems[0]).toMatch(
      /key "q" of refresh is already one of jobtop's keys \(quit\)/,
    );
    expect(buildKeymap(bind([["quit", ["q", "ctrl+q"]]])).problems).toEqual([]);
  });

  it("a clash in an overlay names the overlay", () => {
    expect(buildKeymap(bind([["close", ["esc", "s"]]])).problems[0]).toMatch(/\(secrets, in the JSON view\)/);
  });

  it("a character for a prompt's command is refused: it is typed there", () => {
    const { problems } = buildKeymap(bind([["submit", ["enter", "x"]]]));
    expect(problems[0]).toMatch(/^cfg\.toml:10: keys\.submit: "x" is typed as text at a prompt/);
  });

  it("warns of a multiplexer's prefix, once per key", () => {
    const { problems, warnings } = buildKeymap(
      bind([
        ["refresh", ["ctrl+b"]],
        ["pause", ["ctrl+a"]],
      ]),
    );
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      "cfg.toml:10: keys.refresh: ctrl+b is tmux's prefix key: under it, jobtop gets the key only when pressed twice",
      "cfg.toml:11: keys.pause: ctrl+a is screen's prefix key (and many tmux setups'): under it, jobtop gets the key only when pressed twice",
    ]);
  });
});

describe("the actions' keys", () => {
  it("are rows of the panes, after jobtop's", () => {
    const { keymap, problems } = buildKeymap(new Map(), [action("C")]);
    expect(problems).toEqual([]);
    const b = lookup(keymap, "main", ["C"]);
    expect(b?.command).toBe("job_action");
    expect(b?.action).toBe("cancel");
    expect(lookup(keymap, "json", ["C"])).toBeUndefined();
  });

  it("one of jobtop's keys is a clash at the action's line; one [keys] freed is not", () => {
    expect(buildKeymap(new Map(), [action("a")]).problems[0]).toMatch(
      /^cfg\.toml:30: actions\[0\]\.key: key "a" of action "cancel" is already one of jobtop's keys \(scope\)/,
    );
    expect(buildKeymap(bind([["scope", ["A"]]]), [action("a")]).problems).toEqual([]);
    expect(buildKeymap(bind([["scope", ["C"]]]), [action("C")]).problems[0]).toMatch(
      /key "C" of action "cancel" is also scope's \(cfg\.toml:10: keys\.scope\)/,
    );
  });
});
