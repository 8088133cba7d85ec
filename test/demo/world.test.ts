// The demo's world left open: a newcomer watching `jobtop --demo` for a quarter of an hour saw every
// job stopped after ten minutes ("137■", nothing moving, f and the stats view with one status).
import { describe, expect, it } from "vitest";
import { World } from "../../src/demo/world.js";

describe("the demo world over time", () => {
  it("keeps jobs queued, starting and running, and moving, for hours", () => {
    let now = 1_800_000_000;
    const w = new World(42, 120, () => now);
    const statuses = () => w.all().map((j) => `${j.id}:${j.status}`);
    // Two hours at the demo's 3 s tick, looked at every ten minutes.
    for (let look = 1; look <= 12; look++) {
      const before = statuses();
      for (let t = 0; t < 200; t++) {
        now += 3;
        w.tick();
      }
      const count = (s: number) => w.all().filter((j) => j.status === s).length;
      for (const s of [6, 1, 2]) expect(count(s), `status ${s} after ${look * 10} min`).toBeGreaterThan(3);
      const after = new Set(statuses());
      expect(before.filter((s) => !after.has(s)).length, `changes in ten minutes`).toBeGreaterThan(20);
    }
  });

  it("stays within twice its first size, left open for days", () => {
    // It grew by ~120 jobs an hour (a new job every five ticks, one gone every ten): 357 after 2 h.
    let now = 1_800_000_000;
    const w = new World(42, 120, () => now);
    let most = 0;
    for (let t = 0; t < 3 * 28_800; t++) {
      now += 3;
      w.tick();
      most = Math.max(most, w.all().length);
    }
    expect(most).toBeLessThanOrEqual(241);
    expect(w.all().length).toBeGreaterThan(120);
  });
});
