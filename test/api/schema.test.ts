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

  // src/zod.ts: zod's mini build says only "Invalid input" until a locale is set; the status line
  // and `jobtop get` show these words, so they must say what was expected.
  it("says in English what it expected, as the status line shows it", () => {
    const wrong = (change: (job: Record<string, unknown>) => void) => {
      const job = specJob() as Record<string, unknown>;
      change(job);
      const r = JobSchema.safeParse(job);
      return r.success ? "accepted" : `${r.error.issues[0]?.path.join(".")}: ${r.error.issues[0]?.message}`;
    };
    expect(wrong((j) => (j.status = "running"))).toBe(
      "status: Invalid input: expected number, received string",
    );
    expect(wrong((j) => (j.status = 1.5))).toBe("status: Invalid input: expected int, received number");
    expect(wrong((j) => delete j.desc)).toBe("desc: Invalid input: expected string, received undefined");
    expect(wrong((j) => (j.ctx = null))).toBe("ctx: Invalid input: expected object, received null");
    expect(wrong((j) => (j.id = "12a"))).toBe("id: expected an integer id");
  });
});
