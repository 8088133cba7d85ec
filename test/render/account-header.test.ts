// The header's account facts from the index (issue 24): the counts per status with the list's
// symbols and the configured names, the index's age while its sweeps fail (never old counts
// without it), the reason when `auto` turned it off, the scope, and the width kept.
import { describe, expect, it } from "vitest";
import { displayWidth } from "../../src/model/format.js";
import type { JobIndex } from "../../src/model/job-index.js";
import type { SweepSnapshot } from "../../src/poll/sweep.js";
import { accountFacts, type HeaderProps, headerParts } from "../../src/render/header-props.js";

const index = (counts: [number, number][]): JobIndex => ({
  entries: new Map(),
  counts: new Map(counts),
  missed: new Set(),
});

function sweep(o: Partial<SweepSnapshot> & { error?: unknown; okWall?: number }): SweepSnapshot {
  return {
    mode: "auto",
    reason: undefined,
    hint: undefined,
    index: index([
      [3, 100],
      [2, 12],
      [6, 3],
      [9, 1],
    ]),
    events: [],
    seq: 1,
    away: false,
    total: 116,
    perPage: 100,
    requests: 2,
    bytes: 0,
    sweeps: 1,
    oldestWall: undefined,
    intervalMs: 30_000,
    stopped: undefined,
    partial: undefined,
    max: 2000,
    poll: { okWall: o.okWall ?? 1_000_000, error: o.error } as SweepSnapshot["poll"],
    ...o,
  };
}

const props = (p: Partial<HeaderProps>): HeaderProps => ({
  host: "jobs.example.com",
  page: 2,
  numPages: 6,
  order: "desc",
  total: 116,
  position: "1/20",
  intervalMs: 2000,
  listIntervalMs: 10_000,
  freshMs: 20_000,
  changes: 0,
  connection: { state: "ok", okWall: 0 } as HeaderProps["connection"],
  width: 200,
  filter: "",
  ...p,
});

const labels = { 6: "queued", 2: "running", 3: "stopped" };

describe("the account's counts", () => {
  it("are per status, in a job's life order, with the list's symbols and the configured names", () => {
    const f = accountFacts(sweep({}), labels, 1_000_000);
    expect(f.counts).toEqual(["3 ◌ queued", "12 ● running", "100 ■ stopped", "1 ? 9"]);
    const { lead, rest } = headerParts(props(f));
    expect(`${lead}${rest}`).toContain(
      "page 2/6 · desc · 116 jobs · 3 ◌ queued · 12 ● running · 100 ■ stopped",
    );
  });

  it("leave room for what changed while away: counts go first, never the time it names", () => {
    const away = "20 changed while away (since Thu 06:58)";
    const f = accountFacts(sweep({}), labels, 1_000_000);
    const p = props({ ...f, width: 130, page: 1, numPages: 7, total: 123, away });
    const { lead, rest } = headerParts(p);
    // The line as Header.tsx draws it, the connection's "● ok" and the away note before the host.
    const line = `jobtop ${lead}${rest} · ● ok · ${away} · jobs.example.com`;
    expect(line.length).toBeLessThanOrEqual(130);
    // Each count shortened rather than one dropped (issue 29, a newcomer's trips, 6).
    expect(rest).toContain(" · 3◌ 12● 100■ 1 9");
    // Narrower: those dropped are counted.
    expect(headerParts({ ...p, width: 120 }).rest).toBe(" · +4 more");
  });

  it("say the index's age while its sweeps fail, and are dropped rather than shown old without it", () => {
    const f = accountFacts(
      sweep({ error: new Error("HTTP 503"), okWall: 1_000_000 }),
      labels,
      1_000_000 + 125_000,
    );
    expect(f.indexNote).toBe("index 2m old");
    const wide = headerParts(props(f));
    expect(wide.rest).toContain("3 ◌ queued · 12 ● running · 100 ■ stopped · 1 ? 9 · index 2m old");
    // Too narrow for the age: no counts at all.
    const narrow = headerParts(props({ ...f, width: 60 }));
    expect(narrow.rest).not.toMatch(/queued|running/);
  });

  it("say how old the page read longest ago is, once older than two sweeps (pages unchanged are read less often)", () => {
    const young = accountFacts(sweep({ oldestWall: 1_000_000 - 50_000 }), labels, 1_000_000);
    expect(young.indexNote).toBeUndefined();
    const f = accountFacts(sweep({ oldestWall: 1_000_000 - 250_000 }), labels, 1_000_000);
    expect(f.indexNote).toBe("index ≤ 4m old");
    expect(headerParts(props(f)).rest).toContain("100 ■ stopped · 1 ? 9 · index ≤ 4m old");
    // Not stale: the counts stay when the line is too short for the age.
    expect(f.indexStale).toBeUndefined();
  });

  it("give way to the reason when auto turned the index off", () => {
    const f = accountFacts(sweep({ reason: "index off: 2400 jobs > index_max 2000" }), labels, 0);
    expect(f.counts).toBeUndefined();
    expect(headerParts(props(f)).rest).toContain("index off: 2400 jobs > index_max 2000");
  });

  it("drop from the end in a narrow terminal, the rest still fitting", () => {
    const f = accountFacts(sweep({}), labels, 0);
    for (const width of [60, 80, 100, 120]) {
      const p = props({ ...f, width });
      const { lead, rest, host } = headerParts(p);
      // The line as Header draws it, with the connection's "● ok" and the host when it fits.
      expect(`jobtop ${lead}${rest} · ● ok${host ? ` · ${host}` : ""}`.length).toBeLessThanOrEqual(width);
    }
    // Short forms first, then those dropped are counted: never gone without a mark.
    expect(headerParts(props({ ...f, width: 80 })).rest).toBe(" · 3◌ +3 more");
  });

  it("never show '+N more' alone beside the row's place: the row gives way to one count", () => {
    // At 88 columns a 2 000-job header read " · +5 more · row 1/152": not one count, a row's place kept.
    const counts = ["152 ⧗ stuck", "480 ◌ queued", "500 ◔ starting", "520 ● running", "500 ■ stopped"];
    const shortCounts = ["152⧗", "480◌", "500◔", "520●", "500■"];
    const f = { counts, shortCounts, total: 152, page: 1, numPages: 8, position: "1/152" };
    const seen: string[] = [];
    for (let width = 50; width <= 200; width++) {
      const rest = headerParts(props({ ...f, width, filter: "filter: ⧗ stuck (152 of 2000)" })).rest;
      if (/ · \+\d+ more · row /.test(rest)) seen.push(`${width}: ${rest}`);
    }
    expect(seen).toEqual([]);
  });

  it("keep the connection's state on a 60-column line: the row's place goes first", () => {
    // It read "jobtop all jobs · desc · 137 jobs · row 137/137 · sort: sta…", no "● ok" at all.
    const p = props({ width: 60, scope: "all", total: 137, position: "137/137", filter: "sort: status" });
    const { lead, rest } = headerParts(p);
    expect(`jobtop ${lead}${rest} · ● ok`.length).toBeLessThanOrEqual(60);
    expect(rest).toContain("sort: status");
    expect(headerParts({ ...p, width: 120 }).rest).toContain("row 137/137");
  });

  it("keep the connection's state beside a pace: the pace's reason gives way first, then the pace", () => {
    // At 80 columns a 14 MB page's header read "… · page and job every 30s: 14 MB answers · ● …".
    const jobPace = "page and job every 30s: 14 MB answers";
    const base = { page: 1, numPages: 16, total: 301, jobPace, position: "" };
    for (const width of [60, 70, 80, 90]) {
      const { lead, rest } = headerParts(props({ ...base, width }));
      expect(displayWidth(`jobtop ${lead}${rest} · ● ok`), `${width}`).toBeLessThanOrEqual(width);
    }
    expect(headerParts(props({ ...base, width: 80 })).rest).toBe(" · page and job every 30s");
    expect(headerParts(props({ ...base, width: 120 })).rest).toContain(jobPace);
    const two = "page every 30s: 14 MB answers · polled every 12s: 5.0 MB answers";
    expect(headerParts(props({ ...base, jobPace: two, width: 90 })).rest).toBe(
      " · page every 30s · polled every 12s",
    );
  });

  it("say which scope is on", () => {
    expect(headerParts(props({ scope: "all" })).lead).toBe("all jobs · desc · 116 jobs");
    expect(headerParts(props({ scope: "page" })).lead).toBe("page 2/6 · desc · 116 jobs");
  });

  it("are absent without an index, and before its first sweep on the page's scope", () => {
    expect(accountFacts(undefined, labels, 0)).toEqual({});
    expect(accountFacts(sweep({ seq: 0 }), labels, 0)).toEqual({});
    expect(accountFacts(sweep({ seq: 0 }), labels, 0, true).indexNote).toBe("indexing…");
  });
});
