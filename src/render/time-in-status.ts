// The detail's timeline summary (issue 32): the time the job spent in each status over its whole
// log ("◌ queued 1m 10s · ● running 41m"), and how long it waited in its first one. From the
// job's digest (made once per job object), so a 200 000-entry log costs its bounded digest once.

import type { Job } from "../api/schema.js";
import { timePerStatus, waitedSec } from "../model/durations.js";
import { formatDuration } from "../model/format.js";
import { insightOf } from "../model/job-insight.js";
import { sanitize } from "../model/sanitize.js";
import { statusStyle } from "../model/status.js";

/** "time spent ◌ queued 1m 10s · ● running 41m · waited 1m 10s"; undefined without a log. */
export function timeSummary(job: Job, nowSec: number, labels: Record<number, string>): string | undefined {
  const d = insightOf(job).log;
  const per = timePerStatus(d, nowSec);
  if (per.size === 0) return undefined;
  const parts: string[] = [];
  for (const [code, sec] of per) {
    const s = statusStyle(code, labels);
    parts.push(`${s.symbol} ${sanitize(s.label)} ${formatDuration(sec, { coarse: true })}`);
  }
  const waited = waitedSec(d, nowSec);
  const tail = waited === undefined ? "" : ` · waited ${formatDuration(waited, { coarse: true })}`;
  const skipped = d.skipped ? " (log out of order or cut: see jobtop stats)" : "";
  return `time spent ${parts.join(" · ")}${tail}${skipped}`;
}
