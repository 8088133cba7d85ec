// The list's filters: text typed at `/` (matched, ignoring case, against the id, displayID,
// remark, cmd, node and status label) and the status chosen with `f`.
import type { Job } from "../api/schema.js";
import { insightOf } from "./job-insight.js";
import { compareStatuses, statusStyle } from "./status.js";

export interface Filters {
  text: string;
  status: number | undefined;
  /** The stuck jobs (issue 32), for the status filter STUCK_FILTER. */
  stuck?: ReadonlyMap<string, unknown>;
}

/** `f`'s "stuck" (issue 32): no status code is ever this (the schema's codes are integers). */
export const STUCK_FILTER = -0.5;

/** A test for one job, or undefined when nothing is filtered. */
export function jobMatcher(f: Filters, labels: Record<number, string>): ((job: Job) => boolean) | undefined {
  const needle = f.text.trim().toLowerCase();
  if (needle === "" && f.status === undefined) return undefined;
  // The cmd may be megabytes: a case-blind regular expression scans it in place, where
  // toLowerCase() would copy it for every job at every key typed.
  const re = needle === "" ? undefined : new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i");
  return (job) => {
    if (f.status === STUCK_FILTER) {
      if (!f.stuck?.has(job.id)) return false;
    } else if (f.status !== undefined && job.status !== f.status) return false;
    if (!re) return true;
    return (
      job.id.includes(needle) ||
      re.test(job.displayID) ||
      re.test(job.app.remark) ||
      re.test(job.ctx.nodeDisplayID) ||
      re.test(statusStyle(job.status, labels).label) ||
      re.test(job.app.cmd) ||
      insightOf(job).custom.some((v) => re.test(v))
    );
  };
}

/**
 * `f`: no status → "stuck" when a job is → the first status present → the next … → no status
 * again; in the header's order (⧗ first, then queued first: compareStatuses), not the codes' (6
 * came last, and stuck after every status while the header counts it first).
 */
export function nextStatus(
  current: number | undefined,
  present: readonly number[],
  stuck = false,
): number | undefined {
  const codes = Array.from(new Set(present)).sort(compareStatuses);
  if (stuck) codes.unshift(STUCK_FILTER);
  if (current === undefined) return codes[0];
  const i = codes.indexOf(current);
  // A status no longer on the page (the page changed): start over from the first.
  if (i < 0) return codes[0];
  return codes[i + 1];
}
