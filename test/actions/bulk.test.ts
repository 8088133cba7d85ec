import { describe, expect, it } from "vitest";
import { type JobOutcome, resultLine, runBulk } from "../../src/actions/bulk.js";

const targets = (ids: string[]) => ids.map((id) => ({ id, label: `jb${id}`, job: id }));

describe("one action over several jobs", () => {
  it("runs each job once, in order, one at a time; a line per job and a summary", async () => {
    const order: string[] = [];
    let inFlight = 0;
    let most = 0;
    const lines: string[] = [];
    const r = await runBulk(
      "cancel",
      targets(["25w8", "25w9", "25w8", "26a1"]),
      async (id): Promise<JobOutcome> => {
        inFlight++;
        most = Math.max(most, inFlight);
        order.push(id);
        await new Promise((ok) => setTimeout(ok, 5));
        inFlight--;
        if (id === "25w9") return { ok: false, error: "service error code 409: job is already stopped" };
        if (id === "26a1") return { ok: false, error: "no answer within 10s (timeout)", unknown: true };
        return { ok: true };
      },
      { onResult: (x) => lines.push(x.line) },
    );
    expect(order).toEqual(["25w8", "25w9", "26a1"]);
    expect(most).toBe(1);
    expect(lines).toEqual([
      "cancel jb25w8: done",
      "cancel jb25w9: failed: service error code 409: job is already stopped",
      "cancel jb26a1: outcome unknown: no answer within 10s (timeout)",
    ]);
    expect(r.results.map((x) => x.line)).toEqual(lines);
    expect(r.summary).toBe("cancel: 1 of 3 jobs done, 1 failed, 1 outcome unknown");
  });

  it("with concurrency, at most that many at once; all done is said short", async () => {
    let inFlight = 0;
    let most = 0;
    const ids = Array.from({ length: 20 }, (_, i) => String(i));
    const r = await runBulk(
      "stop",
      targets(ids),
      async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((ok) => setTimeout(ok, 2));
        inFlight--;
        return { ok: true, line: "stopped" };
      },
      { concurrency: 3 },
    );
    expect(most).toBe(3);
    expect(r.results.map((x) => x.id)).toEqual(ids);
    expect(r.results[0]?.line).toBe("stop jb0: done: stopped");
    expect(r.summary).toBe("stop: 20 jobs done");
    expect((await runBulk("stop", targets(["1"]), async () => ({ ok: true }))).summary).toBe("stop: done");
  });

  it("cancelled: no further job starts; a throw is a failure; labels are sanitised", async () => {
    const ac = new AbortController();
    const r = await runBulk(
      "cancel",
      [{ id: "1", label: "\u001b[2Jx", job: "1" }, ...targets(["2", "3"])],
      async (n) => {
        if (n === "1") {
          ac.abort();
          throw new Error("boom\u0007");
        }
        return { ok: true };
      },
      { signal: ac.signal },
    );
    expect(r.results.map((x) => x.line)).toEqual(["cancel ^[[2Jx: failed: boom^G"]);
    expect(r.summary).toBe("cancel: 0 of 3 jobs done, 1 failed, 2 not started");
    expect(resultLine("a", "b", { ok: true, line: "x" })).toBe("a b: done: x");
  });
});
