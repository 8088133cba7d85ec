import { describe, expect, it } from "vitest";
import { JobSchema } from "../../src/api/schema.js";
import { specJob } from "../helpers/payloads.js";

describe("Job schema", () => {
  it("accepts a job built from the spec's tables", () => {
    const r = JobSchema.safeParse(specJob());
    expect(r.success).toBe(true);
  });

  it("accepts values in fields the spec only shows as null", () => {
    const job = specJob(1, {
      updateTime: { seconds: 5 },
      releaseTime: "2026-01-01",
      vols: [{ name: "data" }],
      nets: [{ any: "thing" }],
    });
    const app = job.app as Record<string, unknown>;
    app.files = [{ path: "/x" }];
    app.netConfig = { vpc: 1 };
    (job.ctx as Record<string, unknown>).releaseTime = 12;
    const r = JobSchema.safeParse(job);
    expect(r.success).toBe(true);
  });

  it("tolerates unknown extra fields and strips them", () => {
    const r = JobSchema.safeParse(specJob(1, { brandNew: { x: 1 } }));
    expect(r.success).toBe(true);
    expect(r.success && "brandNew" in r.data).toBe(false);
  });

  it("rejects a wrong type and names the path", () => {
    const job = specJob();
    const log = (job.state as { log: { ts: unknown }[] }).log;
    log[0] = { ...log[0], ts: { seconds: "soon" } };
    const r = JobSchema.safeParse(job);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["state", "log", 0, "ts", "seconds"]);
  });
});
