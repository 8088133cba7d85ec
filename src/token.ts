// The bearer token, from a file, the environment or a flag, checked the moment it is read. A
// token that cannot go into an HTTP header (a second line, a NUL, a space) used to fail deep in
// the HTTP library, whose error message quoted the header: the token on screen. Every problem
// here is one line that names where the token came from, never the token.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
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
}

/** The token from the first source given: --token-file, then --token, then JOBTOP_TOKEN. */
export function readToken(s: TokenSources): TokenRead {
  if (s.tokenFile) return readTokenFile(s.tokenFile, "--token-file");
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

/**
 * Reads a token file (a pipe such as `<(pass show x)` too). `label` says where the file was
 * named (`--token-file`, or a config file's `token_file`), for the messages.
 */
export function readTokenFile(path: string, label: string): { token: string; warnings: string[] } {
  const warnings: string[] = [];
  let text: string;
  try {
    const fd = openSync(path, "r");
    try {
      if ((fstatSync(fd).mode & 0o077) !== 0)
        warnings.push(`${path} is readable by group or others; chmod 600 it`);
      text = readCapped(fd, path, label);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    const code = (e as { code?: string }).code;
    throw new ConfigError(`${label}: cannot read ${path}${code ? ` (${code})` : ""}`);
  }
  const token = text.trim(); // also drops a byte order mark an editor may have put first
  if (!token) throw new ConfigError(`${label}: ${path} is empty`);
  checkToken(token, `${label}: ${path}`);
  return { token, warnings };
}

function readCapped(fd: number, path: string, label: string): string {
  const buf = Buffer.alloc(MAX_TOKEN_FILE + 1);
  let size = 0;
  for (;;) {
    const n = readSync(fd, buf, size, buf.length - size, null);
    if (n === 0) break;
    size += n;
    if (size > MAX_TOKEN_FILE)
      throw new ConfigError(`${label}: ${path} is over ${MAX_TOKEN_FILE / 1024} KB, not a token file`);
  }
  return buf.subarray(0, size).toString("utf8");
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
