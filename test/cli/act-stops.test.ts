// `jobtop act` stopped part-way, and jobs that change before their turn, through the built CLI
// against a scripted service over loopback (it counts each request with its method).
// Issue 29.7: `act … | head -1` stopped after 2 of 100 jobs with exit 0; Ctrl+C gave no summary,
// --json printed nothing, and a request already sent was never mentioned. Issue 29.4: the jobs
// were fetched once, all before the first action, so a job that changed meanwhile was acted on.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, NODE, TEST_CACHE_HOME } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";
import { specJob } from "../helpers/payloads.js";
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
async function service(onDelete: (id: string) => Answer = () => ({ code: 0, msg: "" })) {
  const statuses = new Map<string, number>();
  svc = await startScriptedService({
    list: () => ({ code: 0, msg: "", job: [], pagination: { total: 0, numPages: 0, page: 1, perPage: 20 } }),
    job: (id, method) => {
      if (method === "DELETE") return onDelete(id);
      const status = statuses.get(id) ?? 2;
      return { code: 0, msg: "", job: specJob(Number(id), { status, state: { status, log: [] } }) };
    },
  });
  const cfg = writeConfig(`base_url = "${svc.url}"\ntimeout = "2s"\n${CANCEL}`);
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    XDG_CACHE_HOME: TEST_CACHE_HOME,
    XDG_CONFIG_HOME: cfg.home,
    JOBTOP_TOKEN: svc.token,
  };
  const s = svc;
  const sent = (method: string) =>
    s.requests.filter((r) => r.method === method).map((r) => r.query.get("id"));
  return { env, statuses, sent };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => String(101 + i));

describe("act stopped part-way", () => {
  it("act … | head -1 (a real pipeline): no new request once the pipe is closed, a summary on stderr, exit 1", async () => {
    const { env, sent } = await service();
    const err = join(mkdtempSync(join(tmpdir(), "jobtop-act-pipe-")), "stderr");
    const script = `"$@" 2>"${err}" | head -1; echo "status \${PIPESTATUS[0]}"`;
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn("bash", ["-c", script, "bash", NODE, CLI, "act", "cancel", ...ids(100), "--yes"], {
        env,
        stdio: ["ignore", "pipe", "inherit"],
      });
      let text = "";
      child.stdout.on("data", (d) => {
        text += d;
      });
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`did not finish: ${text}`));
      }, 30_000);
      child.on("close", () => {
        clearTimeout(timer);
        resolve(text);
      });
    });
    expect(out).toMatch(/^cancel j-101: done\nstatus 1\n$/);
    const deletes = sent("DELETE");
    expect(deletes.length).toBeGreaterThanOrEqual(1);
    expect(deletes.length).toBeLessThan(10);
    const stderr = readFileSync(err, "utf8");
    expect(stderr).toContain("act: stdout closed: no new request; waiting for the ones in flight");
    // Every DELETE sent is counted; those after the pipe closed are listed.
    const n = deletes.length;
    expect(stderr).toMatch(
      new RegExp(
        `act: stdout closed: cancel: ${n} sent \\(${n} done\\), (1 skipped, )?\\d+ not sent, of 100 jobs\\n$`,
      ),
    );
    expect(stderr).not.toMatch(/\bat .*\.js:\d+/);
  }, 40_000);

  /** act on five jobs whose first DELETE never answers; SIGINT once it has gone out. */
  async function interrupted(json: boolean) {
    const { env, sent } = await service(() => ({ hang: true }));
    const child = spawn(NODE, [CLI, "act", "cancel", ...ids(5), "--yes", ...(json ? ["--json"] : [])], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const code = new Promise<number | null>((resolve) => child.on("close", resolve));
    for (const until = Date.now() + 15_000; sent("DELETE").length === 0; ) {
      if (Date.now() > until) throw new Error(`no DELETE: ${stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill("SIGINT");
    return { code: await code, stdout, stderr, sent };
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
    await service();
    const dir = mkdtempSync(join(tmpdir(), "jobtop-act-left-"));
    const pidFile = join(dir, "sleep.pid");
    const cfg = writeConfig(
      `base_url = "${svc?.url}"\n[[actions]]\nname = "rec"\nkey = "X"\nconfirm = "no"\n` +
        `command = ["sh", "-c", "sleep 60 & echo $! > ${pidFile}; echo started"]\n`,
    );
    const child = spawn(NODE, [CLI, "act", "rec", "101"], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        XDG_CACHE_HOME: TEST_CACHE_HOME,
        XDG_CONFIG_HOME: cfg.home,
        JOBTOP_TOKEN: svc?.token,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const code = new Promise<number | null>((resolve) => child.on("close", resolve));
    for (
      const until = Date.now() + 15_000;
      !stderr.includes("act: waiting for what rec j-101 left running");
    ) {
      if (Date.now() > until) throw new Error(`not waiting: ${stdout} ${stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(alive(pid)).toBe(true);
    expect(stdout).toBe("rec j-101: done: started\n");
    child.kill("SIGINT");
    expect(await code).toBe(130);
    expect(stderr).toMatch(/act: what rec j-101 left running: ended \(SIGTERM\)/);
    for (const until = Date.now() + 5000; alive(pid) && Date.now() < until; )
      await new Promise((r) => setTimeout(r, 50));
    expect(alive(pid)).toBe(false);
  }, 30_000);
});

/** There and not a zombie (the container's init may never reap an orphan). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

describe("act fetches each job right before its action", () => {
  it("a job that stopped while the one before it was cancelled is skipped, and said why", async () => {
    // --yes: 102 stops while 101's DELETE is answered. Fetched all first, 102's DELETE went out.
    const { env, statuses, sent } = await service((id) => {
      if (id === "101") statuses.set("102", 3);
      return { code: 0, msg: "" };
    });
    const r = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(NODE, [CLI, "act", "cancel", "101", "102", "103", "--yes"], {
        env,
        stdio: ["ignore", "pipe", "inherit"],
      });
      let stdout = "";
      child.stdout.on("data", (d) => {
        stdout += d;
      });
      child.on("close", (code) => resolve({ code, stdout }));
    });
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
