// A pin given by displayID (`--pin jbhue4`, `pins = ["jbhue4"]`): every screen shows displayIDs
// first, but the service is asked for a job by its id only. It is found where the monitor already
// looks, for no request of its own: the page once it has answered, else the account's index once
// it has swept; then pinned by its id, and the status line says what it became. Without the index
// (off, or off by itself above index_max) a displayID not on the page cannot be found: said so.
import { isJobId } from "../model/ids.js";
import { sanitize } from "../model/sanitize.js";
import type { Monitor } from "./monitor.js";

type Found = { id: string } | { none: string } | undefined;

/** Ids of the jobs named `name`: exactly, else ignoring case; at most a few (enough to say "several"). */
function named(rows: Iterable<{ id: string; displayID: string }>, name: string): string[] {
  const exact: string[] = [];
  const folded: string[] = [];
  const lower = name.toLowerCase();
  for (const r of rows) {
    if (r.displayID === name) exact.push(r.id);
    else if (exact.length === 0 && folded.length < 6 && r.displayID.toLowerCase() === lower)
      folded.push(r.id);
    if (exact.length > 5) break;
  }
  return exact.length > 0 ? exact : folded;
}

function* pageRows(monitor: Monitor): Iterable<{ id: string; displayID: string }> {
  for (const i of monitor.getSnapshot().list.data?.items ?? []) if (i.ok) yield i.job;
}

/** What became of one name now: pinned by id, impossible (why), or not known yet (undefined). */
function lookUp(monitor: Monitor, name: string): Found {
  const snap = monitor.getSnapshot();
  const onPage = named(pageRows(monitor), name);
  if (onPage.length === 1) return { id: onPage[0] as string };
  const index = snap.index;
  if (index && index.mode !== "off" && index.reason === undefined) {
    if (index.seq === 0) return undefined; // its first sweep has not ended
    const ids = named(index.index.entries.values(), name);
    if (ids.length === 1) return { id: ids[0] as string };
    if (ids.length > 1)
      return {
        none: `names ${ids.length > 5 ? "several" : ids.length} jobs (${ids.slice(0, 5).join(", ")}): pin by the id`,
      };
    return { none: `no job of the ${index.index.entries.size} indexed has this displayID` };
  }
  if (onPage.length > 1) return { none: `names ${onPage.length} jobs on the page: pin by the id` };
  if (snap.list.data === undefined) return undefined; // the page has not answered yet
  const why = index?.reason ?? "index = off";
  return {
    none: `not on this page, and a displayID is found in the index, which is off (${why}): pin by the id`,
  };
}

/** Finds and pins each of `names` (displayIDs) as the page and the index allow; says each on the status line. */
export function pinByName(monitor: Monitor, names: readonly string[]): void {
  let left = names.filter((n) => !isJobId(n));
  if (left.length === 0) return;
  const look = () => {
    const said: string[] = [];
    const ids: string[] = [];
    left = left.filter((name) => {
      const f = lookUp(monitor, name);
      if (f === undefined) return true;
      const shown = `pin "${sanitize(name)}"`;
      if ("id" in f) {
        ids.push(f.id);
        said.push(`${shown}: job ${f.id}`);
      } else said.push(`${shown}: ${f.none}`);
      return false;
    });
    if (said.length === 0) return;
    for (const id of ids) monitor.configuredPins.add(id);
    monitor.addPins(ids);
    monitor.noticeOf(said.join(" · "));
    if (left.length === 0) stop();
  };
  const stop = monitor.subscribe(look);
  look();
}
