// [keys] in the config file: a command = a key or a list of keys, at the top level and in a
// profile (whose binding of a command replaces the top level's); an unknown command or key name is
// one line with the file, the line and a suggestion; nothing in it makes the parser throw another error.
import { describe, expect, it } from "vitest";
import { keysInForce } from "../../src/config/keys-table.js";
import { parseConfigFile } from "../../src/config/parse-file.js";
import { FILE, problem } from "../helpers/config-problem.js";

const keysOf = (m: ReadonlyMap<string, { keys: readonly string[]; from: string }> | undefined) =>
  Object.fromEntries([...(m ?? [])].map(([c, b]) => [c, b.keys]));

describe("a valid [keys]", () => {
  it("reads a key, a list, an empty list, at the top level and in a profile, each with its line", () => {
    const f = parseConfigFile(
      FILE,
      `[keys]
quit = ["q", "Ctrl+C"]
next_page = "l"
tag = []

[profiles.prod]
base_url = "https://jobs.example.com"

[profiles.prod.keys]
next_page = ["n", "pgdn"]
`,
    );
    expect(keysOf(f.top.keys)).toEqual({ quit: ["q", "ctrl+c"], next_page: ["l"], tag: [] });
    expect(f.top.keys?.get("next_page")?.from).toBe(`${FILE}:3: keys.next_page`);
    const prod = f.profiles.get("prod");
    expect(keysOf(prod?.keys)).toEqual({ next_page: ["n", "pgdn"] });
    expect(prod?.keys?.get("next_page")?.from).toBe(`${FILE}:10: profiles.prod.keys.next_page`);
    // The profile's binding of a command over the top level's; the rest of the top level's kept.
    const inForce = keysInForce([
      { name: "profile prod", settings: prod ?? {} },
      { name: "config file", settings: f.top },
    ]);
    expect(keysOf(inForce)).toEqual({ quit: ["q", "ctrl+c"], next_page: ["n", "pgdn"], tag: [] });
  });

  it("is no unknown key of the file, and its absence binds nothing", () => {
    expect(parseConfigFile(FILE, 'order = "asc"\n').top.keys).toBeUndefined();
  });
});

describe("a [keys] with a mistake", () => {
  it("an unknown command: its line and the nearest command", () => {
    expect(problem('[keys]\nnext_pgae = "l"\n')).toBe(
      `${FILE}:2: keys.next_pgae: unknown command "next_pgae" (did you mean "next_page"?)`,
    );
    expect(problem('[keys]\nnextPage = "l"\n')).toMatch(
      /unknown command "nextPage" \(did you mean "next_page"\?\)$/,
    );
    expect(problem('[keys]\nkill = "K"\n')).toMatch(
      /unknown command "kill"; the commands are README's keys table's names \(an action's key is its \[\[actions\]\] key\)$/,
    );
  });

  it("an unknown key name: its line, the grammar, and the nearest name", () => {
    expect(problem('\n[keys]\npage_down = "pgdwn"\n')).toMatch(
      /^\/home\/me\/\.config\/jobtop\/config\.toml:3: keys\.page_down: unknown key "pgdwn" \(did you mean "pgdn"\?\): keys are a character/,
    );
    expect(problem('[keys]\nfocus = ["tab", "ctrl+i"]\n')).toMatch(
      /keys\.focus: a terminal sends ctrl\+i as tab: bind tab/,
    );
    expect(problem('[keys]\nfocus = ["tab", "tab"]\n')).toMatch(/keys\.focus: "tab" is given twice$/);
  });

  it("a value that is no key: what was given", () => {
    expect(problem("[keys]\nquit = 7\n")).toMatch(
      /keys\.quit: expected a key like "l", or a list like \["q", "ctrl\+c"\], got a number \(7\)$/,
    );
    expect(problem('keys = "q"\n')).toMatch(/:1: keys: expected a table of command = "key"/);
    expect(
      problem(
        `[keys]\nquit = ${JSON.stringify(Array.from({ length: 13 }, (_, i) => String.fromCharCode(97 + i)))}\n`,
      ),
    ).toMatch(/13 keys, at most 12$/);
  });

  it("the first problem in the file wins, [keys] or not", () => {
    expect(problem('order = "up"\n[keys]\nnxt = "l"\n')).toMatch(/:1: order:/);
    expect(problem('[keys]\nnxt = "l"\n[profiles.p]\norder = "up"\n')).toMatch(/:2: keys\.nxt:/);
    expect(problem('[profiles.p.keys]\nnxt = "l"\n')).toMatch(/:2: profiles\.p\.keys\.nxt: unknown command/);
  });

  it("a near miss of the table's name is named", () => {
    expect(problem('[key]\nquit = "x"\n')).toMatch(/unknown key \(did you mean "keys"\?\)/);
  });
});
