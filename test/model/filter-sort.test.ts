// The list's filters and sort, pure.
import { describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import { jobMatcher, nextStatus, STUCK_FILTER } from "../../src/model/filter.js";
import { nextSort, type SORT_COLUMNS, sortItems } from "../../src/model/sort.js";
import { specJob } from "../helpers/payloads.js";

const job = (id: number, over: (j: Job) => void = () => {}): Job => {
  const j = JobSchema.parse(specJob(id));
  over(j);
  return j;
};

describe("jobMatcher", () => {
  const j = job(4711, (x) => {
    x.displayID = "NB-abc";
    x.app.remark = "Train ResNet";
    x.app.cmd = `${"x".repeat(2_000_000)} --Needle-Flag`;
    x.ctx.nodeDisplayID = "gpu-h11";
    x.status = 2;
  });

  it("matches id, displayID, remark, node, status label and cmd, ignoring case", () => {
    const m = (text: string, labels: Record<number, string> = {}) =>
      jobMatcher({ text, status: undefined }, labels)?.(j);
    expect(m("471")).toBe(true);
    expect(m("nb-A")).toBe(true);
    expect(m("resnet")).toBe(true);
    expect(m("H11")).toBe(true);
    expect(m("running", { 2: "Running" })).toBe(true);
    expect(m("needle-flag")).toBe(true); // 2 MB into the cmd
    expect(m("nothing-like-it")).toBe(false);
    expect(m("a.c")).toBe(false); // not a pattern: "." is a dot
  });

  it("combines with the status, and is undefined when there is nothing to filter", () => {
    expect(jobMatcher({ text: "  ", status: undefined }, {})).toBeUndefined();
    expect(jobMatcher({ text: "", status: 2 }, {})?.(j)).toBe(true);
    expect(jobMatcher({ text: "", status: 3 }, {})?.(j)).toBe(false);
    expect(jobMatcher({ text: "resnet", status: 3 }, {})?.(j)).toBe(false);
  });
});

describe("nextStatus", () => {
  it("goes all → each status present, in the header's order (queued first) → all", () => {
    // It went 1, 3, 6 (the codes' order) while the header and the help list 6 (queued) first.
    const present = [3, 1, 3, 6, 9];
    expect(nextStatus(undefined, present)).toBe(6);
    expect(nextStatus(6, present)).toBe(1);
    expect(nextStatus(1, present)).toBe(3);
    expect(nextStatus(3, present)).toBe(9); // a code with no symbol of its own: after the known ones
    expect(nextStatus(9, present)).toBeUndefined();
    expect(nextStatus(2, present)).toBe(6); // gone from the page: from the start
    expect(nextStatus(undefined, [])).toBeUndefined();
  });

  it("offers ⧗ stuck first, as the header counts it first", () => {
    const present = [3, 6];
    expect(nextStatus(undefined, present, true)).toBe(STUCK_FILTER);
    expect(nextStatus(STUCK_FILTER, present, true)).toBe(6);
    expect(nextStatus(3, present, true)).toBeUndefined();
  });
});

describe("sort", () => {
  const a = job(1, (x) => {
    x.status = 3;
    x.createTime.seconds = 100;
    x.app.remark = "beta";
    x.ctx.nodeDisplayID = "n2";
    x.res.gpus = 1;
  });
  const b = job(2, (x) => {
    x.status = 6;
    x.createTime.seconds = 300;
    x.app.remark = "";
    x.ctx.nodeDisplayID = "n1";
    x.res.gpus = 8;
  });
  const c = job(3, (x) => {
    x.status = 2;
    x.createTime.seconds = 200;
    x.app.remark = "alpha";
    x.ctx.nodeDisplayID = "n3";
    x.res.gpus = 0;
  });
  const items = [a, b, c].map((j) => ({ ok: true as const, job: j }));
  const ids = (column: (typeof SORT_COLUMNS)[number]) => sortItems(items, column).map((i) => i.job.id);

  it("orders by each column, the lifecycle for status, youngest first for age, most GPUs first", () => {
    expect(ids("status")).toEqual(["2", "3", "1"]); // 6 queued, 2 running, 3 stopped
    expect(ids("age")).toEqual(["2", "3", "1"]);
    expect(ids("remark")).toEqual(["3", "1", "2"]); // empty last
    expect(ids("node")).toEqual(["2", "1", "3"]);
    expect(ids("gpu")).toEqual(["2", "1", "3"]);
    expect(items.map((i) => i.job.id)).toEqual(["1", "2", "3"]); // not sorted in place
  });

  it("orders by the durations of state.log, longest first, without a clock (issue 32)", () => {
    const log = (entries: [number, number][]) =>
      entries.map(([status, seconds], i) => ({ id: String(i + 1), status, ts: { seconds }, sourceId: "1" }));
    // in_status: since the newest entry, the oldest first; waited: still waiting first, then the longest wait.
    const p = job(11, (x) => {
      x.state.log = log([
        [6, 100],
        [2, 900],
      ]); // waited 800, in status since 900
    });
    const q = job(12, (x) => {
      x.state.log = log([[6, 500]]); // still waiting, since 500
    });
    const r = job(13, (x) => {
      x.state.log = log([
        [6, 50],
        [2, 100],
        [3, 400],
      ]); // waited 50, in status since 400
    });
    const s = job(14, (x) => {
      x.state.log = [];
    });
    const these = [p, q, r, s].map((j) => ({ ok: true as const, job: j }));
    expect(sortItems(these, "in_status").map((i) => i.job.id)).toEqual(["13", "12", "11", "14"]);
    expect(sortItems(these, "waited").map((i) => i.job.id)).toEqual(["12", "11", "13", "14"]);
  });

  it("keeps malformed rows last, and cycles the columns through the service's order", () => {
    const bad = { ok: false as const, index: 0, id: "9", error: "x" };
    expect(sortItems([bad, ...items], "age").at(-1)).toBe(bad);
    expect(nextSort(undefined, 1)).toBe("status");
    expect(nextSort("gpu", 1)).toBe("in_status");
    expect(nextSort("waited", 1)).toBeUndefined();
    expect(nextSort(undefined, -1)).toBe("waited");
  });
});
