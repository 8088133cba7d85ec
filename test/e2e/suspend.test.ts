// Suspend and resume, as with htop or vim: Ctrl+Z (or a SIGTSTP from outside) hands the terminal
// back to the shell and stops jobtop; `fg` takes it again and draws the whole frame. jobtop runs
// from a real interactive bash here, the shell that does the job control.
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, NODE } from "../helpers/cli.js";
import { type Session, startCli, startPty } from "./pty.js";

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The state letter of /proc/PID/stat (R, S, T for stopped…), or undefined once it has gone. */
function procState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
  } catch {
    return undefined;
  }
}

function childOf(ppid: number): number | undefined {
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === ppid) return Number(d);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

async function until(what: string, test: () => boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** bash -i in the terminal, running the monitor as its foreground job. */
async function monitorInShell(): Promise<{ t: Session; pid: number }> {
  s = startPty("/bin/bash", ["--norc", "--noprofile", "-i"], {
    cols: 100,
    rows: 30,
    env: { PS1: "$ ", HISTFILE: "/dev/null", JOBTOP_TOKEN: demo.token },
  });
  const t = s;
  await t.waitFor("$ ");
  const quote = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;
  t.press(
    `${[NODE, CLI, "--base-url", demo.url, "--interval", "300ms", "--notify", "osc9"].map(quote).join(" ")}\r`,
  );
  await t.waitFor("State timeline", 10_000);
  const pid = childOf(t.pid);
  if (!pid) throw new Error("no jobtop under the shell");
  jobtopPid = pid;
  return { t, pid };
}

function expectHandedBack(t: Session): void {
  const raw = t.raw();
  expect(t.alternateScreen()).toBe(false);
  expect(raw.lastIndexOf("\x1b[?25h")).toBeGreaterThan(raw.lastIndexOf("\x1b[?25l"));
  // The shell's title back, and no focus reports into the shell.
  expect(raw.lastIndexOf("\x1b[23;2t")).toBeGreaterThan(raw.lastIndexOf("\x1b]2;jobtop"));
  expect(raw.lastIndexOf("\x1b[?1004l")).toBeGreaterThan(raw.lastIndexOf("\x1b[?1004h"));
}

/** After `fg`: the alternate screen again, the cursor hidden, and the whole frame at the new size. */
async function expectWholeFrame(t: Session, rows: number): Promise<void> {
  await t.waitFor(
    (sc) =>
      t.alternateScreen() &&
      /^jobtop page 1\//.test(sc.split("\n")[0] ?? "") &&
      (sc.split("\n")[rows - 2] ?? "").includes("? help"),
    8000,
  );
  // Re-entering the alternate screen blanks it: only a full redraw fills it again (Ink alone
  // rewrites the lines that changed, here the header's age). A frame has a few blank lines.
  const screen = t.screen();
  expect(screen.filter((l) => l.trim() !== "").length).toBeGreaterThanOrEqual(rows - 5);
  expect(screen.join("\n")).toMatch(/STATUS[\s\S]*State timeline/);
  expect(t.wrapped()).toBe(0);
  const raw = t.raw();
  expect(raw.lastIndexOf("\x1b[?25l")).toBeGreaterThan(raw.lastIndexOf("\x1b[?25h"));
  // Its title again (the shell's saved anew first), and focus reports on again.
  const saved = raw.lastIndexOf("\x1b[22;2t");
  expect(saved).toBeGreaterThan(raw.lastIndexOf("\x1b[23;2t"));
  expect(raw.indexOf("\x1b]2;jobtop", saved)).toBeGreaterThan(saved);
  expect(raw.lastIndexOf("\x1b[?1004h")).toBeGreaterThan(raw.lastIndexOf("\x1b[?1004l"));
}

/** q, with no Enter after it: the keys are unbuffered again. */
async function expectQuitsOnQ(t: Session, pid: number): Promise<void> {
  t.press("q");
  await until("jobtop to quit on q", () => procState(pid) === undefined);
  await t.waitFor((sc) => !t.alternateScreen() && sc.trimEnd().endsWith("$"));
}

describe("suspend and resume", () => {
  it("Ctrl+Z stops it on the shell's screen; fg brings the whole frame back, resized meanwhile", async () => {
    const { t, pid } = await monitorInShell();
    t.press("\x1a");
    await t.waitFor(/Stopped/);
    expect(procState(pid)).toBe("T");
    expectHandedBack(t);

    // Resized while stopped: the SIGWINCH went to the shell, the foreground job then.
    t.resize(90, 26);
    await sleep(200);
    // A program run meanwhile left any-motion mouse reports on: fg turns them off again.
    t.press("printf '\\033[?1003h'\r");
    await t.waitFor(() => t.modes().mouseTrackingMode === "any");
    t.press("fg\r");
    await expectWholeFrame(t, 26);
    expect(t.modes().mouseTrackingMode).toBe("none");
    expect(t.raw().lastIndexOf("\x1b[?1003l")).toBeGreaterThan(t.raw().lastIndexOf("\x1b[?1003h"));
    expect(procState(pid)).not.toBe("T");
    await expectQuitsOnQ(t, pid);
  });

  it("a SIGTSTP from outside does the same", async () => {
    const { t, pid } = await monitorInShell();
    process.kill(pid, "SIGTSTP");
    await t.waitFor(/Stopped/);
    expect(procState(pid)).toBe("T");
    expectHandedBack(t);
    t.press("fg\r");
    await expectWholeFrame(t, 30);
    await expectQuitsOnQ(t, pid);
  });

  it("without a job-control shell to come back to, Ctrl+Z says so and jobtop keeps running", async () => {
    // The terminal's own process, as under `ssh -t host jobtop` or a tmux pane's command.
    s = startCli(["--base-url", demo.url], { env: { JOBTOP_TOKEN: demo.token } });
    const t = s;
    await t.waitFor("State timeline", 10_000);
    t.press("\x1a");
    await t.waitFor("no shell to come back to");
    expect(procState(t.pid)).not.toBe("T");
    expect(t.alternateScreen()).toBe(true);
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
  });
});
