// The token's own source in a 401, and a token rotated while wait and watch run, through the
// built CLI. A 401 used to say "check JOBTOP_TOKEN or --token-file" whatever the source, and a
// rotated token needed a restart (wait exited 5).
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, NODE, runCli, spawnCli, TEST_CONFIG_HOME } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, token: "the-right-token" });
});
afterAll(async () => {
  await demo.close();
});

describe("a 401 names where the token came from", () => {
  const bad = "wrong-token-XYZ";
  const cfg = writeConfig("");
  const tok = cfg.file("tok", `${bad}\n`);

  it.each([
    ["JOBTOP_TOKEN", [], { JOBTOP_TOKEN: bad }, /: check JOBTOP_TOKEN$/],
    ["--token", ["--token", bad], {}, /: check --token$/],
    ["--token-file", ["--token-file", tok], {}, /: check --token-file \S+\/tok$/],
  ] as const)("%s", async (_name, args, env, hint) => {
    const r = await runCli(["get", "5", "--base-url", demo.url, ...args], env);
    expect(r.code).toBe(5);
    const line = r.stderr.trim().split("\n").at(-1) ?? "";
    expect(line).toMatch(/^jobtop: job 5: token rejected \(HTTP 401\): check /);
    expect(line).toMatch(hint);
    expect(r.stderr).not.toContain(bad);
  });

  it("a config's token_file or token_command, with the file and line", async () => {
    writeFileSync(cfg.path, `base_url = "${demo.url}"\ntoken_file = "tok"\n`);
    const file = await runCli(["get", "5"], { XDG_CONFIG_HOME: cfg.home });
    expect(file.code).toBe(5);
    expect(file.stderr).toMatch(
      /token rejected \(HTTP 401\): check \S+\/jobtop\/tok \(\S+\/jobtop\/config\.toml:2: token_file\)$/m,
    );
    writeFileSync(cfg.path, `base_url = "${demo.url}"\n\ntoken_command = ["printf", "${bad}"]\n`);
    const cmd = await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home });
    expect(cmd.code).toBe(5);
    expect(cmd.stderr).toMatch(/token rejected \(HTTP 401\): check \S+\/config\.toml:3: token_command$/m);
    expect(cmd.stderr).not.toContain(bad);
  });

  it("a --token-file that is a pipe, which cannot be read again", async () => {
    const { spawn } = await import("node:child_process");
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        "bash",
        ["-c", `"${NODE}" "${CLI}" get 5 --base-url ${demo.url} --token-file <(printf ${bad})`],
        { env: { PATH: process.env.PATH, HOME: process.env.HOME, XDG_CONFIG_HOME: TEST_CONFIG_HOME } },
      );
      let stderr = "";
      child.stderr.on("data", (d) => {
        stderr += d;
      });
      child.on("close", (code) => resolve({ code, stderr }));
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/: check --token-file \(a pipe, read once at start\)$/m);
  });
});

describe("a token rotated while a command runs is read again and used", () => {
  /** A job of the demo's that has not stopped yet, and a config reading the token from a file. */
  function setup(token: string) {
    demo.setToken(token);
    const cfg = writeConfig("");
    const tok = cfg.file("tok", `${token}\n`);
    writeFileSync(cfg.path, `base_url = "${demo.url}"\ntoken_file = "tok"\ninterval = "300ms"\n`);
    const job = demo.addJob();
    return { cfg, tok, id: job.id };
  }

  /** Resolves once the service has answered `n` more authorised requests (a 401 is not counted). */
  async function served(n: number) {
    const target = demo.requestCount() + n;
    const end = Date.now() + 10_000;
    while (demo.requestCount() < target) {
      if (Date.now() > end) throw new Error(`the service answered ${demo.requestCount()} of ${target}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Rotates the token at the service and in the file, then waits for requests made with the new one. */
  async function rotate(tok: string, next: string) {
    writeFileSync(tok, `${next}\n`);
    demo.setToken(next);
    await served(3);
  }

  function advanceTo(id: number, status: number) {
    for (let i = 0; i < 5 && demo.getJob(id)?.status !== status; i++) demo.advance(id);
    expect(demo.getJob(id)?.status).toBe(status);
  }

  it("wait", async () => {
    const { cfg, tok, id } = setup("wait-token-1");
    const w = spawnCli(["wait", String(id), "--until", "3", "--timeout", "30s"], {
      XDG_CONFIG_HOME: cfg.home,
    });
    await served(2);
    await rotate(tok, "wait-token-2");
    advanceTo(id, 3);
    const end = await w.exited;
    expect(w.stderr()).toBe("");
    expect(end.code).toBe(0);
  }, 40_000);

  it("watch", async () => {
    const { cfg, tok, id } = setup("watch-token-1");
    const w = spawnCli(["watch", String(id), "--until", "3", "--timeout", "30s"], {
      XDG_CONFIG_HOME: cfg.home,
    });
    await w.waitFor(new RegExp(`\\(${id}\\)`)); // its current status
    await rotate(tok, "watch-token-2");
    advanceTo(id, 3);
    const end = await w.exited;
    expect(w.stderr()).toBe("");
    expect(end.code).toBe(0);
    // The first line, then one per change, the last of them to 3.
    const lines = w.stdout().trim().split("\n");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.at(-1)).toMatch(new RegExp(`\\(${id}\\).*\\b3\\b`));
  }, 40_000);
});
