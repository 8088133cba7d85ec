// What the single-job request answered: the job, or that the service says it is not there. Kept
// apart from the Monitor, which polls it for the selected job and for each pin on its own poller.
import type { JobClient } from "../api/client.js";
import { describeError, isApiError } from "../api/errors.js";
import type { Job } from "../api/schema.js";

/** The selected job is not there: the service answered its request with an error code or a 404. */
export interface MissingJob {
  id: string;
  /** The service's words (not yet sanitised: render through sanitize()). */
  message: string;
  /** It said "not found" (HTTP 404, code 404, or those words); else it is only "not available". */
  notFound: boolean;
}

/** What the single-job request answered: the job, or that it is missing. */
export type JobAnswer = { job: Job; missing?: undefined } | { job?: undefined; missing: MissingJob };

/**
 * The single job. How the service says "no such job" the spec does not tell; the demo answers
 * code ≠ 0 with "job not found". An error code or an HTTP 404 for this one request is taken as
 * "missing": the service answered, so it is data to show (and poll slowly), not a failure to retry.
 */
export function jobFetch(client: JobClient, id: string) {
  return async (signal: AbortSignal): Promise<JobAnswer> => {
    try {
      return { job: await client.getJob(id, signal) };
    } catch (e) {
      if (!isApiError(e)) throw e;
      const status = e.details.status ?? e.details.code;
      if (e.kind !== "envelope" && !(e.kind === "http" && status === 404)) throw e;
      const message = describeError(e);
      return { missing: { id, message, notFound: status === 404 || /not[\s_-]*found/i.test(message) } };
    }
  };
}
