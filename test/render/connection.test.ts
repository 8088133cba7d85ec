// The header's one connection state, from both pollers, as a table of situations.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import { unanswered } from "../../src/poll/poller.js";
import { type Connection, connectionState, type PollSide } from "../../src/render/connection.js";

const timeout = new ApiError("timeout", "no answer within 10s (timeout)");
const refused = new ApiError("network", "connection refused");
const http500 = new ApiError("http", "HTTP 500");
const auth = new ApiError("auth", "token rejected (HTTP 401)");
const notFound = new ApiError("envelope", "service error code 404: job not found");
const tooMany = new ApiError("rate-limit", "rate limited (HTTP 429)", { status: 429 });
const reset = new ApiError("network", "connection reset by the service");

/** A healthy poller whose last success was at `okWall` (wall ms). */
const ok = (okWall: number | undefined, data: unknown = okWall === undefined ? undefined : {}): PollSide => ({
  data,
  okWall,
  error: undefined,
  failures: 0,
  retryAt: undefined,
  failingSince: undefined,
  answerWall: okWall,
  silentSince: undefined,
  silentFailures: 0,
});
/**
 * A poller failing `failures` times in a row since `since`, last good at `okWall`: all of them
 * unanswered (refused, timed out), or all answered errors (the last answer at `since`).
 */
const failing = (
  error: unknown,
  since: number,
  failures: number,
  okWall?: number,
  retryAt = 99_000,
): PollSide => ({
  ...ok(okWall),
  error,
  failures,
  failingSince: since,
  retryAt,
  ...(unanswered(error) ? { silentSince: since, silentFailures: failures } : { answerWall: since }),
});
/**
 * Answered errors from `since` (the last answered at `lastAnswer`), then `silent` requests in a
 * row nothing answered, the first sent at `silentSince`.
 */
const answeredThenSilent = (
  since: number,
  lastAnswer: number,
  silentSince: number,
  silent: number,
  okWall: number,
): PollSide => ({
  ...ok(okWall),
  error: reset,
  failures: 5 + silent,
  failingSince: since,
  retryAt: 99_000,
  answerWall: lastAnswer,
  silentSince,
  silentFailures: silent,
});

type Row = [what: string, list: PollSide, job: PollSide | undefined, expected: Partial<Connection>];

const TABLE: Row[] = [
  ["nothing yet", ok(undefined), undefined, { state: "loading", okWall: undefined }],
  ["page loaded", ok(1000), undefined, { state: "ok", okWall: 1000 }],
  ["both fine: ages from the latest success", ok(1000), ok(1500), { state: "ok", okWall: 1500 }],
  [
    // The complaint: "✖ offline" next to "data from 1s ago".
    "one page timeout while the job poll answered since",
    failing(timeout, 2000, 1, 1000),
    ok(2500),
    { state: "retrying", okWall: 2500, failingSince: undefined },
  ],
  [
    "one page timeout, the job poll not asked since: one failure is not offline",
    failing(timeout, 2000, 1, 1000),
    ok(1500),
    { state: "retrying", okWall: 1500 },
  ],
  [
    "both failed after the last success: offline since the first of them",
    failing(timeout, 2000, 1, 1000),
    failing(refused, 2600, 1, 1500),
    { state: "offline", okWall: 1500, failingSince: 2000 },
  ],
  [
    "the same outage later on: the start stays put",
    failing(timeout, 2000, 4, 1000),
    failing(refused, 2600, 9, 1500),
    { state: "offline", okWall: 1500, failingSince: 2000 },
  ],
  [
    "the job's failures began first: still the earliest",
    failing(refused, 2600, 3, 1000),
    failing(refused, 2000, 5, 1500),
    { state: "offline", failingSince: 2000 },
  ],
  [
    "no job selected, the page alone: two failures in a row",
    failing(refused, 2000, 2, 1000),
    undefined,
    { state: "offline", failingSince: 2000, okWall: 1000 },
  ],
  [
    "never reached at all",
    failing(refused, 2000, 2, undefined),
    undefined,
    { state: "offline", failingSince: 2000, okWall: undefined },
  ],
  [
    "the service answers with errors: retrying, not offline",
    failing(http500, 2000, 5, 1000),
    failing(http500, 2100, 5, 1500),
    { state: "retrying", failingSince: undefined },
  ],
  [
    "a job-only error that began before the page's last success is no outage",
    ok(5000),
    failing(notFound, 1000, 30, undefined),
    { state: "retrying", okWall: 5000, failingSince: undefined },
  ],
  [
    "a long job-only failure, then the page goes too: the outage starts with the page",
    failing(refused, 6000, 2, 5000),
    failing(refused, 1000, 30, undefined),
    { state: "offline", okWall: 5000, failingSince: 6000 },
  ],
  [
    // The complaint: "offline since 17:26:51", when the 429s began; the resets began at 17:27:22.
    "429s, then resets on both: offline since the first request nothing answered",
    answeredThenSilent(2000, 4500, 5000, 2, 1000),
    answeredThenSilent(2100, 4800, 5200, 1, 1000),
    { state: "offline", okWall: 1000, failingSince: 5000 },
  ],
  [
    "429s, then one reset: one unanswered request is not offline",
    answeredThenSilent(2000, 4500, 5000, 1, 1000),
    failing(tooMany, 2100, 3, 1000),
    { state: "retrying", failingSince: undefined },
  ],
  [
    "429s only: the service answers, so never offline however long",
    failing(tooMany, 2000, 40, 1000),
    failing(tooMany, 2100, 80, 1000),
    { state: "retrying", failingSince: undefined },
  ],
  [
    "resets on the page, then a 429 to the job: the outage starts after that answer",
    failing(reset, 3000, 4, 1000),
    answeredThenSilent(2000, 3500, 4000, 2, 1000),
    { state: "offline", failingSince: 4000 },
  ],
  [
    "resets on the page, then a 429 to the job, then one reset: not yet offline",
    failing(reset, 3000, 4, 1000),
    answeredThenSilent(2000, 3500, 4000, 1, 1000),
    { state: "retrying", failingSince: undefined },
  ],
  [
    "token rejected",
    failing(auth, 2000, 1, 1000),
    failing(auth, 2100, 1, 1500),
    { state: "auth", failingSince: 2000 },
  ],
  [
    "a stale error of a job no longer selected is ignored",
    ok(3000),
    undefined,
    { state: "ok", okWall: 3000 },
  ],
  [
    "retry time: the soonest of the failing pollers",
    failing(refused, 2000, 2, 1000, 8000),
    failing(refused, 2100, 2, 1500, 4000),
    { state: "offline", retryAt: 4000 },
  ],
];

describe("connectionState", () => {
  it.each(TABLE)("%s", (_what, list, job, expected) => {
    expect(connectionState(list, job)).toMatchObject(expected);
  });

  it("never says offline while either poller succeeded (or had an answer) after the failures began", () => {
    // Every combination of failure start, success time and count, from both sides.
    const times = [undefined, 1000, 2000, 3000];
    const errors = [undefined, timeout, refused, http500, tooMany, auth];
    for (const lOk of times)
      for (const jOk of times)
        for (const lErr of errors)
          for (const jErr of errors)
            for (const start of [1000, 2000, 3000])
              for (const n of [1, 2, 5]) {
                const list = lErr ? failing(lErr, start, n, lOk) : ok(lOk);
                const job = jErr ? failing(jErr, start + 500, n, jOk) : ok(jOk);
                const c = connectionState(list, job);
                if (c.state === "offline" || c.state === "auth") {
                  expect(c.failingSince).toBeDefined();
                  expect(c.okWall === undefined || c.okWall < (c.failingSince ?? 0)).toBe(true);
                } else expect(c.failingSince).toBeUndefined();
                // Offline since a time the service answered after is a contradiction.
                if (c.state === "offline")
                  for (const s of [list, job])
                    expect(s.answerWall === undefined || s.answerWall < (c.failingSince ?? 0)).toBe(true);
                if (c.state === "ok" || c.state === "loading") expect(lErr ?? jErr).toBeUndefined();
              }
  });
});

describe("the service's hold (issue 29.9)", () => {
  const held = { until: 50_000, untilWall: 1_050_000, reason: "rate limited" };

  it("is one state and one countdown, whichever poller got the 429, even with nothing failing", () => {
    expect(connectionState(ok(1000), ok(2000), held)).toEqual({
      state: "retrying",
      okWall: 2000,
      retryAt: 50_000,
      failingSince: undefined,
      reason: "rate limited",
    });
    // The job's own retry (sooner, its interval) is not a second clock: the hold's end is the one said.
    expect(connectionState(failing(tooMany, 3000, 1, 1000, 12_000), ok(2000), held)).toMatchObject({
      state: "retrying",
      retryAt: 50_000,
      reason: "rate limited",
    });
  });

  it("gives way to a rejected token and to silence", () => {
    expect(connectionState(failing(auth, 3000, 1, 1000), ok(2000), held).state).toBe("auth");
    expect(connectionState(failing(timeout, 3000, 3), failing(refused, 3000, 3), held).state).toBe("offline");
  });
});
