// The command line (src/flags.ts, util.parseArgs with the settings table's options) reads every
// line as meow did: test/cli/fixtures/meow-command-lines.json holds what meow (with cli.tsx's
// check of unknown options before it) made of 3 200 lines, plain and odd, recorded before meow
// was replaced (the recorder: git show a877ca6:test/cli/record-meow.test.ts). Where this reader
// differs, on purpose, the case is named below with why.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { kebab } from "../../src/config/from-settings.js";
import type { SettingRow } from "../../src/config/setting-row.js";
import { SETTINGS } from "../../src/config/settings.js";
import { readArgs } from "../../src/flags.js";

interface Recorded {
  a: string[];
  e?: string;
  i?: string[];
  f?: Record<string, unknown>;
  g?: string[];
}
const RECORDED: Recorded[] = JSON.parse(
  readFileSync(new URL("./fixtures/meow-command-lines.json", import.meta.url), "utf8"),
);
const ROWS: readonly SettingRow[] = SETTINGS;
const SWITCHES = new Set(ROWS.filter((r) => r.flag && r.kind.flag === "switch").map((r) => r.flag as string));
const VALUE_FLAGS = ROWS.filter((r) => r.flag && r.kind.flag !== "switch").map((r) =>
  kebab(r.flag as string),
);

/** Before `--`: the options of a line. */
const options = (argv: string[]) => (argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv);

/** Where this reader differs from meow on purpose, and why; undefined where it must agree. */
function differs(argv: string[]): string | undefined {
  const o = options(argv);
  // yargs-parser took a value flag's --no-NAME as false: "Invalid input: expected string, received
  // boolean" (zod's words), "e.split is not a function", or silently nothing (--no-token). Only a
  // switch has a --no-; the others are unknown options, one clear line.
  if (o.some((a) => VALUE_FLAGS.some((f) => a === `--no-${f}` || a.startsWith(`--no-${f}=`))))
    return "--no- of a value flag";
  // `--=x` (an option without a name) passed the check of unknown options and yargs-parser then
  // ate the word after it: an unknown option now.
  if (o.some((a) => a.startsWith("--="))) return "--=";
  // "The flag --baseUrl can only be set once." named a flag no one can type: now --base-url.
  return undefined;
}

describe("the command line", () => {
  it("is read as meow read it, line for line", () => {
    let compared = 0;
    for (const rec of RECORDED) {
      const why = differs(rec.a);
      const got = readArgs(rec.a);
      const line = JSON.stringify(rec.a);
      if (why) {
        if (why !== "--=")
          expect("error" in got ? got.error : "", `${line}: ${why}`).toMatch(/^unknown option -/);
        continue;
      }
      compared++;
      if (rec.e) {
        const e = rec.e.replace(
          /--([a-z]+[A-Z][A-Za-z]*) can only/,
          (_, f: string) => `--${kebab(f)} can only`,
        );
        expect("error" in got ? got.error : got, line).toBe(e);
        continue;
      }
      expect("error" in got ? got.error : undefined, line).toBeUndefined();
      if ("error" in got) continue;
      expect(got.input, line).toEqual(rec.i);
      const flags = got.flags as Record<string, unknown>;
      for (const r of ROWS) {
        if (!r.flag) continue;
        const want = rec.f?.[r.flag];
        const have = flags[r.flag];
        // A switch not on the line is false to meow, absent here; --pin's [] likewise.
        if (SWITCHES.has(r.flag)) expect(have ?? false, `${r.flag} in ${line}`).toBe(want ?? false);
        else if (r.kind.flag === "repeated") {
          // yargs-parser dropped a last `--pin=` ([] instead of [""]); both end in one error or none.
          const clean = (v: unknown) => ((v as string[] | undefined) ?? []).filter((x) => x !== "");
          expect(clean(have), `${r.flag} in ${line}`).toEqual(clean(want));
        } else expect(have, `${r.flag} in ${line}`).toBe(want);
      }
      // Which switches were on the line (cli.tsx found --bell and --state by a regex over argv):
      // only before `--`, where anything after is a word (and every such line fails as a command).
      if (!rec.a.includes("--"))
        for (const s of ["bell", "state"])
          expect(s in flags, `${s} given in ${line}`).toBe(rec.g?.includes(s) ?? false);
    }
    expect(compared).toBeGreaterThan(2500);
  });

  it("reads the plain lines", () => {
    expect(readArgs(["--base-url", "http://127.0.0.1:8080", "--once"])).toEqual({
      input: [],
      flags: { baseUrl: "http://127.0.0.1:8080", once: true },
    });
    expect(readArgs(["watch", "-5", "7", "--pin", "-12", "--token", "-5"])).toEqual({
      input: ["watch", "-5", "7"],
      flags: { pin: ["-12"], token: "-5" },
    });
    expect(readArgs(["--no-bell", "--state", "false", "--title='off'"])).toEqual({
      input: [],
      flags: { bell: false, state: false, title: "off" },
    });
  });

  it("says what is wrong in one line", () => {
    expect(readArgs(["--base-url", "a", "--base-url=b"])).toEqual({
      error: "The flag --base-url can only be set once.",
    });
    expect(readArgs(["--no-interval"])).toEqual({
      error: "unknown option --no-interval (see jobtop --help)",
    });
    expect(readArgs(["--=x"])).toEqual({ error: "unknown option --=x (see jobtop --help)" });
    expect(readArgs(["-x"])).toEqual({ error: "unknown option -x (see jobtop --help)" });
  });
});
