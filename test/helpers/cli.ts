// Runs the built CLI (dist/jobtop.js, made by `npm run build`, which `npm test` runs first).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

export const CLI = fileURLToPath(new URL("../../dist/jobtop.js", import.meta.url));
/** The Node that runs jobtop: this one, or another (`npm run test:node24` sets JOBTOP_TEST_NODE). */
export const NODE = process.env.JOBTOP_TEST_NODE || process.execPath;
/** jobtop's code cache (src/boot.ts) goes here in tests, not into the user's ~/.cache. */
export const TEST_CACHE_HOME = join(tmpdir(), "jobtop-test-cache");
/** No config file unless a test writes one: the user's own ~/.config/jobtop stays out of tests. */
export const TEST_CONFIG_HOME = join(tmpdir(), "jobtop-test-config-none");
// The "while away" state files (src/state/away-file.ts) of tests: never the user's ~/.local/state.
/**
 * A state folder of its own for each jobtop a test starts: a shared one let a run find an earlier
 * test's state file for the same demo service (same host and port) and show its changes "while
 * away" ("✱ 1 changed since", as it read then, matched a test's /✱ 1 change/). A test that wants one kept passes
 * its own XDG_STATE_HOME.
 */
export function freshStateHome(): string {
  const parent = join(tmpdir(), "jobtop-test-state");
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, "run-"));
}

/** The tests' environment (no token, test config, cache and state folders), and `env` over it. */
function testEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    XDG_CACHE_HOME: TEST_CACHE_HOME,
    XDG_CONFIG_HOME: TEST_CONFIG_HOME,
    XDG_STATE_HOME: freshStateHome(),
    ...env,
  };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Its peak RSS in MB (VmHWM, read every 20 ms while it runs), when asked for (`peakRss`). */
  peakRssMb?: number;
}

export function runCli(
  args: string[],
  env: Record<string, string | undefined> = {},
  timeoutMs = 15_000,
  opts: { peakRss?: boolean } = {},
): Promise<RunResult> {
  if (!existsSync(CLI)) throw new Error("dist/jobtop.js is missing: run `npm run build` first");
  return runCommand(NODE, [CLI, ...args], env, timeoutMs, `jobtop ${args.join(" ")}`, opts);
}

/** Any command with the tests' environment (no token, test config and cache folders), to its end. */
export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  timeoutMs = 15_000,
  name = `${command} ${args.join(" ")}`,
  opts: { peakRss?: boolean } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: testEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let peak = 0;
    const sample = opts.peakRss
      ? setInterval(() => {
          try {
            const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
            peak = Math.max(peak, Number(kb ?? 0) / 1024);
          } catch {}
        }, 20)
      : undefined;
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      clearInterval(sample);
      child.kill("SIGKILL");
      reject(new Error(`${name} did not finish in ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      clearInterval(sample);
      resolve(opts.peakRss ? { code, stdout, stderr, peakRssMb: peak } : { code, stdout, stderr });
    });
  });
}

export interface Running {
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout (or stderr, with `stream`) matches. */
  waitFor(what: RegExp, opts?: { timeoutMs?: number; stream?: "stdout" | "stderr" }): Promise<string>;
  signal(sig: NodeJS.Signals): void;
  /** Closes our end of its stdout, as `| head -1` does once it has its line. */
  closeStdout(): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the built CLI and lets the test read its output as it comes, signal it, close its stdout. */
export function spawnCli(args: string[], env: Record<string, string | undefined> = {}): Running {
  if (!existsSync(CLI)) throw new Error("dist/jobtop.js is missing: run `npm run build` first");
  const child = spawn(NODE, [CLI, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      XDG_CACHE_HOME: TEST_CACHE_HOME,
      XDG_STATE_HOME: freshStateHome(),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out = { stdout: "", stderr: "" };
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  child.stdout.on("data", (d) => {
    out.stdout += d;
    wake();
  });
  child.stderr.on("data", (d) => {
    out.stderr += d;
    wake();
  });
  let closed = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => {
      closed = true;
      wake();
      resolve({ code, signal });
    }),
  );
  const kill = setTimeout(() => child.kill("SIGKILL"), 60_000);
  void exited.then(() => clearTimeout(kill));
  return {
    stdout: () => out.stdout,
    stderr: () => out.stderr,
    waitFor: (what, opts = {}) => {
      const stream = opts.stream ?? "stdout";
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = what.exec(out[stream]);
          if (m) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(m[0]);
          } else if (closed) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`exited before ${stream} matched ${what}\n${out.stdout}\n${out.stderr}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `${stream} did not match ${what} in time\n--- stdout\n${out.stdout}\n--- stderr\n${out.stderr}`,
            ),
          );
        }, opts.timeoutMs ?? 10_000);
        waiters.add(check);
        check();
      });
    },
    signal: (sig) => child.kill(sig),
    closeStdout: () => child.stdout.destroy(),
    exited,
  };
}

/**
 * Runs `jobtop ARGS | READER` in bash (a real pipeline): jobtop's own exit status (PIPESTATUS),
 * its stderr, and what the reader printed; with `mergeStderr`, `jobtop ARGS 2>&1 | READER`.
 */
export function pipeline(
  args: string[],
  reader: string,
  env: Record<string, string | undefined> = {},
  timeoutMs = 15_000,
  mergeStderr = false,
): Promise<{ status: number; stderr: string; stdout: string }> {
  const err = join(mkdtempSync(join(tmpdir(), "jobtop-pipe-")), "stderr");
  const script = `"$@" ${mergeStderr ? "2>&1" : '2>"$JOBTOP_ERR"'} | ${reader}; echo "status \${PIPESTATUS[0]}"`;
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script, "bash", NODE, CLI, ...args], {
      env: testEnv({ JOBTOP_ERR: err, ...env }),
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`jobtop ${args.join(" ")} | ${reader} did not finish`));
    }, timeoutMs);
    child.on("close", () => {
      clearTimeout(timer);
      const m = /status (\d+)\n$/.exec(out);
      const stderr = mergeStderr ? "" : readFileSync(err, "utf8");
      resolve({ status: Number(m?.[1]), stderr, stdout: out.slice(0, m?.index) });
    });
  });
}

/** A usage or config error as jobtop says one: exit 2, nothing on stdout, one line on stderr, no stack trace. */
export function expectOneLine(r: RunResult, pattern: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe("");
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/);
}
