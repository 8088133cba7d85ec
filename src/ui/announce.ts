// What the monitor tells outside its frame, each from the monitor's snapshots as they come: the
// bell (--bell), desktop notifications (--notify) and the terminal title (--title). Outside
// React: none of them is drawn, and none may cost a render.
import type { Config } from "../config/types.js";
import type { ChangeEvent } from "../model/events.js";
import { sanitize } from "../model/sanitize.js";
import { runningCode, titleText } from "../model/title-text.js";
import type { Monitor } from "../poll/monitor.js";
import { connectionState } from "../render/connection.js";
import type { Notifier } from "../terminal/notifier.js";
import type { TitleWriter } from "../terminal/title.js";

/** --bell: a ring for any change (a new status or log entry); the bell itself keeps bursts to one. */
export function ringOnChange(monitor: Monitor, ring: () => void): void {
  let seen = monitor.getSnapshot().changeCount;
  monitor.subscribe(() => {
    const n = monitor.getSnapshot().changeCount;
    if (n <= seen) return;
    seen = n;
    ring();
  });
}

/** Hands each status change to the notifier once, oldest first. */
export function notifyOnChange(monitor: Monitor, notifier: Notifier): void {
  let last = monitor.getSnapshot().events[0]?.seq ?? 0;
  monitor.subscribe(() => {
    const events = monitor.getSnapshot().events;
    const newest = events[0]?.seq ?? 0;
    if (newest <= last) return;
    const fresh: ChangeEvent[] = [];
    for (const e of events) {
      if (e.seq <= last) break;
      // An action's result is the user's own doing, said on the status line: no notification.
      if (e.note === undefined) fresh.push(e);
    }
    last = newest;
    if (fresh.length > 0) notifier.add(fresh.reverse());
  });
}

/** Keeps the title in step with the snapshot; the writer writes only when its text changes. */
export function titleOnChange(monitor: Monitor, title: TitleWriter, config: Config): void {
  // The profile names the service as its user does (prod, staging); without one, the host.
  const where = sanitize(config.profile ?? hostOf(config.baseUrl));
  const running = runningCode(config.statusLabels);
  const update = () => {
    const s = monitor.getSnapshot();
    let count: number | undefined;
    // Nothing counted before the page is there: "0 running" would be news, and wrong.
    if (running !== undefined && s.list.data) {
      count = 0;
      for (const i of s.list.data?.items ?? []) if (i.ok && i.job.status === running) count++;
    }
    const connection = connectionState(s.list, s.selectedId === undefined ? undefined : s.job);
    title.set(
      titleText({
        where,
        running: count,
        unseen: s.unseen,
        paused: s.pausedSince !== undefined,
        offline: connection.state === "offline",
      }),
    );
  };
  update();
  monitor.subscribe(update);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
