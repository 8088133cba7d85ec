// The insight (src/poll/insight.ts) for the App: the stuck and flapping marks only, a new object
// only when they change (a sweep that changed none draws nothing); its whole state only while the
// stats view is open. None when the monitor runs without it (tests that mount the App alone).
import { useSyncExternalStore } from "react";
import type { InsightMarks, InsightState, InsightWatch } from "../poll/insight.js";

const none = () => () => {};
const nothing = (): undefined => undefined;

export function useInsight(insight: InsightWatch | undefined): InsightMarks | undefined {
  return useSyncExternalStore(insight?.subscribe ?? none, insight?.getMarks ?? nothing);
}

/** The whole state (the trend, the jobs' seq), followed only while `open`. */
export function useInsightState(insight: InsightWatch | undefined, open: boolean): InsightState | undefined {
  return useSyncExternalStore(
    open && insight ? insight.subscribe : none,
    open && insight ? insight.getSnapshot : nothing,
  );
}
