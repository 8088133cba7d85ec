// One action over several jobs (the tagged ones, or `jobtop act NAME ID…`): one at a time, or a
// few at once, each job's result as a line for the events pane ("cancel jb25w8: done", "cancel
// jb25w9: failed: …", "cancel jb26a1: skipped: it is 3 (stopped) now; …") and a summary for the
// status line. A job given twice runs once. Cancelled (signal), no further job is started; those
// are "not started" in the summary. Each job's run fetches it again first (fire-check.ts): one job
// at a time, a GET then its action, so a run on 500 jobs is paced as before, never a burst.
import { sanitize } from "../model/sanitize.js";

/** What running the action for one job gave: from send-action.ts or command.ts. */
export type JobOutcome =
  | { ok: true; line?: string }
  /** `unknown`: it may have done what it asked; `skipped`: nothing was sent or run (fire-check.ts). */
  | { ok: false; error: string; unknown?: boolean; skipped?: boolean };

export interface BulkTarget<J> {
  /** The job's id: the same id twice runs once. */
  id: string;
  /** What the lines call it: its displayID, say. */
  label: string;
  job: J;
}

export interface BulkResult {
  id: string;
  outcome: JobOutcome;
  /** "cancel jb25w8: done" */
  line: string;
}

export interface BulkOptions {
  /** Jobs in flight at once: 1 (default) to 4. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Told each result as it comes (the events pane). */
  onResult?: (r: BulkResult) => void;
}

const MAX_CONCURRENCY = 4;

/** "cancel jb25w8: done" / "cancel jb25w9: failed: …" */
export function resultLine(action: string, label: string, o: JobOutcome): string {
  const what = o.ok
    ? o.line
      ? `done: ${o.line}`
      : "done"
    : o.unknown
      ? `outcome unknown: ${o.error}`
      : o.skipped
        ? `skipped: ${o.error}`
        : `failed: ${o.error}`;
  return sanitize(`${action} ${label}: ${what}`);
}

export async function runBulk<J>(
  action: string,
  targets: readonly BulkTarget<J>[],
  run: (job: J, signal?: AbortSignal) => Promise<JobOutcome>,
  opts: BulkOptions = {},
): Promise<{ results: BulkResult[]; summary: string }> {
  const seen = new Set<string>();
  const queue: BulkTarget<J>[] = [];
  for (const t of targets)
    if (!seen.has(t.id)) {
      seen.add(t.id);
      queue.push(t);
    }
  const results: (BulkResult | undefined)[] = new Array(queue.length);
  let next = 0;
  const worker = async () => {
    while (next < queue.length && !opts.signal?.aborted) {
      const i = next++;
      const t = queue[i] as BulkTarget<J>;
      let outcome: JobOutcome;
      try {
        outcome = await run(t.job, opts.signal);
      } catch (e) {
        outcome = { ok: false, error: sanitize(e instanceof Error ? e.message : String(e)) };
      }
      const r = { id: t.id, outcome, line: resultLine(action, t.label, outcome) };
      results[i] = r;
      opts.onResult?.(r);
    }
  };
  const n = Math.max(1, Math.min(MAX_CONCURRENCY, opts.concurrency ?? 1, queue.length));
  const workers: Promise<void>[] = [];
  for (let w = 0; w < n; w++) workers.push(worker());
  await Promise.all(workers);
  const done = results.filter((r): r is BulkResult => r !== undefined);
  return { results: done, summary: summary(action, queue.length, done) };
}

/** How many results of each kind. */
export function tally(results: readonly BulkResult[]): {
  ok: number;
  failed: number;
  unknown: number;
  skipped: number;
} {
  const n = { ok: 0, failed: 0, unknown: 0, skipped: 0 };
  for (const r of results) {
    if (r.outcome.ok) n.ok++;
    else if (r.outcome.unknown) n.unknown++;
    else if (r.outcome.skipped) n.skipped++;
    else n.failed++;
  }
  return n;
}

/** "cancel: 3 done" / "cancel: 1 of 3 done, 1 failed, 1 outcome unknown, 1 skipped" */
export function summary(action: string, total: number, results: readonly BulkResult[]): string {
  const { ok, failed, unknown, skipped } = tally(results);
  const notRun = total - results.length;
  const jobs = total === 1 ? "job" : "jobs";
  if (ok === total) return `${action}: ${total === 1 ? "done" : `${total} ${jobs} done`}`;
  const parts = [`${ok} of ${total} ${jobs} done`];
  if (failed) parts.push(`${failed} failed`);
  if (unknown) parts.push(`${unknown} outcome unknown`);
  if (skipped) parts.push(`${skipped} skipped`);
  if (notRun) parts.push(`${notRun} not started`);
  return sanitize(`${action}: ${parts.join(", ")}`);
}
