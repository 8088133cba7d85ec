// The demo service shaped for the host's rows of `npm run bench` (bench/host.ts): a job with a very
// long state.log, and jobs that change every second. Run in the service's own process (run.tsx's
// `serve`), on the demo's jobs as it keeps them.
import type { DemoServer } from "../src/demo/server.js";

/** Entry ids of our own, far above the demo's (which start at 1001), so that none is met twice. */
let nextEntryId = 50_000_000;

/**
 * The newest job (the one selected at start, first on page 1 in the default order) gets `entries`
 * state.log entries, oldest first, its status running/starting in turns: 200 000 of them make an
 * answer of ~14 MB, as issue 31 measured.
 */
export function longLog(demo: DemoServer, newestId: number, entries: number): void {
  const job = demo.getJob(newestId);
  if (!job) throw new Error(`no job ${newestId}`);
  const start = job.createTime.seconds;
  const log = job.state.log;
  for (let i = 0; i < entries; i++)
    log.push({
      id: nextEntryId++,
      status: i % 2 === 0 ? 1 : 2,
      ts: { seconds: start + i * 30 },
      sourceId: job.id,
    });
  const last = log[log.length - 1];
  if (last) {
    job.status = last.status;
    job.state.status = last.status;
  }
}

/**
 * Every second, each of the `count` newest jobs gets a new state.log entry and its status flips
 * between starting and running: the page on screen and the selected job change at every poll.
 * The job object stays the same one, as the demo keeps it; its answer's bytes change.
 */
export function churn(demo: DemoServer, newestId: number, count: number): void {
  const ids: number[] = [];
  for (let id = newestId; id > newestId - count && id > 0; id--) ids.push(id);
  setInterval(() => {
    const now = Math.floor(Date.now() / 1000);
    for (const id of ids) {
      const job = demo.getJob(id);
      if (!job) continue;
      const status = job.status === 2 ? 1 : 2;
      job.state.log.push({ id: nextEntryId++, status, ts: { seconds: now }, sourceId: id });
      // A job that has changed for days keeps only its last 50 entries here: the row measures
      // changes, not a log that grows without end (the long log has its own row).
      if (job.state.log.length > 50) job.state.log.splice(0, job.state.log.length - 50);
      job.status = status;
      job.state.status = status;
      job.queueLen = 0;
    }
  }, 1000);
}
