// What the monitor tells outside its frame, each from the monitor's snapshots as they come: the
// bell (--bell), desktop notifications (--notify) and the terminal title (--title). Outside
// React: none of them is drawn, and none may cost a render.
import type { Config } from "../config/types.js";
import type { ChangeEvent } from "../model/events.js";
import { inNotifyScope, type NotifyScope } from "../model/notify-scope.js";
import { sanitize } from "../model/sanitize.js";
import { runningCode, titleText } from "../model/title-text.js";
import type { Monitor } from "../poll/monitor.js";
import { connectionState } from "../render/connection.js";
import { statusCount } from "../render/header-props.js";
import type { Notifier } from "../terminal/notifier.js";
import type { TitleWriter } from "../terminal/title.js";

/**
 * --bell: a ring for any change (a new status or log entry) of the page, the selected job or a
 * pin; with notify_scope "all" for any status change the index finds too, with "pinned" only for
 * a pin's status change. The bell itself keeps bursts to one.
 */
export function ringOnChange(monitor: Monitor, ring: () => void, scope: NotifyScope = "page"): void {
  let seen = monitor.getSnapshot().changeCount;
  const fresh = freshEvents(monitor);
  monitor.subscribe(() => {
    const n = monitor.getSnapshot().changeCount;
    const page = scope !== "pinned" && n > seen;
    seen = n;
    const events = fresh();
    // A watched job's change the index's sweep saw first is an event, not a page change: it rings too.
    if (page || events.some((e) => inNotifyScope(e, scope, (id) => monitor.isPinned(id)))) ring();
  });
}

/**
 * Hands each status change in notify_scope to the notifier once, oldest first; not those of a job
 * that flaps (`flapping`: src/poll/insight.ts, which says the flapping once instead).
 */
export function notifyOnChange(
  monitor: Monitor,
  notifier: Notifier,
  scope: NotifyScope = "page",
  flapping: (id: string) => boolean = () => false,
): void {
  const fresh = freshEvents(monitor);
  monitor.subscribe(() => {
    const events = fresh().filter(
      (e) => !flapping(e.id) && inNotifyScope(e, scope, (id) => monitor.isPinned(id)),
    );
    if (events.length > 0) notifier.add(events);
  });
}

/** The events that came since the last call, oldest first. */
function freshEvents(monitor: Monitor): () => ChangeEvent[] {
  let last = monitor.getSnapshot().events[0]?.seq ?? 0;
  return () => {
    const events = monitor.getSnapshot().events;
    const newest = events[0]?.seq ?? 0;
    if (newest <= last) return [];
    const fresh: ChangeEvent[] = [];
    for (const e of events) {
      if (e.seq <= last) break;
      // An action's result is the user's own doing, said on the status line: no notification.
      if (e.note === undefined) fresh.push(e);
    }
    last = newest;
    return fresh.reverse();
  };
}

/** The unseen events (the newest `unseen` of the list) in notify_scope: the title's ✱ count. */
function unseenInScope(monitor: Monitor, scope: NotifyScope): number {
  const s = monitor.getSnapshot();
  let n = 0;
  const end = Math.min(s.unseen, s.events.length);
  for (let i = 0; i < end; i++)
    if (inNotifyScope(s.events[i] as ChangeEvent, scope, (id) => monitor.isPinned(id))) n++;
  return n;
}

/** Keeps the title in step with the snapshot; the writer writes only when its text changes. */
export function titleOnChange(monitor: Monitor, title: TitleWriter, config: Config): void {
  // The profile names the service as its user does (prod, staging); without one, the host.
  const where = sanitize(config.profile ?? hostOf(config.baseUrl));
  const running = runningCode(config.statusLabels);
  const update = () => {
    const s = monitor.getSnapshot();
    // The account's, as the header's counts, when the index has them.
    const count = running === undefined ? undefined : statusCount(s, running);
    const connection = connectionState(s.list, s.selectedId === undefined ? undefined : s.job);
    title.set(
      titleText({
        where,
        running: count,
        unseen: unseenInScope(monitor, config.notifyScope),
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
