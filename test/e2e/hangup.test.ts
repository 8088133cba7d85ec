// The terminal closes under jobtop (SSH dropped, window closed, tmux pane killed). jobtop must end
// at once and quietly: by SIGHUP, not by SIGABRT or SIGSEGV (Node 20 aborts when it cannot reset
// a dead terminal at exit, nodejs/node#51519; a core dump would hold the token), and not hang.
// The terminal is really closed here, not merely signalled.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, NODE, TEST_CACHE_HOME } from "../helpers/cli.js";
import { type Session, startCli, startPty } from "./pty.js";

const REPORTER = fileURLToPath(new URL("./fixtures/report-exit.mjs", import.meta.url));

let demo: DemoServer;
let s: Session | undefined;
const pids: number[] = [];

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});
afterEach(() => {
  for (const pid of [...pids, s?.pid]) {
    try {
      if (pid) process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  pids.length = 0;
  s = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const args = () => ["--base-url", demo.url, "--interval", "300ms"];

/** The report test/e2e/fixtures/report-exit.mjs writes when the command it ran has ended. */
async function reportOf(file: string, ms: number): Promise<{ code: number | null; signal: string | null }> {
  const until = Date.now() + ms;
  while (!existsSync(file) || !readFileSync(file, "utf8").endsWith("\n")) {
    if (Date.now() > until) throw new Error(`jobtop had not ended ${ms} ms after its terminal closed`);
    await sleep(50);
  }
  return JSON.parse(readFileSync(file, "utf8"));
}

describe("the terminal closes under the monitor", () => {
  it("as the terminal's own process (the kernel's SIGHUP): ends by SIGHUP at once", async () => {
    s = startCli(args(), { env: { JOBTOP_TOKEN: demo.token } });
    const t = s;
    await t.waitFor("State timeline", 10_000);
    const t0 = Date.now();
    t.destroy();
    const e = await Promise.race([t.exited(), sleep(5000).then(() => undefined)]);
    expect(e, "still running 5 s after its terminal closed").toBeDefined();
    expect(e?.signal).toBe(1); // SIGHUP: not 6 (SIGABRT) or 11 (SIGSEGV), nor an exit code
    expect(Date.now() - t0).toBeLessThan(3000);
    s = undefined;
  });

  it("with no SIGHUP at all (the shell above keeps it): ends by SIGHUP on its next read or write", async () => {
    const report = join(mkdtempSync(join(tmpdir(), "jobtop-hup-")), "report.json");
    s = startPty(process.execPath, [REPORTER, report, NODE, CLI, ...args()], {
      env: { JOBTOP_TOKEN: demo.token },
    });
    const t = s;
    await t.waitFor("State timeline", 10_000);
    pids.push(Number(/\[jobtop pid (\d+)\]/.exec(t.raw())?.[1]));
    t.destroy();
    // The header's age ticks every second: a write within one.
    expect(await reportOf(report, 5000)).toEqual({ code: null, signal: "SIGHUP" });
  });

  it("tmux kill-session, jobtop run from an interactive bash in the pane: ends by SIGHUP", async () => {
    const dir = mkdtempSync(join(tmpdir(), "jobtop-tmux-"));
    const socket = join(dir, "tmux.sock");
    const report = join(dir, "report.json");
    const tmux = (...a: string[]) =>
      execFileSync("tmux", ["-S", socket, "-f", "/dev/null", ...a], { encoding: "utf8", stdio: "pipe" });
    const quote = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;
    try {
      tmux(
        "new-session",
        "-d",
        "-x",
        "100",
        "-y",
        "30",
        "-e",
        "PS1=$ ",
        "-e",
        `JOBTOP_TOKEN=${demo.token}`,
        "-e",
        `XDG_CACHE_HOME=${TEST_CACHE_HOME}`,
        "bash --norc --noprofile -i",
      );
      const command = [process.execPath, REPORTER, report, NODE, CLI, ...args()].map(quote).join(" ");
      tmux("send-keys", "-l", command);
      tmux("send-keys", "Enter");
      const until = Date.now() + 10_000;
      while (!tmux("capture-pane", "-p").includes("State timeline")) {
        if (Date.now() > until) throw new Error(`no frame in tmux:\n${tmux("capture-pane", "-p")}`);
        await sleep(100);
      }
      tmux("kill-session");
      // bash gets the hang-up and passes SIGHUP on to its jobs, as on an SSH drop.
      expect(await reportOf(report, 5000)).toEqual({ code: null, signal: "SIGHUP" });
    } finally {
      try {
        tmux("kill-server");
      } catch {
        // no server left
      }
    }
  });
});
