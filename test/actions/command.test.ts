// A command action run for real: a script records its argv and environment. A hostile remark
// arrives as one unchanged argv element and no shell runs; the token is in neither argv nor
// environment without pass_token; the last line of output is the result; the deadline holds.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommandContext, lastLine, runBackground } from "../../src/actions/command.js";
import type { CommandAction } from "../../src/actions/definitions.js";
import { JobSchema } from "../../src/api/schema.js";
import { specJob } from "../helpers/payloads.js";

let dir: string;
let recorder: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "jobtop-act-"));
  recorder = join(dir, "record.js");
  writeFileSync(
    recorder,
    `#!${process.execPath}
const fs = require("node:fs");
const jobtop = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("JOBTOP_")));
fs.writeFileSync(${JSON.stringify(join(dir, "seen.json"))}, JSON.stringify({ argv: process.argv.slice(2), env: jobtop, all: process.env }));
console.log("first line");
process.stderr.write("cancelled \\u001b[2J" + (process.env.JOBTOP_TOKEN || "no token") + "\\n\\n");
process.exit(Number(process.env.EXIT_WITH || 0));
`,
  );
  chmodSync(recorder, 0o755);
});
afterAll(() => {});

const HOSTILE = `; rm -rf ~ $(touch ${"PWNED"}) \`touch PWNED2\`\n--flag "quoted" 'single' | & > out.txt`;
const TOKEN = "s3cret-t0ken-value";

function job(remark: string) {
  const raw = specJob(101);
  return JobSchema.parse({ ...raw, app: { ...(raw.app as object), remark } });
}

function action(over: Partial<CommandAction> = {}): CommandAction {
  return {
    kind: "command",
    name: "note",
    key: "N",
    description: "",
    confirm: "no",
    from: "",
    argv: [recorder, "cancel", "{id}", "{remark}", "--name={remark}", "{statusName}"],
    mode: "background",
    passToken: false,
    ...over,
  };
}

function ctx(over: Partial<CommandContext> = {}): CommandContext {
  return {
    baseUrl: "https://svc.example",
    profile: "prod",
    token: TOKEN,
    statusLabels: { 2: "running" },
    env: { ...process.env, JOBTOP_TOKEN: TOKEN, EXIT_WITH: "0" },
    ...over,
  };
}

const seen = () => JSON.parse(readFileSync(join(dir, "seen.json"), "utf8"));

describe("a command action", () => {
  it("gets a hostile remark as one unchanged argv element, with no shell", async () => {
    const r = await runBackground(action(), job(HOSTILE), ctx({ env: { ...process.env, EXIT_WITH: "0" } }));
    expect(r).toEqual({ ok: true, line: "cancelled ^[[2Jno token" });
    const s = seen();
    expect(s.argv).toEqual(["cancel", "101", HOSTILE, `--name=${HOSTILE}`, "running"]);
    expect(existsSync(join(process.cwd(), "PWNED"))).toBe(false);
    expect(existsSync(join(process.cwd(), "PWNED2"))).toBe(false);
    // What the environment already held (CI's JOBTOP_REQUIRE_TMUX) is passed on as is; the token never.
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k.startsWith("JOBTOP_") && k !== "JOBTOP_TOKEN"),
    );
    expect(s.env).toEqual({
      ...inherited,
      JOBTOP_JOB_ID: "101",
      JOBTOP_DISPLAY_ID: "j-101",
      JOBTOP_STATUS: "2",
      JOBTOP_BASE_URL: "https://svc.example",
      JOBTOP_PROFILE: "prod",
    });
  });

  it("the token is in neither argv nor environment without pass_token, even when jobtop was given JOBTOP_TOKEN", async () => {
    await runBackground(action(), job("x"), ctx());
    const text = readFileSync(join(dir, "seen.json"), "utf8");
    expect(text).not.toContain(TOKEN);
    expect(seen().all.JOBTOP_TOKEN).toBeUndefined();
  });

  it("with pass_token the token is JOBTOP_TOKEN only, and masked in the result line", async () => {
    const r = await runBackground(action({ passToken: true }), job("x"), ctx());
    const s = seen();
    expect(s.env.JOBTOP_TOKEN).toBe(TOKEN);
    expect(s.argv.join(" ")).not.toContain(TOKEN);
    expect(r).toEqual({ ok: true, line: "cancelled ^[[2J••••••" });
  });

  it("the token is masked in the result line before it is cut to length, and without pass_token too", async () => {
    // Cut first, the token's first characters were left at the end of a long line, unmasked; and a
    // command that found the token by itself (a file, the user's own variable) showed it whole.
    const print = (expr: string) => [process.execPath, "-e", `console.log(${expr})`];
    const long = await runBackground(
      action({ passToken: true, argv: print("'x'.repeat(190) + process.env.JOBTOP_TOKEN") }),
      job("x"),
      ctx(),
    );
    expect(long.ok && long.line).toMatch(/^x{190}•/);
    expect(long.ok && long.line).not.toContain(TOKEN.slice(0, 4));
    const own = await runBackground(
      action({ argv: print("'token: ' + process.env.MY_TOKEN") }),
      job("x"),
      ctx({ env: { ...process.env, MY_TOKEN: TOKEN } }),
    );
    expect(own).toEqual({ ok: true, line: "token: ••••••" });
  });

  // Issue 29.6: the output was cut to its 8 kB tail before it was masked, so a token at the cut
  // showed its last 11 characters ("t0ken-value"): no part of the token may show.
  const noPartOf = (line: string) => {
    for (let i = 0; i + 4 <= TOKEN.length; i++) expect(line).not.toContain(TOKEN.slice(i, i + 4));
  };
  const script = (name: string, code: string) => {
    const f = join(dir, name);
    writeFileSync(f, code);
    return [process.execPath, f];
  };

  it("a token straddling where the output is cut shows no part of itself (masked, then cut)", async () => {
    // One line: 8 kB minus 11 bytes after the token's start + 7, so the old 8 kB tail began inside it.
    const tail = 8 * 1024 - 11;
    const straddle = await runBackground(
      action({
        passToken: true,
        argv: script(
          "straddle.js",
          `process.stdout.write("x".repeat(20000) + process.env.JOBTOP_TOKEN + "y".repeat(${tail}))`,
        ),
      }),
      job("x"),
      ctx(),
    );
    expect(straddle.ok).toBe(true);
    const line = straddle.ok ? straddle.line : "";
    noPartOf(line);
    expect(line).toMatch(/^x+…$/);
    // Past what is kept (64 kB), the token cut at the start of it: that line is dropped, the next shown.
    const far = await runBackground(
      action({
        passToken: true,
        argv: script(
          "far.js",
          `process.stdout.write("x".repeat(70000) + process.env.JOBTOP_TOKEN + "y".repeat(${64 * 1024 - 11 - 5}) + "\\nlast")`,
        ),
      }),
      job("x"),
      ctx(),
    );
    expect(far).toEqual({ ok: true, line: "last" });
  });

  it("a token written in two pieces, and between two writes to the other stream, is masked", async () => {
    // Read in two chunks; and stdout and stderr were kept as one text, so a line on stderr
    // between the two halves split the token in what was masked.
    const halves = `const t = process.env.JOBTOP_TOKEN;
process.stdout.write("key " + t.slice(0, 7));
setTimeout(() => process.stderr.write("noise\\n"), 150);
setTimeout(() => process.stdout.write(t.slice(7) + "\\n"), 300);`;
    const r = await runBackground(
      action({ passToken: true, argv: script("halves.js", halves) }),
      job("x"),
      ctx(),
    );
    expect(r.ok).toBe(true);
    noPartOf(r.ok ? r.line : "");
    expect(r).toEqual({ ok: true, line: "key ••••••" });
  });

  it("a failing command, a missing one, a NUL in a value, and the deadline", async () => {
    expect(await runBackground(action(), job("x"), ctx({ env: { ...process.env, EXIT_WITH: "3" } }))).toEqual(
      {
        ok: false,
        error: "exit status 3: cancelled ^[[2Jno token",
      },
    );
    expect(await runBackground(action({ argv: ["/no/such/tool-xyz", "{id}"] }), job("x"), ctx())).toEqual({
      ok: false,
      error: "/no/such/tool-xyz not found",
    });
    expect(await runBackground(action(), job("a\u0000b"), ctx())).toEqual({
      ok: false,
      error: "the job's remark holds a NUL character, which a command's argument cannot",
    });
    const sleeper = join(dir, "sleep.js");
    writeFileSync(sleeper, `console.log("working"); setTimeout(() => {}, 60000);`);
    const started = Date.now();
    const r = await runBackground(
      action({ argv: [process.execPath, sleeper] }),
      job("x"),
      ctx({ timeoutMs: 500 }),
    );
    // (Under load node may not have printed yet: its line is not asserted.)
    expect(r).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^no result within 0\.5s: stopped; the outcome is unknown/),
    });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("a command that ends at once but leaves a child holding its output is done, not stopped at the deadline", async () => {
    // Its result waited for the output to close: the child's, 60 s later, at the deadline, which
    // then said "the outcome is unknown" of a command that had said it started, and killed it.
    const started = Date.now();
    const r = await runBackground(
      action({ argv: ["sh", "-c", "sleep 30 & echo started {id}"] }),
      job("x"),
      ctx({ timeoutMs: 20_000 }),
    );
    expect(r).toEqual({ ok: true, line: "started 101" });
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it("the result is the last line with something on it, capped and sanitised", () => {
    expect(lastLine("a\nb\n\n  \n")).toBe("b");
    expect(lastLine("10%\r50%\r100% done\r\n")).toBe("100% done");
    expect(lastLine(`${"x".repeat(500)}\n`)).toHaveLength(200);
    expect(lastLine("\u001b]52;c;x\u0007")).toBe("^[]52;c;x^G");
  });
});
