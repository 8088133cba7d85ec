// The run's bearer token, and reading it again when the service rejects it: a token rotated in
// its file (token_file, a --token-file that is a file) or by its helper (token_command) is used
// without a restart, by the monitor and the commands for scripts alike. The client asks here
// after each 401/403; reading the source is the config layer's (src/config/load.ts tokenOrigin).
import { monotonicMs } from "../model/monotonic.js";

/** At most one reading of the source a minute (a token_command may be a password manager). */
export const REREAD_GAP_MS = 60_000;
/** Old tokens kept to mask: a run of weeks rotates many times, and only recent ones are echoed. */
const USED_MAX = 10;

export interface TokenOrigin {
  /** What a rejection asks to check: "JOBTOP_TOKEN", "--token-file /p/tok", "cfg.toml:3: token_command". */
  name: string;
  /**
   * Reads (or runs) the source again: the token, or a ConfigError naming the source (never the
   * token). Absent when it cannot change while jobtop runs (a variable, a flag, a pipe).
   */
  reread?: () => Promise<string>;
}

export class TokenKeeper {
  private token: string;
  /** When the token in use was read (the start's reading included). */
  private readAt: number;
  /** When the source was last read again after a rejection. */
  private rereadAt: number | undefined;
  /** The token in use has been accepted at least once: a rejection now is a rotation. */
  private accepted = false;
  private forced = false;
  private pending: Promise<void> | undefined;
  /** Why the last reading again failed, until one succeeds. */
  private problem: string | undefined;
  private readonly listeners = new Set<() => void>();
  /** Every token of this run: masked in every error, since a service may echo an old one. */
  readonly used: string[];

  constructor(
    token: string,
    readonly origin: TokenOrigin = { name: "the token" },
    private readonly now: () => number = monotonicMs,
  ) {
    this.token = token;
    this.used = [token];
    this.readAt = now();
  }

  current(): string {
    return this.token;
  }

  /** A request sent with `sent` was answered. */
  accept(sent: string): void {
    if (sent !== this.token) return;
    this.accepted = true;
    this.forced = false;
  }

  /**
   * A request sent with `sent` was rejected (401/403). Resolves true when another token is now
   * in use, to send the request once more with. The source is read again at once when the token
   * had been accepted before (it was rotated), on `r` (soon), else when a minute has passed since
   * it was read; and never more than once a minute otherwise.
   */
  async rejected(sent: string): Promise<boolean> {
    if (sent !== this.token) return true; // another request already read the new one
    if (!this.pending) {
      if (!this.origin.reread || !this.due()) return false;
      this.pending = this.readAgain().finally(() => {
        this.pending = undefined;
      });
    }
    await this.pending;
    return this.token !== sent;
  }

  /** `r`: a rejected token is read again at the next rejection, without waiting out the minute. */
  soon(): void {
    this.forced = true;
  }

  /** Told each time a token read again differs from the one it replaces. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The end of a rejection's message: what to check, or why reading it again failed. */
  hint(): string {
    if (this.problem) return `reading it again failed: ${this.problem}`;
    return `check ${this.origin.name}`;
  }

  private due(): boolean {
    if (this.forced) return true;
    const t = this.now();
    if (this.rereadAt !== undefined && t - this.rereadAt < REREAD_GAP_MS) return false;
    return this.accepted || t - this.readAt >= REREAD_GAP_MS;
  }

  private async readAgain(): Promise<void> {
    this.forced = false;
    this.rereadAt = this.now();
    let next: string;
    try {
      next = await (this.origin.reread as () => Promise<string>)();
    } catch (e) {
      this.problem = e instanceof Error ? e.message : String(e);
      return;
    }
    this.problem = undefined;
    this.readAt = this.rereadAt;
    if (next === this.token) return;
    this.token = next;
    this.accepted = false;
    if (!this.used.includes(next)) this.used.push(next);
    if (this.used.length > USED_MAX) this.used.shift();
    for (const l of this.listeners) l();
  }
}
