// A command action for one job: argv without a shell (a placeholder is replaced inside its own
// element: no job text adds an argument or reaches a shell), and the job in the environment.
// The bearer token is JOBTOP_TOKEN only with pass_token, never in argv (any user can read a
// command line in `ps`); without it, a JOBTOP_TOKEN jobtop itself was given is removed too.
//
// `background`: run in a process group of its own with its output captured (bounded), its
// deadline (60 s) over the whole group, also after its first process has exited
// (process-groups.ts); its last line of output, masked and sanitised, is the result. `terminal`
// (wired with the UI): the same argv and environment given to Screen.runForeground
// (src/terminal/screen.ts), as `x` runs ssh (src/terminal/ssh.ts).

import type { Job } from "../api/schema.js";
import { loadBuiltin } from "../load-builtin.js";
import { sanitize } from "../model/sanitize.js";
import { maskSecrets, maskText } from "../model/secrets.js";
import type { CommandAction } from "./definitions.js";
import { expandArgv, jobValues } from "./placeholders.js";
import { type ProcessGroups, processGroups } from "./process-groups.js";

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
  /** Ends it before its deadline (jobtop quits, act's second Ctrl+C): SIGTERM to its group, SIGKILL 5 s later. */
  signal?: AbortSignal;
  /** Where its group is kept while any of it runs (default: the process's own set). */
  groups?: ProcessGroups;
}

export type CommandOutcome =
  | { ok: true; line: string }
  /** `unknown`: stopped before it ended (its deadline, jobtop's way out): what it did is not known. */
  | { ok: false; error: string; unknown?: boolean };

const DEFAULT_TIMEOUT_MS = 60_000;
/**
 * Output kept of each stream (its end): masked whole, and only then cut to its last line. Enough
 * for any last line, never a flood in memory.
 */
const KEEP_BYTES = 64 * 1024;
const LINE_CHARS = 200;
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
  const groups = ctx.groups ?? processGroups;
  // Masked with or without pass_token (a command may find the token by itself).
  const secrets = ctx.token.length >= 4 ? [ctx.token] : [];
  const mask = (s: string) => maskSecrets(maskText(s, secrets));
  return new Promise((resolve) => {
    const out = { stdout: new Kept(), stderr: new Kept() };
    /** The stream that last said something: its last line is the result. */
    let last: Kept = out.stdout;
    const keep = (k: Kept) => (chunk: Buffer) => {
      k.push(chunk);
      if (/[^\s]/.test(chunk.toString("latin1"))) last = k;
    };
    let timedOut = false;
    let ended = false;
    const { spawn }: typeof import("node:child_process") = loadBuiltin("node:child_process");
    const child = spawn(file, args, {
      shell: false,
      env: commandEnv(a, job, ctx),
      stdio: ["ignore", "pipe", "pipe"],
      // A session and process group of its own, so that the deadline stops what it started too
      // (and the terminal's signals, meant for jobtop, do not reach it).
      detached: true,
    });
    const pgid = child.pid;
    if (pgid !== undefined)
      groups.add(pgid, sanitize(`${a.name} ${job.displayID || job.id}`), timeoutMs, () => {
        timedOut = true;
      });
    const onAbort = () => {
      ended = true;
      if (pgid !== undefined) groups.end(pgid);
    };
    if (ctx.signal?.aborted) onAbort();
    else ctx.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout?.on("data", keep(out.stdout));
    child.stderr?.on("data", keep(out.stderr));
    let done = false;
    child.on("error", (e: NodeJS.ErrnoException) => {
      if (done) return;
      done = true;
      ctx.signal?.removeEventListener("abort", onAbort);
      const what = sanitize(file);
      resolve({
        ok: false,
        error: e.code === "ENOENT" ? `${what} not found` : `${what}: ${e.code ?? "failed"}`,
      });
    });
    let grace: NodeJS.Timeout | undefined;
    const finish = (status: number | null, signal: NodeJS.Signals | null) => {
      if (done) return;
      done = true;
      if (grace) clearTimeout(grace);
      ctx.signal?.removeEventListener("abort", onAbort);
      // A child it left running may hold the output open: stop reading it. The child runs on,
      // until its group's deadline (process-groups.ts).
      child.stdout?.destroy();
      child.stderr?.destroy();
      const line =
        lastLine(last.shown(mask)) || lastLine((last === out.stdout ? out.stderr : out.stdout).shown(mask));
      const said = line ? `: ${line}` : "";
      if (timedOut)
        resolve({
          ok: false,
          unknown: true,
          error: `no result within ${timeoutMs / 1000}s: stopped; the outcome is unknown${said}`,
        });
      else if (ended)
        resolve({
          ok: false,
          unknown: true,
          error: `stopped before it ended; the outcome is unknown${said}`,
        });
      else if (status === 0) resolve({ ok: true, line });
      else if (signal) resolve({ ok: false, error: `ended by ${signal}${said}` });
      else resolve({ ok: false, error: `exit status ${status}${said}` });
    };
    child.on("close", finish);
    // Ended, but a child it started in the background may keep its output open until the
    // deadline: its own output is read a moment longer, then the exit status is the outcome.
    child.on("exit", (status, signal) => {
      if (pgid !== undefined) groups.leaderExited(pgid);
      grace = setTimeout(() => finish(status, signal), EXIT_GRACE_MS);
    });
  });
}

/**
 * The end of one output stream, up to KEEP_BYTES, in the pieces it was read in: put together and
 * masked whole before anything is cut, so a secret split across two reads, or at the start of
 * what is kept, is never shown in part.
 */
class Kept {
  private chunks: Buffer[] = [];
  private bytes = 0;
  /** Something was dropped from the start. */
  private cut = false;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.chunks.length > 1 && this.bytes - (this.chunks[0] as Buffer).length >= KEEP_BYTES) {
      this.bytes -= (this.chunks.shift() as Buffer).length;
      this.cut = true;
    }
  }

  /**
   * What is kept, masked, then cut: when the start was dropped, the line it cut is dropped too
   * (a secret there was cut before it could be masked, and its end would show).
   */
  shown(mask: (s: string) => string): string {
    let all = Buffer.concat(this.chunks);
    let cut = this.cut;
    if (all.length > KEEP_BYTES) {
      all = all.subarray(all.length - KEEP_BYTES);
      cut = true;
    }
    const text = mask(all.toString("utf8"));
    if (!cut) return text;
    const nl = text.search(/[\r\n]/);
    return nl < 0 ? "" : text.slice(nl + 1);
  }
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
