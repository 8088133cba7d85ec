// The header's props from the monitor's data, the config and the UI state: pure, so the first
// frame (first-frame.ts) and App give the header the same facts.
import type { Config } from "../config.js";
import { sanitize } from "../model/sanitize.js";
import { connectionState } from "../poll/connection.js";
import type { MonitorSnapshot } from "../poll/monitor.js";
import type { HeaderProps } from "./Header.js";
import type { UiState } from "./ui-state.js";
import { type View, viewSummary } from "./view.js";

export function headerProps(
  snap: MonitorSnapshot,
  config: Config,
  ui: UiState,
  view: View,
  o: { host: string; width: number },
): HeaderProps {
  const facts = snap.list.data?.facts;
  return {
    host: o.host,
    page: snap.page,
    numPages: facts?.numPages ?? 1,
    order: snap.order,
    total: facts ? (facts.total ?? "?") : undefined,
    doubts: facts?.doubts.join(" "),
    intervalMs: snap.intervalMs,
    listIntervalMs: config.listIntervalMs,
    intervalChanged: snap.intervalMs !== config.intervalMs,
    pausedSince: snap.pausedSince,
    changes: snap.unseen,
    connection: connectionState(snap.list, snap.selectedId === undefined ? undefined : snap.job),
    width: o.width,
    filter: viewSummary(ui, view, config.statusLabels),
    profile: config.profile,
  };
}

/** The service's host for the header, sanitised (it is the user's text, or the service's). */
export function headerHost(baseUrl: string): string {
  let host: string;
  try {
    host = new URL(baseUrl).host;
  } catch {
    host = baseUrl;
  }
  return sanitize(host);
}
