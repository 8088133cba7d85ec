// A hostile job service (on the scripted one: real HTTP on loopback) that never lets a sweep end:
// every page it answers holds jobs never seen before, and its pagination lies. `grow` (issue 29's
// reproduction): each answer names a total two pages beyond the jobs it has invented so far, so
// the last page is always the next one. `rows`: it says `perPage` jobs a page and sends `rows`
// (ten times as many, say), under a steady total. The tests count its requests and the jobs it
// made up; `bytes` pads each job's desc, for memory.
import { specJob } from "./payloads.js";
import { type ListQuery, pageOf, type ScriptedService, startScriptedService } from "./scripted-service.js";

export interface HostileOptions {
  /** Largest per_page it grants (default 100). */
  maxPerPage?: number;
  /** The total it names: "grow" (two pages past what it invented), or a fixed number. */
  total?: "grow" | number;
  /** Rows sent per page, whatever per_page says (default: per_page). */
  rows?: number;
  /** Bytes of desc per job (default 0). */
  bytes?: number;
}

export interface HostileService extends ScriptedService {
  /** Jobs made up so far. */
  invented(): number;
}

export async function startHostileService(o: HostileOptions = {}): Promise<HostileService> {
  let next = 1_000_000;
  const pad = "x".repeat(o.bytes ?? 0);
  const svc = await startScriptedService({
    list(q: ListQuery) {
      const per = Math.min(q.perPage, o.maxPerPage ?? 100);
      const jobs: unknown[] = [];
      const rows = o.rows ?? per;
      for (let i = 0; i < rows; i++) {
        next += 1;
        jobs.push(specJob(next, { displayID: `h-${next}`, desc: pad }));
      }
      const made = next - 1_000_000;
      const total = o.total === undefined || o.total === "grow" ? made + 2 * per : o.total;
      return pageOf(jobs, { ...q, perPage: per }, { total, numPages: Math.max(1, Math.ceil(total / per)) });
    },
  });
  return { ...svc, invented: () => next - 1_000_000 };
}
