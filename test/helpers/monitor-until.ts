// Waits on the Monitor's own snapshots, not on the clock: resolves with the first snapshot that
// passes `test` (the one at hand, or one published later), rejects after `ms`.
import type { Monitor, MonitorSnapshot } from "../../src/poll/monitor.js";

export function until(
  m: Monitor,
  test: (s: MonitorSnapshot) => boolean,
  ms = 15_000,
): Promise<MonitorSnapshot> {
  return new Promise((resolve, reject) => {
    if (test(m.getSnapshot())) return resolve(m.getSnapshot());
    const timer = setTimeout(() => reject(new Error("timed out")), ms);
    const off = m.subscribe(() => {
      if (!test(m.getSnapshot())) return;
      clearTimeout(timer);
      off();
      resolve(m.getSnapshot());
    });
  });
}
