// What the index keeps of a job for the durations, the stats and the stuck rules (issue 32): its
// class and its state.log's digest (./log-digest.ts), a few numbers instead of the whole log.
import type { Job } from "../api/schema.js";
import { digestLog, type LogDigest } from "./log-digest.js";

/** As the index's INDEX_TEXT_MAX (not imported: job-index.ts imports this file). */
const CLASS_MAX = 4096;

export interface JobInsight {
  /** ctx.class (the spec: "may be empty"), capped as the index caps its text. */
  cls: string;
  log: LogDigest;
}

export function jobInsight(job: Job): JobInsight {
  const cls = job.ctx.class;
  return { cls: cls.length > CLASS_MAX ? cls.slice(0, CLASS_MAX) : cls, log: digestLog(job.state.log) };
}
