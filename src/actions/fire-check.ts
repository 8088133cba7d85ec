// Issue 29.4: the confirmation and the request saw different jobs. While a question was open (or
// while the jobs before it ran), a tagged job stopped or was removed, and its DELETE went out
// anyway. So each job is fetched again right before its request is sent or its command run (one
// at a time, as the bulk run goes: a GET, then the action, then the next job's GET), and the
// action's `statuses` apply to what that answer says. A job gone, in another status now, or whose
// fetch failed is skipped, and its result says why. Used by the monitor (ui/action-runner.ts)
// and `jobtop act` (modes/act.ts).
import type { Job } from "../api/schema.js";
import { sanitize } from "../model/sanitize.js";
import { appliesTo, type JobAction } from "./definitions.js";

/** What the fetch right before the action gave. */
export type Fresh =
  | { job: Job }
  /** The service says there is no such job (its words). */
  | { missing: string }
  /** No usable answer (a timeout, a 5xx, …): nothing is known of the job now. */
  | { failed: string };

/** The job as it is now, to act on, or why the action is skipped for it (a phrase for its result). */
export function checkAtFire(
  a: JobAction,
  id: string,
  fresh: Fresh,
  labels: Record<number, string>,
): { job: Job } | { skip: string } {
  const nothing = a.kind === "http" ? "nothing sent" : "nothing run";
  if ("missing" in fresh) return { skip: `gone: ${sanitize(fresh.missing)}` };
  if ("failed" in fresh)
    return { skip: `could not be fetched again (${sanitize(fresh.failed)}); ${nothing}` };
  const job = fresh.job;
  // A service that answers one id with another job (an alias, a cache): not the job confirmed.
  if (job.id !== id) return { skip: `the service answers with job ${job.id} for it now; ${nothing}` };
  if (!appliesTo(a, job.status)) {
    const on = (a.statuses ?? []).map((s) => statusName(s, labels)).join(", ");
    return { skip: `it is ${statusName(job.status, labels)} now; ${a.name} applies to ${on}` };
  }
  return { job };
}

/**
 * The id to hold an answer to when the job was named by `given` (act's argument) and no answer
 * was seen before: the answer's own id when it is the job named, else `given`, which checkAtFire
 * then refuses (a service that answered `act cancel 105` with job 777 had 777's DELETE sent).
 */
export function namedId(given: string, fresh: Fresh): string {
  return "job" in fresh && fresh.job.id === given ? fresh.job.id : given;
}

/** "2 (running)", or "2" when the code has no name. */
export function statusName(code: number, labels: Record<number, string>): string {
  const name = labels[code];
  return sanitize(name ? `${code} (${name})` : String(code));
}
