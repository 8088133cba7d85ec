import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { decodeLog, SHARED_FROM } from "../../src/api/log-entries.js";
import { JobSchema, LogEntrySchema, StateSchema } from "../../src/api/schema.js";
import { specJob } from "../helpers/payloads.js";

/** What state.log was before: zod's array of LogEntrySchema, entry by entry. */
const zodLog = z.array(LogEntrySchema);

function longLog(n: number, first = 5_000_000, sourceId: unknown = 7) {
  return Array.from({ length: n }, (_, i) => ({
    id: first + i,
    status: i % 2 === 0 ? 1 : 2,
    ts: { seconds: 1_700_000_000 + i * 30 },
    sourceId,
  }));
}

describe("state.log decoded by hand (issue 31)", () => {
  // Values a service may send where an entry's fields are: right, wrong and odd.
  const idish = fc.oneof(
    fc.integer(),
    fc.constantFrom(2 ** 53, -(2 ** 53), 1.5, Number.NaN, 0, -0),
    fc.constantFrom("12", "-3", "007", "98765432109876543210", "", "1e3", " 1", "x"),
    fc.constant(null),
    fc.constant(undefined),
    fc.boolean(),
  );
  const entry = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ id: idish, status: idish, ts: fc.record({ seconds: idish }), sourceId: idish }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ id: idish, status: idish, ts: idish, sourceId: idish }, { requiredKeys: [] }),
    },
    { weight: 1, arbitrary: fc.constantFrom(null, 3, "x", [], [{ id: 1 }]) },
    {
      weight: 2,
      arbitrary: fc.record({
        id: fc.integer(),
        status: fc.integer(),
        ts: fc.record({ seconds: fc.integer() }),
        sourceId: fc.integer(),
        extra: fc.string(),
      }),
    },
  );

  it("accepts and rejects exactly what zod's LogEntrySchema did, with the same data and the same first problem", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.array(entry, { maxLength: 6 }), fc.constantFrom(null, undefined, {}, "log", 3)),
        (log) => {
          const before = zodLog.safeParse(log);
          const now = StateSchema.safeParse({ status: 1, log });
          expect(now.success).toBe(before.success);
          if (before.success && now.success) {
            // Byte for byte as JSON: the same values, the keys in the same order.
            expect(JSON.stringify(now.data.log)).toBe(JSON.stringify(before.data));
          } else if (!before.success && !now.success) {
            const [a, b] = [before.error.issues[0], now.error.issues[0]];
            expect(b?.path).toEqual(["log", ...(a?.path ?? [])]);
            expect(b?.message).toBe(a?.message);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("names a bad entry of a long log by its path in the job, as zod did", () => {
    const job = specJob(7);
    const log = longLog(SHARED_FROM + 10) as unknown[];
    log[SHARED_FROM + 3] = { id: 1, status: 2, ts: { seconds: "soon" }, sourceId: 7 };
    (job.state as { log: unknown }).log = log;
    const r = JobSchema.safeParse(job);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["state", "log", SHARED_FROM + 3, "ts", "seconds"]);
  });

  it("gives back the very same array for a long log decoded again unchanged (the page's copy, the job's, the next poll's)", () => {
    const wire = longLog(20_000);
    const a = decodeLog(JSON.parse(JSON.stringify(wire)));
    const b = decodeLog(JSON.parse(JSON.stringify(wire)));
    expect(a).toBeDefined();
    expect(b).toBe(a);
    // And through the job's schema, as the client decodes an answer.
    const job = (log: unknown) => JobSchema.parse({ ...specJob(7), state: { status: 2, log } });
    expect(job(JSON.parse(JSON.stringify(wire))).state.log).toBe(a);
  });

  it("shares the entries a grown or changed long log has in common with the last copy", () => {
    const wire = longLog(5000, 9_000_000);
    const a = decodeLog(JSON.parse(JSON.stringify(wire))) as NonNullable<ReturnType<typeof decodeLog>>;
    const grown = decodeLog(JSON.parse(JSON.stringify(longLog(5001, 9_000_000)))) as typeof a;
    expect(grown).not.toBe(a);
    expect(grown.length).toBe(5001);
    expect(grown[4999]).toBe(a[4999]);
    expect(grown[5000]).toEqual({
      id: "9005000",
      status: 1,
      ts: { seconds: 1_700_000_000 + 5000 * 30 },
      sourceId: "7",
    });
    const changed = JSON.parse(JSON.stringify(longLog(5001, 9_000_000)));
    changed[10].status = 6;
    const c = decodeLog(changed) as typeof a;
    expect(c[10]).not.toBe(grown[10]);
    expect(c[10]?.status).toBe(6);
    expect(c[11]).toBe(grown[11]);
  });

  it('never shares an entry whose id is written another way (the number 5 is not the string "05")', () => {
    const numbers = longLog(SHARED_FROM, 1);
    const a = decodeLog(numbers) as NonNullable<ReturnType<typeof decodeLog>>;
    const strings = numbers.map((e, i) => (i === 4 ? { ...e, id: "05" } : e));
    const b = decodeLog(strings) as typeof a;
    expect(a[4]?.id).toBe("5");
    expect(b[4]?.id).toBe("05");
    expect(b[3]).toBe(a[3]);
  });
});
