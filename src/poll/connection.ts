// The one connection state the header shows, derived once from both pollers (the page and the
// selected job). Each poller alone sees only its own requests: a single timed-out page request
// while the job poll answers every 2 s is not "offline", and the two pollers' failure times must
// not take turns as "offline since". Pure: the same snapshots give the same answer.
import { isApiError } from "../api/errors.js";
import type { PollSnapshot } from "./poller.js";

export type ConnectionState = "ok" | "loading" | "retrying" | "auth" | "offline";

export interface Connection {
  state: ConnectionState;
  /** Wall ms of the last success of either poller: what "data from Ns ago" counts from. */
  okWall: number | undefined;
  /** Monotonic ms of the soonest retry of a failing poller. */
  retryAt: number | undefined;
  /** Wall ms of the first failure of the current outage (offline and auth only). */
  failingSince: number | undefined;
}

/** What this needs of a poller's snapshot. */
export type PollSide = Pick<
  PollSnapshot<unknown>,
  "data" | "okWall" | "error" | "failures" | "retryAt" | "failingSince"
>;

/** Failed requests in a row, with no success from either poller between them, before "offline". */
export const OFFLINE_AFTER = 2;

/**
 * `job` is the selected job's poller, or undefined when no job is selected (its last error is
 * then no longer news). The current outage is made of the failures that began after the last
 * success of either poller; its start is the earliest of those, which does not move while it
 * lasts: a poller joins the outage only when it starts failing, and any success ends it.
 */
export function connectionState(list: PollSide, job?: PollSide): Connection {
  const sides = job ? [list, job] : [list];
  let okWall: number | undefined;
  for (const s of sides)
    if (s.okWall !== undefined && (okWall === undefined || s.okWall > okWall)) okWall = s.okWall;

  let retryAt: number | undefined;
  let since: number | undefined;
  let failing = false;
  let outageFailures = 0;
  let auth = false;
  let unreachable = true;
  for (const s of sides) {
    if (s.error === undefined) continue;
    failing = true;
    if (s.retryAt !== undefined && (retryAt === undefined || s.retryAt < retryAt)) retryAt = s.retryAt;
    // A failure run that began before the last success (of either poller) is not an outage: the
    // service answered since. It still makes the state "retrying", but says nothing of "offline".
    const start = s.failingSince;
    if (start === undefined || (okWall !== undefined && start <= okWall)) continue;
    if (since === undefined || start < since) since = start;
    outageFailures += s.failures;
    if (isApiError(s.error) && s.error.kind === "auth") auth = true;
    if (!(isApiError(s.error) && (s.error.kind === "network" || s.error.kind === "timeout")))
      unreachable = false;
  }

  if (!failing)
    return { state: list.data !== undefined ? "ok" : "loading", okWall, retryAt, failingSince: undefined };
  if (since !== undefined && auth) return { state: "auth", okWall, retryAt, failingSince: since };
  if (since !== undefined && unreachable && outageFailures >= OFFLINE_AFTER)
    return { state: "offline", okWall, retryAt, failingSince: since };
  return { state: "retrying", okWall, retryAt, failingSince: undefined };
}

/** "ok" with no age: the last answer is younger than `freshMs` (see shownAge in src/ui/header-props.ts). */
export function isFresh(c: Connection, nowWall: number, freshMs: number): boolean {
  return c.okWall !== undefined && nowWall - c.okWall < freshMs;
}
