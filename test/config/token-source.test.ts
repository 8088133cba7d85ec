// Reading the token from a command: real processes, bounded in time and size; the token never
// in a message.
import { describe, expect, it } from "vitest";
import { splitCommand } from "../../src/config/command-words.js";
import { checkToken, readTokenSource } from "../../src/config/token-source.js";
import { ConfigError } from "../../src/config/types.js";

const cmd = (...argv: string[]) => ({ kind: "command" as const, argv, from: "cfg:3: token_command" });

async function failure(p: Promise<unknown>): Promise<ConfigError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error("expected a ConfigError");
}

describe("token_command", () => {
  it("takes the command's output, trimmed", async () => {
    expect(await readTokenSource(cmd("printf", "  tok-123\n"))).toBe("tok-123");
  });

  it("gives up after its timeout, even when a child of the command holds the pipes open", async () => {
    const t0 = performance.now();
    const e = await failure(
      readTokenSource(cmd("sh", "-c", "echo 'unlocking…' >&2; sleep 5 & sleep 5"), { timeoutMs: 300 }),
    );
    expect(e.message).toBe(
      "cfg:3: token_command: \"sh -c echo 'unlocking…' >&2; sleep 5 & sleep 5\" did not finish within 0.3s: unlocking…",
    );
    expect(performance.now() - t0).toBeLessThan(3000);
  });

  it("takes the token of a command that exits leaving a child that holds the pipes open", async () => {
    // A password manager that starts its agent: the command is done, its child is not. This waited
    // out the whole timeout (15 s at start, for every rotation) and then failed.
    const t0 = performance.now();
    expect(await readTokenSource(cmd("sh", "-c", "sleep 5 & printf tok-456"), { timeoutMs: 4000 })).toBe(
      "tok-456",
    );
    expect(performance.now() - t0).toBeLessThan(3000);
    const e = await failure(
      readTokenSource(cmd("sh", "-c", "sleep 5 & echo locked >&2; exit 3"), { timeoutMs: 4000 }),
    );
    expect(e.message).toBe(
      'cfg:3: token_command: "sh -c sleep 5 & echo locked >&2; exit 3" failed (exit 3): locked',
    );
  });

  it("stops reading a command that prints without end", async () => {
    const e = await failure(readTokenSource(cmd("yes", "s3cret")));
    expect(e.message).toMatch(/printed more than 64 kB; jobtop needs the token alone$/);
    expect(e.message).not.toContain("s3cret s3cret");
  });

  it("says when the command was killed", async () => {
    const e = await failure(readTokenSource(cmd("sh", "-c", "kill -TERM $$")));
    expect(e.message).toMatch(/failed \(killed by SIGTERM\)$/);
  });

  it("refuses output that is not a token, without showing it", async () => {
    for (const out of ["", "two words-s3cret", "tab\ts3cret", "ctl\u001bs3cret", "non-ascii-é-s3cret"]) {
      const e = await failure(readTokenSource(cmd("printf", "%s", out)));
      expect(e.message).toMatch(
        /^cfg:3: token_command: its output: the token (is empty|contains a (space|control character|character that is not printable ASCII))/,
      );
      expect(e.message).not.toContain("s3cret");
    }
  });
});

describe("checkToken", () => {
  it("takes visible ASCII only", () => {
    expect(checkToken("eyJhbGciOi.J9-_~+/=")).toBeUndefined();
    expect(checkToken("a b")).toMatch(/space/);
    expect(checkToken("a\nb")).toMatch(/more than one line/);
    expect(checkToken("")).toMatch(/empty/);
  });
});

describe("splitCommand", () => {
  it.each([
    ["pass show jobs/prod", ["pass", "show", "jobs/prod"]],
    ["  gh   auth token ", ["gh", "auth", "token"]],
    [`op read "op://vault/jobs api/token"`, ["op", "read", "op://vault/jobs api/token"]],
    [`cat '/path/with space/$HOME'`, ["cat", "/path/with space/$HOME"]],
    [String.raw`a\ b "c\"d" ''`, ["a b", 'c"d', ""]],
  ])("%s", (line, argv) => {
    expect(splitCommand(line)).toEqual(argv);
  });

  it.each([`pass show x | head -1`, "a; b", "a && b", "echo $(secret)", "a > f", "echo `x`", `"open`])(
    "refuses %s",
    (line) => {
      expect(typeof splitCommand(line)).toBe("string");
    },
  );
});
