// `jobtop get ID [--json]`: one job. As text, the monitor's detail pane (sections, the timeline
// with the time spent in each state, URLs), plain unless stdout is a terminal; as JSON, the job.
// The text is the whole job: the pane's caps and folds (a few rows of the description, the last
// 50 log entries) are for a screen, and a script reading `get` must not lose a line of it.
import { rawOf } from "../api/raw.js";
import type { Job } from "../api/schema.js";
import { unknownFields } from "../api/unknown-fields.js";
import { maskJob } from "../model/secrets.js";
import { type DetailOptions, detailBody, detailHead, detailMore } from "../render/detail-lines.js";
import { paint } from "../render/paint.js";
import type { CommandContext } from "./context.js";
import { EXIT } from "./exit.js";
import { fetchOnce } from "./follow.js";
import { jobGetter } from "./job-lookup.js";
import { toJson } from "./output.js";

/** Text wider than this is wrapped even in a pipe (a description of one 10 kB line stays readable). */
const PIPE_WIDTH = 200;

export async function runGet(ctx: CommandContext, id: string): Promise<number> {
  const getJob = jobGetter(ctx);
  const r = await fetchOnce((signal) => getJob(id, signal), {
    intervalMs: ctx.config.intervalMs,
    deadlineMs: ctx.config.timeoutMs,
    singleJob: true,
    label: `job ${id}`,
    report: ctx.err,
  });
  if (!r.ok) {
    ctx.err(r.message);
    return r.code;
  }
  ctx.out.write(ctx.json ? `${toJson(jobJson(r.data, ctx.showSecrets), 2)}\n` : jobText(r.data, ctx));
  return EXIT.ok;
}

export function jobJson(job: Job, showSecrets: boolean): Job {
  return showSecrets ? job : maskJob(job);
}

export function jobText(
  job: Job,
  ctx: Pick<CommandContext, "columns" | "color" | "config" | "showSecrets" | "nowSec">,
) {
  const o: DetailOptions = {
    width: ctx.columns ?? PIPE_WIDTH,
    nowSec: ctx.nowSec ?? Date.now() / 1000,
    labels: ctx.config.statusLabels,
    protocolLabels: ctx.config.protocolLabels,
    portNames: ctx.config.portNames,
    showSecrets: ctx.showSecrets,
    isNewEntry: () => false,
    keyHints: false,
    whole: true,
  };
  const unknown = unknownFields(rawOf(job), Number.POSITIVE_INFINITY);
  const lines = detailHead(job, o).concat(detailBody(job, o), detailMore(job, unknown, o));
  let s = "";
  for (const l of lines) {
    const text = l.text.trimEnd();
    s += `${ctx.color && text ? paint({ text, color: l.color, bold: l.bold }, "reset") : text}\n`;
  }
  return s;
}
