// "Now" for ages and durations on screen.
import { useMemo } from "react";
import type { MonitorSnapshot } from "../poll/monitor.js";

/** Ages are computed against the time the data arrived, so they change with data, not every second. */
export function useNowSec(snap: MonitorSnapshot): number {
  // biome-ignore lint/correctness/useExhaustiveDependencies: recompute exactly when new data arrives
  return useMemo(() => Math.floor(Date.now() / 1000), [snap.list.data, snap.job.data]);
}
