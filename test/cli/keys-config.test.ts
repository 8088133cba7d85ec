// [keys] through the built CLI: a clash, an unknown command or key name is exit 2 with one line
// naming the file and line (at start, in `config check`, for `act`); a multiplexer's prefix bound
// is one warning line on stderr at start and in `config check`, which lists the keys in force.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { expectOneLine, runCli } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";

const TOKEN = "keys-test-token-4m2p8x";
let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, token: TOKEN });
});
afterAll(async () => {
  await demo.close();
});

/** A config file for the demo service with `text` after its service lines; its path and a line's number. */
function config(text: string) {
  const cfg = writeConfig("");
  const tok = cfg.file("token", `${TOKEN}\n`);
  const body = `base_url = "${demo.url}"\ntoken_file = "${tok}"\n${text}`;
  cfg.file("config.toml", body);
  const lineOf = (s: string) => body.split("\n").indexOf(s) + 1;
  return { ...cfg, lineOf };
}

const run = (args: string[], cfg: { home: string }) => runCli(args, { XDG_CONFIG_HOME: cfg.home });

describe("[keys] in the config file", () => {
  it("a key of another command is exit 2 naming the file, line and both commands, wherever it is read", async () => {
    const cfg = config('[keys]\nnext_page = "k"\n');
    const line = cfg.lineOf('next_page = "k"');
    const where = `${cfg.path}:${line}: keys.next_page: key "k" of next_page is already one of jobtop's keys (up); choose another`;
    for (const args of [["--once"], ["config", "check"]])
      expectOneLine(await run(args, cfg), new RegExp(reEscape(where)));
  });

  it("a profile's binding meets the top level's: the clash is said at the profile's line", async () => {
    const cfg = config(
      `profile = "p"\n[keys]\nrefresh = "R"\n[profiles.p]\nper_page = 5\n[profiles.p.keys]\npin = "R"\n`,
    );
    const line = cfg.lineOf('pin = "R"');
    expectOneLine(
      await run(["--once"], cfg),
      new RegExp(
        `${reEscape(cfg.path)}:${line}: profiles\\.p\\.keys\\.pin: key "R" of pin is also refresh's \\(${reEscape(cfg.path)}:${cfg.lineOf('refresh = "R"')}: keys\\.refresh\\)`,
      ),
    );
  });

  it("an unknown command or key name is exit 2 with a suggestion", async () => {
    const cfg = config('[keys]\nnext_pgae = "l"\n');
    expectOneLine(
      await run(["--once"], cfg),
      /keys\.next_pgae: unknown command "next_pgae" \(did you mean "next_page"\?\)/,
    );
    const bad = config('[keys]\nnext_page = "pgdwn"\n');
    expectOneLine(
      await run(["config", "check"], bad),
      /keys\.next_page: unknown key "pgdwn" \(did you mean "pgdn"\?\)/,
    );
  });

  it("an action's key freed by [keys] is the action's; taken by it, the clash names both lines", async () => {
    const action = `[[actions]]\nname = "stop"\nkey = "a"\ncommand = ["true"]\n`;
    const free = config(`[keys]\nscope = "A"\n${action}`);
    const ok = await run(["--once"], free);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    const taken = config(`[keys]\nscope = "S"\nsecrets = "a"\n${action}`);
    const r = await run(["--once"], taken);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/key "a" of (action "stop"|secrets) is also (secrets|action "stop")'s/);
  });

  it("warns of tmux's and screen's prefix once at start and in config check, which lists the keys in force", async () => {
    const cfg = config('[keys]\nrefresh = ["r", "ctrl+b"]\nnext_page = "l"\n');
    const line = cfg.lineOf('refresh = ["r", "ctrl+b"]');
    const once = await run(["--once"], cfg);
    expect(once.code).toBe(0);
    expect(once.stderr).toBe(
      `jobtop: warning: ${cfg.path}:${line}: keys.refresh: ctrl+b is tmux's prefix key: under it, jobtop gets the key only when pressed twice\n`,
    );
    const check = await run(["config", "check"], cfg);
    expect(check.code).toBe(0);
    expect(check.stderr.trim().split("\n")).toEqual([once.stderr.trim()]);
    expect(check.stdout).toMatch(
      new RegExp(`^key +refresh = r, ctrl\\+b +\\(${reEscape(cfg.path)}:${line}\\)$`, "m"),
    );
    expect(check.stdout).toMatch(/^key +next_page = l +\(/m);
    expect(check.stdout).toMatch(/^keys +every other key as jobtop's own/m);
    expect(readFileSync(cfg.path, "utf8")).toContain("[keys]");
  });

  it("without [keys], config check says the keys are jobtop's own", async () => {
    const r = await run(["config", "check"], config(""));
    expect(r.stdout).toMatch(/^keys +jobtop's own \(\? in the monitor lists them; README's keys table\)$/m);
  });
});

function reEscape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
