// The one connection state the header shows, derived once from both pollers (the page and the
// selected job). Each poller alone sees only its own requests: a single timed-out page request
// while the job poll answers every 2 s is not "offline", and the two pollers' failure times must
// not take turns as "offline since". Offline means no answer at all: a 429 or a 500 is the
// service answering ("retrying"), and "offline since" is when its answers stopped, not when the
// errors began. Pure: the same snapshots give the same answer.
import { isApiError } from "../api/errors.js";
import type { PollSnapshot } from "../poll/poller.js";

export type ConnectionState = "ok" | "loading" | "retrying" | "auth" | "offline";

export interface Connection {
  state: ConnectionState;
  /** Wall ms of the last success of either poller: what "data from Ns ago" counts from. */
  okWall: number | undefined;
  /** Monotonic ms of the soonest retry of a failing poller. */
  retryAt: number | undefined;
  /**
   * Wall ms the current outage began (offline and auth only): for offline, when the first request
   * went out that nothing answered since.
   */
  failingSince: number | undefined;
  /** Why it waits, when the service holds every request: "rate limited", "service unavailable". */
  reason?: string;
}

/** What this needs of a poller's snapshot. */
export type PollSide = Pick<
  PollSnapshot<unknown>,
  | "data"
  | "okWall"
  | "error"
  | "failures"
  | "retryAt"
  | "failingSince"
  | "answerWall"
  | "silentSince"
  | "silentFailures"
>;

/** Requests in a row that got no answer at all, with no answer to either poller between them, before "offline". */
export const OFFLINE_AFTER = 2;

/**
 * `job` is the selected job's poller, or undefined when no job is selected (its last error is
 * then no longer news). The current outage is made of the failures that began after the last
 * success of either poller (for "offline": the unanswered requests sent after the last answer of
 * either, an error it answered included); its start is the earliest of those, which does not
 * move while it lasts: a poller joins the outage only when it starts failing, and any success
 * (for "offline", any answer) ends it.
 */
export function connectionState(
  list: PollSide,
  job?: PollSide,
  held?: { until: number; reason: string },
): Connection {
  const sides = job ? [list, job] : [list];
  let okWall: number | undefined;
  for (const s of sides)
    if (s.okWall !== undefined && (okWall === undefined || s.okWall > okWall)) okWall = s.okWall;

  let answered: number | undefined;
  for (const s of sides)
    if (s.answerWall !== undefined && (answered === undefined || s.answerWall > answered))
      answered = s.answerWall;

  let retryAt: number | undefined;
  let authSince: number | undefined;
  let silentSince: number | undefined;
  let failing = false;
  let silentFailures = 0;
  let unreachable = true;
  for (const s of sides) {
    if (s.error === undefined) continue;
    failing = true;
    if (s.retryAt !== undefined && (retryAt === undefined || s.retryAt < retryAt)) retryAt = s.retryAt;
    // A failure run that began before the last success (of either poller) is not an outage: the
    // service answered since. It still makes the state "retrying", but says nothing of "offline".
    const start = s.failingSince;
    if (start !== undefined && (okWall === undefined || start > okWall)) {
      if (isApiError(s.error) && s.error.kind === "auth" && (authSince === undefined || start < authSince))
        authSince = start;
    }
    // Offline counts only requests nothing answered, sent after the last answer of either poller.
    const silent = s.silentSince;
    if (silent === undefined) unreachable = false;
    else if (answered === undefined || silent > answered) {
      if (silentSince === undefined || silent < silentSince) silentSince = silent;
      silentFailures += s.silentFailures;
    }
  }

  // The service holds every request (src/api/service-gate.ts), whichever request it told: one
  // state and one countdown for all, even while the page and the job have nothing failing.
  if (!failing && held) return heldState(held, okWall);
  if (!failing)
    return { state: list.data !== undefined ? "ok" : "loading", okWall, retryAt, failingSince: undefined };
  if (authSince !== undefined) return { state: "auth", okWall, retryAt, failingSince: authSince };
  if (silentSince !== undefined && unreachable && silentFailures >= OFFLINE_AFTER)
    return { state: "offline", okWall, retryAt, failingSince: silentSince };
  if (held) return heldState(held, okWall);
  return { state: "retrying", okWall, retryAt, failingSince: undefined };
}

/** "ok" with no age: the last answer is younger than `freshMs` (see shownAge in src/render/header-props.ts). */
export function isFresh(c: Connection, nowWall: number, freshMs: number): boolean {
  return c.okWall !== undefined && nowWall - c.okWall < freshMs;
}

function heldState(held: { until: number; reason: string }, okWall: number | undefined): Connection {
  return { state: "retrying", okWall, retryAt: held.until, failingSince: undefined, reason: held.reason };
}
