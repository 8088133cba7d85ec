// The list's rows in both scopes (issue 24): scope "all" lists every indexed job with the page's
// columns' fields, in the list's order, filters and sorts over all of them; pinned jobs are on top
// in both scopes, each id once; an index row (the list's fields only) never fills the detail.
import { describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import { EMPTY_INDEX, indexPage, SweepMerge } from "../../src/model/job-index.js";
import type { MonitorSnapshot } from "../../src/poll/monitor.js";
import { initialUi, type UiState } from "../../src/render/ui-state.js";
import { createView } from "../../src/render/view.js";
import { specJob } from "../helpers/payloads.js";

const job = (id: number, status: number, remark = `run-${id}`): Job =>
  JobSchema.parse(specJob(id, { status, app: { ...(specJob(id).app as object), remark } }));

// 60 jobs, newest first as the service's desc order; the page holds the first 20.
const jobs = Array.from({ length: 60 }, (_, i) => job(160 - i, i % 3 === 0 ? 2 : 3));
const merge = new SweepMerge();
merge.add(indexPage(jobs, () => undefined, 0));
const { index } = merge.finish(EMPTY_INDEX);

function snap(o: Partial<MonitorSnapshot> = {}): MonitorSnapshot {
  return {
    list: { data: { items: jobs.slice(0, 20).map((j) => ({ ok: true, job: j })) } },
    job: { data: undefined },
    pins: [],
    order: "desc",
    index: { index, seq: 1 },
    ...o,
  } as unknown as MonitorSnapshot;
}
const ui = (o: Partial<UiState> = {}): UiState => ({ ...initialUi, ...o });

describe("scope all", () => {
  it("lists every indexed job in the list's order, and filters them all", () => {
    const view = createView({});
    const all = view(snap(), ui({ scope: "all" }));
    expect(all.ids).toEqual(jobs.map((j) => j.id));
    expect(view(snap({ order: "asc" }), ui({ scope: "all" })).ids).toEqual(jobs.map((j) => j.id).reverse());
    const running = view(snap(), ui({ scope: "all", statusFilter: 2 }));
    expect(running.ids).toEqual(jobs.filter((j) => j.status === 2).map((j) => j.id));
    expect(view(snap(), ui({ scope: "all", filter: "run-10" })).ids).toEqual(
      jobs.filter((j) => j.app.remark.startsWith("run-10")).map((j) => j.id),
    );
    // Typed one more character: the rows of the last filter, narrowed.
    expect(view(snap(), ui({ scope: "all", filter: "run-104" })).ids).toEqual(["104"]);
    expect(view(snap(), ui({ scope: "all", filter: "run-1" })).ids.length).toBe(60);
  });

  it("shows the detail from the job's own poll only, never an index row's few fields", () => {
    const view = createView({});
    const far = jobs[40] as Job;
    const v = view(snap(), ui({ scope: "all", cursorId: far.id }));
    expect(v.selection.id).toBe(far.id);
    expect(v.selected).toBeUndefined();
    const polled = view(
      snap({ job: { data: far } as MonitorSnapshot["job"] }),
      ui({ scope: "all", cursorId: far.id }),
    );
    expect(polled.selected).toBe(far);
    // On the page, the page's full copy.
    const near = jobs[3] as Job;
    expect(view(snap(), ui({ scope: "all", cursorId: near.id })).selected).toBe(near);
  });
});

describe("pins", () => {
  const far = jobs[45] as Job;
  const near = jobs[5] as Job;
  const pins = [far, near].map((j) => ({
    id: j.id,
    job: j,
    missing: undefined,
    error: undefined,
    via: "own" as const,
  }));

  it("are on top of the page, each id once, in the order pinned", () => {
    const v = createView({})(snap({ pins }), ui());
    expect(v.ids.slice(0, 2)).toEqual([far.id, near.id]);
    expect(v.ids.filter((id) => id === near.id)).toHaveLength(1);
    expect(v.ids).toHaveLength(21);
    expect(v.pinned).toBe(2);
  });

  it("are on top in scope all too, each id once", () => {
    const v = createView({})(snap({ pins }), ui({ scope: "all" }));
    expect(v.ids.slice(0, 2)).toEqual([far.id, near.id]);
    expect(v.ids).toHaveLength(60);
    expect(new Set(v.ids).size).toBe(60);
  });

  it("show their own live copy, and obey the filters", () => {
    const moved = job(Number(far.id), 2, far.app.remark);
    const live = [{ ...pins[0], job: moved }] as MonitorSnapshot["pins"];
    const v = createView({})(snap({ pins: live }), ui());
    expect(v.items[0]).toEqual({ ok: true, job: moved });
    expect(createView({})(snap({ pins: live }), ui({ statusFilter: 3 })).ids).not.toContain(far.id);
  });
});
