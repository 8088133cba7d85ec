// The demo's world for issue 32: waits and run times that vary, jobs queued long enough to break
// the demo's stuck rule, and one job that flaps a minute after start.
import { describe, expect, it } from "vitest";
import { JobSchema } from "../../src/api/schema.js";
import { DEMO_PROFILE } from "../../src/demo/data.js";
import { World } from "../../src/demo/world.js";
import { DEFAULT_FLAP, flapping } from "../../src/model/alerts.js";
import { waitedSec } from "../../src/model/durations.js";
import { digestLog } from "../../src/model/log-digest.js";

describe("the demo world's insight", () => {
  it("has waits from under a minute to days, and jobs queued past the demo's rule", () => {
    const now = 1_800_000_000;
    const w = new World(42, 120, () => now);
    const waits = w.all().map((j) => waitedSec(digestLog(JobSchema.parse(j).state.log), now) ?? 0);
    expect(Math.min(...waits)).toBeLessThan(60);
    expect(waits.filter((s) => s > 3600).length).toBeGreaterThan(10);
    const rule = DEMO_PROFILE.insight.alerts[0];
    const stuck = w
      .all()
      .filter(
        (j) => j.status === 6 && now - (j.state.log.at(-1)?.ts.seconds ?? now) > (rule?.longerThanSec ?? 0),
      );
    expect(stuck.length).toBeGreaterThan(0);
  });

  it("one job flaps after 20 ticks, and settles running after 60", () => {
    let now = 1_800_000_000;
    const w = new World(42, 120, () => now);
    const flappers = () =>
      w
        .all()
        .filter((j) => flapping(digestLog(JobSchema.parse(j).state.log), DEFAULT_FLAP, now) !== undefined);
    for (let i = 0; i < 19; i++) {
      now += 3;
      w.tick();
    }
    expect(flappers()).toEqual([]);
    for (let i = 0; i < 10; i++) {
      now += 3;
      w.tick();
    }
    expect(flappers().length).toBe(1);
    for (let i = 0; i < 31 + 200; i++) {
      now += 3;
      w.tick();
    }
    expect(flappers()).toEqual([]);
  });
});
