// The bearer token, from a file, the environment or a flag, checked the moment it is read. A
// token that cannot go into an HTTP header (a second line, a NUL, a space) used to fail deep in
// the HTTP library, whose error message quoted the header: the token on screen. Every problem
// here is one line that names where the token came from, never the token.
import { closeSync } from "node:fs";
import { openFile, othersCanChange, readOpened } from "./config/file.js";
import { ConfigError } from "./config.js";

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
    if (token) checkToken(token, "--token");
    return {
      token: token || undefined,
      warnings: ["--token is visible to other users in ps; prefer JOBTOP_TOKEN or --token-file"],
    };
  }
  const env = (s.env?.JOBTOP_TOKEN ?? "").trim();
  if (env) checkToken(env, "JOBTOP_TOKEN");
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
 * one that no one else could have changed (src/config/file.ts's othersCanChange): the check is
 * of the descriptor read from, so a file swapped in after it cannot slip through.
 */
export function readTokenFile(path: string, label: string, o: { pipe?: boolean } = {}): TokenFileRead {
  const warnings: string[] = [];
  let text = "";
  let pipe = false;
  let why: string | undefined;
  try {
    const f = openFile(path, { pipe: o.pipe });
    try {
      pipe = f.pipe;
      why = pipe ? notYours(path, f.stat) : othersCanChange(path, f.stat);
      if (!why) {
        if ((f.stat.mode & 0o077) !== 0 && !pipe)
          warnings.push(`${path} is readable by group or others; chmod 600 it`);
        text = readOpened(f, MAX_TOKEN_FILE, TOKEN_PIPE_TIMEOUT_MS);
      }
    } finally {
      closeSync(f.fd);
    }
  } catch (e) {
    if (e instanceof ConfigError) throw new ConfigError(`${label}: ${path}: ${e.message}`);
    const code = (e as { code?: string }).code;
    throw new ConfigError(`${label}: cannot read ${path}${code ? ` (${code})` : ""}`);
  }
  // Someone else could have put their own token there (and made jobtop send it).
  if (why) throw new ConfigError(`${label}: not read: ${why}`);
  const token = text.trim(); // also drops a byte order mark an editor may have put first
  if (!token && pipe)
    throw new ConfigError(`${label}: ${path}: the pipe gave nothing (no writer, or it wrote nothing)`);
  if (!token) throw new ConfigError(`${label}: ${path} is empty`);
  checkToken(token, `${label}: ${path}`);
  return { token, warnings, pipe };
}

/** A pipe has no directory to check (`<(cmd)` is /dev/fd/63); a FIFO must still be yours. */
function notYours(path: string, stat: { uid: number }): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined || stat.uid === uid || stat.uid === 0) return undefined;
  return `${path} belongs to another user (uid ${stat.uid})`;
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

/** Throws a ConfigError (exit 2) naming `where` if the token cannot be sent. */
export function checkToken(token: string, where: string): void {
  const problem = tokenProblem(token);
  if (problem) throw new ConfigError(`${where}: ${problem}`);
}
