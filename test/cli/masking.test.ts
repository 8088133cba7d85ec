// Secrets no name announces (issue 22's attack): a token as a URL's user name, a tool's own
// password flag (`curl -u`, `mysql -p`, `sshpass -p`, `sqlcmd -P`, `wandb login KEY`), a bare
// token of a well-known shape, `token: X` and `key=X`, through the built CLI against the demo
// service: masked in `get`, `--once` and `--json`, shown with --show-secrets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Job } from "../../src/api/schema.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli } from "../helpers/cli.js";

// Fake tokens, put together here so that no scanner takes this file for a leak.
const run = (n: number, alphabet = "A1b2C3d4E5f6G7h8J9k0") =>
  alphabet.repeat(Math.ceil(n / alphabet.length)).slice(0, n);
const GHP = `ghp_${run(36)}`;
const AKIA = `AKIA${run(16, "QRSTUVWXYZ234567")}`;
const SK = `sk-proj-${run(40)}`;
const WANDB = run(40, "0123456789abcdef");
/** Every secret below, by hand; none has a name that says so. */
const SECRETS = [
  GHP,
  AKIA,
  SK,
  WANDB,
  "hunter2a",
  "hunter3b",
  "hunter4c",
  "Secr3t5d",
  "9f8e7d6c5b4a3f2e",
  "Zx9Yw8Vu7Ts6Rq5P",
];

let demo: DemoServer;
let id = 0;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
  // The job --once shows first and get is asked for.
  const res = await fetch(`${demo.url}/v1/job/jobs?page=1&per_page=20&order=desc`, {
    headers: { authorization: `Bearer ${demo.token}` },
  });
  id = Number(((await res.json()) as { job: Job[] }).job[0]?.id);
  const job = demo.getJob(id);
  if (!job) throw new Error("no demo job");
  job.app.remark = `clone https://${GHP}@github.com/o/r with ${AKIA}`;
  job.app.cmd =
    `curl -u bob:hunter2a https://x && mysql -uroot -phunter3b app; sshpass -p hunter4c ssh h; ` +
    `wandb login ${WANDB}; sqlcmd -S db -U sa -P Secr3t5d -Q 'select 1'; OPENAI=${SK} python t.py`;
  job.desc = "token: 9f8e7d6c5b4a3f2e\nkey=Zx9Yw8Vu7Ts6Rq5P";
  job.app.envs = `GIT_URL=https://${GHP}@github.com/o/r;LOG=debug`;
});
afterAll(async () => {
  await demo.close();
});

const env = () => ({ JOBTOP_BASE_URL: demo.url, JOBTOP_TOKEN: demo.token });
const leaked = (out: string) => SECRETS.filter((x) => out.includes(x));

describe("secrets no name announces", () => {
  it.each([
    ["get ID", () => ["get", String(id)]],
    ["get ID --json", () => ["get", String(id), "--json"]],
    ["--once", () => ["--once"]],
    ["--once --json", () => ["--once", "--json"]],
  ])("%s masks every one", async (_what, args) => {
    const r = await runCli(args(), env());
    expect(r.code, r.stderr).toBe(0);
    expect(leaked(r.stdout)).toEqual([]);
    expect(r.stdout).toContain("https://••••••@github.com/o/r");
  });

  it("get shows each masked where it was", async () => {
    const r = await runCli(["get", String(id)], env());
    for (const shown of [
      `clone https://••••••@github.com/o/r with ••••••`,
      "curl -u bob:•••••• https://x && mysql -uroot -p•••••• app; sshpass -p •••••• ssh h;",
      "wandb login ••••••; sqlcmd -S db -U sa -P •••••• -Q 'select 1'; OPENAI=•••••• python t.py",
      "token: ••••••",
      "key=••••••",
      "GIT_URL=https://••••••@github.com/o/r",
    ])
      expect(r.stdout).toContain(shown);
  });

  it.each([
    ["get ID", () => ["get", String(id), "--show-secrets"], SECRETS],
    ["get ID --json", () => ["get", String(id), "--json", "--show-secrets"], SECRETS],
    ["--once (the remark)", () => ["--once", "--show-secrets"], [GHP, AKIA]],
    ["--once --json", () => ["--once", "--json", "--show-secrets"], SECRETS],
  ])("%s --show-secrets shows them", async (_what, args, expected) => {
    const r = await runCli(args(), env());
    expect(r.code, r.stderr).toBe(0);
    expect(leaked(r.stdout)).toEqual(expected);
  });
});
