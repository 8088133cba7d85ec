// The CLI's exit codes and messages, running the built file as a user would (no TTY here).
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import stringWidth from "string-width";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli } from "../helpers/cli.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

const ESC = "\u001b";

function expectUsageError(r: { code: number | null; stderr: string; stdout: string }, pattern: RegExp) {
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/); // no stack trace
}

describe("bad input exits 2 with one clear line", () => {
  it.each([
    [["--frobnicate"], /unknown option --frobnicate/],
    // The option as typed, not the name under its "no-".
    [["--no-color", "--demo", "--once"], /unknown option --no-color /],
    // Only a switch has a --no-: these were "e.split is not a function" and "t.token.trim is not a
    // function" (exit 1), and zod's "Invalid input: expected string, received boolean".
    [["--no-status", "--demo", "--once"], /unknown option --no-status /],
    [["--no-token", "--base-url", "http://127.0.0.1:9", "--once"], /unknown option --no-token /],
    [["--no-interval", "--demo", "--once"], /unknown option --no-interval /],
    // An option without a name ran as if it were not there (and yargs-parser ate the word after it).
    [["--=x", "--demo", "--once"], /unknown option --=x /],
    // A flag given twice is a usage error too (with meow it ended in exit 1).
    [["--interval", "2s", "--interval", "3s", "--demo", "--once"], /--interval can only be set once/],
    [["--base-url", "not a url", "--once"], /--base-url: not a URL/],
    [["--base-url", "ftp://x", "--once"], /--base-url: must start with http/],
    [["--demo", "--once", "--interval", "abc"], /--interval: expected a duration/],
    // One message for the flag and the file's key (src/config/kinds.ts), the value quoted.
    [
      ["--demo", "--once", "--per-page", "many"],
      /--per-page: expected a whole number from 1 to 500, or auto, got "many"/,
    ],
    [
      ["--demo", "--once", "--per-page", "0"],
      /--per-page: expected a whole number from 1 to 500, or auto, got "0"/,
    ],
    [
      ["--demo", "--once", "--per-page", "501"],
      /--per-page: expected a whole number from 1 to 500, or auto, got "501"/,
    ],
    [["--demo", "--once", "--mouse", "sometimes"], /--mouse: expected on or off, got "sometimes"/],
    [["--demo", "--once", "--order", "sideways"], /--order: expected desc or asc, got "sideways"/],
    [["--demo", "--once", "--clipboard", "carrier-pigeon"], /--clipboard: expected/],
    [["--base-url", "http://127.0.0.1:9", "--once"], /no token: set JOBTOP_TOKEN/],
    [["--once"], /no service given/],
    [["watch-everything"], /unknown command/],
    [
      ["--demo", "--once", "--notify", "carrier-pigeon"],
      /--notify: expected auto, osc9, osc777, osc99, bell or off/,
    ],
    [["--demo", "--once", "--hyperlinks", "maybe"], /--hyperlinks: expected auto, on or off/],
    [["--demo", "--once", "--title", "sometimes"], /--title: expected on or off/],
    [
      ["--demo", "--once", "--pin", "12", "--pin", "jb 25"],
      /--pin: expected a job id \(a whole number\) or a displayID, got "jb 25"/,
    ],
  ])("%j", async (args, pattern) => {
    expectUsageError(await runCli(args), pattern);
  });

  it("refuses the monitor without a terminal and points to --once", async () => {
    expectUsageError(await runCli(["--demo"]), /needs a terminal; use --once/);
  });

  it("says when the token file cannot be read", async () => {
    expectUsageError(
      await runCli(["--base-url", demo.url, "--token-file", "/nonexistent/tok", "--once"]),
      /--token-file: cannot read/,
    );
  });
});

describe("--help and --version", () => {
  it("prints help and exits 0, byte for byte as meow printed it", async () => {
    const r = await runCli(["--help"]);
    expect(r.code).toBe(0);
    // Made from the settings table now (src/cli.tsx, src/config/from-settings.ts); fixtures/help.txt
    // is meow's output before it was replaced. A row's new help line changes both on purpose.
    expect(r.stdout).toBe(readFileSync(new URL("./fixtures/help.txt", import.meta.url), "utf8"));
  });
  it("prints the version", async () => {
    const r = await runCli(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
  // -h and -v passed the flag check, then failed with "no service given" (exit 2).
  it.each([["-h"], ["--demo", "--once", "-h"], ["--help", "--demo"]])(
    "%j prints help and exits 0",
    async (...args) => {
      const r = await runCli(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("Usage");
      expect(r.stdout).toContain("-h, --help");
      expect(r.stderr).toBe("");
    },
  );
  it.each([[["-v"]], [["--once", "-v"]], [["--version", "--demo"]]])(
    "%j prints the version",
    async (args) => {
      const r = await runCli(args);
      expect(r.code).toBe(0);
      expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
      expect(r.stderr).toBe("");
    },
  );
});

describe("--once", () => {
  it("prints the first page of the demo service as a plain table", async () => {
    const r = await runCli(["--demo", "--once"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    // The monitor's column names; every column, since a pipe has no width.
    expect(lines[0]).toMatch(/^STATUS\s+DISPLAY\s+REMARK\s+GPU\s+AGE\s+NODE\s+ID\s+Q$/);
    expect(lines.length).toBe(1 + 20 + 1);
    expect(lines.at(-1)).toMatch(/^page 1\/\d+ · \d+ jobs · order desc$/);
    expect(r.stdout).not.toContain(ESC); // not a TTY: no colour, and nothing from the data
  });

  it("prints a spec service's page with JOBTOP_TOKEN, sanitised and without secrets", async () => {
    const r = await runCli(["--once", "--base-url", demo.url, "--per-page", "100"], {
      JOBTOP_TOKEN: demo.token,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    for (let id = 1; id < 400; id++) {
      const job = demo.getJob(id);
      if (!job) continue;
      for (const a of job.app.SSHAuths)
        if (a.BaseOn.Cred.password) expect(r.stdout).not.toContain(a.BaseOn.Cred.password);
    }
    expect(r.stdout).not.toContain("token=");
    expect(r.stdout).not.toContain(demo.token);
  });

  it("keeps columns aligned for emoji sequences, flags and combining marks", async () => {
    // These go to string-width itself (src/model/width.ts measures the rest); the bundle loads
    // parts of it lazily, so this runs that path in the built program.
    const first = await runCli(["--once", "--base-url", demo.url], { JOBTOP_TOKEN: demo.token });
    const id = Number(first.stdout.split("\n")[1]?.trim().split(/\s+/).at(-2)); // ID, then Q
    const job = demo.getJob(id);
    if (!job) throw new Error(`no job ${id}`);
    const remark = job.app.remark;
    job.app.remark = "👩‍💻🇯🇵e\u0301 x";
    try {
      const r = await runCli(["--once", "--base-url", demo.url], { JOBTOP_TOKEN: demo.token });
      expect(r.code).toBe(0);
      const [header = "", row = ""] = r.stdout.split("\n");
      expect(row).toContain("👩‍💻🇯🇵e\u0301 x");
      const node = job.ctx.nodeDisplayID;
      expect(stringWidth(row.slice(0, row.indexOf(` ${node} `) + 1))).toBe(header.indexOf("NODE"));
    } finally {
      job.app.remark = remark;
    }
  });

  it("exits 5 with a clear message when the token is rejected", async () => {
    const r = await runCli(["--once", "--base-url", demo.url], { JOBTOP_TOKEN: "nope-not-it" });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/token rejected/);
    expect(r.stderr).not.toContain("nope-not-it");
  });

  it("retries a failing service, and exits 1 when it still fails at --timeout", async () => {
    demo.injectFault("500", 1);
    const once = await runCli(["--once", "--base-url", demo.url, "--interval", "200ms"], {
      JOBTOP_TOKEN: demo.token,
    });
    expect(once.code).toBe(0);
    expect(once.stderr).toMatch(/^jobtop: HTTP 500 .*; retrying in \d+\.\ds\n$/);
    demo.injectFault("500", 100);
    try {
      const r = await runCli(["--once", "--base-url", demo.url, "--interval", "200ms", "--timeout", "1s"], {
        JOBTOP_TOKEN: demo.token,
      });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/gave up after 1s \(--timeout sets how long\): HTTP 500/);
    } finally {
      demo.clearFaults();
    }
  });

  it("reads --token-file and warns when others can read it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "jobtop-"));
    const file = join(dir, "token");
    writeFileSync(file, `${demo.token}\n`);
    chmodSync(file, 0o644);
    const loose = await runCli(["--once", "--base-url", demo.url, "--token-file", file]);
    expect(loose.code).toBe(0);
    expect(loose.stderr).toMatch(/readable by group or others/);
    chmodSync(file, 0o600);
    const tight = await runCli(["--once", "--base-url", demo.url, "--token-file", file]);
    expect(tight.code).toBe(0);
    expect(tight.stderr).toBe("");
  });

  it("warns that --token shows in ps", async () => {
    const r = await runCli(["--once", "--base-url", demo.url, "--token", demo.token]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/visible to other users in ps/);
  });
});
