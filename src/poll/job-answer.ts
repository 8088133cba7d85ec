// What the single-job request answered: the job, or that the service says it is not there, and
// what the answer weighed. Kept apart from the Monitor, which polls it for the selected job and
// for each pin on its own poller; here too how often the selected job is asked for (jobPace), and
// the page's or a sweep's answer counting as a job's poll (AnswerSharing).
import type { AnswerInfo, JobClient } from "../api/client.js";
import { describeError, isApiError } from "../api/errors.js";
import type { Job } from "../api/schema.js";
import { sameJson } from "../model/same.js";
import { formatBytes, JOB_BYTES_PER_MIN, pacedIntervalMs } from "./byte-budget.js";
import type { Poller } from "./poller.js";

/** The selected job is not there: the service answered its request with an error code or a 404. */
export interface MissingJob {
  id: string;
  /** The service's words (not yet sanitised: render through sanitize()). */
  message: string;
  /** It said "not found" (HTTP 404, code 404, or those words); else it is only "not available". */
  notFound: boolean;
}

/** What the single-job request answered: the job (and its answer's bytes: 0 for a 304), or that it is missing. */
export type JobAnswer =
  | { job: Job; bytes?: number; missing?: undefined }
  | { job?: undefined; bytes?: undefined; missing: MissingJob };

/**
 * The single job. How the service says "no such job" the spec does not tell; the demo answers
 * code ≠ 0 with "job not found". An error code or an HTTP 404 in the envelope for this one request is taken as
 * "missing": the service answered, so it is data to show (and poll slowly), not a failure to retry.
 */
export function jobFetch(client: JobClient, id: string) {
  return async (signal: AbortSignal): Promise<JobAnswer> => {
    try {
      const info: AnswerInfo = { bytes: 0, notModified: false, same: false };
      const job = await client.getJob(id, signal, info);
      return { job, bytes: info.bytes };
    } catch (e) {
      if (!isApiError(e)) throw e;
      const status = e.details.status ?? e.details.code;
      // An HTTP 404 is the service's "not there" only in its envelope: a gateway's page is a wrong
      // path (the error names it: src/api/error-answer.ts), a failure retried like any other.
      if (e.kind !== "envelope" && !(e.kind === "http" && status === 404 && e.details.envelope)) throw e;
      const message = describeError(e);
      return { missing: { id, message, notFound: status === 404 || /not[\s_-]*found/i.test(message) } };
    }
  };
}

/**
 * How often the selected job is asked for: its interval; the page's (when slower) while `slow`
 * (missing, or not watched) or in a status the config calls final (`final`: it will not change
 * again); and slower still while its answers weigh more than its byte budget (byte-budget.ts:
 * a 14 MB log every 30 s), which `why` then says for the header. `r` asks at once whatever this says.
 */
export function jobPace(o: {
  intervalMs: number;
  listIntervalMs: number;
  slow: boolean;
  status: number | undefined;
  final: readonly number[];
  /** The last answer's bytes (0 for a 304), if any. */
  bytes: number | undefined;
}): { ms: number; why: string | undefined } {
  const final = o.status !== undefined && o.final.includes(o.status);
  const base = o.slow || final ? Math.max(o.intervalMs, o.listIntervalMs) : o.intervalMs;
  const ms = pacedIntervalMs(o.bytes ?? 0, base, JOB_BYTES_PER_MIN);
  return { ms, why: ms > base ? `${formatBytes(o.bytes ?? 0)} answers` : undefined };
}

/**
 * One answer, many uses: a page's or a sweep's answer that holds a job another poller asks for
 * (the selected job, a pin) counts as that poller's answer when its copy is the poller's own, by
 * content; no second request for it within the interval. A copy that differs is news the job's
 * own poll brings in full (the page's copy keeps no raw fields for `y`), at its usual time.
 */
export class AnswerSharing {
  /** Each own copy's last comparison, so an unchanged page (the same objects) is not compared again. */
  private readonly compared = new WeakMap<Job, { seen: Job; same: boolean }>();

  offer(poller: Pick<Poller<JobAnswer>, "getSnapshot" | "countAnswer">, seen: Job): void {
    const own = poller.getSnapshot().data?.job;
    if (own === undefined || own.id !== seen.id) return;
    let c = this.compared.get(own);
    if (c?.seen !== seen) {
      c = { seen, same: own === seen || sameJson(own, seen) };
      this.compared.set(own, c);
    }
    if (c.same) poller.countAnswer();
  }
}
