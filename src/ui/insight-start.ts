// Starts the monitor's insight (src/poll/insight.ts) for start.ts, in one call: the trend read from
// its file (beside the state file, when `state` is on and the index may run) and written back,
// and the stuck and flapping notifications handed to the notifier within notify_scope.
import type { Config } from "../config/types.js";
import { sanitize } from "../model/sanitize.js";
import { type InsightOptions, InsightWatch } from "../poll/insight.js";
import type { Monitor } from "../poll/monitor.js";
import { stateName } from "../state/away-session.js";
import { readTrend, trendPath, writeTrend } from "../state/trend-file.js";
import type { Notifier } from "../terminal/notifier.js";

export function startInsight(config: Config, monitor: Monitor, notifier: Notifier | undefined): InsightWatch {
  let trend: InsightOptions["trend"];
  if (config.state && !config.demo && config.index !== "off") {
    const path = trendPath(stateName(config.profile, config.baseUrl), process.env);
    const read = readTrend(path);
    if (read.warning) monitor.noticeOf(read.warning);
    let warned: string | undefined;
    trend = {
      initial: read.trend,
      save: (t) => {
        const w = writeTrend(path, t);
        if (w !== undefined && w !== warned) monitor.noticeOf(w);
        warned = w;
      },
    };
  }
  const scope = config.notifyScope;
  return new InsightWatch(monitor, config, {
    trend,
    notify: notifier
      ? (job, text) => {
          // notify_scope: "all" any job; "pinned" a pin; "page" a job on the page, the selected one or a pin.
          const snap = monitor.getSnapshot();
          const onPage =
            snap.selectedId === job.id ||
            (snap.list.data?.items.some((i) => i.ok && i.job.id === job.id) ?? false);
          const inScope = scope === "all" || monitor.isPinned(job.id) || (scope === "page" && onPage);
          if (inScope) notifier.addText(job.id, job.displayID, sanitize(text));
        }
      : undefined,
  });
}
