// Polling for the commands, on the monitor's poller (same backoff, jitter and Retry-After): each
// failure is one sanitised line on stderr, errors no retry can fix end the command with their
// exit code, and everything else is retried.
import { describeError } from "../api/errors.js";
import { monotonicMs } from "../model/monotonic.js";
import type { PollGroup } from "../poll/poll-group.js";
import { createPoller, type Poller } from "../poll/poller.js";
import { EXIT } from "./exit.js";
import { FailureLines } from "./failure-lines.js";
import { fatalExitCode, gaveUpLine } from "./output.js";

export interface FollowOptions<T> {
  /** Poll interval, and the base of the backoff after a failure. */
  intervalMs: number;
  /** Is this the single-job request (where "not found" means exit 4)? */
  singleJob: boolean;
  /** Prefix of the stderr lines, e.g. "job 123". */
  label?: string;
  /** One line on stderr (cli.tsx's writer: sanitised, the token masked). */
  report: (message: string) => void;
  /** Say so on stderr when the service answers again after failures. */
  reportRecovery?: boolean;
  /** The other followers of the same service (watch's jobs): see poll-group.ts. */
  group?: PollGroup;
  /** What the followers of one command say while failing, once per failure (failure-lines.ts); else their own. */
  lines?: FailureLines;
  onData(data: T): void;
  onFatal(code: number, message: string): void;
}

export interface Follow {
  stop(): void;
  /** Did the latest request fail? */
  failing(): boolean;
  lastError(): unknown;
}

export function follow<T>(fetch: (signal: AbortSignal) => Promise<T>, o: FollowOptions<T>): Follow {
  const poller: Poller<T> = createPoller({ fetch, intervalMs: o.intervalMs, group: o.group });
  const prefix = o.label ? `${o.label}: ` : "";
  const lines = o.lines ?? new FailureLines(o.report, o.reportRecovery === true);
  let seenData: T | undefined;
  let seenFailures = 0;
  let lastError: unknown;
  let stopped = false;
  // The poller's timers do not hold the process open (the monitor wants that); a command must
  // stay until it is done.
  const hold = setInterval(() => {}, 1 << 30);

  const stop = () => {
    if (stopped) return;
    stopped = true;
    poller.stop();
    unsubscribe();
    clearInterval(hold);
  };

  const unsubscribe = poller.subscribe(() => {
    if (stopped) return;
    const s = poller.getSnapshot();
    if (s.failures > seenFailures) {
      seenFailures = s.failures;
      lastError = s.error;
      const fatal = fatalExitCode(s.error, o.singleJob);
      if (fatal !== undefined) {
        stop();
        o.onFatal(fatal, `${prefix}${describeError(s.error)}`);
        return;
      }
      const delay = s.retryAt === undefined ? undefined : s.retryAt - monotonicMs();
      lines.failed(prefix, s.error, delay);
      return;
    }
    // Answered again, maybe with the very data of before (the client hands back the same value
    // for the same bytes): the failures are over all the same.
    if (seenFailures > 0 && s.failures === 0 && s.error === undefined) {
      lines.answered(prefix);
      seenFailures = 0;
      lastError = undefined;
    }
    if (s.data !== undefined && s.data !== seenData) {
      seenData = s.data;
      o.onData(s.data);
    }
  });
  poller.start();
  return { stop, failing: () => lastError !== undefined, lastError: () => lastError };
}

export type Outcome<T> = { ok: true; data: T } | { ok: false; code: number; message: string };

/** One answer, retried until `deadlineMs` has passed: for get and --once. */
export function fetchOnce<T>(
  fetch: (signal: AbortSignal) => Promise<T>,
  o: {
    intervalMs: number;
    deadlineMs: number;
    singleJob: boolean;
    label?: string;
    report: (message: string) => void;
  },
): Promise<Outcome<T>> {
  return new Promise((resolve) => {
    let f: Follow | undefined;
    const deadline = setTimeout(() => {
      f?.stop();
      const last = f?.lastError();
      const why = last === undefined ? "no answer" : describeError(last);
      resolve({ ok: false, code: EXIT.failed, message: gaveUpLine(o.deadlineMs, why) });
    }, o.deadlineMs);
    f = follow(fetch, {
      ...o,
      onData: (data) => {
        clearTimeout(deadline);
        f?.stop();
        resolve({ ok: true, data });
      },
      onFatal: (code, message) => {
        clearTimeout(deadline);
        resolve({ ok: false, code, message });
      },
    });
  });
}
