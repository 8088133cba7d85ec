// What bounds a walk over the list's pages, the index's sweep (sweep.ts) and `--once --all`
// (src/modes/once-all.ts) alike (issue 29.2: a service that answered every page with new jobs
// was asked for 12 270 pages in 120 s): the pages page 1 announced and a few more, requests a
// minimum gap apart, the largest per_page the service grants.
import { MAX_PAGES, type PageFacts } from "../model/page.js";
import type { Clock } from "./poller.js";

/** per_page asked for on the first page, until the service says what it grants. */
export const ASK_PER_PAGE = 1000;
/** The longest gap between two requests of a sweep. */
export const SWEEP_GAP_MAX_MS = 250;

/**
 * How far apart a sweep's requests go at least: a hundredth of its interval, at most 250 ms (4
 * a second: a sweep of 200 pages takes 50 s, not the burst a fast service would otherwise get).
 */
export function sweepGapMs(intervalMs: number): number {
  return Math.min(SWEEP_GAP_MAX_MS, Math.floor(intervalMs / 100));
}

/** The pages an answer announced: its sane page count, or its sane total's; undefined when neither was. */
export function announcedPages(facts: PageFacts): number | undefined {
  return facts.total !== undefined || !facts.doubts.includes("pages?") ? facts.numPages : undefined;
}

/**
 * The pages a walk may ask for, from page 1's answer: the pages it announced, and a few more for
 * pages that shift while the walk goes (new jobs push others down): 2, or 5 % of them. A service
 * that announced nothing believable (no sane total, no sane page count): the pages `ceiling` jobs
 * fill.
 */
export function pageLimit(facts: PageFacts, perPage: number, ceiling: number): number {
  const pages = announcedPages(facts) ?? Math.ceil(ceiling / Math.max(1, perPage));
  return Math.min(MAX_PAGES, pages + Math.max(2, Math.ceil(pages * 0.05)));
}

/** A walk went past the pages page 1 announced, and more: ended there (its message is one line). */
export class WalkStopped extends Error {}

/** Why a walk stopped at pageLimit: "the service's pages went on past the 3 it announced". */
export function pastPagesText(facts: PageFacts, ceiling: number): string {
  const pages = announcedPages(facts);
  return pages !== undefined
    ? `the service's pages went on past the ${pages} it announced`
    : `the service announced no total or page count, and its pages went on past ${ceiling} jobs (index_max)`;
}

/**
 * The largest per_page the service grants, from page 1's answer to `asked`: what its pagination
 * says it used, when that is no more than asked (else the rows it sent). The rest of the pages are
 * walked at that size.
 */
export function grantedPerPage(said: number, count: number, asked: number): number {
  const sane = Number.isSafeInteger(said) && said >= 1 && said <= asked;
  return sane ? said : count > 0 ? Math.min(count, asked) : asked;
}

/** Resolves after `ms` on the clock, or rejects as soon as `signal` aborts (a stopped sweep). */
export function sleep(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = clock.setTimeout(() => {
      signal.removeEventListener("abort", abort);
      resolve();
    }, ms);
    const abort = () => {
      clock.clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", abort, { once: true });
  });
}
