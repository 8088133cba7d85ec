// The Monitor under vitest's fake timers, fed by a client the test scripts: the timers faked
// around each test, and each test's Monitor stopped after it.
import { afterEach, beforeEach, vi } from "vitest";
import type { JobClient } from "../../src/api/client.js";
import { Monitor } from "../../src/poll/monitor.js";
import type { Clock } from "../../src/poll/poller.js";

type MonitorOptions = ConstructorParameters<typeof Monitor>[0];

/** The pollers' clock on the (faked) timers and Date. */
export const fakeClock: Clock = {
  now: () => Date.now(),
  wall: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Registers the hooks, and returns `start`: a Monitor on `client` (20 a page, newest first, at
 * the file's intervals unless `over` says otherwise) on the fake clock, started.
 */
export function fakeTimedMonitors(intervals: Pick<MonitorOptions, "intervalMs" | "listIntervalMs">) {
  let monitor: Monitor | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    monitor?.stop();
    monitor = undefined;
    vi.useRealTimers();
  });
  return function start(client: JobClient, over: Partial<MonitorOptions> = {}): Monitor {
    monitor = new Monitor({
      client,
      perPage: 20,
      order: "desc",
      ...intervals,
      clock: fakeClock,
      now: () => Date.now(),
      ...over,
    });
    monitor.start();
    return monitor;
  };
}
