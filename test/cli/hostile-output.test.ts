// Server text on every path of the built CLI's own writes: `jobtop --once` against a service that
// puts escapes, C1 controls and bidi controls in its `msg`, its HTTP reason phrase, its JSON key
// names and its field values. Whatever it sends, neither stderr nor stdout carries a control.
import { spawn } from "node:child_process";
import { createServer, type Server, type Socket } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nastyString } from "../fuzz/arbitraries.js";
import { CLI, NODE, TEST_CACHE_HOME } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";
import { FORBIDDEN, INVISIBLE, INVISIBLE_SHOWN } from "../helpers/forbidden.js";
import { specJob } from "../helpers/payloads.js";

const TOKEN = "hostile-test-token-1234";

type Answer = { status: number; reason: string; body: string };
let answer: Answer = { status: 200, reason: "OK", body: "{}" };
let server: Server;
let baseUrl = "";

// A raw socket server: node:http refuses to send a control character in a reason phrase; a
// hostile service is not so polite.
beforeAll(async () => {
  server = createServer((c: Socket) => {
    c.on("error", () => {});
    c.once("data", () => {
      const body = Buffer.from(answer.body, "utf8");
      const reason = Buffer.from(answer.reason.replace(/[\r\n]/g, " "), "utf8");
      c.end(
        Buffer.concat([
          Buffer.from(`HTTP/1.1 ${answer.status} `),
          reason,
          Buffer.from(
            `\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`,
          ),
          body,
        ]),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const addr = server.address();
  baseUrl = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});
afterAll(() => {
  server.close();
});

/** --once retries a failing service until --timeout (its retry lines are stderr output too): briefly. */
const ONCE = () => ["--once", "--base-url", baseUrl, "--interval", "200ms", "--timeout", "600ms"];

/** Runs the built CLI and keeps the bytes: a decoded string would hide a raw 0x9B as U+FFFD. */
function run(
  args: string[],
  env: Record<string, string | undefined> = { JOBTOP_TOKEN: TOKEN },
): Promise<{ code: number | null; stdout: Buffer; stderr: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [CLI, ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        XDG_CACHE_HOME: TEST_CACHE_HOME,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => err.push(d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("jobtop did not finish"));
    }, 15_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err) });
    });
  });
}

function expectClean(bytes: Buffer, what: string) {
  const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); // throws on a raw C1 byte
  const bad = FORBIDDEN.exec(text);
  expect(bad, `${what} holds U+${bad?.[0]?.charCodeAt(0).toString(16)}: ${JSON.stringify(text)}`).toBeNull();
}

const page = (jobs: unknown[]) =>
  JSON.stringify({
    code: 0,
    msg: "",
    job: jobs,
    pagination: { total: jobs.length, numPages: 1, page: 1, perPage: 20 },
  });
const withKey = (key: string) => {
  const j = specJob(2);
  (j.app as Record<string, unknown>).urls = { [key]: 7 }; // a bad value: the key is in the error's path
  return j;
};
const withValues = (s: string) => {
  const j = specJob(1, { displayID: s });
  const app = j.app as Record<string, unknown>;
  app.remark = s;
  app.cmd = `python x.py --token ${s}`;
  (j.ctx as Record<string, unknown>).nodeDisplayID = s;
  (j.res as Record<string, unknown>).gpuName = s;
  return j;
};

/** One answer per place a service's text can reach an error or a row. */
const scenario = (s: string): fc.Arbitrary<Answer> =>
  fc.constantFrom<Answer>(
    { status: 200, reason: "OK", body: JSON.stringify({ code: 7, msg: s }) }, // envelope msg → stderr
    { status: 500, reason: s, body: "" }, // reason phrase → stderr
    { status: 502, reason: `Bad ${s}`, body: "<html>" },
    { status: 200, reason: "OK", body: page([withKey(s)]) }, // key name, whole page bad → stderr
    { status: 200, reason: "OK", body: page([withValues(s), withKey(s)]) }, // values and a bad row → stdout
  );

describe("jobtop --once against a hostile service", () => {
  it("writes no control character to stdout or stderr, whatever the service sends", async () => {
    const runs = Number(process.env.FUZZ_CLI_RUNS ?? 30);
    await fc.assert(
      fc.asyncProperty(
        nastyString.chain((s) => scenario(s).map((a) => [s, a] as const)),
        async ([, a]) => {
          answer = a;
          const r = await run(ONCE());
          expectClean(r.stderr, "stderr");
          expectClean(r.stdout, "stdout");
          expect(r.stderr.toString()).not.toContain(TOKEN);
        },
      ),
      { numRuns: runs },
    );
  }, 120_000);

  it.each([
    [
      "an envelope msg",
      { status: 200, reason: "OK", body: JSON.stringify({ code: 7, msg: "a\u001b]0;TITLE\u0007b" }) },
      "stderr",
    ],
    [
      "a title and a clipboard write in a msg",
      {
        status: 200,
        reason: "OK",
        body: JSON.stringify({ code: 7, msg: "\u001b]52;c;aGk=\u0007\u001b[2J" }),
      },
      "stderr",
    ],
    ["a reason phrase", { status: 500, reason: "Oops\u001b[2J\u009b31m\u202e", body: "" }, "stderr"],
    [
      "a key name in a schema error",
      { status: 200, reason: "OK", body: page([withKey("k\u001b]0;T\u0007")]) },
      "stderr",
    ],
    [
      "field values and a bad row",
      { status: 200, reason: "OK", body: page([withValues("\u001b[2J\u202e"), withKey("\u009d0;t")]) },
      "stdout",
    ],
  ] as const)("shows %s escaped, visibly", async (_what, a, stream) => {
    answer = a;
    const r = await run(ONCE());
    expectClean(r.stderr, "stderr");
    expectClean(r.stdout, "stdout");
    expect((stream === "stderr" ? r.stderr : r.stdout).toString()).toMatch(/\^\[|<U\+/);
  });
});

describe("invisible characters, on every path of the built CLI", () => {
  // A zero-width space, a line separator, a BOM and a ZWJ that joins no emoji, in every string a
  // path shows; an emoji's own ZWJ beside them stays (it draws one emoji).
  const hiddenJob = () => {
    const j = withValues(`${INVISIBLE} 👩‍💻`);
    (j.app as Record<string, unknown>).cmd = `python x.py ${INVISIBLE}`;
    j.desc = INVISIBLE;
    return j;
  };
  const one = () => ({
    status: 200,
    reason: "OK",
    body: JSON.stringify({ code: 0, msg: "", job: hiddenJob() }),
  });
  const script = (...args: string[]) => [...args, "--base-url", baseUrl, "--interval", "200ms"];

  it.each([
    ["--once (a table to a pipe)", () => [...ONCE()], () => page([hiddenJob()])],
    ["get ID", () => script("get", "1", "--timeout", "600ms"), () => one().body],
    [
      "wait ID --until (its line)",
      () => script("wait", "1", "--until", "2", "--timeout", "5s"),
      () => one().body,
    ],
    [
      "watch ID --until (its line)",
      () => script("watch", "1", "--until", "2", "--timeout", "5s"),
      () => one().body,
    ],
  ])("%s shows them escaped, visibly", async (_what, args, body) => {
    answer = { status: 200, reason: "OK", body: body() };
    const r = await run(args());
    expect(r.code, r.stderr.toString()).toBe(0);
    expectClean(r.stdout, "stdout");
    expectClean(r.stderr, "stderr");
    expect(r.stdout.toString()).toContain(INVISIBLE_SHOWN);
    expect(r.stdout.toString()).toContain("👩‍💻");
  });

  it.each([
    ["--once --json", () => [...ONCE(), "--json"], () => page([hiddenJob()])],
    ["get ID --json", () => script("get", "1", "--timeout", "600ms", "--json"), () => one().body],
    ["wait ID --json", () => script("wait", "1", "--until", "2", "--json"), () => one().body],
    ["watch ID --json", () => script("watch", "1", "--until", "2", "--json"), () => one().body],
  ])("%s escapes them as JSON does (\\u200b), the same JSON", async (_what, args, body) => {
    answer = { status: 200, reason: "OK", body: body() };
    const r = await run(args());
    expect(r.code, r.stderr.toString()).toBe(0);
    expectClean(r.stdout, "stdout");
    const out = r.stdout.toString();
    expect(out).toContain("a\\u200bb\\u2028c\\ufeffd\\u200de");
    expect(out).not.toContain("<U+");
  });

  it("a service's message on stderr shows them escaped", async () => {
    answer = { status: 200, reason: "OK", body: JSON.stringify({ code: 7, msg: INVISIBLE }) };
    const r = await run(ONCE());
    expectClean(r.stderr, "stderr");
    // One line: the line separator and the BOM are folded to spaces with the other white space.
    expect(r.stderr.toString()).toContain("a<U+200B>b c d<U+200D>e");
  });
});

describe("a tab, shown as spacing", () => {
  const tabbed = () => {
    const j = specJob(1, { displayID: "j\t1", desc: "name\tsize\nab\t12" });
    const app = j.app as Record<string, unknown>;
    app.remark = "train\trun";
    app.cmd = "python\tx.py\t--lr 3";
    return j;
  };

  it("get ID: a tab stop every 4 cells in the command and description, a space in one-line values", async () => {
    answer = { status: 200, reason: "OK", body: JSON.stringify({ code: 0, msg: "", job: tabbed() }) };
    const r = await run(["get", "1", "--base-url", baseUrl, "--timeout", "600ms"]);
    expect(r.code, r.stderr.toString()).toBe(0);
    const out = r.stdout.toString();
    expect(out).not.toContain("^I");
    expect(out).toContain("\n  python  x.py    --lr 3\n");
    expect(out).toContain("\n  name    size\n  ab  12\n");
    expect(out).toMatch(/^train run\nid 1 · j 1 · status/);
  });

  it("--once: a space in a cell", async () => {
    answer = { status: 200, reason: "OK", body: page([tabbed()]) };
    const r = await run(ONCE());
    expect(r.code, r.stderr.toString()).toBe(0);
    expect(r.stdout.toString()).not.toContain("^I");
    expect(r.stdout.toString()).toMatch(/ j 1 +train run /);
  });
});

describe("jobtop config check with a hostile token_command", () => {
  const config = (line: string) => {
    const cfg = writeConfig(`base_url = "${baseUrl}"\n${line}\n`);
    return cfg;
  };
  // No JOBTOP_TOKEN: it would come before the file's token_command.
  const check = (cfg: { path: string }) => run(["config", "check", "--config", cfg.path], {});

  it("prints the command's words escaped: a bidi override, a zero-width space", async () => {
    // The file's TOML escapes: the characters themselves reach jobtop.
    const cfg = config(`token_command = ["printf", "tok\\u202e\\u200bgnp.exe"]`);
    const r = await check(cfg);
    expectClean(r.stdout, "stdout");
    expectClean(r.stderr, "stderr");
    expect(r.stdout.toString()).toContain('token_command printf "tok<U+202E><U+200B>gnp.exe"');
  });

  it("shows what the failing command said escaped: U+202E, U+200B, U+2028", async () => {
    const cfg = config(
      `token_command = ["sh", "-c", '''printf 'no \\342\\200\\256key\\342\\200\\213 here\\342\\200\\250!' >&2; exit 3''']`,
    );
    const r = await check(cfg);
    expect(r.code).toBe(2);
    expectClean(r.stdout, "stdout");
    expectClean(r.stderr, "stderr");
    expect(r.stderr.toString()).toContain("failed (exit 3): no <U+202E>key<U+200B> here<U+2028>!");
  });

  it("never echoes its output: a token with a bidi override is refused by name", async () => {
    const cfg = config(`token_command = ["printf", "tok\\u202eX"]`);
    const r = await check(cfg);
    expect(r.code).toBe(2);
    expectClean(r.stdout, "stdout");
    expectClean(r.stderr, "stderr");
    expect(r.stderr.toString()).toMatch(
      /token_command: its output: the token contains a character that is not printable ASCII/,
    );
  });
});

describe("jobtop demo-server", () => {
  it("prints its token sanitised, escapes and all", async () => {
    const child = spawn(NODE, [CLI, "demo-server", "--port", "0", "--token", "tok\u001b]0;T\u0007\u202eX"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, XDG_CACHE_HOME: TEST_CACHE_HOME },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("demo-server printed nothing")), 10_000);
        child.stdout.on("data", (d: Buffer) => {
          out.push(d);
          if (Buffer.concat(out).includes("Ctrl+C stops it.")) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
    } finally {
      child.kill("SIGTERM");
    }
    expectClean(Buffer.concat(out), "stdout");
    expect(Buffer.concat(out).toString()).toContain("token:    tok^[]0;T^G<U+202E>X");
  });
});
