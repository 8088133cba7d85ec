// `jobtop act` stopped part-way, and jobs that change before their turn, through the built CLI
// against a scripted service over loopback (it counts each request with its method).
// Issue 29.7: `act … | head -1` stopped after 2 of 100 jobs with exit 0; Ctrl+C gave no summary,
// --json printed nothing, and a request already sent was never mentioned. Issue 29.4: the jobs
// were fetched once, all before the first action, so a job that changed meanwhile was acted on.
// Issue 29.5: a command's leftover processes outlived act.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pipeline, runCli, spawnCli } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";
import { specJob } from "../helpers/payloads.js";
import { alive, until } from "../helpers/processes.js";
import { type Answer, type ScriptedService, startScriptedService } from "../helpers/scripted-service.js";

const CANCEL = `[[actions]]
name = "cancel"
key = "C"
statuses = [6, 1, 2]
http = { method = "DELETE", path = "/v1/job", query = { id = "{id}" } }
`;

let svc: ScriptedService | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

/** A service whose jobs are all running; `onDelete` answers each DELETE (default: done). */
async function service(onDelete: (id: string) => Answer = () => ({ code: 0, msg: "" }), actions = CANCEL) {
  const statuses = new Map<string, number>();
  const s = await startScriptedService({
    list: () => ({ code: 0, msg: "", job: [], pagination: { total: 0, numPages: 0, page: 1, perPage: 20 } }),
    job: (id, method) => {
      if (method === "DELETE") return onDelete(id);
      const status = statuses.get(id) ?? 2;
      return { code: 0, msg: "", job: specJob(Number(id), { status, state: { status, log: [] } }) };
    },
  });
  svc = s;
  const cfg = writeConfig(`base_url = "${s.url}"\ntimeout = "2s"\n${actions}`);
  const env = { XDG_CONFIG_HOME: cfg.home, JOBTOP_TOKEN: s.token };
  const sent = (method: string) =>
    s.requests.filter((r) => r.method === method).map((r) => r.query.get("id"));
  return { env, statuses, sent };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => String(101 + i));

describe("act stopped part-way", () => {
  it("act … | head -1 (a real pipeline): no new request once the pipe is closed, a summary on stderr, exit 1", async () => {
    const { env, sent } = await service();
    const r = await pipeline(["act", "cancel", ...ids(100), "--yes"], "head -1", env, 30_000);
    expect(r.stdout).toBe("cancel j-101: done\n");
    expect(r.status).toBe(1);
    const deletes = sent("DELETE");
    expect(deletes.length).toBeGreaterThanOrEqual(1);
    expect(deletes.length).toBeLessThan(10);
    expect(r.stderr).toContain("act: stdout closed: no new request; waiting for the ones in flight");
    // Every DELETE sent is counted.
    const n = deletes.length;
    expect(r.stderr).toMatch(
      new RegExp(
        `act: stdout closed: cancel: ${n} sent \\(${n} done\\), (1 skipped, )?\\d+ not sent, of 100 jobs\\n$`,
      ),
    );
    expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/);
  }, 40_000);

  it("act … 2>&1 | head -1: stderr closed with stdout, still no new request and exit 1, not 0 (attacked after the merge)", async () => {
    // Its first word on stderr ("act: stdout closed: …") met the closed pipe: EPIPE on stderr
    // ended act at once with exit 0, after 2 of 100 jobs, as if all had gone well.
    const { env, sent } = await service();
    const r = await pipeline(["act", "cancel", ...ids(100), "--yes"], "head -1", env, 30_000, true);
    expect(r.stdout).toBe("cancel j-101: done\n");
    expect(r.status).toBe(1);
    expect(sent("DELETE").length).toBeLessThan(10);
  }, 40_000);

  /** act on five jobs whose first DELETE never answers; SIGINT once it has gone out. */
  async function interrupted(json: boolean) {
    const { env, sent } = await service(() => ({ hang: true }));
    const run = spawnCli(["act", "cancel", ...ids(5), "--yes", ...(json ? ["--json"] : [])], env);
    await until(() => sent("DELETE").length > 0, "the DELETE", 15_000);
    run.signal("SIGINT");
    const { code } = await run.exited;
    return { code, stdout: run.stdout(), stderr: run.stderr(), sent };
  }

  it("Ctrl+C: the request in flight finishes (its timeout), no other is sent, the summary names it; exit 130", async () => {
    const r = await interrupted(false);
    expect(r.code).toBe(130);
    expect(r.sent("DELETE")).toEqual(["101"]);
    expect(r.stdout).toMatch(/^cancel j-101: outcome unknown: no answer within 2s/m);
    expect(r.stderr).toContain("act: interrupted (Ctrl+C): no new request; waiting for the ones in flight");
    expect(r.stderr).toMatch(
      /act: interrupted \(Ctrl\+C\): cancel: 1 sent \(0 done, 1 outcome unknown\), 4 not sent, of 5 jobs\n$/,
    );
  }, 30_000);

  it("Ctrl+C with --json: the document still comes, with every job and what stopped it", async () => {
    const r = await interrupted(true);
    expect(r.code).toBe(130);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ action: "cancel", ok: false, stopped: "SIGINT" });
    expect(doc.results).toHaveLength(5);
    expect(doc.results[0]).toMatchObject({ id: "101", ok: false, unknown: true });
    expect(doc.results[1]).toMatchObject({ id: "102", ok: false, notStarted: true });
  }, 30_000);
});

describe("a background command that leaves a process running (issue 29.5)", () => {
  it("act waits for it (up to its deadline); Ctrl+C ends it, exit 130", async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), "jobtop-act-left-")), "sleep.pid");
    const { env } = await service(
      undefined,
      `[[actions]]\nname = "rec"\nkey = "X"\nconfirm = "no"\n` +
        `command = ["sh", "-c", "sleep 60 & echo $! > ${pidFile}; echo started"]\n`,
    );
    const run = spawnCli(["act", "rec", "101"], env);
    await run.waitFor(/act: waiting for what rec j-101 left running/, {
      stream: "stderr",
      timeoutMs: 15_000,
    });
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(alive(pid)).toBe(true);
    expect(run.stdout()).toBe("rec j-101: done: started\n");
    run.signal("SIGINT");
    expect((await run.exited).code).toBe(130);
    expect(run.stderr()).toMatch(/act: what rec j-101 left running: ended \(SIGTERM\)/);
    await until(() => !alive(pid), "the sleep to end", 5000);
  }, 30_000);
});

describe("act fetches each job right before its action", () => {
  it("a job that stopped while the one before it was cancelled is skipped, and said why", async () => {
    // --yes: 102 stops while 101's DELETE is answered. Fetched all first, 102's DELETE went out.
    const { env, statuses, sent } = await service((id) => {
      if (id === "101") statuses.set("102", 3);
      return { code: 0, msg: "" };
    });
    const r = await runCli(["act", "cancel", "101", "102", "103", "--yes"], env);
    expect(sent("DELETE")).toEqual(["101", "103"]);
    expect(r.stdout).toBe(
      "cancel j-101: done\n" +
        "cancel j-102: skipped: it is 3 now; cancel applies to 6, 1, 2\n" +
        "cancel j-103: done\n" +
        "cancel: 2 of 3 jobs done, 1 skipped\n",
    );
    expect(r.code).toBe(1);
  });
});
