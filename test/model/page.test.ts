// The page as shown: one row per job id, and pagination numbers that make sense.
import { describe, expect, it } from "vitest";
import type { PageItem } from "../../src/api/client.js";
import { JobSchema } from "../../src/api/schema.js";
import { dedupeItems, MAX_PAGES, pageFacts, shapePage } from "../../src/model/page.js";
import { specJob } from "../helpers/payloads.js";

const ok = (id: number, over: Record<string, unknown> = {}): PageItem => ({
  ok: true,
  job: JobSchema.parse(specJob(id, over)),
});
const bad = (index: number, id?: string): PageItem => ({ ok: false, index, id, error: "schema: x" });
const ids = (items: readonly PageItem[]) => items.map((i) => (i.ok ? i.job.id : `!${i.id ?? "?"}`));

describe("dedupeItems", () => {
  it("keeps the first copy of each id where it was, and counts the others", () => {
    const items = [ok(1), ok(2), ok(1, { status: 3 }), bad(3, "2"), ok(3), bad(5), bad(6)];
    const d = dedupeItems(items);
    expect(ids(d.items)).toEqual(["1", "2", "3", "!?", "!?"]);
    expect(d.duplicates).toBe(2);
    const first = d.items[0];
    expect(first?.ok && first.job.status).toBe(2); // the first copy, not the later one
  });

  it("returns the same array when every id is distinct", () => {
    const items = [ok(1), ok(2), bad(2)];
    expect(dedupeItems(items).items).toBe(items);
  });
});

describe("pageFacts", () => {
  const asked = { page: 1, perPage: 20 };
  const p = (total: number, numPages: number, page = 1, perPage = 20) => ({ total, numPages, page, perPage });

  it("believes a consistent pagination", () => {
    expect(pageFacts(p(120, 6), asked, 20)).toEqual({ numPages: 6, total: 120, doubts: [] });
    expect(pageFacts(p(0, 1), asked, 0)).toEqual({ numPages: 1, total: 0, doubts: [] });
    expect(pageFacts(p(0, 0), asked, 0)).toEqual({ numPages: 1, total: 0, doubts: [] }); // an empty service
  });

  it("never shows a negative total: the count on a first page that is not full, else unknown", () => {
    expect(pageFacts(p(-100, 1), asked, 2)).toEqual({ numPages: 1, total: 2, doubts: ["total?"] });
    expect(pageFacts(p(-100, 3), asked, 20)).toEqual({ numPages: 3, total: undefined, doubts: ["total?"] });
  });

  it("doubts a total smaller than the jobs already seen, or out of step with the pages", () => {
    expect(pageFacts(p(5, 3, 3), { page: 3, perPage: 20 }, 4).doubts).toContain("total?"); // ≥ 44 exist
    expect(pageFacts(p(1000, 6), asked, 20)).toMatchObject({ numPages: 6, total: undefined });
  });

  it("replaces a page count of zero, negative or absurd by what can be believed", () => {
    expect(pageFacts(p(120, 0), asked, 20)).toEqual({ numPages: 6, total: 120, doubts: ["pages?"] });
    expect(pageFacts(p(-1, -4), asked, 20)).toEqual({
      numPages: 2, // this page is full: the next may exist
      total: undefined,
      doubts: ["pages?", "total?"],
    });
    expect(pageFacts(p(1e15, 2_000_000_000), asked, 3)).toEqual({
      numPages: 1,
      total: 3,
      doubts: ["pages?", "total?"],
    });
    expect(pageFacts(p(40, MAX_PAGES + 1), asked, 20).numPages).toBe(2);
  });

  it("flags an answer for another page than asked, and a perPage of 0", () => {
    expect(pageFacts(p(120, 6, 2), asked, 20).doubts).toEqual(["page?"]);
    expect(pageFacts(p(120, 6, 1, 0), asked, 20)).toEqual({ numPages: 6, total: 120, doubts: [] });
  });

  it("keeps a page count smaller than the page asked for as it is (the monitor moves back)", () => {
    expect(pageFacts(p(8, 2, 3, 4), { page: 3, perPage: 4 }, 0)).toEqual({
      numPages: 2,
      total: 8,
      doubts: [],
    });
  });
});

describe("shapePage", () => {
  it("de-duplicates, counts on the distinct rows, and records the request", () => {
    const page = shapePage(
      { pagination: { total: 2, numPages: 1, page: 1, perPage: 20 }, items: [ok(1), ok(1), ok(2)] },
      { page: 1, perPage: 20, order: "desc" },
    );
    expect(ids(page.items)).toEqual(["1", "2"]);
    expect(page.duplicates).toBe(1);
    expect(page.facts).toEqual({ numPages: 1, total: 2, doubts: [] });
    expect(page.asked).toEqual({ page: 1, perPage: 20, order: "desc" });
  });
});
