// A command action for one job: argv without a shell (a placeholder is replaced inside its own
// element: no job text adds an argument or reaches a shell), and the job in the environment.
// The bearer token is JOBTOP_TOKEN only with pass_token, never in argv (any user can read a
// command line in `ps`); without it, a JOBTOP_TOKEN jobtop itself was given is removed too.
//
// `background`: run with its output captured (capped), stopped after 60 s; its last line of
// output, sanitised, is the result. `terminal` (wired with the UI): the same argv and environment
// given to Screen.runForeground (src/terminal/screen.ts), as `x` runs ssh (src/terminal/ssh.ts).

import type { Job } from "../api/schema.js";
import { loadBuiltin } from "../load-builtin.js";
import { sanitize } from "../model/sanitize.js";
import type { CommandAction } from "./definitions.js";
import { expandArgv, jobValues } from "./placeholders.js";

export interface CommandContext {
  baseUrl: string;
  profile: string;
  /** The bearer token: put in the environment only for an action with pass_token. */
  token: string;
  statusLabels?: Record<number, string>;
  /** The environment to start from (default: jobtop's). */
  env?: NodeJS.ProcessEnv;
  /** Default 60 s. */
  timeoutMs?: number;
}

export type CommandOutcome = { ok: true; line: string } | { ok: false; error: string };

const DEFAULT_TIMEOUT_MS = 60_000;
/** Output kept (its end): enough for a last line, never a flood in memory. */
const TAIL_BYTES = 8 * 1024;
const LINE_CHARS = 200;
/** After SIGTERM at the deadline, SIGKILL this much later. */
const KILL_AFTER_MS = 2000;
/** After the command exits, how long its output may still come (through a pipe's buffer). */
const EXIT_GRACE_MS = 500;

/** The argv for this job, or why not (a NUL in a value). */
export function commandArgv(
  a: CommandAction,
  job: Job,
  labels?: Record<number, string>,
): { argv: string[] } | { error: string } {
  return expandArgv(a.argv, jobValues(job, labels));
}

/** The command's environment: jobtop's, the job's values, and the token only with pass_token. */
export function commandEnv(a: CommandAction, job: Job, ctx: CommandContext): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...(ctx.env ?? process.env) };
  delete env.JOBTOP_TOKEN;
  // A NUL cannot be in an environment value (spawn refuses it): shown as U+FFFD.
  const v = (s: string) => s.replaceAll("\u0000", "\ufffd");
  env.JOBTOP_JOB_ID = v(job.id);
  env.JOBTOP_DISPLAY_ID = v(job.displayID);
  env.JOBTOP_STATUS = String(job.status);
  env.JOBTOP_BASE_URL = ctx.baseUrl;
  env.JOBTOP_PROFILE = ctx.profile;
  if (a.passToken) env.JOBTOP_TOKEN = ctx.token;
  return env;
}

/** Runs a background command action for one job; never throws. */
export function runBackground(a: CommandAction, job: Job, ctx: CommandContext): Promise<CommandOutcome> {
  const built = commandArgv(a, job, ctx.statusLabels);
  if ("error" in built) return Promise.resolve({ ok: false, error: built.error });
  const [file, ...args] = built.argv as [string, ...string[]];
  const timeoutMs = ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Masked with or without pass_token (a command may find the token by itself), and before the
  // line is cut to length (cut first, the token's first characters could end it unmasked).
  const mask = (s: string) => (ctx.token.length >= 4 ? s.split(ctx.token).join("••••••") : s);
  return new Promise((resolve) => {
    let tail = Buffer.alloc(0);
    const keep = (chunk: Buffer) => {
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > TAIL_BYTES) tail = tail.subarray(tail.length - TAIL_BYTES);
    };
    let timedOut = false;
    const { spawn }: typeof import("node:child_process") = loadBuiltin("node:child_process");
    const child = spawn(file, args, {
      shell: false,
      env: commandEnv(a, job, ctx),
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so that the deadline stops what it started too.
      detached: true,
    });
    const stop = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop("SIGTERM");
      setTimeout(() => stop("SIGKILL"), KILL_AFTER_MS).unref();
    }, timeoutMs);
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("error", (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const what = sanitize(file);
      resolve({
        ok: false,
        error: e.code === "ENOENT" ? `${what} not found` : `${what}: ${e.code ?? "failed"}`,
      });
    });
    let grace: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (status: number | null, signal: NodeJS.Signals | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // (The SIGKILL of the deadline still comes: what the group left must not outlive it.)
      if (grace) clearTimeout(grace);
      // A child it left running may hold the output open: stop reading it (the child runs on).
      child.stdout?.destroy();
      child.stderr?.destroy();
      const line = lastLine(mask(tail.toString("utf8")));
      const said = line ? `: ${line}` : "";
      if (timedOut)
        resolve({
          ok: false,
          error: `no result within ${timeoutMs / 1000}s: stopped; the outcome is unknown${said}`,
        });
      else if (status === 0) resolve({ ok: true, line });
      else if (signal) resolve({ ok: false, error: `ended by ${signal}${said}` });
      else resolve({ ok: false, error: `exit status ${status}${said}` });
    };
    child.on("close", finish);
    // Ended, but a child it started in the background may keep its output open until the
    // deadline: its own output is read a moment longer, then the exit status is the outcome.
    child.on("exit", (status, signal) => {
      grace = setTimeout(() => finish(status, signal), EXIT_GRACE_MS);
    });
  });
}

/** The last line with something on it, one line, capped and sanitised. */
export function lastLine(text: string): string {
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] as string).replace(/\s+/g, " ").trim();
    if (line) return sanitize(line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS - 1)}…` : line);
  }
  return "";
}
