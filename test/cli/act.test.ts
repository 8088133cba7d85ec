// Actions from the config file (issue 25), through the built CLI against the demo service over
// loopback: [[actions]] whose key clashes with the monitor's, or is given twice, are exit 2 naming
// the file, line and key (at start and in `config check`); `jobtop act` cancels with the demo's
// DELETE /v1/job?id= (docs/demo-operations.md), asks for --yes from a pipe and then sends nothing,
// runs a command action without a shell, with the token only when pass_token says so.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, expectOneLine, NODE, type RunResult, runCli, TEST_CACHE_HOME } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";
import { specJob } from "../helpers/payloads.js";
import { startScriptedService } from "../helpers/scripted-service.js";

const TOKEN = "act-test-token-7f3k9q";
let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, token: TOKEN });
});
afterAll(async () => {
  await demo.close();
});

const STATUS = `[status]
6 = "queued"
1 = "starting"
2 = "running"
3 = "stopped"
`;
/** A scripted service's list: no jobs (act asks only for the jobs it names). */
const noJobs = () => ({
  code: 0,
  msg: "",
  job: [],
  pagination: { total: 0, numPages: 0, page: 1, perPage: 20 },
});

const CANCEL = `[[actions]]
name = "cancel"
key = "C"
description = "cancel the job"
statuses = ["queued", "starting", "running"]
http = { method = "DELETE", path = "/v1/job", query = { id = "{id}" } }
`;

function config(text: string) {
  const cfg = writeConfig(`base_url = "${demo.url}"\n${text}`);
  const tok = cfg.file("token", `${TOKEN}\n`);
  const body = readFileSync(cfg.path, "utf8").replace(
    `base_url = "${demo.url}"\n`,
    `base_url = "${demo.url}"\ntoken_file = "${tok}"\n`,
  );
  writeFileSync(cfg.path, body);
  return cfg;
}

/** Runs jobtop with this config file, its stdin a pipe (as in `echo y | jobtop act …`). */
function run(args: string[], cfgPath: string, stdin = ""): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [CLI, ...args, "--config", cfgPath], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, XDG_CACHE_HOME: TEST_CACHE_HOME },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.stdin.end(stdin);
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`jobtop ${args.join(" ")} did not finish\n${stdout}\n${stderr}`));
    }, 20_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Ids of demo jobs in a status that no other test moves. */
const used = new Set<number>();
function jobIn(...statuses: number[]): number {
  for (let id = 1; id <= 120; id++) {
    if (id === 13 || used.has(id)) continue;
    const job = demo.getJob(id);
    if (job && statuses.includes(job.status)) {
      used.add(id);
      return id;
    }
  }
  throw new Error(`no demo job in status ${statuses.join(",")}`);
}

describe("[[actions]] keys", () => {
  it("a key the monitor uses is exit 2 naming the file, line and key, at start and in config check", async () => {
    const cfg = config(`${STATUS}\n${CANCEL}\n[[actions]]\nname = "stop"\nkey = "q"\ncommand = ["true"]\n`);
    const line = readFileSync(cfg.path, "utf8").split("\n").indexOf('key = "q"') + 1;
    expect(line).toBeGreaterThan(0);
    const where = new RegExp(
      `${cfg.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:${line}: actions\\[1\\]\\.key: key "q"`,
    );
    for (const args of [["--once"], ["config", "check"], ["act", "cancel", "1", "--yes"]]) {
      const r = await run(args, cfg.path);
      expectOneLine(r, where);
      expect(r.stderr).toMatch(/already one of jobtop's keys \(quit\)/);
    }
  });

  it("the keys set aside for tags (T, U) and the scope key (a) are taken too", async () => {
    for (const key of ["T", "U", "a"]) {
      const cfg = config(`[[actions]]\nname = "t"\nkey = "${key}"\ncommand = ["true"]\n`);
      // Line 5: base_url and token_file come first (config()).
      expectOneLine(
        await run(["config", "check"], cfg.path),
        new RegExp(`:5: actions\\[0\\]\\.key: key "${key}"`),
      );
    }
  });

  it("a key given twice is exit 2 naming the file, line and key, also across a profile", async () => {
    const twice = config(
      `${STATUS}\n${CANCEL}\n[[actions]]\nname = "other"\nkey = "C"\ncommand = ["true"]\n`,
    );
    const line = readFileSync(twice.path, "utf8").split("\n").lastIndexOf('key = "C"') + 1;
    for (const args of [["--once"], ["config", "check"]])
      expectOneLine(
        await run(args, twice.path),
        new RegExp(`config\\.toml:${line}: actions\\[1\\]\\.key: key "C" is given twice`),
      );
    const profile = config(
      `profile = "p"\n${STATUS}\n${CANCEL}\n[profiles.p]\n[[profiles.p.actions]]\nname = "other"\nkey = "C"\ncommand = ["true"]\n`,
    );
    const pline = readFileSync(profile.path, "utf8").split("\n").lastIndexOf('key = "C"') + 1;
    expectOneLine(
      await run(["config", "check"], profile.path),
      new RegExp(`config\\.toml:${pline}: profiles\\.p\\.actions\\[0\\]\\.key: key "C" is given twice`),
    );
  });

  it("config check lists the actions; a profile's replaces the top level's of the same name", async () => {
    const cfg = config(
      `profile = "p"\n${STATUS}\n${CANCEL}\n[[actions]]\nname = "note"\nkey = "N"\nconfirm = "no"\ncommand = ["my-tool", "note", "{id}"]\n\n[profiles.p]\n[[profiles.p.actions]]\nname = "cancel"\nkey = "K"\nconfirm = "type"\nhttp = { method = "POST", path = "/v1/job/cancel", body = { id = "{id}" } }\n`,
    );
    const r = await run(["config", "check"], cfg.path);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const actions = r.stdout.split("\n").filter((l) => l.startsWith("action "));
    expect(actions).toHaveLength(2);
    expect(actions[0]).toMatch(
      /cancel: key "K", POST \/v1\/job\/cancel with a body, on every status, confirm type/,
    );
    expect(actions[1]).toMatch(
      /note: key "N", command my-tool note \{id\} \(background\), on every status, confirm no/,
    );
  });
});

describe("jobtop act", () => {
  it("act cancel ID --yes: exit 0, the job is stopped at the service", async () => {
    const cfg = config(`${STATUS}\n${CANCEL}`);
    const id = jobIn(2, 1, 6);
    const display = demo.getJob(id)?.displayID;
    const r = await run(["act", "cancel", String(id), "--yes"], cfg.path);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`cancel ${display}: done\ncancel: done\n`);
    expect(demo.getJob(id)?.status).toBe(3);
    const got = await runCli(["get", String(id), "--json", "--config", cfg.path]);
    expect(JSON.parse(got.stdout).status).toBe(3);
  });

  it("from a pipe without --yes: exit 2, and the service gets no request at all", async () => {
    const cfg = config(`${STATUS}\n${CANCEL}`);
    const id = jobIn(2, 1, 6);
    const before = demo.requestCount();
    const r = await run(["act", "cancel", String(id)], cfg.path, "y\n");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/pass --yes/);
    expect(demo.requestCount()).toBe(before);
    expect(demo.getJob(id)?.status).not.toBe(3);
  });

  it("exit 4 for a job that does not exist, 2 for an unknown action", async () => {
    const cfg = config(`${STATUS}\n${CANCEL}`);
    const r = await run(["act", "cancel", "987654", "--yes"], cfg.path);
    expect(r.code).toBe(4);
    expect(r.stdout).toMatch(/^cancel 987654: skipped: gone: .*not found/m);
    const u = await run(["act", "nope", "1", "--yes"], cfg.path);
    expect(u.code).toBe(2);
    expect(u.stderr).toMatch(/no action "nope" \(actions: cancel\)/);
  });

  it("bad usage is one line and exit 2", async () => {
    const cfg = config(`${STATUS}\n${CANCEL}`);
    for (const [args, message] of [
      [["act"], /act: which action\? \(jobtop act NAME ID…\)/],
      [["act", "cancel"], /act: on which job\? \(jobtop act cancel ID…\)/],
      [["act", "cancel", "x 1"], /act: "x 1" is not a job id/],
      [["get", "1", "--yes"], /--yes works with act/],
      [["act", "cancel", "1", "--once"], /--once and act do not go together/],
    ] as const)
      expectOneLine(await run([...args], cfg.path), message);
  });

  it("exit 5 when the token is rejected, and no DELETE goes out", async () => {
    const cfg = config(`${STATUS}\n${CANCEL}`);
    cfg.file("token", "not-the-token\n");
    const id = jobIn(2, 1, 6);
    const r = await run(["act", "cancel", String(id), "--yes"], cfg.path);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe("");
    expect(demo.getJob(id)?.status).not.toBe(3);
  });

  it("a DELETE that times out: the outcome is unknown, not sent again, and the job's status said", async () => {
    // The scripted service answers /v1/job whatever the method: the GET, then the DELETE hangs,
    // then the poll after it says the job is stopped.
    let calls = 0;
    const svc = await startScriptedService({
      list: noJobs,
      job: (id) => {
        calls++;
        if (calls === 2) return { hang: true };
        return { code: 0, msg: "", job: specJob(Number(id), { status: calls === 1 ? 2 : 3 }) };
      },
    });
    try {
      const cfg = writeConfig(
        `base_url = "${svc.url}"\ntimeout = "1s"\n${CANCEL.replace(/statuses = .*\n/, "")}`,
      );
      const r = await runCli(["act", "cancel", "101", "--yes"], {
        XDG_CONFIG_HOME: cfg.home,
        JOBTOP_TOKEN: svc.token,
      });
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^cancel j-101: outcome unknown: .*not sent again; the job is now 3\)$/m);
      expect(calls).toBe(3);
    } finally {
      await svc.close();
    }
  });

  it("act ID --yes: a job the service answers with another job is skipped, nothing sent (attacked after the merge)", async () => {
    // `act cancel 105 --yes` against a service that answers GET 105 with job 777 sent DELETE 777.
    const svc = await startScriptedService({
      list: noJobs,
      job: (id, method) =>
        method === "GET"
          ? { code: 0, msg: "", job: specJob(id === "105" ? 777 : Number(id), { status: 2 }) }
          : { code: 0, msg: "" },
    });
    try {
      const cfg = writeConfig(`base_url = "${svc.url}"\n${CANCEL.replace(/statuses = .*\n/, "")}`);
      const r = await runCli(["act", "cancel", "105", "106", "--yes"], {
        XDG_CONFIG_HOME: cfg.home,
        JOBTOP_TOKEN: svc.token,
      });
      const sent = svc.requests.map((q) => `${q.method} ${q.query.get("id")}`);
      expect(sent).toEqual(["GET 105", "GET 106", "DELETE 106"]);
      expect(r.stdout).toMatch(
        /^cancel 105: skipped: the service answers with job 777 for it now; nothing sent$/m,
      );
      expect(r.stdout).toMatch(/^cancel j-106: done$/m);
    } finally {
      await svc.close();
    }
  });

  it("two ids the service answers with the same job: the action is sent once", async () => {
    // The ids given were kept apart, not the jobs: a service (a cache, an alias) that answers 102
    // with job 101 had the DELETE of job 101 sent twice.
    const deletes: string[] = [];
    const svc = await startScriptedService({
      list: noJobs,
      job: () => ({ code: 0, msg: "", job: specJob(101, { status: 2 }) }),
    });
    try {
      const cfg = writeConfig(`base_url = "${svc.url}"\n${CANCEL.replace(/statuses = .*\n/, "")}`);
      const r = await runCli(["act", "cancel", "101", "102", "--yes"], {
        XDG_CONFIG_HOME: cfg.home,
        JOBTOP_TOKEN: svc.token,
      });
      for (const q of svc.requests) if (q.query.get("id")) deletes.push(`${q.method} ${q.query.get("id")}`);
      // Each job fetched right before its action: 101 and its DELETE; 102 (job 101 again), no DELETE.
      expect(deletes).toEqual(["GET 101", "DELETE 101", "GET 102"]);
      expect(r.stdout).toMatch(/^cancel j-101: done$/m);
      expect(r.stderr).toContain("act: 102 is job 101 again: run once");
      expect(r.code).toBe(0);
    } finally {
      await svc.close();
    }
  });

  it("exit 1 when one of two fails; --json is one document", async () => {
    // No statuses: the DELETE of a stopped job goes out, and the demo answers code 409.
    const cfg = config(
      `[[actions]]\nname = "kill"\nkey = "K"\nhttp = { method = "DELETE", path = "/v1/job", query = { id = "{id}" } }\n`,
    );
    const live = jobIn(2, 1, 6);
    const stopped = jobIn(3);
    const r = await run(["act", "kill", String(live), String(stopped), "--yes"], cfg.path);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toBe(`kill ${demo.getJob(live)?.displayID}: done`);
    expect(lines[1]).toMatch(new RegExp(`^kill ${demo.getJob(stopped)?.displayID}: failed: .*409`));
    expect(lines[2]).toBe("kill: 1 of 2 jobs done, 1 failed");
    const j = await run(["act", "kill", String(stopped), "--yes", "--json"], cfg.path);
    expect(j.code).toBe(1);
    const doc = JSON.parse(j.stdout);
    expect(doc).toMatchObject({ action: "kill", ok: false, results: [{ id: String(stopped), ok: false }] });
  });
});

describe("a command action", () => {
  const dir = mkdtempSync(join(tmpdir(), "jobtop-act-"));
  const record = join(dir, "record.cjs");
  writeFileSync(
    record,
    `require("node:fs").writeFileSync(process.argv[2], JSON.stringify({ argv: process.argv.slice(3), env: process.env }));\n`,
  );
  const pwned = join(dir, "pwned");
  const REMARK = `x; rm -rf ~ $(id) $(touch ${pwned}) \`touch ${pwned}\`\n--flag`;

  function commandConfig(out: string, passToken: boolean) {
    return config(
      `[[actions]]\nname = "rec"\nkey = "X"\nconfirm = "no"\n${passToken ? "pass_token = true\n" : ""}command = [${JSON.stringify(NODE)}, ${JSON.stringify(record)}, ${JSON.stringify(out)}, "{remark}", "--id={id}"]\n`,
    );
  }

  it("gets the remark as one unchanged argv element, no shell, and no token without pass_token", async () => {
    const id = jobIn(2, 1, 6, 3);
    const job = demo.getJob(id);
    if (!job) throw new Error("no job");
    const remark = job.app.remark;
    job.app.remark = REMARK;
    try {
      const out = join(dir, "plain.json");
      const r = await run(["act", "rec", String(id)], commandConfig(out, false).path);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const got = JSON.parse(readFileSync(out, "utf8"));
      expect(got.argv).toEqual([REMARK, `--id=${id}`]);
      expect(existsSync(pwned)).toBe(false);
      expect(got.env.JOBTOP_JOB_ID).toBe(String(id));
      expect(got.env.JOBTOP_DISPLAY_ID).toBe(job.displayID);
      expect(got.env.JOBTOP_BASE_URL).toBe(demo.url);
      expect(JSON.stringify(got)).not.toContain(TOKEN);
      expect(got.env.JOBTOP_TOKEN).toBeUndefined();

      const out2 = join(dir, "token.json");
      const t = await run(["act", "rec", String(id)], commandConfig(out2, true).path);
      expect(t.code).toBe(0);
      const withToken = JSON.parse(readFileSync(out2, "utf8"));
      expect(withToken.env.JOBTOP_TOKEN).toBe(TOKEN);
      expect(withToken.argv.join(" ")).not.toContain(TOKEN);

      // mode = "terminal": the same argv, in the foreground; its exit status is the outcome.
      const out3 = join(dir, "terminal.json");
      const term = config(
        `[[actions]]\nname = "rec"\nkey = "X"\nconfirm = "no"\nmode = "terminal"\ncommand = [${JSON.stringify(NODE)}, ${JSON.stringify(record)}, ${JSON.stringify(out3)}, "{remark}"]\n`,
      );
      const tr = await run(["act", "rec", String(id)], term.path);
      expect(tr.code).toBe(0);
      expect(JSON.parse(readFileSync(out3, "utf8")).argv).toEqual([REMARK]);
      const failing = config(
        `[[actions]]\nname = "bad"\nkey = "X"\nconfirm = "no"\nmode = "terminal"\ncommand = [${JSON.stringify(NODE)}, "-e", "process.exit(3)"]\n`,
      );
      const fr = await run(["act", "bad", String(id)], failing.path);
      expect(fr.code).toBe(1);
      expect(fr.stdout).toContain(`bad ${job.displayID}: failed: exit status 3`);
    } finally {
      job.app.remark = remark;
    }
  });

  it("job text that would start an argument with - is not run; after -- it is (attacked after the merge)", async () => {
    // `git -C repo log {displayID}` with a displayID "--output=FILE" wrote FILE: the program read
    // the service's text as its option. Now the job's result says so and nothing runs.
    const id = jobIn(2, 1, 6, 3);
    const job = demo.getJob(id);
    if (!job) throw new Error("no job");
    const remark = job.app.remark;
    job.app.remark = `--output=${join(dir, "clobbered")}`;
    try {
      const out = join(dir, "option.json");
      const cfg = config(
        `[[actions]]\nname = "rec"\nkey = "X"\nconfirm = "no"\ncommand = [${JSON.stringify(NODE)}, ${JSON.stringify(record)}, ${JSON.stringify(out)}, "{remark}"]\n`,
      );
      const r = await run(["act", "rec", String(id)], cfg.path);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(
        `rec ${job.displayID}: failed: the job's remark starts with "-", which ${NODE} would read as an option: not run (write "--" before it in the command)`,
      );
      expect(existsSync(out)).toBe(false);
      const after = config(
        `[[actions]]\nname = "rec"\nkey = "X"\nconfirm = "no"\ncommand = [${JSON.stringify(NODE)}, ${JSON.stringify(record)}, ${JSON.stringify(out)}, "--", "{remark}"]\n`,
      );
      const ok = await run(["act", "rec", String(id)], after.path);
      expect(ok.code).toBe(0);
      expect(JSON.parse(readFileSync(out, "utf8")).argv).toEqual(["--", job.app.remark]);
    } finally {
      job.app.remark = remark;
    }
  });

  it("job text where a shell would run it, or naming the program, is refused at load (issue 29.3)", async () => {
    // Both loaded without a word and ran: sh -c ran the remark as shell code, and the service
    // chose the program. Now exit 2 with file:line and the key, at start and in config check.
    const id = jobIn(2, 1, 6, 3);
    const job = demo.getJob(id);
    if (!job) throw new Error("no job");
    const remark = job.app.remark;
    const mark = join(dir, "shell-ran");
    job.app.remark = `x; touch ${mark}`;
    try {
      for (const [command, index, why] of [
        ['["sh", "-c", "echo {remark}"]', 2, /job text would run as code: sh -c runs this argument as code/],
        [
          '["env", "FOO=1", "bash", "-lc", "echo {remark}"]',
          4,
          /job text would run as code: bash -lc runs this argument as code/,
        ],
        ['["{remark}"]', 0, /job text would choose the program that runs \(write its name as it is\)/],
        [
          '["/opt/tools/{nodeId}", "x"]',
          0,
          /job text would choose the program that runs \(write its name as it is\)/,
        ],
      ] as const) {
        const cfg = config(`[[actions]]\nname = "sh"\nkey = "X"\nconfirm = "no"\ncommand = ${command}\n`);
        const want = new RegExp(
          `config\\.toml:7: actions\\[0\\]\\.command\\[${index}\\]: ${why.source}; hand the job to a script through its environment instead: JOBTOP_JOB_ID, JOBTOP_DISPLAY_ID and JOBTOP_STATUS`,
        );
        expectOneLine(await run(["act", "sh", String(id)], cfg.path), want);
        expectOneLine(await run(["config", "check"], cfg.path), want);
      }
      expect(existsSync(mark)).toBe(false);
      // The safe ways load and run: the remark as $1 after the code, or the job's id from the environment.
      const out = join(dir, "safe.txt");
      const safe = config(
        `[[actions]]\nname = "sh"\nkey = "X"\nconfirm = "no"\ncommand = ["sh", "-c", "printf '%s|%s' \\"$1\\" \\"$JOBTOP_JOB_ID\\" > ${out}", "sh", "{remark}"]\n`,
      );
      const r = await run(["act", "sh", String(id)], safe.path);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(readFileSync(out, "utf8")).toBe(`x; touch ${mark}|${id}`);
      expect(existsSync(mark)).toBe(false);
    } finally {
      job.app.remark = remark;
    }
  });
});
