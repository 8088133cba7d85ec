// Reading the bearer token: every way it can be unusable is one line naming its source, exit 2
// in the CLI, and never the token itself.
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { readToken, tokenProblem } from "../../src/config/token-source.js";
import { ConfigError } from "../../src/config/types.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli } from "../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "jobtop-token-"));
function tokenFile(name: string, content: string | Buffer, mode = 0o600): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  chmodSync(path, mode);
  return path;
}

function configError(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("tokenProblem", () => {
  it.each([
    ["line1-secret\nline2-secret", /more than one line/],
    ["abc\r\ndef", /more than one line/],
    ["abc\u0000def", /control character/],
    ["abc\u001b[2Jdef", /control character/],
    ["abc\u009bdef", /control character/],
    ["abc def", /space/],
    ["abc\u00a0def", /space/],
    ["abc\u202edef", /not printable ASCII/],
    ["tökén", /not printable ASCII/],
  ])("refuses %j", (token, words) => {
    expect(tokenProblem(token)).toMatch(words);
  });
  it.each(["hf_AbC123", "eyJhbGciOi.eyJzdWIi.SflKxw-_", "a+b/c==", "~!@#$%^&*()"])("accepts %j", (t) => {
    expect(tokenProblem(t)).toBeUndefined();
  });
});

describe("readToken", () => {
  it("reads a file, trims it (a byte order mark too) and warns when others can read it", () => {
    const f = tokenFile("bom", "\ufeffsecret-from-file\n", 0o644);
    const r = readToken({ tokenFile: f });
    expect(r.token).toBe("secret-from-file");
    expect(r.warnings).toEqual([`${f} is readable by group or others; chmod 600 it`]);
  });

  it("names the file, never the token, when the file holds something a header cannot carry", () => {
    for (const [name, content] of [
      ["newline", "line1-secret\nline2-secret\n"],
      ["nul", Buffer.from("nul-secret\u0000tail-secret")],
      ["space", "space-secret tail-secret"],
    ] as const) {
      const f = tokenFile(name, content);
      const msg = configError(() => readToken({ tokenFile: f }));
      expect(msg).toContain(`--token-file: ${f}: the token`);
      expect(msg).not.toMatch(/secret/);
    }
  });

  it("refuses an empty file and one far too large to be a token", () => {
    expect(configError(() => readToken({ tokenFile: tokenFile("empty", " \n") }))).toMatch(/is empty/);
    const big = tokenFile("big", "x".repeat(100_000));
    expect(configError(() => readToken({ tokenFile: big }))).toMatch(/larger than 64 kB/);
  });

  it("trims JOBTOP_TOKEN and checks it like the file, naming the variable", () => {
    expect(readToken({ env: { JOBTOP_TOKEN: "  tok-123\n" } })).toEqual({ token: "tok-123", warnings: [] });
    expect(readToken({ env: { JOBTOP_TOKEN: "   " } }).token).toBeUndefined();
    const msg = configError(() => readToken({ env: { JOBTOP_TOKEN: "env-secret\nmore-secret" } }));
    expect(msg).toBe("JOBTOP_TOKEN: the token has more than one line");
  });

  it("checks --token too, and warns that it shows in ps", () => {
    expect(readToken({ token: "flag-tok" }).warnings[0]).toMatch(/visible to other users in ps/);
    expect(configError(() => readToken({ token: "flag secret" }))).toBe(
      "--token: the token contains a space",
    );
  });
});

describe("an unusable token never reaches the screen", () => {
  let demo: DemoServer;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, tickMs: 0 });
  });
  afterAll(async () => {
    await demo.close();
  });

  it("jobtop exits 2 naming the token file, not printing the token (it printed the header before)", async () => {
    const f = tokenFile("cli-newline", "line1-secret\nline2-secret\n");
    const r = await runCli(["--once", "--base-url", demo.url, "--token-file", f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`jobtop: --token-file: ${f}: the token has more than one line\n`);
    const nul = tokenFile("cli-nul", Buffer.from("nul-secret\u0000tail-secret"));
    const n = await runCli(["--once", "--base-url", demo.url, "--token-file", nul]);
    expect(n.code).toBe(2);
    expect(n.stderr).not.toMatch(/secret/);
  });

  it("jobtop exits 2 naming JOBTOP_TOKEN, and trims it when it is good", async () => {
    const bad = await runCli(["--once", "--base-url", demo.url], { JOBTOP_TOKEN: "env-secret more-secret" });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("jobtop: JOBTOP_TOKEN: the token contains a space\n");
    const good = await runCli(["--once", "--base-url", demo.url], { JOBTOP_TOKEN: `  ${demo.token}\n` });
    expect(good.code).toBe(0);
  });

  it("the client, given such a token anyway, fails without it in the message", () => {
    let err: unknown;
    try {
      createClient({ baseUrl: demo.url, token: "line1-secret\nline2-secret" });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect((err as Error).message).not.toMatch(/secret/);
  });
});
