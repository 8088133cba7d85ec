// The sweep's view of the pages (src/model/sweep-view.ts): what "the same page" means when jobs
// arrive at the head, leave the middle, or change where no page was read; and each page's
// schedule (doubling while unchanged, back to every sweep on a change, the most overdue first).
import { describe, expect, it } from "vitest";
import {
  affordable,
  afterRead,
  dueNow,
  duePages,
  isDue,
  type PageSlot,
  ViewWalk,
} from "../../src/model/sweep-view.js";

/** Ids n … 1, newest first (the list's desc order). */
const desc = (n: number) => Array.from({ length: n }, (_, i) => String(n - i));
const page = (ids: readonly string[], k: number, per: number) => ids.slice((k - 1) * per, k * per);

describe("ViewWalk", () => {
  it("a new job at the head: page 1 changed, page 2 its last view shifted by one, the rest predicted", () => {
    const before = desc(2000);
    const now = ["2001", ...before];
    const w = new ViewWalk(before, 100);
    expect(w.read(1, page(now, 1, 100))).toEqual({ matched: false, unsettled: false, missed: 0 });
    expect(w.balance()).toBe(2001);
    // Page 2 now holds what the view held at 100–199, shifted: the same page.
    expect(w.read(2, page(now, 2, 100))).toEqual({ matched: true, unsettled: false, missed: 0 });
    for (let k = 3; k <= 21; k++) expect(w.take(k)).toEqual(page(now, k, 100));
    w.finish(false);
    expect(w.ids).toEqual(now);
    expect(w.missed.size).toBe(0);
  });

  it("a job gone from page 7: pages 1–6 match, page 7 misses it, page 8 matches shifted", () => {
    const before = desc(2000);
    const gone = before[650] as string;
    const now = before.filter((id) => id !== gone);
    const w = new ViewWalk(before, 100);
    for (let k = 1; k <= 6; k++) expect(w.read(k, page(now, k, 100)).matched).toBe(true);
    expect(w.balance()).toBe(2000);
    expect(w.read(7, page(now, 7, 100))).toEqual({ matched: false, unsettled: false, missed: 1 });
    expect(w.balance()).toBe(1999);
    expect(w.read(8, page(now, 8, 100)).matched).toBe(true);
    for (let k = 9; k <= 20; k++) w.take(k);
    w.finish(false);
    expect(w.ids).toEqual(now);
    expect([...w.missed]).toEqual([gone]);
  });

  it("a job gone from a page not read: the next page read begins one later, its skipped id kept, unsettled", () => {
    const before = desc(500);
    const gone = before[250] as string; // page 3 of 100
    const now = before.filter((id) => id !== gone);
    const w = new ViewWalk(before, 100);
    w.read(1, page(now, 1, 100));
    w.take(2);
    w.take(3);
    // Page 4 now begins with what the view had at 301: 300 moved up to page 3, unread.
    const told = w.read(4, page(now, 4, 100));
    expect(told.unsettled).toBe(true);
    expect(w.missed.size).toBe(0);
    expect(w.ids).toContain(before[300]);
  });

  it("a job new on a page not read: the next page read begins with an id already placed, unsettled", () => {
    const before = desc(500);
    const now = [...before.slice(0, 150), "9999", ...before.slice(150)];
    const w = new ViewWalk(before, 100);
    w.read(1, page(now, 1, 100));
    w.take(2);
    expect(w.read(3, page(now, 3, 100)).unsettled).toBe(true);
    // Each id once, whatever was predicted.
    for (let k = 4; k <= 6; k++) w.take(k);
    w.finish(false);
    expect(new Set(w.ids).size).toBe(w.ids.length);
  });

  it("jobs that seem gone and come on a later page (moved down as the sweep went) are placed, not missed", () => {
    const before = desc(300);
    const w = new ViewWalk(before, 100);
    // Page 2 read without its first two (they were pushed onto page 3 meanwhile).
    w.read(1, page(before, 1, 100));
    w.read(2, before.slice(102, 200));
    expect(w.read(3, before.slice(100, 102).concat(before.slice(200, 298))).missed).toBe(0);
    expect(w.missed.size).toBe(0);
  });

  it("a job that moved to the head from far below (a service ordered by update time): the ids between are not missed", () => {
    const before = desc(2000);
    const mover = before[1150] as string; // page 12
    const now = [mover, ...before.filter((id) => id !== mover)];
    const w = new ViewWalk(before, 100);
    // Page 1: the mover, then the view's first 99: not "1150 jobs gone".
    expect(w.read(1, page(now, 1, 100))).toEqual({ matched: false, unsettled: false, missed: 0 });
    expect(w.balance()).toBe(2000);
    // Page 2 is the view's, shifted by one: the same page; the rest predicted where they are.
    expect(w.read(2, page(now, 2, 100)).matched).toBe(true);
    for (let k = 3; k <= 20; k++) expect(w.take(k)).toEqual(page(now, k, 100));
    w.finish(false);
    expect(w.ids).toEqual(now);
    expect(w.missed.size).toBe(0);
    // The same at the end of a page, and with a mass removal read right (a run of the view's order).
    const tail = new ViewWalk(before, 100);
    tail.read(1, [...before.slice(0, 99), mover]);
    expect(tail.missed.size).toBe(0);
    const purged = new ViewWalk(before, 100);
    expect(purged.read(1, [mover, ...before.slice(1000, 1099)]).missed).toBe(1000);
  });

  it("past a last page read short, the ids are missed; past one predicted, or a full one, kept", () => {
    const before = desc(250);
    const read = new ViewWalk(before, 100);
    read.read(1, page(before, 1, 100));
    read.read(2, page(before, 2, 100));
    read.read(3, before.slice(200, 240));
    read.finish(true);
    expect(read.missed.size).toBe(10);
    const predicted = new ViewWalk(before, 100);
    predicted.read(1, page(before, 1, 100));
    predicted.take(2);
    predicted.take(3);
    predicted.finish(false);
    expect(predicted.ids).toEqual(before);
  });
});

describe("a page's schedule", () => {
  const at = (now: number) => ({ now, wall: now, bytes: 0 });
  it("doubles its period with each unchanged read, up to the cap; a change puts it back on every sweep", () => {
    let s: PageSlot | undefined;
    const periods: number[] = [];
    for (let i = 0; i < 7; i++) {
      s = afterRead(s, i === 0, at(i), 30_000, 300_000);
      periods.push(s.period / 30_000);
    }
    expect(periods).toEqual([1, 2, 4, 8, 10, 10, 10]);
    expect(afterRead(s, true, at(9), 30_000, 300_000).period).toBe(30_000);
  });

  it("is due half an interval early (the sweeps come give or take a tenth), and the most overdue comes first", () => {
    const slot = afterRead(undefined, true, at(0), 30_000, 300_000);
    expect(isDue(slot, 14_000, 30_000)).toBe(false);
    expect(isDue(slot, 15_000, 30_000)).toBe(true);
    const slots = [
      afterRead(undefined, true, at(50_000), 30_000, 300_000), // due at 80 000
      afterRead(undefined, true, at(0), 30_000, 300_000), // due at 30 000
      dueNow(undefined),
      afterRead(undefined, true, at(90_000), 30_000, 300_000), // due at 120 000
      dueNow(undefined),
    ];
    // Due at once tie: in page order. A page past the slots is not one of them.
    expect(duePages(slots, 6, 100_000, 30_000)).toEqual([3, 5, 2, 1]);
  });

  it("a sweep reads of the due pages what its budget affords by their last weight, one at least", () => {
    const weighing = (bytes: number[]) =>
      bytes.map((b, i) => afterRead(undefined, true, { now: i, wall: i, bytes: b }, 30_000, 300_000));
    const budget = { pages: 3, bytes: 250_000 };
    expect([...affordable([3, 1, 2], weighing([150_000, 150_000, 150_000]), budget)]).toEqual([3, 1]);
    expect([...affordable([2, 1], weighing([400_000, 400_000]), budget)]).toEqual([2]);
    // Answered 304 last time (headers only): the page count is the bound.
    expect([...affordable([4, 3, 2, 1], weighing([150, 150, 150, 150]), budget)]).toEqual([4, 3, 2]);
  });
});
