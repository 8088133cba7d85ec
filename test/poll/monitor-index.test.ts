// The Monitor with the account index: given `index`, a sweep runs beside the page and its
// snapshot is the Monitor's `index`; pause stops it too. Not given, nothing changes: no sweep,
// the page's requests only.
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { Monitor } from "../../src/poll/monitor.js";
import { until } from "../helpers/monitor-until.js";

let demo: DemoServer | undefined;
let monitor: Monitor | undefined;
afterEach(async () => {
  monitor?.stop();
  monitor = undefined;
  await demo?.close();
});

async function start(index?: ConstructorParameters<typeof Monitor>[0]["index"]) {
  demo = await startDemoServer({ port: 0, tickMs: 0, maxPerPage: 20 });
  monitor = new Monitor({
    client: createClient({ baseUrl: demo.url, token: demo.token }),
    perPage: 20,
    order: "desc",
    intervalMs: 60_000,
    listIntervalMs: 60_000,
    index,
  });
  monitor.start();
  return { m: monitor, d: demo };
}

describe("Monitor with the index", () => {
  it("sweeps every page beside the page's poll, and pause stops the sweep too", async () => {
    const { m, d } = await start({ mode: "on", intervalMs: 1000 });
    const s = await until(m, (x) => (x.index?.seq ?? 0) >= 1);
    expect(s.index?.index.entries.size).toBe(120);
    expect(s.list.data?.items.length).toBe(20);
    m.pause();
    await new Promise((r) => setTimeout(r, 200));
    const n = d.requestCount();
    await new Promise((r) => setTimeout(r, 2500));
    expect(d.requestCount()).toBe(n);
    m.resume();
    await until(m, (x) => (x.index?.sweeps ?? 0) > (s.index?.sweeps ?? 0));
  });

  it("asks for the page alone at start: the first sweep goes once the page has answered", async () => {
    demo = await startDemoServer({ port: 0, tickMs: 0, maxPerPage: 20 });
    const client = createClient({ baseUrl: demo.url, token: demo.token });
    const log: string[] = [];
    const listJobs = client.listJobs.bind(client);
    client.listJobs = async (q, signal) => {
      log.push(`ask ${q.perPage}`);
      const r = await listJobs(q, signal);
      log.push(`got ${q.perPage}`);
      return r;
    };
    // The sweep's requests, whichever way it sends them.
    client.listJobsMapped = undefined;
    monitor = new Monitor({
      client,
      perPage: 20,
      order: "desc",
      intervalMs: 60_000,
      listIntervalMs: 60_000,
      index: { mode: "on", intervalMs: 1000, askPerPage: 1000 },
    });
    monitor.start();
    await until(monitor, (x) => (x.index?.seq ?? 0) >= 1);
    expect(log.slice(0, 3)).toEqual(["ask 20", "got 20", "ask 1000"]);
  });

  it("without the option (or off): no index, only the page is asked for", async () => {
    const { m, d } = await start();
    await until(m, (x) => x.list.data !== undefined);
    await new Promise((r) => setTimeout(r, 1500));
    expect(m.getSnapshot().index).toBeUndefined();
    expect(d.requestCount()).toBe(1);
    m.stop();
    await demo?.close();
    const off = await start({ mode: "off", intervalMs: 1000 });
    await until(off.m, (x) => x.list.data !== undefined);
    await new Promise((r) => setTimeout(r, 1500));
    expect(off.m.getSnapshot().index).toBeUndefined();
    expect(off.d.requestCount()).toBe(1);
  });
});
