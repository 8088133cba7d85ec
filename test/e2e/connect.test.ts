// Connecting to a job (issue 14): `c` offers the ready ssh command and the SSH password (masked
// on screen, copied real), and `x` runs ssh in the foreground with the terminal, then takes the
// screen back. ssh is a fake placed first on PATH (fixtures/fake-ssh.sh) that records its argv
// and environment: the password must be in neither.
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import type { DemoJob } from "../../src/demo/data.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, NODE } from "../helpers/cli.js";
import { KEYS, type Session, startCli, startPty } from "./pty.js";

const FAKE_SSH = fileURLToPath(new URL("./fixtures/fake-ssh.sh", import.meta.url));

let demo: DemoServer;
let s: Session | undefined;
let bin: string;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
  bin = mkdtempSync(join(tmpdir(), "jobtop-fake-ssh-"));
  copyFileSync(FAKE_SSH, join(bin, "ssh"));
});
afterAll(async () => {
  await demo.close();
});
afterEach(() => {
  s?.kill("SIGKILL");
  s = undefined;
});

function open(env: Record<string, string> = {}) {
  s = startCli(["--base-url", demo.url, "--interval", "300ms", "--per-page", "20"], {
    cols: 120,
    rows: 30,
    env: { JOBTOP_TOKEN: demo.token, PATH: `${bin}:${process.env.PATH}`, ...env },
  });
  return s;
}

async function firstPage(): Promise<Job[]> {
  const res = await fetch(`${demo.url}/v1/job/jobs?page=1&per_page=20&order=desc`, {
    headers: { authorization: `Bearer ${demo.token}` },
  });
  return ((await res.json()) as { job: unknown[] }).job.map((j) => JobSchema.parse(j));
}

const selectedId = (screen: string) => /Job (\d+)/.exec(screen)?.[1];
const osc52 = (raw: string) =>
  [...raw.matchAll(/(?<!\x1b)\x1b\]52;c;([A-Za-z0-9+/=]*)\x07/g)].map((m) =>
    Buffer.from(m[1] ?? "", "base64").toString("utf8"),
  );

/** A job on page 1 with one ssh URL and one SSH user, and what connecting to it looks like. */
async function sshJob() {
  const jobs = await firstPage();
  const job = jobs.find((j) => j.app.SSHAuths.length === 1) as Job;
  expect(job).toBeDefined();
  const ssh = Object.values(job.app.urls)
    .flatMap((u) => u.urls)
    .find((u) => u.startsWith("ssh://")) as string;
  const { hostname, port } = new URL(ssh);
  const { user, password } = (job.app.SSHAuths[0] as Job["app"]["SSHAuths"][number]).BaseOn.Cred;
  const urls = Object.values(job.app.urls).flatMap((u) => u.urls).length;
  return {
    jobs,
    job,
    host: hostname,
    port,
    user,
    password,
    urls,
    command: `ssh -p ${port} ${user}@${hostname}`,
  };
}

async function selectJob(t: Session, jobs: Job[], job: Job) {
  await t.waitFor(/Job \d+/, 8000);
  t.press("j".repeat(jobs.indexOf(job)));
  await t.waitFor((x) => selectedId(x) === job.id);
}

describe("c: the ssh command and the password", () => {
  it("offers both, shows the password masked, and copies the real values", async () => {
    const { jobs, job, command, user, password, urls } = await sshJob();
    const t = open();
    await selectJob(t, jobs, job);
    t.press("c");
    let sc = await t.waitFor("Copy which?");
    expect(sc).toContain(`[${urls + 1}] ${command}`);
    expect(sc).toContain(`[${urls + 2}] SSH password for ${user}: ••••••`);
    expect(sc).not.toContain(password);
    t.press(String(urls + 2));
    sc = await t.waitFor(`SSH password for ${user}: sent to the terminal clipboard`);
    expect(osc52(t.raw())).toEqual([password]);
    // ↑↓ and Enter pick any entry: the command, one up from the password.
    t.press("c");
    await t.waitFor("Copy which?");
    t.press("j".repeat(urls));
    t.press(KEYS.enter);
    await t.waitFor("ssh command");
    expect(osc52(t.raw())).toEqual([password, command]);
    expect(t.text()).not.toContain(password);
    expect(t.raw()).not.toContain(password); // never drawn, only sent (base64) to the clipboard
  });
});

describe("x: ssh in the foreground", () => {
  it("hands the terminal to ssh, keys go to ssh, and jobtop comes back with its whole screen", async () => {
    const { jobs, job, command, host, port, user, password } = await sshJob();
    const log = join(mkdtempSync(join(tmpdir(), "jobtop-ssh-log-")), "ssh");
    const t = open({ FAKE_SSH_LOG: log });
    await selectJob(t, jobs, job);
    t.press("x");
    const sc = await t.waitFor("FAKE SSH CONNECTED");
    expect(t.alternateScreen()).toBe(false); // on the main screen, as a shell leaves it
    expect(sc).toContain(`jobtop: job ${job.id}: ${command}`);
    expect(sc).toContain("(c in jobtop copies it)");
    // Keys jobtop would act on (q quits, j moves) go to ssh, not to jobtop.
    t.press(`qj${KEYS.enter}`);
    // It failed: its words stay on the main screen until Enter (issue 29, a newcomer's trips, 7).
    const failed = await t.waitFor("ssh ended with status 255 — press Enter to return to jobtop");
    expect(failed).toContain("ssh: Could not resolve hostname gpu-7: Name or service not known");
    expect(t.alternateScreen()).toBe(false);
    t.press(KEYS.enter);
    const back = await t.waitFor(
      (x) => x.includes("ssh ended with status 255") && x.includes("State timeline"),
    );
    expect(t.alternateScreen()).toBe(true);
    expect(back).toMatch(/^jobtop page 1\//); // the whole frame drawn again
    expect(selectedId(back)).toBe(job.id);
    expect(readFileSync(`${log}.read`, "utf8")).toBe("qj");
    expect(readFileSync(`${log}.argv`, "utf8").split("\n").slice(0, -1)).toEqual([
      "-p",
      port,
      `${user}@${host}`,
    ]);
    const env = readFileSync(`${log}.env`, "utf8");
    expect(env).not.toContain(password);
    expect(env).not.toContain(demo.token);
    expect(env).not.toMatch(/^JOBTOP_TOKEN=/m);
    // Still running, and keys are jobtop's again.
    t.press("j");
    await t.waitFor((x) => selectedId(x) === jobs[jobs.indexOf(job) + 1]?.id);
  }, 30_000);

  // Only 255 is ssh's own failure; any other status is the remote shell's (130 after a Ctrl+C
  // there, then Ctrl+D), at the end of a session the user saw: no question either.
  it.each([
    ["0", "back from ssh"],
    ["130", "ssh ended with status 130"],
  ])(
    "ssh that ends with %s comes back at once, with no question",
    async (exit, said) => {
      const { jobs, job } = await sshJob();
      const log = join(mkdtempSync(join(tmpdir(), "jobtop-ssh-log-")), "ssh");
      const t = open({ FAKE_SSH_LOG: log, FAKE_SSH_EXIT: exit });
      await selectJob(t, jobs, job);
      t.press("x");
      await t.waitFor("FAKE SSH CONNECTED");
      t.press(KEYS.enter);
      await t.waitFor((x) => x.includes(said) && x.includes("State timeline"));
      expect(t.raw()).not.toContain("press Enter");
    },
    30_000,
  );

  it("Ctrl+C at ssh's prompt ends ssh, not jobtop", async () => {
    const { jobs, job } = await sshJob();
    const log = join(mkdtempSync(join(tmpdir(), "jobtop-ssh-log-")), "ssh");
    const t = open({ FAKE_SSH_LOG: log });
    await selectJob(t, jobs, job);
    t.press("x");
    await t.waitFor("FAKE SSH CONNECTED");
    t.press(KEYS.ctrlC);
    await t.waitFor((x) => x.includes("ssh ended by SIGINT") && x.includes("State timeline"));
    await new Promise((r) => setTimeout(r, 500));
    expect(t.text()).toContain("State timeline");
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
    s = undefined;
  }, 30_000);

  /** bash -i in the terminal, running jobtop as its foreground job, the fake ssh on PATH. */
  async function jobtopInShell(log: string): Promise<Session> {
    s = startPty("/bin/bash", ["--norc", "--noprofile", "-i"], {
      cols: 120,
      rows: 30,
      env: {
        PS1: "$ ",
        HISTFILE: "/dev/null",
        JOBTOP_TOKEN: demo.token,
        FAKE_SSH_LOG: log,
        PATH: `${bin}:${process.env.PATH}`,
      },
    });
    const t = s;
    await t.waitFor("$ ");
    const quote = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;
    t.press(`${[NODE, CLI, "--base-url", demo.url].map(quote).join(" ")}\r`);
    await t.waitFor("State timeline", 10_000);
    t.press("x");
    await t.waitFor("FAKE SSH CONNECTED");
    return t;
  }

  it("ssh stopping itself (its ~^Z) stops jobtop too, so the shell has the terminal; fg continues both", async () => {
    const log = join(mkdtempSync(join(tmpdir(), "jobtop-ssh-log-")), "ssh");
    const t = await jobtopInShell(log);
    t.press("stop\r"); // the fake stops itself alone, as ssh does
    await t.waitFor(/Stopped[\s\S]*\$ $/m, 8000);
    t.press("fg\r");
    await t.waitFor("FAKE SSH CONTINUED", 8000);
    t.press("done\r");
    await t.waitFor("press Enter to return to jobtop", 8000);
    t.press("\r");
    await t.waitFor((x) => x.includes("ssh ended with status 255") && x.includes("State timeline"), 8000);
    expect(readFileSync(`${log}.read`, "utf8")).toBe("done");
    t.press("q");
    await t.waitFor(/\$ $/m);
  }, 40_000);

  it("Ctrl+Z at ssh's prompt stops both; after fg and ssh's end, jobtop stays (the Ctrl+Z was ssh's)", async () => {
    const log = join(mkdtempSync(join(tmpdir(), "jobtop-ssh-log-")), "ssh");
    const t = await jobtopInShell(log);
    t.press("\x1a"); // the terminal's Ctrl+Z: SIGTSTP to ssh and jobtop alike
    await t.waitFor(/Stopped[\s\S]*\$ $/m, 8000);
    t.press("fg\r");
    await new Promise((r) => setTimeout(r, 500));
    t.press("done\r");
    await t.waitFor("press Enter to return to jobtop", 8000);
    t.press("\r");
    await t.waitFor((x) => x.includes("ssh ended with status 255") && x.includes("State timeline"), 8000);
    await new Promise((r) => setTimeout(r, 800));
    const sc = t.text();
    expect(sc).toContain("State timeline"); // not stopped again by the queued Ctrl+Z
    expect(t.alternateScreen()).toBe(true);
    t.press("q");
    await t.waitFor(/\$ $/m);
  }, 40_000);

  it("with several users, a picker chooses; without an ssh URL, x says so", async () => {
    const { jobs, job, port, host } = await sshJob();
    const demoJob = demo.getJob(Number(job.id)) as DemoJob;
    const saved = structuredClone(demoJob.app);
    demoJob.app.SSHAuths = [
      { BaseOn: { Cred: { id: 1, user: "alice", password: "pw-alice-1234" } } },
      { BaseOn: { Cred: { id: 2, user: "bob", password: "pw-bob-5678" } } },
    ];
    const other = jobs[jobs.indexOf(job) + 1] as Job;
    const otherDemo = demo.getJob(Number(other.id)) as DemoJob;
    const otherSaved = structuredClone(otherDemo.app);
    otherDemo.app.urls = { port_8888: { urls: ["https://gw.example:30888/lab"] } };
    try {
      const log = join(mkdtempSync(join(tmpdir(), "jobtop-ssh-log-")), "ssh");
      const t = open({ FAKE_SSH_LOG: log });
      await selectJob(t, jobs, job);
      t.press("x");
      const sc = await t.waitFor("Connect with ssh");
      expect(sc).toContain(`[1] ssh -p ${port} alice@${host}`);
      expect(sc).toContain(`[2] ssh -p ${port} bob@${host}`);
      t.press("2");
      await t.waitFor("FAKE SSH CONNECTED");
      t.press(KEYS.enter);
      await t.waitFor("press Enter to return to jobtop");
      t.press(KEYS.enter);
      await t.waitFor("ssh ended with status 255");
      expect(readFileSync(`${log}.argv`, "utf8")).toContain(`bob@${host}`);
      t.press("j");
      await t.waitFor((x) => selectedId(x) === other.id && x.includes("gw.example"));
      t.press("x");
      await t.waitFor("this job has no ssh:// URL to connect to");
    } finally {
      demoJob.app = saved;
      otherDemo.app = otherSaved;
    }
  }, 30_000);
});
