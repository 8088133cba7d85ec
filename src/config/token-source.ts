// The bearer token, read from where the settings say: a value (a flag, JOBTOP_TOKEN), a file, or
// a command whose standard output is the token (a password manager, a `gh auth token`-style
// helper), and checked the moment it is read. A token that cannot go into an HTTP header (a second
// line, a NUL, a space) used to fail deep in the HTTP library, whose error message quoted the
// header: the token on screen. Every problem here is one line that names where the token came
// from, never the token.
import { loadBuiltin } from "../load-builtin.js";
import { sanitize } from "../model/sanitize.js";
import { readTrusted } from "./trusted-file.js";
import { ConfigError, type TokenSource } from "./types.js";

/** Far more than any token; a larger "token file" is the wrong file (or /dev/zero). */
const MAX_TOKEN_FILE = 64 * 1024;

export interface TokenSources {
  /** --token-file */
  tokenFile?: string;
  /** --token (shows in ps) */
  token?: string;
  /** JOBTOP_TOKEN is read from here */
  env?: Record<string, string | undefined>;
}

export interface TokenRead {
  token: string | undefined;
  /** One line each, for stderr and the monitor's status line. */
  warnings: string[];
  /** --token-file was a pipe: it cannot be read again after a 401. */
  pipe?: boolean;
}

/** The token from the first source given: --token-file, then --token, then JOBTOP_TOKEN. */
export function readToken(s: TokenSources): TokenRead {
  if (s.tokenFile) return readTokenFile(s.tokenFile, "--token-file", { pipe: true });
  if (s.token !== undefined) {
    const token = s.token.trim();
    if (token) valid(token, "--token");
    return {
      token: token || undefined,
      warnings: ["--token is visible to other users in ps; prefer JOBTOP_TOKEN or --token-file"],
    };
  }
  const env = (s.env?.JOBTOP_TOKEN ?? "").trim();
  if (env) valid(env, "JOBTOP_TOKEN");
  return { token: env || undefined, warnings: [] };
}

/** How long a pipe given as --token-file may take to write the token: as long as a token_command. */
export const TOKEN_PIPE_TIMEOUT_MS = 15_000;

export interface TokenFileRead {
  token: string;
  warnings: string[];
  /** It was a pipe (`<(pass show x)`): read once, it cannot be read again. */
  pipe: boolean;
}

/**
 * Reads a token file. `label` says where the file was named (`--token-file`, or a config file's
 * `token_file`), for the messages. Only `pipe` lets a pipe or FIFO through (--token-file on the
 * command line, for `<(pass show x)`), read within a deadline; any other file must be a regular
 * one that no one else could have written (./trusted-file.ts): someone else could have put their
 * own token there, and made jobtop send it. The check is of the descriptor read from, so a file
 * swapped in after it cannot slip through.
 */
export function readTokenFile(path: string, label: string, o: { pipe?: boolean } = {}): TokenFileRead {
  const warnings: string[] = [];
  let read: ReturnType<typeof readTrusted>;
  try {
    read = readTrusted(path, MAX_TOKEN_FILE, { pipe: o.pipe, pipeTimeoutMs: TOKEN_PIPE_TIMEOUT_MS });
  } catch (e) {
    if (e instanceof ConfigError) throw new ConfigError(`${label}: ${path}: ${e.message}`);
    const code = (e as { code?: string }).code;
    throw new ConfigError(`${label}: cannot read ${path}${code ? ` (${code})` : ""}`);
  }
  const { pipe } = read;
  if ((read.stat.mode & 0o077) !== 0 && !pipe)
    warnings.push(`${path} is readable by group or others; chmod 600 it`);
  const token = read.text.trim(); // also drops a byte order mark an editor may have put first
  if (!token && pipe)
    throw new ConfigError(`${label}: ${path}: the pipe gave nothing (no writer, or it wrote nothing)`);
  if (!token) throw new ConfigError(`${label}: ${path} is empty`);
  valid(token, `${label}: ${path}`);
  return { token, warnings, pipe };
}

/** Why this (trimmed) token cannot be sent as `Authorization: Bearer <token>`, if it cannot. */
export function tokenProblem(token: string): string | undefined {
  if (/[\r\n]/.test(token)) return "the token has more than one line";
  if (/[\u0000-\u001f\u007f-\u009f]/.test(token)) return "the token contains a control character";
  if (/\s/.test(token)) return "the token contains a space";
  // Bearer tokens are printable ASCII (RFC 6750); anything else is a copy-paste accident.
  if (/[^\x21-\x7e]/.test(token)) return "the token contains a character that is not printable ASCII";
  return undefined;
}

export const TOKEN_COMMAND_TIMEOUT_MS = 15_000;
const MAX_OUTPUT = 64 * 1024;
/** How long the pipes of a command that has exited may take to give what it wrote. */
const EXITED_GRACE_MS = 300;

/** What is wrong with a token, or undefined: tokenProblem's rule, and an empty token. */
export function checkToken(token: string): string | undefined {
  return token ? tokenProblem(token) : "the token is empty";
}

/** Reads (or runs) the source; throws a ConfigError naming it. */
export async function readTokenSource(
  src: TokenSource,
  opts: { warn?: (message: string) => void; timeoutMs?: number } = {},
): Promise<string> {
  if (src.kind === "value") return valid(src.value.trim(), src.from);
  if (src.kind === "file") {
    // One open, checked and read from the same descriptor, as --token-file.
    const r = readTokenFile(src.path, src.from);
    for (const w of r.warnings) opts.warn?.(w);
    return r.token;
  }
  const out = await runCommand(src.argv, opts.timeoutMs ?? TOKEN_COMMAND_TIMEOUT_MS).catch((e: unknown) => {
    throw new ConfigError(`${src.from}: ${e instanceof Error ? e.message : String(e)}`);
  });
  return valid(out.trim(), src.from, "its output");
}

/** The token, or a ConfigError: "<from>: [<what>: ]<problem>", never the token itself. */
function valid(token: string, from: string, what?: string): string {
  const problem = checkToken(token);
  if (problem) throw new ConfigError(what ? `${from}: ${what}: ${problem}` : `${from}: ${problem}`);
  return token;
}

/** Runs argv without a shell; resolves with stdout, rejects with a one-line reason (stderr's). */
function runCommand(argv: readonly string[], timeoutMs: number): Promise<string> {
  const [file = "", ...args] = argv;
  const line = sanitize(argv.join(" "));
  const name = line.length > 60 ? `${line.slice(0, 59)}…` : line;
  return new Promise((resolve, reject) => {
    // stdin is not the terminal: the command must not read the user's keys. A password
    // manager that prompts does so on /dev/tty or through its agent, which still works.
    // Loaded now, not at start: node:child_process (with node:dgram, node:net's IPC…) cost every
    // start ~1 ms on Node 24, for a source few configs use.
    const { spawn }: typeof import("node:child_process") = loadBuiltin("node:child_process");
    const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let settled = false;
    const finish = (err: string | undefined, value = "") => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A helper's own children may hold the pipes open: stop reading them either way.
      child.stdout.destroy();
      child.stderr.destroy();
      if (err === undefined) resolve(value);
      else reject(new Error(err));
    };
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 2000).unref();
      finish(`"${name}" did not finish within ${timeoutMs / 1000}s${lastLine(stderr)}`);
    }, timeoutMs);
    child.stdout.on("data", (d: Buffer) => {
      outBytes += d.length;
      if (outBytes > MAX_OUTPUT) {
        child.kill("SIGKILL");
        finish(`"${name}" printed more than ${MAX_OUTPUT / 1024} kB; jobtop needs the token alone`);
      } else stdout.push(d);
    });
    child.stderr.on("data", (d: Buffer) => {
      // The last part is what says what went wrong; keep that much.
      errBytes += d.length;
      stderr.push(d);
      while (errBytes > 8192 && stderr.length > 1) errBytes -= (stderr.shift() as Buffer).length;
    });
    child.on("error", (e: NodeJS.ErrnoException) => {
      const why = e.code === "ENOENT" ? "command not found" : e.code === "EACCES" ? "not executable" : e.code;
      finish(`cannot run "${sanitize(file).slice(0, 80)}" (${why ?? "error"})`);
    });
    const ended = (code: number | null, signal: NodeJS.Signals | null) => {
      if (code === 0) finish(undefined, Buffer.concat(stdout).toString("utf8"));
      else finish(`"${name}" failed (${signal ? `killed by ${signal}` : `exit ${code}`})${lastLine(stderr)}`);
    };
    child.on("close", ended);
    // A helper that leaves a daemon behind (an agent it started, `sleep 100 & printf tok`) has
    // exited, but the daemon holds the pipes open: "close" would come only with the timeout, and
    // the token printed would be lost. What it wrote before exiting is read within a moment.
    child.on("exit", (code, signal) => {
      setTimeout(() => ended(code, signal), EXITED_GRACE_MS).unref();
    });
  });
}

/** ": <the last thing it said on stderr>", sanitised and short; "" if it said nothing. */
function lastLine(chunks: Buffer[]): string {
  const lines = Buffer.concat(chunks)
    .toString("utf8")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const last = lines.at(-1);
  if (!last) return "";
  const s = sanitize(last);
  return `: ${s.length > 200 ? `${s.slice(0, 199)}…` : s}`;
}
