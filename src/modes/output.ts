// What the commands for scripts share: exit codes, the error → exit code rule, JSON that no
// terminal can be driven by, and an stdout that ends quietly when its reader goes away.
import { describeError, isApiError } from "../api/errors.js";
import { binHooks } from "../boot/hooks.js";
import { EXIT } from "./exit.js";

/**
 * Does this error say the job does not exist? The spec does not say how a service answers an
 * unknown id. The demo answers `code` 404 with msg "job not found"; others an HTTP 404 with the
 * envelope. So: the envelope's error with code 404 or a message saying "not found", or an HTTP
 * 404 whose body was the envelope; not a 404 of anything else (a gateway's page: the path is
 * wrong). Only ever asked of the single-job request, and checked against the list before a
 * command says so (job-lookup.ts).
 */
export function isNotFound(e: unknown): boolean {
  if (!isApiError(e)) return false;
  if (e.kind === "http") return e.details.status === 404 && e.details.envelope === true;
  if (e.kind === "envelope") return e.details.code === 404 || /not found/i.test(e.message);
  return false;
}

/**
 * Errors no retry can fix end the command at once: a rejected token (5), an unknown job (4), and
 * what only a change of configuration mends (exit 1): a certificate, a redirect to another host,
 * a proxy's login, a 4xx the service will answer again. Everything else (a blip, a 5xx, a 429,
 * a timeout, a half or malformed body) is retried until the deadline.
 */
export function fatalExitCode(e: unknown, singleJob: boolean): number | undefined {
  if (!isApiError(e)) return undefined;
  if (e.kind === "auth") return EXIT.auth;
  if (singleJob && isNotFound(e)) return EXIT.notFound;
  if (e.kind === "tls" || e.kind === "redirect" || e.kind === "proxy") return EXIT.failed;
  const s = e.details.status;
  // 408 Request Timeout, 425 Too Early and 429 ask to try again.
  if (e.kind === "http" && s !== undefined && s >= 400 && s < 500 && s !== 408 && s !== 425 && s !== 429)
    return EXIT.failed;
  return undefined;
}

// JSON.stringify escapes C0 controls (ESC, \r, BEL…) but writes DEL, the C1 controls (0x9B is a
// one-byte CSI on some terminals), bidi controls, U+2028/9 and the invisible characters
// (sanitize's set: zero-width space and joiners, word joiner, BOM) raw. They can only occur inside
// strings (JSON's own syntax is ASCII), so escaping them in the text keeps the JSON identical: an
// emoji's ZWJ too, which a JSON reader turns back into the same emoji.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

/** JSON in which no character can move a cursor, change a title or reorder text on a terminal. */
export function toJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, undefined, indent).replace(
    UNSAFE_IN_JSON,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export interface Writable {
  write(s: string, cb?: (err?: Error | null) => void): unknown;
  on(event: "error", listener: (err: Error) => void): unknown;
}

/**
 * stdout for the commands: writes in order, knows when they have reached the OS, and turns a
 * closed pipe (`| head -1`) into `closed` instead of an uncaught EPIPE.
 */
export class Output {
  closed = false;
  private last: Promise<void> = Promise.resolve();
  private readonly onClose: (() => void)[] = [];

  constructor(private readonly stream: Writable) {
    stream.on("error", (err: Error & { code?: string }) => {
      // A closed reader (EPIPE) or any other failure to write: nothing more can be said here.
      void err;
      this.markClosed();
    });
  }

  write(s: string): void {
    if (this.closed || s === "") return;
    this.last = new Promise((resolve) => {
      this.stream.write(s, (err) => {
        if (err) this.markClosed();
        resolve();
      });
    });
  }

  /** Resolves once everything written so far has been handed to the OS (or the pipe closed). */
  flushed(): Promise<void> {
    return this.last;
  }

  /** Calls `fn` once if the reader goes away. */
  whenClosed(fn: () => void): void {
    if (this.closed) fn();
    else this.onClose.push(fn);
  }

  private markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    for (const fn of this.onClose.splice(0)) fn();
  }
}

/** The last word of a command that ran out of time failing: how long, the flag that sets it, why. */
export function gaveUpLine(ms: number, why: string): string {
  return `gave up after ${ms / 1000}s (--timeout sets how long): ${why}`;
}

/** "HTTP 502 Bad Gateway from the service; retrying in 3s" */
export function retryLine(e: unknown, delayMs: number | undefined): string {
  const next = delayMs === undefined ? "" : `; retrying in ${formatDelay(delayMs)}`;
  return `${describeError(e)}${next}`;
}

function formatDelay(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)}s`;
}

/**
 * Ends the process with `code` once stdout has its bytes. Exiting explicitly, not by letting the
 * event loop run dry: fetch's idle keep-alive socket (and the poller's timers) would hold a
 * one-shot command ~250 ms past its output.
 */
export async function finish(out: Output, code: number): Promise<never> {
  await out.flushed();
  // A command is over before the bin's code cache is written (two seconds in): the bin leaves a
  // function to write it now, when there is none yet (src/boot/hooks.ts). Once, after the output.
  if (code === EXIT.ok) binHooks()?.saveCodeCache();
  process.exit(code);
}
