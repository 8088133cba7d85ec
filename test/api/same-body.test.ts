// A poll answered with the same bytes as the last one gives back the same object (no parse, and
// no render downstream: everything after compares by identity); any change gives a new one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});
const client = () => createClient({ baseUrl: demo.url, token: demo.token, timeoutMs: 2000 });

describe("an answer the same as the last one", () => {
  it("is the same page object until the page changes", async () => {
    const c = client();
    const q = { page: 1, perPage: 5, order: "desc" as const };
    const a = await c.listJobs(q);
    expect(await c.listJobs(q)).toBe(a);
    const added = demo.addJob(); // newest first: it heads page 1
    const b = await c.listJobs(q);
    expect(b).not.toBe(a);
    expect(b.items[0]?.ok && b.items[0].job.id).toBe(String(added.id));
    expect(await c.listJobs(q)).toBe(b);
    // Another page is another question, even when its answer were the same.
    expect(await c.listJobs({ ...q, order: "asc" })).not.toBe(b);
  });

  it("is the same job object; another job or a failure in between is not mixed up", async () => {
    const c = client();
    const a = await c.getJob("7");
    expect(await c.getJob("7")).toBe(a);
    expect((await c.getJob("8")).id).toBe("8");
    const again = await c.getJob("7");
    expect(again).toEqual(a);
    demo.injectFault("malformed");
    await expect(c.getJob("7")).rejects.toThrow();
    expect(await c.getJob("7")).toEqual(a);
    demo.injectFault("bad-job");
    const page = await c.listJobs({ page: 1, perPage: 5, order: "desc" });
    expect(page.items.some((i) => !i.ok)).toBe(true);
    // The bad row came from a faulty answer; the next, good answer is decoded afresh.
    expect((await c.listJobs({ page: 1, perPage: 5, order: "desc" })).items.every((i) => i.ok)).toBe(true);
  });
});

describe("a large answer (issue 31)", () => {
  it("is known again by its digest: the memo does not hold its megabytes", async () => {
    const { sameBodies } = await import("../../src/api/same-body.js");
    const memo = sameBodies();
    const big = Buffer.alloc(3 << 20, "a");
    let decodes = 0;
    const decode = () => ++decodes;
    expect(memo.decode("job 7", big, decode)).toBe(1);
    // Had the memo kept these very bytes, they would now be zeros and the same answer not known.
    const again = Buffer.from(big);
    big.fill(0);
    expect(memo.decode("job 7", again, decode)).toBe(1);
    // One byte changed, anywhere: decoded anew.
    const changed = Buffer.from(again);
    changed[changed.length >> 1] = 0x62;
    expect(memo.decode("job 7", changed, decode)).toBe(2);
    // A small answer is still compared byte for byte, never with a large one's digest.
    expect(memo.decode("job 7", Buffer.alloc(32), decode)).toBe(3);
    expect(memo.decode("job 7", Buffer.alloc(32), decode)).toBe(3);
  });
});
