// What the detail pane's title and body say about the job it follows.
import { describe, expect, it } from "vitest";
import type { Elsewhere } from "../../src/poll/monitor.js";
import { detailTitle, followLine, missingLines, type TitleFacts } from "../../src/render/detail-title.js";

const facts = (over: Partial<TitleFacts> = {}): TitleFacts => ({
  selection: { id: "57", row: 3, away: undefined },
  shownId: "57",
  missing: undefined,
  hiddenByFilter: false,
  lastSeenPage: undefined,
  page: 1,
  showSecrets: false,
  ...over,
});

describe("detailTitle", () => {
  it("names the job, and says when its data is not here yet", () => {
    expect(detailTitle(facts())).toBe("Job 57");
    expect(detailTitle(facts({ showSecrets: true }))).toBe("Job 57 · secrets shown");
    expect(detailTitle(facts({ shownId: undefined }))).toBe("Job 57 · loading…");
    expect(detailTitle(facts({ selection: { id: undefined, row: -1, away: undefined } }))).toBe(
      "No job selected",
    );
  });

  it("says a job reached with : is not on this page, and where it was last seen", () => {
    const away = { id: "57", row: -1, away: "jumped" as const };
    expect(detailTitle(facts({ selection: away }))).toBe("Job 57 · not on this page (⏎ follow · Esc: back)");
    expect(detailTitle(facts({ selection: away, lastSeenPage: 3 }))).toBe(
      "Job 57 · not on this page · last seen on page 3 (⏎ follow · Esc: back)",
    );
    expect(detailTitle(facts({ selection: away, lastSeenPage: 1 }))).toBe(
      "Job 57 · not on this page (⏎ follow · Esc: back)",
    );
    expect(detailTitle(facts({ selection: away, hiddenByFilter: true }))).toBe(
      "Job 57 · hidden by the filter (Esc: back)",
    );
  });

  it("says a followed job moved off this page, and how to follow it or get back to the list", () => {
    const away = { id: "57", row: -1, away: "moved" as const };
    expect(detailTitle(facts({ selection: away }))).toBe(
      "Job 57 · moved off this page (⏎ follow · ↑↓: back to the list)",
    );
  });

  it("says which page holds the job when the index knows, a search under way, and one that found nothing", () => {
    const moved = { id: "57", row: -1, away: "moved" as const };
    const at = (over: Partial<Elsewhere>): Elsewhere => ({
      id: "57",
      page: undefined,
      searching: undefined,
      notFound: undefined,
      ...over,
    });
    expect(detailTitle(facts({ selection: moved, elsewhere: at({ page: 2 }) }))).toBe(
      "Job 57 · moved to page 2 (⏎ follow · ↑↓: back to the list)",
    );
    expect(followLine(facts({ selection: moved, elsewhere: at({ page: 2 }) }))).toBe(
      "job 57 moved to page 2 · ⏎ follow",
    );
    // Another job's place says nothing of this one.
    expect(followLine(facts({ selection: moved, elsewhere: { ...at({ page: 2 }), id: "58" } }))).toBe(
      "job 57 moved off this page · ⏎ looks for it",
    );
    const searching = at({ searching: { page: 3, asked: 2, of: 5 } });
    expect(followLine(facts({ selection: moved, elsewhere: searching }))).toBe(
      "looking for job 57 on page 3 (2 of 5)…",
    );
    const lost = at({ notFound: { from: 2, to: 6 } });
    expect(followLine(facts({ selection: moved, elsewhere: lost }))).toBe(
      "job 57 is not on pages 2–6 · ⏎ looks again",
    );
    const jumped = { id: "57", row: -1, away: "jumped" as const };
    expect(followLine(facts({ selection: jumped, elsewhere: at({ page: 4 }) }))).toBe(
      "job 57 is on page 4 · ⏎ follow",
    );
    // Listed, hidden by the filter, missing, or the index's list: no line.
    expect(followLine(facts())).toBeUndefined();
    expect(followLine(facts({ selection: moved, hiddenByFilter: true }))).toBeUndefined();
    expect(followLine(facts({ selection: moved, scope: "all" }))).toBeUndefined();
    expect(
      followLine(facts({ selection: moved, missing: { id: "57", message: "gone", notFound: true } })),
    ).toBeUndefined();
    expect(detailTitle(facts({ selection: moved, scope: "all" }))).toBe(
      "Job 57 · not in the index (↑↓: back to the list)",
    );
  });

  it("says a job the service does not have is not found, or not available", () => {
    const away = { id: "12345", row: -1, away: "jumped" as const };
    const missing = { id: "12345", message: "service error code 404: job not found", notFound: true };
    expect(detailTitle(facts({ selection: away, shownId: undefined, missing }))).toBe(
      "Job 12345 · not found (Esc: back)",
    );
    expect(
      detailTitle(facts({ selection: away, shownId: undefined, missing: { ...missing, notFound: false } })),
    ).toBe("Job 12345 · not available (Esc: back)");
  });
});

describe("missingLines", () => {
  it("gives the service's words, sanitised, and how often it is asked again", () => {
    const lines = missingLines(
      { id: "12345", message: "service error code 404: job \x1b[31mnot\x1b[0m found", notFound: true },
      10_000,
      60,
    );
    const text = lines.map((l) => l.text).join("\n");
    expect(text).toContain("job 12345 not found");
    expect(text).toContain("the service said: service error code 404: job");
    expect(text).toContain("asking again every 10s");
    expect(text).not.toContain("\x1b");
  });
});
