// What the commands for scripts say on stderr while requests fail: each failure once, not once per
// request. `watch` of 2 jobs through a 45 s outage printed 46 lines ("job N: connection refused;
// retrying in 1.9s", a line per job every ~2 s): what was new was only its start and its end. A
// failure of the whole service (no answer, a 429/503, a gateway's 502/504) is said once for all the
// jobs of the command until the service answers again (then one line, with how long and how many
// requests failed); one job's own failure (its answer unreadable, a 500 for it) once per job
// until it changes or that job answers. Retrying itself follows the monitor's pollers: each job at
// its interval, and every request held while the service's one backoff holds them
// (src/api/service-gate.ts: a Retry-After, or a hold doubling from 2 s to a minute).
import { describeError, isApiError } from "../api/errors.js";
import { monotonicMs } from "../model/monotonic.js";
import { retryLine } from "./output.js";

/** A failure that is the service's, not one job's: nothing answered, or it asks every client to wait. */
function serviceWide(e: unknown): boolean {
  if (!isApiError(e)) return false;
  if (e.kind === "network" || e.kind === "timeout" || e.kind === "rate-limit") return true;
  const s = e.details.status;
  return e.kind === "http" && (s === 502 || s === 503 || s === 504);
}

/** The same failure again: its kind and status (a Retry-After's seconds or a countdown change nothing). */
function sameness(e: unknown): string {
  if (!isApiError(e)) return describeError(e);
  if (e.kind === "network" || e.kind === "timeout") return `${e.kind} ${e.message}`;
  return `${e.kind} ${e.details.status ?? ""} ${e.details.code ?? ""} ${e.kind === "http" ? "" : e.message}`;
}

interface Run {
  key: string;
  since: number;
  failed: number;
}

export class FailureLines {
  /** The service's failure said, until it answers. */
  private outage: Run | undefined;
  /** Each job's own failure said (by its label), until it answers. */
  private readonly jobs = new Map<string, Run>();

  /**
   * `say`: one line on stderr. `recovery`: say when the service (or a job) answers again (watch,
   * wait; not get, whose answer is its output).
   */
  constructor(
    private readonly say: (line: string) => void,
    private readonly recovery: boolean,
    private readonly now: () => number = monotonicMs,
  ) {}

  /** A request for `label`'s job ("job 5: ") failed with `e`; it is asked again in `delayMs`. */
  failed(label: string, e: unknown, delayMs: number | undefined): void {
    const key = sameness(e);
    const wide = serviceWide(e);
    const run = wide ? this.outage : this.jobs.get(label);
    if (run?.key === key) {
      run.failed++;
      return;
    }
    const next = { key, since: run?.since ?? this.now(), failed: (run?.failed ?? 0) + 1 };
    if (wide) this.outage = next;
    else this.jobs.set(label, next);
    const quiet = this.recovery ? " (said again when it answers)" : "";
    this.say(`${label}${retryLine(e, delayMs)}${quiet}`);
  }

  /** `label`'s job was answered: a failure said ends with one line (when told to say so). */
  answered(label: string): void {
    const own = this.jobs.get(label);
    if (own) {
      this.jobs.delete(label);
      if (this.recovery) this.say(`${label}answers again (${this.after(own)})`);
    }
    const out = this.outage;
    if (!out) return;
    this.outage = undefined;
    if (this.recovery) this.say(`${label}the service answers again (${this.after(out)})`);
  }

  private after(run: Run): string {
    const sec = Math.round((this.now() - run.since) / 1000);
    return `after ${sec}s, ${run.failed} failed request${run.failed === 1 ? "" : "s"}`;
  }
}
