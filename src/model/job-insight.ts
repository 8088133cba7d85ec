// What the index keeps of a job for the durations, the stats and the stuck rules (issue 32): its
// class and its state.log's digest (./log-digest.ts), a few numbers instead of the whole log.
import type { Job } from "../api/schema.js";
import { cutText } from "./cut-text.js";
import { type JobPath, pathText } from "./job-path.js";
import { digestLog, type LogDigest } from "./log-digest.js";

/** As the index's INDEX_NAME_MAX (not imported: job-index.ts imports this file). */
const CLASS_MAX = 64;

export interface JobInsight {
  /** ctx.class (the spec: "may be empty"), capped as the index caps its text. */
  cls: string;
  log: LogDigest;
  /** The custom columns' values ([[custom_columns]]), in their order: kept in the index's entry too. */
  custom: readonly string[];
}

/** A custom column ([[custom_columns]]: src/config/insight-tables.ts). */
export interface CustomColumn {
  /** As written (letters, digits, _ -; up to 16), upper case: its title, and its name in `columns`. */
  name: string;
  path: JobPath;
  /** The path as written, for `config check`. */
  pathText: string;
  width: number;
}

/**
 * The custom columns in force, set once at start (src/ui/start.ts, src/modes/command.ts) before any
 * job is read: the index keeps each job's values, which its rows, sort and filter read.
 */
let CUSTOM: readonly CustomColumn[] = [];
export function setCustomColumns(columns: readonly CustomColumn[]): void {
  CUSTOM = columns;
}
export function customColumns(): readonly CustomColumn[] {
  return CUSTOM;
}
const NO_VALUES: readonly string[] = [];

export function jobInsight(job: Job): JobInsight {
  const cls = job.ctx.class;
  return {
    cls: cutText(cls, CLASS_MAX),
    log: digestLog(job.state.log),
    custom: CUSTOM.length === 0 ? NO_VALUES : CUSTOM.map((c) => pathText(job, c.path)),
  };
}

/** Digests made, one per job object: a row's durations are read at every frame, the log digested once. */
const made = new WeakMap<Job, JobInsight>();

/** The job's insight, digested once per job object (an index row's is its entry's: rememberInsight). */
export function insightOf(job: Job): JobInsight {
  let i = made.get(job);
  if (!i) {
    i = jobInsight(job);
    made.set(job, i);
  }
  return i;
}

/** A job made from an index entry (src/render/index-rows.ts) has the entry's insight, not its one-entry log's. */
export function rememberInsight(job: Job, insight: JobInsight): void {
  made.set(job, insight);
}

/** What the stats and the stuck rules read of a full job (the index's entries have the same fields). */
export interface InsightJob {
  id: string;
  status: number;
  remark: string;
  gpus: number;
  gpuName: string;
  node: string;
  cls: string;
  log: LogDigest;
}

export function insightJob(job: Job): InsightJob {
  const i = insightOf(job);
  return {
    id: job.id,
    status: job.status,
    remark: job.app.remark,
    gpus: job.res.gpus,
    gpuName: job.res.gpuName,
    node: job.ctx.nodeDisplayID,
    cls: i.cls,
    log: i.log,
  };
}
