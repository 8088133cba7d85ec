// The header's ticking cell wakes exactly when its text changes, and never without a change.
import { describe, expect, it } from "vitest";
import type { Connection } from "../../src/render/connection.js";
import { isFresh } from "../../src/render/connection.js";
import { retryText, shownAge } from "../../src/render/header-props.js";
import { nextChangeIn } from "../../src/ui/Header.js";

const conn = (over: Partial<Connection>): Connection => ({
  state: "ok",
  okWall: undefined,
  retryAt: undefined,
  failingSince: undefined,
  ...over,
});
const WALL = 1_800_000_000_000;

describe("the ticking cell's next change", () => {
  it("is the next whole second of the age under a minute, then the next minute, hour, day", () => {
    expect(nextChangeIn(conn({ okWall: WALL - 12_300 }), WALL, 0)).toBe(701);
    expect(nextChangeIn(conn({ okWall: WALL }), WALL, 0)).toBe(1001);
    expect(nextChangeIn(conn({ okWall: WALL - 59_500 }), WALL, 0)).toBe(501);
    expect(nextChangeIn(conn({ okWall: WALL - 90_000 }), WALL, 0)).toBe(30_001);
    expect(nextChangeIn(conn({ okWall: WALL - 2 * 3600_000 - 1000 }), WALL, 0)).toBe(3600_000 - 1000 + 1);
    expect(nextChangeIn(conn({ okWall: WALL - 3 * 86_400_000 }), WALL, 0)).toBe(86_400_000 + 1);
  });

  it("follows the retry countdown too, whichever changes first", () => {
    const failing = conn({ state: "retrying", okWall: WALL - 500, retryAt: 10_000 });
    // 2.4 s left shows "in 3s" until 2 s are left: 400 ms; the age changes in 500.
    expect(nextChangeIn(failing, WALL, 7_600)).toBe(401);
    // Retry due: the countdown says "…" and no longer changes; the age still does.
    expect(nextChangeIn(failing, WALL, 10_500)).toBe(501);
  });

  it("follows the pause's own age while paused, and no countdown", () => {
    const failing = conn({ state: "retrying", okWall: WALL - 500, retryAt: 10_000 });
    // Paused 4.8 s ago: "paused 4s" turns 5s in 200 ms, before the data's age (500 ms).
    expect(nextChangeIn(failing, WALL, 7_600, WALL - 4_800)).toBe(201);
    expect(nextChangeIn(conn({ state: "loading" }), WALL, 0, WALL - 120_000)).toBe(60_001);
  });

  it("while the data is fresh, wakes only when it would turn late, then ticks its age", () => {
    const FRESH = 4_000;
    // Answered 1.5 s ago, fresh for 4 s: "● ok" until 2.5 s from now, nothing before.
    expect(nextChangeIn(conn({ okWall: WALL - 1_500 }), WALL, 0, undefined, FRESH)).toBe(2_501);
    expect(isFresh(conn({ okWall: WALL - 1_500 }), WALL, FRESH)).toBe(true);
    // Late: the age shows and changes with each second as before.
    expect(isFresh(conn({ okWall: WALL - 4_300 }), WALL, FRESH)).toBe(false);
    expect(nextChangeIn(conn({ okWall: WALL - 4_300 }), WALL, 0, undefined, FRESH)).toBe(701);
    // Not ok: "data from Ns ago" always shows, fresh or not.
    const failing = conn({ state: "retrying", okWall: WALL - 1_500, retryAt: 10_000 });
    expect(nextChangeIn(failing, WALL, 9_900, undefined, FRESH)).toBe(101);
  });

  it("says when a failing request is tried again, and '…' once it is under way", () => {
    const failing = conn({ state: "offline", okWall: WALL - 30_000, retryAt: 10_000 });
    expect(retryText(failing, 7_600)).toBe(" in 3s");
    expect(retryText(failing, 9_999)).toBe(" in 1s");
    // Due: the request is out and may hang up to its timeout; no "in 0s" for all that time.
    expect(retryText(failing, 10_000)).toBe("…");
    expect(retryText(failing, 19_000)).toBe("…");
    expect(retryText(conn({ state: "ok" }), 0)).toBe("");
  });

  it("never wakes while loading or with nothing that moves", () => {
    expect(nextChangeIn(conn({ state: "loading" }), WALL, 0)).toBeUndefined();
    expect(nextChangeIn(conn({ state: "ok" }), WALL, 0)).toBeUndefined();
  });
});

describe("the age of what is on screen", () => {
  type Side = { data?: unknown; okWall?: number };
  const snap = (list: Side, job: Side, selected = true) =>
    ({
      list: { data: {}, ...list },
      job: { data: undefined, ...job },
      selectedId: selected ? "7" : undefined,
      jobPollMs: 2_000,
    }) as unknown as Parameters<typeof shownAge>[0];

  it("is the older of the page's and the job's: a failing page is not made young by the job", () => {
    const s = shownAge(snap({ okWall: WALL - 30_000 }, { okWall: WALL - 300 }), 10_000);
    expect(s.okWall).toBe(WALL - 30_000);
    // Late: the job's window (two of its intervals) ended 3.7 s after its answer.
    expect(isFresh(conn({ okWall: s.okWall }), WALL, s.freshMs)).toBe(false);
  });

  it("is on time while each is within two of its own intervals, and late once either is not", () => {
    const onTime = shownAge(snap({ okWall: WALL - 9_000 }, { okWall: WALL - 1_500 }), 10_000);
    expect(onTime.okWall).toBe(WALL - 9_000);
    expect(isFresh(conn({ okWall: onTime.okWall }), WALL, onTime.freshMs)).toBe(true);
    // The job 4.5 s late at 2 s: the header shows an age, the older one (the page's 9 s).
    const late = shownAge(snap({ okWall: WALL - 9_000 }, { okWall: WALL - 4_500 }), 10_000);
    expect(isFresh(conn({ okWall: late.okWall }), WALL, late.freshMs)).toBe(false);
    expect(late.okWall).toBe(WALL - 9_000);
  });

  it("is the page's alone with no job selected, or before the job's own copy came", () => {
    expect(shownAge(snap({ okWall: WALL - 5_000 }, { okWall: WALL - 100 }, false), 10_000)).toEqual({
      okWall: WALL - 5_000,
      freshMs: 20_000,
    });
    expect(shownAge(snap({ okWall: WALL - 5_000 }, {}), 10_000).okWall).toBe(WALL - 5_000);
    // No page yet: the job's, if it answered (a job reached with : before the page came).
    expect(shownAge(snap({ data: undefined }, { okWall: WALL - 100 }), 10_000).okWall).toBe(WALL - 100);
    expect(shownAge(snap({ data: undefined }, {}), 10_000).okWall).toBeUndefined();
  });
});
