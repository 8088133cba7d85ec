// The list's rows from the account's index (scope "all", key `a`), and the pinned jobs listed on
// top in both scopes. An index entry holds what the list, its filters and its sorts read (not the
// whole job: src/model/job-index.ts); here it becomes a Job of those fields, so that the page's
// row builder, filters and sorts serve both scopes unchanged. The detail pane never shows such a
// skeleton: the selected job's own poll brings its full copy (view.ts).
import type { PageItem } from "../api/client.js";
import type { Job } from "../api/schema.js";
import { compareEntries, type IndexEntry, type JobIndex } from "../model/job-index.js";
import { rememberInsight } from "../model/job-insight.js";
import type { Order } from "../model/order.js";
import { latestEntry } from "../model/transitions.js";
import type { PinState } from "../poll/pins.js";

/** Jobs made from entries: one per entry object (a sweep that saw the same bytes keeps its entries). */
const made = new WeakMap<IndexEntry, Job>();

/** Marks a Job made from an index entry (its other fields are empty): view.ts never shows it in the detail. */
const SKELETON = new WeakSet<Job>();

export function isSkeleton(job: Job): boolean {
  return SKELETON.has(job);
}

/** An index entry as a Job: the list's fields filled, the rest empty. */
export function entryJob(e: IndexEntry): Job {
  const had = made.get(e);
  if (had) return had;
  const log =
    e.entryId === undefined
      ? []
      : [
          {
            id: e.entryId,
            status: e.entryStatus ?? e.status,
            ts: { seconds: e.entrySec ?? 0 },
            sourceId: "0",
          },
        ];
  const job: Job = {
    id: e.id,
    displayID: e.displayID,
    status: e.status,
    state: { status: e.status, log },
    ctx: {
      ownerId: "0",
      nodeId: "0",
      clientID: "0",
      nodeDisplayID: e.node,
      class: "",
      aotuRelease: false,
      releaseTime: undefined,
      nodeDomain: 0,
    },
    app: {
      name: "",
      ver: "",
      envs: "",
      format: 0,
      files: undefined,
      cmd: e.cmd,
      hostname: "",
      creds: "",
      ports: [],
      urls: {},
      fromSnapshotId: "0",
      SSHAuths: [],
      netConfig: undefined,
      remark: e.remark,
      fromImageId: "0",
    },
    res: { cpus: 0, gpus: e.gpus, diskGB: 0, gpuName: e.gpuName, domain: "", agentDomain: 0 },
    createTime: { seconds: e.createSec },
    updateTime: undefined,
    autoRelease: false,
    releaseTime: undefined,
    vols: undefined,
    queueLen: e.queueLen,
    nets: [],
    desc: "",
  };
  made.set(e, job);
  rememberInsight(job, e.insight);
  SKELETON.add(job);
  return job;
}

/** The newer of two copies of a job (by their state.log); a tie keeps `a` (the fuller copy). */
function newer(a: Job, b: Job): Job {
  const look = (j: Job) => ({ entryId: latestEntry(j.state.log)?.id });
  return compareEntries(look(b), look(a)) > 0 ? b : a;
}

/**
 * Every indexed job as list items, in the sweep's order (the service's `sweepOrder`), turned
 * round when the list's order is the other one. A job with a fuller copy at hand (the page on
 * screen, the selected job's poll) shows that copy when it is not older than the index's.
 */
export function indexItems(
  index: JobIndex,
  o: { order: Order; sweepOrder: Order; fresher: readonly (Job | undefined)[] },
): PageItem[] {
  const better = new Map<string, Job>();
  for (const j of o.fresher)
    if (j) better.set(j.id, better.has(j.id) ? newer(better.get(j.id) as Job, j) : j);
  const items: PageItem[] = [];
  for (const e of index.entries.values()) {
    const own = entryJob(e);
    const full = better.get(e.id);
    items.push({ ok: true, job: full ? newer(full, own) : own });
  }
  if (o.order !== o.sweepOrder) items.reverse();
  return items;
}

/**
 * The pinned jobs on top of the rows, each id once: a pinned job's row moves up from wherever it
 * was (htop's and k9s's lists show each process or pod once; a second row of the same job would
 * be a second cursor stop and a second ✱ for one change). Its copy is the pins' own (live, from
 * their poll), else the row's. A pin the filters reject is not listed (htop's filter hides tagged
 * processes too: the filter is what the user asked to see); a pin not known yet has no row.
 */
/** A pinned job the service says is not there, as a row: "★ 999 not found". */
function missingPin(id: string, m: { message: string; notFound: boolean }): PageItem {
  return {
    ok: false,
    index: -1,
    id,
    error: m.notFound ? "not found" : `not available: ${m.message}`,
    pin: true,
  };
}

export function pinsOnTop(
  items: PageItem[],
  pins: readonly PinState[],
  keep: ((job: Job) => boolean) | undefined,
): { items: PageItem[]; pinned: number } {
  if (pins.length === 0) return { items, pinned: 0 };
  const ids = new Set<string>();
  for (const p of pins) ids.add(p.id);
  const rowCopy = new Map<string, Job>();
  const rest: PageItem[] = [];
  for (const i of items) {
    if (i.ok && ids.has(i.job.id)) rowCopy.set(i.job.id, i.job);
    else rest.push(i);
  }
  const top: PageItem[] = [];
  for (const p of pins) {
    const row = rowCopy.get(p.id);
    const job = p.job && row ? newer(p.job, row) : (p.job ?? row);
    if (job && (!keep || keep(job))) top.push({ ok: true, job });
    // A pin the service says is not there is said where the pins are (unless a filter is on).
    else if (!job && p.missing && !keep) top.push(missingPin(p.id, p.missing));
  }
  if (top.length === 0 && rowCopy.size === 0) return { items, pinned: 0 };
  return { items: top.concat(rest), pinned: top.length };
}
