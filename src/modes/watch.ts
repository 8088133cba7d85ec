// `jobtop watch ID… [--until STATUS] [--json]`: one line per job with its current status, then one
// line (or JSON object) per status change, each at the time the job's log gives. Follows until
// interrupted (exit 0), until every job has reached --until, or until --timeout.
import { describeError } from "../api/errors.js";
import type { Job } from "../api/schema.js";
import { formatDuration, formatIsoLocal } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { statusStyle } from "../model/status.js";
import { currentSince, type StatusChange, statusChanges } from "../model/transitions.js";
import { PollGroup } from "../poll/poll-group.js";
import type { CommandContext } from "./context.js";
import { EXIT } from "./exit.js";
import { FailureLines } from "./failure-lines.js";
import { type Follow, follow } from "./follow.js";
import { jobGetter } from "./job-lookup.js";
import { gaveUpLine, toJson } from "./output.js";

export interface WatchOptions {
  until?: number[];
  /** Stop after this long: exit 3 if --until was not reached (1 if the service was failing), else 0. */
  deadlineMs?: number;
}

export function runWatch(ctx: CommandContext, ids: string[], o: WatchOptions): Promise<number> {
  const unique = Array.from(new Set(ids)); // the same id twice is one job
  const until = o.until;
  const getJob = jobGetter(ctx);
  return new Promise((resolve) => {
    const followers: Follow[] = [];
    const reached = new Set<string>();
    let done = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const end = (code: number, message?: string) => {
      if (done) return;
      done = true;
      if (deadline) clearTimeout(deadline);
      for (const f of followers) f.stop();
      if (message) ctx.err(message);
      resolve(code);
    };
    ctx.out.whenClosed(() => end(EXIT.ok)); // `| head`: the reader has what it wanted
    const limit = o.deadlineMs;
    if (limit !== undefined) {
      deadline = setTimeout(() => {
        if (!until) return end(EXIT.ok);
        const failing = followers.find((f) => f.failing());
        if (failing) return end(EXIT.failed, gaveUpLine(limit, describeError(failing.lastError())));
        const waiting = unique.filter((id) => !reached.has(id));
        end(EXIT.timeout, `timed out after ${limit / 1000}s waiting for job ${waiting.join(", ")}`);
      }, limit);
    }
    // One service: its jobs wake each other after silence, and wait out its hold together (a 429 to one).
    const group = new PollGroup(ctx.client.gate);
    // And say each failure once for them all (an outage: when it starts and when it ends).
    const lines = new FailureLines(ctx.err, true);
    for (const id of unique) {
      let last: Job | undefined;
      const f = follow((signal) => getJob(id, signal), {
        intervalMs: ctx.config.intervalMs,
        singleJob: true,
        label: `job ${id}`,
        report: ctx.err,
        reportRecovery: true,
        group,
        lines,
        onFatal: (code, message) => end(code, message),
        onData: (job) => {
          const nowSec = ctx.nowSec ?? Date.now() / 1000;
          if (!last) {
            ctx.out.write(currentLine(job, ctx, nowSec));
            if (until?.includes(job.status)) reached.add(id);
          } else {
            for (const c of statusChanges(last, job, nowSec)) {
              ctx.out.write(changeLine(job, c, ctx));
              if (until?.includes(c.to)) reached.add(id);
            }
          }
          last = job;
          if (until && reached.size === unique.length) end(EXIT.ok);
        },
      });
      followers.push(f);
    }
  });
}

type LineContext = Pick<CommandContext, "json" | "config">;

function who(job: Job): string {
  return `${sanitize(job.displayID) || "—"} (${job.id})`;
}

function label(code: number, labels: Record<number, string>): string {
  return sanitize(statusStyle(code, labels).label);
}

/** "2026-11-23T15:02:25+01:00  jb25w8 (100952)  running  for 4m 12s", or its JSON object. */
export function currentLine(job: Job, ctx: LineContext, nowSec: number): string {
  const labels = ctx.config.statusLabels;
  const since = currentSince(job);
  const forSec = since === undefined ? undefined : Math.max(0, Math.floor(nowSec - since));
  const at = since ?? Math.floor(nowSec);
  if (ctx.json) {
    return `${toJson({
      event: "current",
      time: formatIsoLocal(at),
      ts: at,
      id: job.id,
      displayID: job.displayID,
      status: job.status,
      ...(labels[job.status] !== undefined ? { label: labels[job.status] } : {}),
      ...(forSec !== undefined ? { forSec } : {}),
    })}\n`;
  }
  const dur = forSec === undefined ? "" : `  for ${formatDuration(forSec)}`;
  return `${formatIsoLocal(at)}  ${who(job)}  ${label(job.status, labels)}${dur}\n`;
}

/** "2026-11-23T15:06:37+01:00  jb25w8 (100952)  starting → running  after 4m 12s", or its JSON object. */
export function changeLine(job: Job, c: StatusChange, ctx: LineContext): string {
  const labels = ctx.config.statusLabels;
  if (ctx.json) {
    return `${toJson({
      event: "change",
      time: formatIsoLocal(c.ts),
      ts: c.ts,
      id: job.id,
      displayID: job.displayID,
      from: c.from,
      to: c.to,
      ...(labels[c.from] !== undefined ? { fromLabel: labels[c.from] } : {}),
      ...(labels[c.to] !== undefined ? { toLabel: labels[c.to] } : {}),
      ...(c.afterSec !== undefined ? { afterSec: c.afterSec } : {}),
      ...(c.entryId !== undefined ? { entryId: c.entryId } : {}),
    })}\n`;
  }
  const after = c.afterSec === undefined ? "" : `  after ${formatDuration(c.afterSec)}`;
  return `${formatIsoLocal(c.ts)}  ${who(job)}  ${label(c.from, labels)} → ${label(c.to, labels)}${after}\n`;
}
