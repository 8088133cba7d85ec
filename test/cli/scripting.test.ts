// The commands for scripts (get, watch, wait, --once --json) and each exit code, running the
// built CLI against the demo service over real HTTP, with its faults switched on mid-run.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli, spawnCli } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";
import { specJob } from "../helpers/payloads.js";
import { pageOf, startScriptedService } from "../helpers/scripted-service.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, retryAfterSec: 1 });
});
afterAll(async () => {
  await demo.close();
});
afterEach(() => {
  demo.clearFaults();
});

const env = () => ({ JOBTOP_BASE_URL: demo.url, JOBTOP_TOKEN: demo.token });
const FAST = ["--interval", "200ms"];
/** No terminal control can reach a terminal through these bytes (\n is the only C0 allowed). */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const ISO = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d`;

/** Resolves once the demo service has answered `n` more API requests than when called. */
function requests(n: number): Promise<void> {
  const target = demo.requestCount() + n;
  return new Promise((resolve) => {
    const t = setInterval(() => {
      if (demo.requestCount() >= target) {
        clearInterval(t);
        resolve();
      }
    }, 20);
  });
}

/** Ids of demo jobs in a given status that no other test moves. */
const used = new Set<number>();
function jobIn(status: number): number {
  for (let id = 1; id <= 120; id++) {
    if (id === 13 || used.has(id)) continue; // 13 is the hostile one
    if (demo.getJob(id)?.status === status) {
      used.add(id);
      return id;
    }
  }
  throw new Error(`no demo job in status ${status}`);
}

describe("--once", () => {
  it("masks the secrets in the remark, the one free text a table shows, unless asked", async () => {
    const job = demo.getJob(120);
    if (!job) throw new Error("no demo job 120");
    const remark = job.app.remark;
    job.app.remark = "resume with --api-key sk-live-4f9a2b7c1d";
    try {
      const masked = await runCli(["--once", "--json"], env());
      const table = await runCli(["--once"], env());
      const shown = await runCli(["--once", "--show-secrets"], env());
      for (const r of [masked, table, shown]) expect(r.code).toBe(0);
      expect(table.stdout).toContain("resume with --api-key ••••••");
      expect(table.stdout).not.toContain("sk-live");
      expect(masked.stdout).not.toContain("sk-live");
      expect(shown.stdout).toContain("--api-key sk-live-4f9a2b7c1d");
    } finally {
      job.app.remark = remark;
    }
  });
});

describe("get", () => {
  it("prints the detail pane's content as plain text, secrets masked", async () => {
    const id = 13;
    const r = await runCli(["get", String(id)], env());
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    for (const section of ["State timeline", "Ports and URLs", "Resources", "Command", "Environment"])
      expect(r.stdout).toContain(`\n${section}\n`);
    expect(r.stdout).toMatch(/so far\n/); // the timeline with the time in the current state
    expect(r.stdout).not.toContain("c copies a URL"); // the monitor's key, not for a script
    expect(r.stdout).not.toMatch(CONTROL);
    expect(r.stdout).toContain("^[]52;c;"); // the hostile remark, escaped and visible
    const job = demo.getJob(id);
    const password = job?.app.SSHAuths[0]?.BaseOn.Cred.password;
    if (password) expect(r.stdout).not.toContain(password);
    expect(r.stdout).not.toMatch(/token=(?!••••••)/);
  });

  it("--json is the job, masked, ids as exact strings, with every control character escaped", async () => {
    const wire = demo.getJob(13);
    if (!wire) throw new Error("no job 13");
    // JSON.stringify leaves these raw: the one-byte CSI (clear screen), DEL, a bidi isolate.
    const desc = wire.desc;
    wire.desc = "csi\u009b2J del\u007f \u2066iso";
    let r: Awaited<ReturnType<typeof runCli>>;
    try {
      r = await runCli(["get", "13", "--json"], env());
    } finally {
      wire.desc = desc;
    }
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(CONTROL);
    const job = JSON.parse(r.stdout);
    expect(job.id).toBe("13");
    expect(job.app.remark).toBe(wire.app.remark); // the exact text, escaped only as JSON
    expect(job.app.cmd).toBe(wire.app.cmd);
    expect(job.desc).toBe("csi\u009b2J del\u007f \u2066iso");
    expect(r.stdout).toContain("csi\\u009b2J del\\u007f \\u2066iso");
    expect(r.stdout).toContain("\\u202e");
    for (const a of wire.app.SSHAuths) expect(r.stdout).not.toContain(a.BaseOn.Cred.password);
    expect(JSON.stringify(job.app.urls)).not.toMatch(/token=(?!••••••)/);
    expect(job.app.envs).toMatch(/HF_TOKEN=••••••/);
  });

  it("prints the whole job, nothing folded; each URL with its port by the config's names; times as times", async () => {
    const id = jobIn(2);
    const job = demo.getJob(id);
    if (!job) throw new Error(`no demo job ${id}`);
    const saved = structuredClone({
      app: job.app,
      desc: job.desc,
      state: job.state,
      updateTime: job.updateTime,
    });
    const log = [];
    for (let i = 0; i < 60; i++)
      log.push({
        id: 900_000 + i,
        status: [6, 1, 2][i % 3] as number,
        ts: { seconds: 1_700_000_000 + i * 60 },
        sourceId: id,
      });
    job.state = { status: 2, log };
    job.desc = Array.from({ length: 45 }, (_, i) => `desc line ${i}`).join("\n");
    job.app.envs = Array.from({ length: 45 }, (_, i) => `VAR_${i}=value-${i}`).join(";");
    const ports = [22, 3000, 5000, 6006, 7860, 8000, 8080, 8265, 8888, 9090, 11434, 50051];
    job.app.ports = ports.map((port) => ({ port, protocol: port === 50051 ? 2 : 1, extraData: null }));
    job.app.urls = Object.fromEntries(
      ports.map((p) => [
        `port_${p}`,
        { urls: [p === 22 ? `ssh://gw.example:${40000 + p}` : `https://gw.example:${p + 1}/`] },
      ]),
    );
    job.updateTime = { seconds: "1800000000", nanos: 5 } as never;
    // A field the spec does not know, longer than the pane's "More" shows: whole, in get.
    (job.app as Record<string, unknown>).gpuTopology = { links: "x".repeat(300) };
    const cfg = writeConfig(
      '[protocols]\n1 = "tcp"\n2 = "udp"\n\n[ports]\n6006 = "tensorboard"\n8888 = "jupyter"\n',
    );
    let r: Awaited<ReturnType<typeof runCli>>;
    let json: Awaited<ReturnType<typeof runCli>>;
    try {
      r = await runCli(["get", String(id)], { ...env(), XDG_CONFIG_HOME: cfg.home, TZ: "UTC" });
      json = await runCli(["get", String(id), "--json"], env());
    } finally {
      Object.assign(job, saved);
      delete (job.app as Record<string, unknown>).gpuTopology;
    }
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    // Every log entry, every variable, every line of the description, every URL: nothing "more".
    expect(lines.filter((l) => / 2023-11-\d\d \d\d:\d\d:20 UTC /.test(l))).toHaveLength(60);
    for (let i = 0; i < 45; i++) {
      expect(lines).toContain(`  VAR_${i}=value-${i}`);
      expect(lines).toContain(`  desc line ${i}`);
    }
    expect(r.stdout).not.toMatch(/more variable|more line|more URL|earlier|Enter expands|…/);
    // Each URL with its port and protocol, by the names of the config's [protocols] and [ports].
    expect(lines).toContain("  [1]  22/tcp                ssh://gw.example:40022");
    expect(lines).toContain("  [4]  6006/tcp tensorboard  https://gw.example:6007/");
    expect(lines).toContain("  [9]  8888/tcp jupyter      https://gw.example:8889/");
    expect(lines).toContain("  [12] 50051/udp             https://gw.example:50052/");
    expect(r.stdout).toContain("  ports 22/tcp, 3000/tcp, 5000/tcp, 6006/tcp tensorboard,");
    expect(r.stdout).not.toContain("(proto ");
    const more = r.stdout.split("\nMore\n")[1] ?? "";
    expect(more.replace(/\n {2}/g, "")).toContain(`app.gpuTopology{"links":"${"x".repeat(300)}"}`);
    expect(more).toContain("(fields the spec does not know)\n"); // no key to press: not the monitor
    // A protobuf-style updateTime is a time, as the others; --json keeps it as sent.
    expect(r.stdout).toContain("  updateTime 2027-01-15 08:00:00 UTC · releaseTime null ·");
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).updateTime).toEqual({ seconds: "1800000000", nanos: 5 });
  });

  it("--show-secrets shows them, as text and as JSON", async () => {
    const id = 13;
    const password = demo.getJob(id)?.app.SSHAuths[0]?.BaseOn.Cred.password;
    const hf = /HF_TOKEN=([^;]+)/.exec(demo.getJob(id)?.app.envs ?? "")?.[1];
    const text = await runCli(["get", String(id), "--show-secrets"], env());
    const json = await runCli(["get", String(id), "--json", "--show-secrets"], env());
    if (password) expect(text.stdout).toContain(password);
    expect(json.stdout).toContain(`HF_TOKEN=${hf}`);
  });

  it("exit 4 for a job that does not exist, ids kept digit for digit", async () => {
    const r = await runCli(["get", "18446744073709551617"], env());
    expect(r.code).toBe(4);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^jobtop: job 18446744073709551617: .*not found\n$/);
  });

  it("retries a 502 page, a 429 and a reset, saying so on stderr, and then prints", async () => {
    demo.injectFault("502-html", 1);
    demo.injectFault("429", 1);
    demo.injectFault("reset", 2);
    const r = await runCli(["get", "5", "--json", ...FAST], env());
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).id).toBe("5");
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^jobtop: job 5: HTTP 502 Bad Gateway from the service; retrying in /);
    expect(r.stderr).toMatch(/rate limited \(HTTP 429, retry after 1s\); retrying in 1\.\ds/);
    expect(r.stderr).not.toMatch(/<html|\bat .*\.js:\d+/);
  });

  it("exit 1 when the service keeps failing until --timeout", async () => {
    demo.injectFault("500", 100);
    const t0 = performance.now();
    const r = await runCli(["get", "5", "--timeout", "1500ms", ...FAST], env());
    expect(r.code).toBe(1);
    expect(performance.now() - t0).toBeLessThan(6000);
    expect(r.stderr).toMatch(/HTTP 500 .*retrying in/);
    expect(r.stderr.trimEnd().split("\n").at(-1)).toMatch(
      /^jobtop: gave up after 1\.5s \(--timeout sets how long\): HTTP 500/,
    );
  });

  it("exit 1 when nothing listens", async () => {
    const r = await runCli(["get", "5", "--timeout", "1s", "--base-url", "http://127.0.0.1:9"], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/connection refused/);
  });

  it("exit 5 for a rejected token, at once, for every command; the token is not shown", async () => {
    const bad = { JOBTOP_BASE_URL: demo.url, JOBTOP_TOKEN: "wrong-token-XYZ" };
    for (const args of [["get", "5"], ["--once"], ["watch", "5"], ["wait", "5", "--until", "3"]]) {
      const r = await runCli(args, bad);
      expect(r.code, args.join(" ")).toBe(5);
      expect(r.stderr).toMatch(/token rejected \(HTTP 401\)/);
      expect(r.stderr).not.toContain("wrong-token-XYZ");
    }
  });
});

describe("--help", () => {
  it("lists the commands and the exit codes", async () => {
    const r = await runCli(["--help"]);
    expect(r.code).toBe(0);
    for (const text of ["get ID", "watch ID...", "wait ID --until", "--json", "--show-secrets", "Exit codes"])
      expect(r.stdout).toContain(text);
    expect(r.stdout).toMatch(/3 wait timed out, 4 no such job, 5 token rejected/);
  });
});

describe("interrupted", () => {
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("get ends with %s → %i while the service does not answer", async (sig, expected) => {
    demo.injectFault("hang", 1);
    const polled = requests(1);
    const g = spawnCli(["get", "5"], env());
    await polled;
    g.signal(sig);
    expect((await g.exited).code).toBe(expected);
    expect(g.stdout()).toBe("");
  });
});

describe("negative ids, which the spec does not rule out", () => {
  it("get, wait and watch take them, with or without --, and ask for exactly that id", async () => {
    const service = await startScriptedService({
      list: (q) => pageOf([specJob(-5)], q),
      job: (id) =>
        id === "-5" ? { code: 0, msg: "", job: specJob(-5) } : { code: 404, msg: "no", job: null },
    });
    const e = { JOBTOP_BASE_URL: service.url, JOBTOP_TOKEN: service.token };
    try {
      for (const args of [
        ["get", "-5"],
        ["get", "--", "-5"],
        ["get", "-005", "--json"],
        ["wait", "-5", "--until", "2"],
        ["watch", "-5", "--until", "2"],
        ["get", "-5", "--pin", "-6"],
      ]) {
        const before = service.requests.length;
        const r = await runCli(args, e);
        expect(r.stderr, args.join(" ")).toBe("");
        expect(r.code, args.join(" ")).toBe(0);
        expect(r.stdout).toMatch(/-5/);
        const ids = service.requests.slice(before).map((q) => q.query.get("id"));
        expect(ids.length).toBeGreaterThan(0);
        expect(new Set(ids)).toEqual(new Set(["-5"]));
      }
      const json = await runCli(["get", "-5", "--json"], e);
      expect(JSON.parse(json.stdout).id).toBe("-5");
    } finally {
      await service.close();
    }
  });
});

describe("exit 2: bad usage, one line", () => {
  it.each([
    [["get", "a b"], /get: "a b" is not a job id/],
    [["get"], /get: which job\?/],
    [["get", "1", "2"], /get: one job id, got 2/],
    [["wait", "5"], /wait: --until STATUS is required/],
    [["wait", "5", "--until", "runing"], /--until: unknown status "runing"/],
    [["wait", "5", "--until", "2", "--timeout", "soon"], /--timeout: expected a duration/],
    [["watch"], /watch: which job\?/],
    [["watch", ...Array.from({ length: 101 }, (_, i) => String(i + 1))], /watch: at most 100 jobs at once/],
    [["--json"], /--json works with --once, get, watch, wait and act/],
    [["--until", "2", "--once"], /--until works with watch and wait/],
    [["--once", "get", "5"], /--once and get do not go together/],
    [["get", "-x"], /^jobtop: unknown option -x \(see jobtop --help\)$/m], // a flag, not an id
    [["get", "-5x"], /^jobtop: unknown option -5x /m],
    [["get", "-5.5"], /get: "-5.5" is not a job id \(a whole number\) or a displayID/],
    [["get", "--", "-5.5"], /get: "-5.5" is not a job id/],
  ])("%j", async (args, message) => {
    const r = await runCli(args, env());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });
});

describe("--once", () => {
  it("--json is one document of the validated page, masked", async () => {
    const r = await runCli(["--once", "--json", "--per-page", "50"], env());
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(CONTROL);
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(["pagination", "jobs"]);
    expect(doc.pagination).toMatchObject({ page: 1, perPage: 50, total: 120 });
    expect(doc.jobs).toHaveLength(50);
    expect(typeof doc.jobs[0].id).toBe("string");
    for (let id = 71; id <= 120; id++)
      for (const a of demo.getJob(id)?.app.SSHAuths ?? [])
        expect(r.stdout).not.toContain(a.BaseOn.Cred.password);
  });

  it("lists a job that does not match the spec under invalid, and says so on stderr", async () => {
    demo.injectFault("bad-job", 1);
    const r = await runCli(["--once", "--json"], env());
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.jobs).toHaveLength(19);
    expect(doc.invalid).toEqual([
      { index: 1, id: expect.any(String), error: expect.stringMatching(/^schema: /) },
    ]);
    expect(r.stderr).toMatch(/1 job\(s\) on the page did not match the spec/);
  });

  it("prints every column at full width to a pipe, with the monitor's names", async () => {
    const job = demo.getJob(120);
    if (!job) throw new Error("no job 120");
    const remark = job.app.remark;
    job.app.remark = "a remark that is much longer than the monitor's remark column would ever show";
    try {
      const r = await runCli(["--once"], env());
      expect(r.code).toBe(0);
      const [header = "", first = ""] = r.stdout.split("\n");
      expect(header.split(/\s+/)).toEqual(["STATUS", "DISPLAY", "REMARK", "GPU", "AGE", "NODE", "ID", "Q"]);
      expect(first).toContain(job.app.remark);
      expect(first).toMatch(/\s120\s+\d+$/);
      expect(r.stdout.trimEnd().split("\n")).toHaveLength(22); // and the page line
    } finally {
      job.app.remark = remark;
    }
  });
});

describe("watch", () => {
  it("prints each job's status, then one line per change, through faults, and exits 0 on Ctrl+C", async () => {
    const a = jobIn(1);
    const b = jobIn(2);
    const w = spawnCli(["watch", String(a), String(b), String(a), ...FAST], env());
    await w.waitFor(new RegExp(`\\(${a}\\)  1  for `));
    await w.waitFor(new RegExp(`\\(${b}\\)  2  for `));
    demo.advance(a);
    const line = await w.waitFor(new RegExp(`^${ISO}  \\S+ \\(${a}\\)  1 → 2  after \\S.*$`, "m"));
    expect(line).toMatch(/after (\d+[smhd] ?)+$/);
    // Every retryable fault, while watching: reported, survived.
    for (const kind of ["500", "502-html", "429", "503", "reset", "malformed", "code", "drift"] as const)
      demo.injectFault(kind, 1);
    await w.waitFor(/backend unavailable/, { stream: "stderr", timeoutMs: 20_000 });
    await w.waitFor(/answers again/, { stream: "stderr", timeoutMs: 20_000 });
    demo.advance(b);
    await w.waitFor(new RegExp(`\\(${b}\\)  2 → 3  after `), { timeoutMs: 20_000 });
    w.signal("SIGINT");
    const { code } = await w.exited;
    expect(code).toBe(0);
    const out = w.stdout().trimEnd().split("\n");
    expect(out).toHaveLength(4); // the same id twice is watched once
    expect(w.stdout()).not.toMatch(CONTROL);
    for (const l of w.stderr().trimEnd().split("\n")) expect(l).toMatch(/^jobtop: job \d+: /);
  }, 60_000);

  it("--json prints one object per line; --until ends it once every job got there", async () => {
    const a = jobIn(1);
    const w = spawnCli(["watch", String(a), "--json", "--until", "3", ...FAST], env());
    await w.waitFor(/"event":"current"/);
    demo.advance(a);
    await w.waitFor(/"to":2/);
    demo.advance(a);
    const { code } = await w.exited;
    expect(code).toBe(0);
    const events = w
      .stdout()
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(events.map((e) => e.event)).toEqual(["current", "change", "change"]);
    expect(events[1]).toMatchObject({ id: String(a), from: 1, to: 2, afterSec: expect.any(Number) });
    expect(events[1].time).toMatch(new RegExp(`^${ISO}$`));
    expect(events[2]).toMatchObject({ from: 2, to: 3, entryId: expect.any(String) });
    expect(events[0].label).toBeUndefined(); // no labels configured for this service
  });

  it("exits 0 on SIGTERM, and quietly when its reader goes away", async () => {
    const a = jobIn(1);
    const t = spawnCli(["watch", String(a), ...FAST], env());
    await t.waitFor(/for /);
    t.signal("SIGTERM");
    expect((await t.exited).code).toBe(0);

    const h = spawnCli(["watch", String(a), ...FAST], env());
    await h.waitFor(/for /);
    h.closeStdout(); // | head -1
    demo.advance(a); // the next line meets a closed pipe
    const { code } = await h.exited;
    expect(code).toBe(0);
    expect(h.stderr()).toBe("");
  });

  it("exit 4 for a job that does not exist", async () => {
    const r = await runCli(["watch", "999999", ...FAST], env());
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/job 999999: .*not found/);
  });
});

describe("wait", () => {
  it("exits 0 at once when the job is already there, printing its status line", async () => {
    const a = jobIn(3);
    const r = await runCli(["wait", String(a), "--until", "2,3"], env());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${ISO}  \\S+ \\(${a}\\)  3  for .+\\n$`));
  });

  it("waits through faults until the job gets there", async () => {
    const a = jobIn(1);
    const polled = requests(1);
    const w = spawnCli(["wait", String(a), "--until", "2", "--timeout", "30s", ...FAST], env());
    await polled;
    demo.injectFault("502-html", 2);
    demo.injectFault("429", 1);
    demo.injectFault("reset", 1);
    await w.waitFor(/retrying/, { stream: "stderr" });
    demo.advance(a);
    const { code } = await w.exited;
    expect(code).toBe(0);
    expect(w.stdout()).toMatch(new RegExp(`\\(${a}\\)  2  for \\d+s\\n$`));
    expect(w.stderr()).toMatch(/HTTP 502 Bad Gateway/);
  }, 40_000);

  it("sees a status the job passed through between two polls", async () => {
    const a = jobIn(6);
    const polled = requests(1);
    const w = spawnCli(["wait", String(a), "--until", "1", "--interval", "1500ms", "--json"], env());
    await polled; // the first poll saw 6; the next is ≥ 1.35 s away
    demo.advance(a); // 6 → 1
    demo.advance(a); // 1 → 2, before the next poll
    const { code } = await w.exited;
    expect(code).toBe(0);
    expect(JSON.parse(w.stdout())).toMatchObject({ id: String(a), status: 2 });
  });

  it("exit 3 when the job does not get there before --timeout", async () => {
    const a = jobIn(6);
    const r = await runCli(["wait", String(a), "--until", "3", "--timeout", "1s", ...FAST], env());
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(new RegExp(`^jobtop: timed out after 1s: job ${a} is 6, not 3\\n$`));
  });

  it("exit 1, not 3, when the service is failing at the deadline", async () => {
    demo.injectFault("500", 100);
    const r = await runCli(["wait", "5", "--until", "3", "--timeout", "1500ms", ...FAST], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/gave up after 1\.5s \(--timeout sets how long\): HTTP 500/);
  });

  it("exit 4 for a job that does not exist", async () => {
    const r = await runCli(["wait", "999999", "--until", "3"], env());
    expect(r.code).toBe(4);
  });

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("exit %s → %i when interrupted", async (sig, expected) => {
    const polled = requests(1);
    const w = spawnCli(["wait", String(jobIn(6)), "--until", "3", ...FAST], env());
    await polled;
    w.signal(sig);
    expect((await w.exited).code).toBe(expected);
  });

  it("takes status names from --status-labels, in any case", async () => {
    const a = jobIn(3);
    const labels = ["--status-labels", "6=queued,1=starting,2=running,3=stopped"];
    const r = await runCli(["wait", String(a), "--until", "Stopped", ...labels], env());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`\\(${a}\\)  stopped  for `));
    const w = await runCli(["watch", String(a), "--json", "--until", "STOPPED", ...labels], env());
    expect(w.code).toBe(0);
    expect(JSON.parse(w.stdout)).toMatchObject({ event: "current", status: 3, label: "stopped" });
    const bad = await runCli(["wait", String(a), "--until", "finished", ...labels], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown status "finished": use a status code or one of .*stopped \(3\)/);
  });

  it("takes status names from the configured labels (--demo)", async () => {
    // The in-process demo has the same seed as this one: the same jobs in the same states.
    const a = jobIn(2);
    const r = await runCli(["--demo", "--tick", "0", "wait", String(a), "--until", "RUNNING,stopped"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`\\(${a}\\)  ${DEMO_STATUS_LABELS[2]}  for `));
  });
});

describe("a closed stdout", () => {
  it("ends get and --once quietly", async () => {
    for (const args of [
      ["get", "13", "--json"],
      ["--once", "--json", "--per-page", "100"],
    ]) {
      const p = spawnCli(args, env());
      p.closeStdout();
      const { code } = await p.exited;
      expect(code, args.join(" ")).toBe(0);
      expect(p.stderr()).toBe("");
    }
  });
});
