// Where the selected job went when it is not on the page on screen, and the search that follows
// it there (⏎ on the list, `:` with the index). In "desc" order new jobs push the older ones to
// later pages, so the job the user watches leaves page 1 by itself. The index knows every job's
// place in the service's order (its entries are kept in the order the sweep met them); anchored
// on the page on screen (jobs that arrived since the last sweep shift everything by as many),
// that gives the page that holds the job now. Without the index, the pages nearest the one it
// was last seen on are asked for one at a time, through the list's own poller: no request path
// of its own, one request in flight, at most FOLLOW_PAGES_MAX pages and one more back.
import type { Order } from "../model/order.js";
import type { ShownPage } from "../model/page.js";
import type { Elsewhere, MonitorSnapshot } from "./monitor-types.js";

/** Pages a search asks for at most, the first one included (then it goes back, once). */
export const FOLLOW_PAGES_MAX = 5;

/**
 * The pages to ask for, in order: `start` (the index's page, or where the job was last seen),
 * then its neighbours, first in the direction the order moves jobs ("desc": new jobs push the
 * others to later pages; "asc": jobs gone before it pull it to earlier ones), alternating
 * outwards. Never `skip` (the page on screen: it is not there), nothing outside 1…numPages.
 */
export function searchPages(
  start: number,
  o: { skip: number; numPages: number; order: Order; max?: number },
): number[] {
  const max = o.max ?? FOLLOW_PAGES_MAX;
  const d = o.order === "asc" ? -1 : 1;
  // A page beyond the pages there are now (seen when the service announced more): from the
  // nearest one. The walk below goes a page a step: from 10^15 back to 2 it froze the monitor.
  start = Math.min(Math.max(1, start), Math.max(1, o.numPages));
  const out: number[] = [];
  const add = (p: number) => {
    if (out.length < max && p >= 1 && p <= o.numPages && p !== o.skip && !out.includes(p)) out.push(p);
  };
  add(start);
  for (let k = 1; out.length < max && (start + k <= o.numPages || start - k >= 1); k++) {
    add(start + k * d);
    add(start - k * d);
  }
  return out;
}

/**
 * The page that holds `id` now, from the index's order of jobs (`ids`, in the sweep's order;
 * `reversed` when the list's order is the other one), anchored on the page on screen: each of its
 * jobs the index holds says how far the service's places have moved since the sweep (new jobs on
 * top), and the middle of those shifts is taken (a job that itself moved does not mislead it).
 * Undefined when the index does not hold the job. One walk over the index, no copy of it.
 */
export function indexedPage(
  id: string,
  ids: Iterable<string>,
  size: number,
  reversed: boolean,
  shown: ShownPage | undefined,
  perPage: number,
): number | undefined {
  const rows = new Map<string, number>();
  const base = shown ? (shown.asked.page - 1) * shown.asked.perPage : 0;
  shown?.items.forEach((item, row) => {
    if (item.ok) rows.set(item.job.id, base + row);
  });
  let at: number | undefined;
  const shifts: number[] = [];
  let i = 0;
  for (const each of ids) {
    const pos = reversed ? size - 1 - i : i;
    i++;
    if (each === id) at = pos;
    const place = rows.get(each);
    if (place !== undefined) shifts.push(place - pos);
  }
  if (at === undefined) return undefined;
  shifts.sort((a, b) => a - b);
  const shift = shifts.length === 0 ? 0 : (shifts[Math.floor(shifts.length / 2)] as number);
  const numPages = Math.max(1, shown?.facts.numPages ?? Number.MAX_SAFE_INTEGER);
  return Math.min(Math.max(1, Math.floor(Math.max(0, at + shift) / perPage) + 1), numPages);
}

/** What a follow did: the job is on the page on screen, a search started, or why not. */
export type FollowResult = "here" | "searching" | "paused" | "nowhere" | "unindexed" | "missing";

/** What the Follower reads of the monitor, and how it turns the list to a page. */
export interface FollowHost {
  snapshot(): Pick<
    MonitorSnapshot,
    "selectedId" | "list" | "page" | "order" | "perPage" | "index" | "pausedSince" | "missing"
  >;
  /** Shows a page without ending the search (the monitor's setPage ends it). */
  showPage(page: number): void;
  lastSeenPage(id: string): number | undefined;
  publish(e: Elsewhere | undefined): void;
  /** The order the index's sweep walks the pages in. */
  sweepOrder: Order;
}

/** A search under way: the pages left to ask, and the page to go back to when none holds the job. */
interface Search {
  id: string;
  back: number;
  left: number[];
  asked: number[];
  of: number;
}

/** The Monitor's part that knows where the selected job went, and follows it there. */
export class Follower {
  private search: Search | undefined;
  private notFound: { id: string; from: number; to: number } | undefined;
  private shown: Elsewhere | undefined;

  constructor(private readonly host: FollowHost) {}

  /**
   * Opens the page that holds `id` (the index's, checked; else the nearest pages, one at a
   * time). `indexedOnly`: only when the index holds the job (`:`), without a search otherwise.
   */
  follow(id: string, o: { indexedOnly?: boolean } = {}): FollowResult {
    const s = this.host.snapshot();
    if (s.pausedSince !== undefined) return "paused";
    // The service says there is no such job: no page holds it.
    if (s.missing?.id === id) return "missing";
    // ⏎ again while it looks: the search goes on, not from its start (each ⏎ would cost its pages again).
    if (this.search?.id === id) return "searching";
    const data = s.list.data;
    const current = data !== undefined && data.asked.page === s.page && data.asked.order === s.order;
    if (current && holds(data, id)) return "here";
    const indexed = this.indexedPage(id);
    if (o.indexedOnly && indexed === undefined) return "unindexed";
    const start = indexed ?? this.host.lastSeenPage(id) ?? s.page;
    const pages = searchPages(start, {
      skip: current ? s.page : 0,
      numPages: data?.facts.numPages ?? 1,
      order: s.order,
    });
    this.search = undefined;
    const first = pages[0];
    if (first === undefined) {
      this.notFound = { id, from: s.page, to: s.page };
      this.place();
      return "nowhere";
    }
    this.notFound = undefined;
    this.search = { id, back: s.page, left: pages.slice(1), asked: [first], of: pages.length };
    this.host.showPage(first);
    this.place();
    return "searching";
  }

  /** The user turned the page, changed the order or the selection, or paused: the search ends there. */
  cancel(): void {
    if (!this.search) return;
    this.search = undefined;
    this.place();
  }

  /** A fresh answer of the list: the search's next step, and where the selected job is now. */
  onPage(data: ShownPage): void {
    const q = this.search;
    const s = this.host.snapshot();
    if (q && data.asked.page === q.asked[q.asked.length - 1] && data.asked.order === s.order) {
      const next = q.left.shift();
      if (holds(data, q.id)) this.search = undefined;
      else if (next !== undefined) {
        q.asked.push(next);
        this.host.showPage(next);
      } else {
        this.search = undefined;
        let from = data.asked.page;
        let to = from;
        for (const p of q.asked) {
          from = Math.min(from, p);
          to = Math.max(to, p);
        }
        this.notFound = { id: q.id, from, to };
        if (q.back !== data.asked.page) this.host.showPage(q.back);
      }
    }
    this.place();
  }

  /** Where the selected job is, for the list's line and the detail's title (published when it changed). */
  place(): void {
    const s = this.host.snapshot();
    const id = s.selectedId;
    const data = s.list.data;
    const q = this.search?.id === id ? this.search : undefined;
    let next: Elsewhere | undefined;
    if (id === undefined || data === undefined) next = undefined;
    else if (!q && holds(data, id)) {
      next = undefined;
      if (this.notFound?.id === id) this.notFound = undefined; // it came back
    } else {
      const lost = !q && this.notFound?.id === id ? this.notFound : undefined;
      next = {
        id,
        page: this.indexedPage(id),
        searching: q
          ? { page: q.asked[q.asked.length - 1] as number, asked: q.asked.length, of: q.of }
          : undefined,
        notFound: lost ? { from: lost.from, to: lost.to } : undefined,
      };
    }
    if (sameElsewhere(next, this.shown)) return;
    this.shown = next;
    this.host.publish(next);
  }

  /** The index's page for `id`, when the index has swept and holds it. */
  private indexedPage(id: string): number | undefined {
    const s = this.host.snapshot();
    const sweep = s.index;
    if (!sweep || sweep.seq === 0 || sweep.reason !== undefined) return undefined;
    const entries = sweep.index.entries;
    if (!entries.has(id)) return undefined;
    const data = s.list.data;
    const shown = data && data.asked.order === s.order && data.asked.perPage === s.perPage ? data : undefined;
    return indexedPage(id, entries.keys(), entries.size, s.order !== this.host.sweepOrder, shown, s.perPage);
  }
}

/** Whether the page lists the job. */
function holds(data: ShownPage, id: string): boolean {
  return data.items.some((i) => i.ok && i.job.id === id);
}

function sameElsewhere(a: Elsewhere | undefined, b: Elsewhere | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.id === b.id &&
    a.page === b.page &&
    a.searching?.page === b.searching?.page &&
    a.searching?.asked === b.searching?.asked &&
    a.notFound?.from === b.notFound?.from &&
    a.notFound?.to === b.notFound?.to
  );
}
