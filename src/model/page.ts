// A page of jobs as the monitor shows it. The service's page is taken as a report, not as truth:
// a page that shifts under pagination can list the same job twice, and the pagination's numbers
// can be negative, absurd or out of step. Here: one row per job id, and page counts that make sense.
import type { JobPage, PageItem } from "../api/client.js";
import type { Pagination } from "../api/schema.js";
import type { Order } from "./order.js";

/** More pages than this is not a count anyone pages through: the service's number is wrong. */
export const MAX_PAGES = 1_000_000;

/** The id an item stands for: the job's, or the one a malformed job carried. */
function itemId(item: PageItem): string | undefined {
  return item.ok ? item.job.id : item.id;
}

/**
 * The page with later copies of an id left out (the first copy stays where it was), and how many
 * were left out. Two rows for one id would share a React key and a cursor position, and comparing
 * the two copies with each other would count a change on every poll.
 */
export function dedupeItems(items: PageItem[]): { items: PageItem[]; duplicates: number } {
  const seen = new Set<string>();
  let duplicates = 0;
  for (const item of items) {
    const id = itemId(item);
    if (id === undefined) continue;
    if (seen.has(id)) duplicates++;
    else seen.add(id);
  }
  if (duplicates === 0) return { items, duplicates };
  seen.clear();
  const kept: PageItem[] = [];
  for (const item of items) {
    const id = itemId(item);
    if (id !== undefined) {
      if (seen.has(id)) continue;
      seen.add(id);
    }
    kept.push(item);
  }
  return { items: kept, duplicates };
}

export interface PageFacts {
  /** The last page to offer (≥ 1). When the service's count makes no sense: this page, or the next if this one is full. */
  numPages: number;
  /** Jobs in all; undefined when the service's total makes no sense and the page cannot tell. */
  total: number | undefined;
  /** What did not add up, short, for a dim note in the header: "total?", "pages?", "page?". */
  doubts: string[];
}

/**
 * What the pagination of an answer to `asked` can be believed to say. `count` is the number of
 * (distinct) rows the page holds.
 */
export function pageFacts(p: Pagination, asked: { page: number; perPage: number }, count: number): PageFacts {
  const doubts: string[] = [];
  const per = Number.isSafeInteger(p.perPage) && p.perPage >= 1 ? p.perPage : Math.max(1, asked.perPage);
  // Jobs that must exist: the pages before this one are full, by what a page is.
  const seen = count > 0 ? (asked.page - 1) * per + count : 0;
  const full = count >= per;
  const pagesSane = Number.isSafeInteger(p.numPages) && p.numPages >= 1 && p.numPages <= MAX_PAGES;
  let totalSane = Number.isSafeInteger(p.total) && p.total >= seen && Math.ceil(p.total / per) <= MAX_PAGES;
  // Both sane but out of step (120 jobs in 2 pages of 20): one of them is wrong; pages drive paging.
  if (totalSane && pagesSane && p.total > 0 && Math.ceil(p.total / per) !== p.numPages) totalSane = false;
  // An empty service may well say 0 pages.
  const empty = p.total === 0 && p.numPages === 0 && count === 0;
  let numPages: number;
  if (pagesSane) numPages = p.numPages;
  else if (empty) numPages = 1;
  else {
    doubts.push("pages?");
    numPages = totalSane ? Math.max(1, Math.ceil(p.total / per)) : Math.max(1, asked.page + (full ? 1 : 0));
  }
  let total: number | undefined = p.total;
  if (!totalSane && !empty) {
    doubts.push("total?");
    // The count on the page is the total when it is the first page and not full.
    total = asked.page === 1 && !full ? count : undefined;
  }
  if (p.page !== asked.page) doubts.push("page?");
  return { numPages, total, doubts };
}

/** A page as the monitor keeps it: de-duplicated, with its facts and the request it answers. */
export interface ShownPage extends JobPage {
  /** Rows left out because their id was already on the page. */
  duplicates: number;
  facts: PageFacts;
  asked: { page: number; perPage: number; order: Order };
}

export function shapePage(page: JobPage, asked: ShownPage["asked"]): ShownPage {
  const { items, duplicates } = dedupeItems(page.items);
  const facts = pageFacts(page.pagination, asked, items.length);
  return { pagination: page.pagination, items, duplicates, facts, asked };
}
