// Every way out of the monitor hands the terminal back: the main screen, the cursor shown, keys
// echoed and read by line again (raw mode off), and the exit status a shell expects, never a core
// dump. jobtop runs under test/e2e/fixtures/report-exit.mjs, which then reports its status and the
// terminal's modes (`stty -a`) as the next program would find them.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, NODE, TEST_CACHE_HOME, TEST_CONFIG_HOME } from "../helpers/cli.js";
import { KEYS, type Session, startCli, startPty } from "./pty.js";

const REPORTER = fileURLToPath(new URL("./fixtures/report-exit.mjs", import.meta.url));
const CRASH = fileURLToPath(new URL("./fixtures/crash-on-usr2.cjs", import.meta.url));

let demo: DemoServer;
let s: Session | undefined;
let jobtopPid: number | undefined;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});
afterEach(() => {
  for (const pid of [jobtopPid, s?.pid]) {
    try {
      if (pid) process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  s = undefined;
  jobtopPid = undefined;
});

interface Ended {
  code: number | null;
  signal: string | null;
  /** What jobtop wrote, up to its end. */
  bytes: string;
  /** `stty -a` once it had ended. */
  stty: string;
}

/** Runs the monitor until its first job shows, takes `wayOut`, and reports how it ended. */
async function endBy(
  wayOut: (t: Session, pid: number) => void,
  env: Record<string, string> = {},
): Promise<Ended> {
  const report = join(mkdtempSync(join(tmpdir(), "jobtop-exit-")), "report.json");
  s = startPty(
    process.execPath,
    // --notify: focus reports are on, and must be off again too.
    [REPORTER, report, NODE, CLI, "--base-url", demo.url, "--interval", "300ms", "--notify", "osc9"],
    {
      env: { JOBTOP_TOKEN: demo.token, ...env },
    },
  );
  const t = s;
  await t.waitFor("State timeline", 10_000);
  const pid = Number(/\[jobtop pid (\d+)\]/.exec(t.raw())?.[1]);
  jobtopPid = pid;
  wayOut(t, pid);
  await t.waitFor("[report done]", 10_000);
  const { code, signal } = JSON.parse(readFileSync(report, "utf8"));
  const raw = t.raw();
  const end = raw.indexOf("[jobtop ended");
  return { code, signal, bytes: raw.slice(0, end), stty: raw.slice(end) };
}

function expectTerminalBack(e: Ended): void {
  const b = e.bytes;
  const left = b.lastIndexOf("\x1b[?1049l");
  expect(left).toBeGreaterThan(b.lastIndexOf("\x1b[?1049h"));
  expect(b.lastIndexOf("\x1b[?25h")).toBeGreaterThan(b.lastIndexOf("\x1b[?25l"));
  // Nothing drawn after leaving (a frame starts with the synchronized-output mark).
  expect(b.indexOf("\x1b[?2026h", left)).toBe(-1);
  // The title: the terminal's own saved before jobtop set one, and put back after its last one.
  const saved = b.indexOf("\x1b[22;2t");
  expect(saved).toBeGreaterThanOrEqual(0);
  expect(saved).toBeLessThan(b.indexOf("\x1b]2;jobtop"));
  expect(b.lastIndexOf("\x1b[23;2t")).toBeGreaterThan(b.lastIndexOf("\x1b]2;"));
  // Focus reports off again.
  expect(b.lastIndexOf("\x1b[?1004l")).toBeGreaterThan(b.lastIndexOf("\x1b[?1004h"));
  // Raw mode off: line editing and echo are back.
  expect(e.stty).toMatch(/(?<![-\w])icanon\b/);
  expect(e.stty).toMatch(/(?<![-\w])echo\b/);
}

describe("every way out restores the terminal", () => {
  it("q: exit 0", async () => {
    const e = await endBy((t) => t.press("q"));
    expectTerminalBack(e);
    expect(e).toMatchObject({ code: 0, signal: null });
  });

  it("Ctrl+C: exit 0", async () => {
    const e = await endBy((t) => t.press(KEYS.ctrlC));
    expectTerminalBack(e);
    expect(e).toMatchObject({ code: 0, signal: null });
  });

  // The signal itself, re-raised once the terminal is back: the shell sees 128 + n.
  it.each(["SIGINT", "SIGTERM", "SIGHUP"] as const)("%s from outside: ends by that signal", async (sig) => {
    const e = await endBy((_, pid) => process.kill(pid, sig));
    expectTerminalBack(e);
    expect(e).toMatchObject({ code: null, signal: sig });
  });

  it("SIGQUIT: exit 131 (128 + 3), not the signal's core dump", async () => {
    const e = await endBy((_, pid) => process.kill(pid, "SIGQUIT"));
    expectTerminalBack(e);
    expect(e).toMatchObject({ code: 131, signal: null });
  });

  it("an uncaught error: exit 1, and the error shown on the main screen", async () => {
    // The injected error fires on jobtop's next write; a key press makes one (an idle screen whose
    // age reads "0s ago" at every poll writes nothing).
    const e = await endBy(
      (t, pid) => {
        process.kill(pid, "SIGUSR2");
        setTimeout(() => t.press("j"), 300);
      },
      { NODE_OPTIONS: `--require ${CRASH}` },
    );
    expectTerminalBack(e);
    expect(e).toMatchObject({ code: 1, signal: null });
    const left = e.bytes.lastIndexOf("\x1b[?1049l");
    expect(e.bytes.slice(left)).toMatch(/jobtop crashed: Error: injected crash/);
  });
});

/** The TCP ports a process listens on, from /proc (Linux). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m?.[1]) inodes.add(m[1]);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is f[1] (hex addr:port), st is f[3] (0A = LISTEN), inode is f[9]
      if (f[3] === "0A" && f[9] && inodes.has(f[9]))
        ports.push(Number.parseInt(f[1]?.split(":")[1] ?? "", 16));
    }
  }
  return ports;
}

describe("SIGUSR1", () => {
  it("opens no debugger and does not disturb the screen", async () => {
    s = startCli(["--base-url", demo.url], { env: { JOBTOP_TOKEN: demo.token } });
    const t = s;
    await t.waitFor("State timeline", 10_000);
    process.kill(t.pid, "SIGUSR1");
    await new Promise((r) => setTimeout(r, 1000));
    expect(listeningPorts(t.pid)).toEqual([]);
    expect(t.raw()).not.toMatch(/Debugger|inspector/i);
    expect(t.alternateScreen()).toBe(true);
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
  });

  // Node sets up its own SIGUSR1 handler (which opens the inspector) part-way through its start,
  // before the bin's first line can put a listener of ours in its place: a signal sent as soon as
  // /proc says the process catches SIGUSR1 lands in that window (each try here did, on Node 20 and
  // 24). The inspector opens; the bin closes it as it starts (src/no-inspector.ts).
  it("at start-up, as early as Node catches it: no debugger left listening", async () => {
    // A service that never answers: --once waits for it, alive, while the sockets are looked at.
    const silent: Server = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const port = (silent.address() as { port: number }).port;
    const tries: { opened: boolean; listening: number[]; alive: boolean }[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const child = spawn(
          NODE,
          [CLI, "--once", "--base-url", `http://127.0.0.1:${port}`, "--timeout", "20s"],
          {
            stdio: ["ignore", "ignore", "pipe"],
            env: {
              PATH: process.env.PATH,
              HOME: process.env.HOME,
              XDG_CACHE_HOME: TEST_CACHE_HOME,
              XDG_CONFIG_HOME: TEST_CONFIG_HOME,
              JOBTOP_TOKEN: "t",
            },
          },
        );
        let stderr = "";
        child.stderr.on("data", (d) => {
          stderr += d;
        });
        const pid = child.pid as number;
        // Busy: every millisecond counts, and the window is a few tens of them.
        const until = Date.now() + 20_000;
        while (!catchesUsr1(pid) && Date.now() < until) {}
        process.kill(pid, "SIGUSR1");
        await new Promise((r) => setTimeout(r, 1500));
        const alive = child.exitCode === null && child.signalCode === null;
        tries.push({
          opened: /Debugger listening/.test(stderr),
          listening: alive ? listeningPorts(pid) : [],
          alive,
        });
        child.kill("SIGKILL");
      }
    } finally {
      silent.close();
    }
    expect(tries.filter((t) => !t.alive || t.listening.length > 0)).toEqual([]);
    // Not vacuous: the signal did reach Node's own handler, which opened the inspector.
    expect(tries.some((t) => t.opened)).toBe(true);
  }, 120_000);
});

/** Whether the process has a handler for SIGUSR1 (signal 10: bit 9 of SigCgt), from /proc. */
function catchesUsr1(pid: number): boolean {
  try {
    const m = /SigCgt:\s*([0-9a-f]+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m?.[1] !== undefined && ((BigInt(`0x${m[1]}`) >> 9n) & 1n) === 1n;
  } catch {
    return false;
  }
}
