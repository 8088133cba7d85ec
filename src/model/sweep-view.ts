// What the index's sweep knows of the account's pages, to spend its requests where things change
// (issue 31): the job ids in the service's order (their positions), and for each page a schedule.
// A page read unchanged is read less often (its period doubles, up to a cap); a page that
// changed goes back to every sweep. A page not read this sweep is predicted: the ids the last
// view holds at its place, shifted by what the pages read before it found. That is what "the
// same page" means when new jobs arrive at the head in desc order: every page's ids shift by one,
// and a read page whose ids are the last view's shifted (its entries the same) is unchanged.
// So an account that gets a new job a minute has page 1 read (the new job) and page 2 (its ids
// are page 1's tail and the rest shifted: it matches), not all of its pages. Pure: no I/O.

/** One page's schedule. */
export interface PageSlot {
  /** Monotonic ms it was last read (-Infinity: due at once). */
  readAt: number;
  /** Wall ms of that read, for the index's age on screen. */
  readWall: number;
  /** Ms from one read to the next: the sweep's interval, doubled by each unchanged read, up to a cap. */
  period: number;
  /** Reads in a row that found it unchanged. */
  unchanged: number;
  /** Bytes its last answer weighed (a 304: its headers only), to plan a sweep's byte budget. */
  bytes: number;
}

/** The pages as the last sweep left them: the ids in the service's order, a slot per page. */
export interface SweepView {
  perPage: number;
  ids: readonly string[];
  slots: readonly PageSlot[];
  /** The walk that made it ended on a page of nothing new (a service that ignores `page`): no page past it is asked for. */
  closed: boolean;
}

/** A page to be read at once (a change near it went unseen); its age is its last read's (none: Infinity). */
export function dueNow(slot: PageSlot | undefined): PageSlot {
  return {
    readAt: Number.NEGATIVE_INFINITY,
    readWall: slot?.readWall ?? Number.POSITIVE_INFINITY,
    period: 0,
    unchanged: 0,
    bytes: slot?.bytes ?? 0,
  };
}

/** Is the page due at `now` (half an interval early is on time: the sweeps come give or take a tenth). */
export function isDue(slot: PageSlot | undefined, now: number, intervalMs: number): boolean {
  return slot === undefined || slot.readAt + slot.period - intervalMs / 2 <= now;
}

/**
 * A page's slot after a read: a change (or a first read) puts it on every sweep; each unchanged
 * read doubles its period (2, 4, 8 … intervals), up to `capMs`.
 */
export function afterRead(
  slot: PageSlot | undefined,
  changed: boolean,
  at: { now: number; wall: number; bytes: number },
  intervalMs: number,
  capMs: number,
): PageSlot {
  const unchanged = changed || slot === undefined ? 0 : slot.unchanged + 1;
  const period = Math.min(Math.max(capMs, intervalMs), intervalMs * 2 ** Math.min(unchanged, 30));
  return { readAt: at.now, readWall: at.wall, period, unchanged, bytes: at.bytes };
}

/**
 * The pages due now, the longest overdue first (so deep pages are not starved by busy ones).
 * Pages past the slots (the account grew) are the caller's: read when their ids are not known.
 */
export function duePages(
  slots: readonly PageSlot[],
  pages: number,
  now: number,
  intervalMs: number,
): number[] {
  const due: number[] = [];
  for (let k = 1; k <= Math.min(pages, slots.length); k++)
    if (isDue(slots[k - 1], now, intervalMs)) due.push(k);
  const at = (k: number) => {
    const s = slots[k - 1];
    return s === undefined ? Number.NEGATIVE_INFINITY : s.readAt + s.period;
  };
  return due.sort((a, b) => at(a) - at(b) || a - b);
}

/**
 * The pages a sweep reads of those due (most overdue first): as many as its budget affords, by
 * what each weighed last time (one at least).
 */
export function affordable(
  due: readonly number[],
  slots: readonly PageSlot[],
  budget: { pages: number; bytes: number },
): Set<number> {
  const chosen = new Set<number>();
  let bytes = 0;
  for (const k of due) {
    if (chosen.size >= budget.pages || (chosen.size > 0 && bytes >= budget.bytes)) break;
    chosen.add(k);
    bytes += slots[k - 1]?.bytes ?? 0;
  }
  return chosen;
}

/** What a read page told of its place. */
export interface ReadOutcome {
  /** Its ids are those predicted for it (the last view's, shifted by what came before): nothing moved here. */
  matched: boolean;
  /**
   * A change before it, where pages were predicted, not read: its ids begin before or after
   * where the last view puts them. Those predicted pages should be read soon.
   */
  unsettled: boolean;
  /** Ids of the last view this read found gone from where the view had them. */
  missed: number;
}

/**
 * One sweep over the last view, page by page in order: each page read (`read`) or predicted
 * (`take`). The new view's ids come out in order, each once; ids the last view held where a read
 * page now is, and that page did not hold, are `missed` (removed, most likely).
 */
export class ViewWalk {
  readonly ids: string[] = [];
  readonly missed = new Set<string>();
  private readonly pos = new Map<string, number>();
  private readonly met = new Set<string>();
  /** The next id of the last view not yet placed. */
  private cursor = 0;
  /** The last page read (0: none yet). */
  private lastRead = 0;

  constructor(
    private readonly prev: readonly string[],
    private readonly perPage: number,
  ) {
    for (let i = 0; i < prev.length; i++) this.pos.set(prev[i] as string, i);
  }

  /** The ids the last view, shifted, puts on page `k`, as far as it knows them. */
  predict(k: number): string[] {
    const want = Math.max(0, k * this.perPage - this.ids.length);
    const out: string[] = [];
    for (let i = this.cursor; i < this.prev.length && out.length < want; i++) {
      const id = this.prev[i] as string;
      if (!this.met.has(id)) out.push(id);
    }
    return out;
  }

  /** Page `k` predicted, not read: its ids placed as the last view has them. */
  take(k: number): string[] {
    const out = this.predict(k);
    for (const id of out) this.place(id);
    if (out.length > 0) this.cursor = (this.pos.get(out.at(-1) as string) as number) + 1;
    return out;
  }

  /** Page `k` read: its ids placed; where they stand in the last view moves the cursor. */
  read(k: number, ids: readonly string[]): ReadOutcome {
    const expected = this.predict(k);
    const matched = expected.length === ids.length && expected.every((id, i) => ids[i] === id);
    const afterGap = k > 1 && this.lastRead !== k - 1;
    const inPlace = this.inOrder(ids);
    let unsettled = false;
    let first = true;
    const missedBefore = this.missed.size;
    for (const id of ids) {
      if (this.missed.has(id)) {
        // Taken for gone a moment ago, further down after all.
        this.missed.delete(id);
        this.ids.push(id);
        continue;
      }
      if (this.met.has(id)) {
        // Met already: moved down while the sweep went, or (after predicted pages) an insertion among them.
        if (first && afterGap) unsettled = true;
        continue;
      }
      const p = this.pos.get(id);
      // Out of the view's order (a job that moved up from far below): placed here, the cursor
      // stays, and the ids between are not taken for gone.
      if (p !== undefined && !inPlace.has(id)) {
        this.place(id);
        continue;
      }
      if (p !== undefined && p >= this.cursor) {
        // The last view's ids skipped to get here. Before the page's first known id, after
        // predicted pages: they may stand on the page before (a removal there pulled this page up).
        if (first && afterGap && p > this.cursor) {
          unsettled = true;
          for (let i = this.cursor; i < p; i++) this.place(this.prev[i] as string);
        } else for (let i = this.cursor; i < p; i++) this.miss(this.prev[i] as string);
        this.cursor = p + 1;
      }
      this.place(id);
      if (p !== undefined) first = false;
    }
    this.lastRead = k;
    return { matched, unsettled, missed: Math.max(0, this.missed.size - missedBefore) };
  }

  /**
   * The ids of a read page that stand where the last view had them: of those the view holds past
   * the cursor, the longest run in the view's order (the one nearest the cursor of its length).
   * One job that moved to the head (a service that orders by update time) is then one job out of
   * place, not the 1 150 jobs between its old place and the head taken for gone (an index of
   * 2 000 lost 551 of them for two sweeps).
   */
  private inOrder(ids: readonly string[]): Set<string> {
    const at: number[] = [];
    const met = new Set<string>();
    for (const id of ids) {
      const p = this.pos.get(id);
      if (p === undefined || p < this.cursor || this.met.has(id) || met.has(id)) continue;
      met.add(id);
      at.push(p);
    }
    // Patience sorting: tails[n] ends the run of n + 1 with the smallest last position.
    const tails: number[] = [];
    const before = new Map<number, number | undefined>();
    for (const p of at) {
      let lo = 0;
      let hi = tails.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((tails[mid] as number) < p) lo = mid + 1;
        else hi = mid;
      }
      before.set(p, lo > 0 ? tails[lo - 1] : undefined);
      tails[lo] = p;
    }
    const run: number[] = [];
    for (let p = tails.at(-1); p !== undefined; p = before.get(p)) run.push(p);
    run.reverse();
    // A skip (ids of the view left out before it: gone) is believed when the next id of the run
    // follows on; a lone id past a skip is a job that moved, as likely as a run of removals.
    const out = new Set<string>();
    for (let i = 0; i < run.length; i++) {
      const p = run[i] as number;
      const skip = p !== (i === 0 ? this.cursor : (run[i - 1] as number) + 1);
      if (!skip || run[i + 1] === p + 1) out.add(this.prev[p] as string);
    }
    return out;
  }

  /** The jobs the new view will hold if nothing else changed: those placed, and the last view's still to come. */
  balance(): number {
    let rest = 0;
    for (let i = this.cursor; i < this.prev.length; i++) if (!this.met.has(this.prev[i] as string)) rest++;
    return this.ids.length + rest;
  }

  /**
   * The end: the last view's ids not placed. When a page read showed the list ends before them
   * (`ended`: a short or empty last page), they are missed; else they are placed at the end (the
   * pages there were not looked at, or a total that says fewer is not taken for their going).
   */
  finish(ended: boolean): void {
    for (let i = this.cursor; i < this.prev.length; i++) {
      const id = this.prev[i] as string;
      if (this.met.has(id)) continue;
      if (ended) this.miss(id);
      else this.place(id);
    }
  }

  private place(id: string): void {
    this.met.add(id);
    this.ids.push(id);
  }

  private miss(id: string): void {
    if (this.met.has(id)) return;
    this.met.add(id);
    this.missed.add(id);
  }
}
