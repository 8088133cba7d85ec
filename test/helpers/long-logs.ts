// An account of jobs with long state.logs (20 000 entries make 1.3 MB a job), each page's text made
// once: for the commands that walk every page and must keep a few facts per job, never its log
// (test/cli/stats.test.ts, test/cli/display-ids.test.ts).
import { specJob } from "./payloads.js";
import { pageOf } from "./scripted-service.js";

/** The text of each page (jobs 1…`jobs`, `perPage` a page), each job's last entry at `lastSec`. */
export function longLogPages(o: {
  jobs: number;
  entries: number;
  perPage: number;
  lastSec: number;
}): (page: number) => string {
  const pages = new Map<number, string>();
  return (page) => {
    let text = pages.get(page);
    if (text === undefined) {
      const jobs = [];
      for (let id = (page - 1) * o.perPage + 1; id <= Math.min(o.jobs, page * o.perPage); id++) {
        const log = [];
        for (let i = 0; i < o.entries; i++)
          log.push({
            id: i + 1,
            status: [6, 1, 2][i % 3],
            ts: { seconds: o.lastSec - o.entries + i },
            sourceId: id,
          });
        jobs.push(specJob(id, { status: 2, state: { status: 2, log } }));
      }
      text = JSON.stringify(pageOf(jobs, { page, perPage: o.perPage, order: "desc" }, { total: o.jobs }));
      pages.set(page, text);
    }
    return text;
  };
}
