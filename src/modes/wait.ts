// `jobtop wait ID --until STATUS[,STATUS…] [--timeout DUR] [--json]`: exits 0 as soon as the job's
// status is one of them, already there included, or its log shows it got there between two
// polls (so a short stay is not missed). Prints the final status line, or the job as JSON.
import { describeError } from "../api/errors.js";
import type { Job } from "../api/schema.js";
import { statusStyle } from "../model/status.js";
import { statusChanges } from "../model/transitions.js";
import type { CommandContext } from "./context.js";
import { EXIT } from "./exit.js";
import { type Follow, follow } from "./follow.js";
import { jobJson } from "./get.js";
import { jobGetter } from "./job-lookup.js";
import { gaveUpLine, toJson } from "./output.js";
import { currentLine } from "./watch.js";

export function runWait(
  ctx: CommandContext,
  id: string,
  o: { until: number[]; deadlineMs?: number },
): Promise<number> {
  const getJob = jobGetter(ctx);
  return new Promise((resolve) => {
    let done = false;
    let last: Job | undefined;
    let f: Follow | undefined;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const end = (code: number, message?: string) => {
      if (done) return;
      done = true;
      if (deadline) clearTimeout(deadline);
      f?.stop();
      if (message) ctx.err(message);
      resolve(code);
    };
    const limit = o.deadlineMs;
    if (limit !== undefined) {
      deadline = setTimeout(() => {
        // Still failing at the deadline: the status is unknown, which is not "it did not get there".
        if (f?.failing() || !last) {
          const why = f?.lastError() === undefined ? "no answer" : describeError(f?.lastError());
          return end(EXIT.failed, gaveUpLine(limit, why));
        }
        const now = statusStyle(last.status, ctx.config.statusLabels).label;
        const want = o.until.map((c) => statusStyle(c, ctx.config.statusLabels).label).join(" or ");
        end(EXIT.timeout, `timed out after ${limit / 1000}s: job ${id} is ${now}, not ${want}`);
      }, limit);
    }
    f = follow((signal) => getJob(id, signal), {
      intervalMs: ctx.config.intervalMs,
      singleJob: true,
      label: `job ${id}`,
      report: ctx.err,
      reportRecovery: true,
      onFatal: (code, message) => end(code, message),
      onData: (job) => {
        const nowSec = ctx.nowSec ?? Date.now() / 1000;
        const passed =
          last !== undefined && statusChanges(last, job, nowSec).some((c) => o.until.includes(c.to));
        last = job;
        if (!passed && !o.until.includes(job.status)) return;
        ctx.out.write(
          ctx.json ? `${toJson(jobJson(job, ctx.showSecrets), 2)}\n` : currentLine(job, ctx, nowSec),
        );
        end(EXIT.ok);
      },
    });
  });
}
