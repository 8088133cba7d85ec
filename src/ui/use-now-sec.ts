// "Now" for ages and durations on screen.
import { useMemo } from "react";
import type { MonitorSnapshot } from "../poll/monitor.js";

/**
 * Ages are computed against the time the last answer arrived, so they move with each poll, not
 * every second. (An answer the same as the last keeps its data object, src/api/same-body.ts.)
 */
export function useNowSec(snap: MonitorSnapshot): number {
  // biome-ignore lint/correctness/useExhaustiveDependencies: recompute exactly when an answer arrives
  return useMemo(() => Math.floor(Date.now() / 1000), [snap.list.okAt, snap.job.okAt]);
}
