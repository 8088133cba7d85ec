// The insight's state (src/poll/insight.ts) for the App, or none when the monitor runs without it
// (tests that mount the App alone).
import { useSyncExternalStore } from "react";
import type { InsightState, InsightWatch } from "../poll/insight.js";

const none = () => () => {};
const nothing = (): InsightState | undefined => undefined;

export function useInsight(insight: InsightWatch | undefined): InsightState | undefined {
  return useSyncExternalStore(insight?.subscribe ?? none, insight?.getSnapshot ?? nothing);
}
