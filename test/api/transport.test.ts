// The fetch behind a proxy or a private CA: bundled undici's own fetch and dispatcher, loaded
// only when one applies; the client's guarantees (deadlines that survive a garbage collection,
// cancelling) hold through it too.
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { envProxies, needsOwnFetch, transportFetch } from "../../src/api/transport.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { deadPort, type ForwardProxy, startForwardProxy } from "../helpers/proxy.js";

let demo: DemoServer;
let proxy: ForwardProxy;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
  proxy = await startForwardProxy();
});
afterAll(async () => {
  await proxy.close();
  await demo.close();
});

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected an ApiError");
}

describe("when Node's own fetch will do", () => {
  it.each([
    [{ env: {} }, false],
    [{ env: { HTTPS_PROXY: "http://p:1" } }, true],
    [{ env: { http_proxy: "http://p:1" } }, true],
    [{ env: { NO_PROXY: "*" } }, false],
    [{ env: { HTTPS_PROXY: "http://p:1", https_proxy: "" } }, false],
    [{ env: { HTTP_PROXY: "http://p:1" }, proxy: "none" }, false],
    [{ env: {}, proxy: "http://p:1" }, true],
    [{ env: {}, caFile: "/ca.pem" }, true],
    [{ env: { HTTP_PROXY: "http://p:1" }, proxy: "none", caFile: "/ca.pem" }, true],
  ])("%j → own fetch: %s", async (o, own) => {
    expect(needsOwnFetch(o)).toBe(own);
    if (!own) expect(await transportFetch(o)).toBeUndefined();
  });
});

describe("the environment's proxies, as undici reads them", () => {
  it.each([
    [{}, { noProxy: "" }],
    [{ HTTP_PROXY: "http://up:1" }, { http: { name: "HTTP_PROXY", url: "http://up:1" }, noProxy: "" }],
    [
      { HTTP_PROXY: "http://up:1", http_proxy: "http://low:2" },
      { http: { name: "http_proxy", url: "http://low:2" }, noProxy: "" },
    ],
    [{ HTTP_PROXY: "http://up:1", http_proxy: "" }, { noProxy: "" }], // set but empty: none
    [
      { HTTPS_PROXY: "proxy.corp:3128", NO_PROXY: "localhost" },
      { https: { name: "HTTPS_PROXY", url: "http://proxy.corp:3128" }, noProxy: "localhost" },
    ],
    [{ https_proxy: "http://[oops" }, { error: 'https_proxy: not a proxy URL: "http://[oops"' }],
    [
      { HTTP_PROXY: "socks5://u:pw@p:1080" },
      {
        error:
          'HTTP_PROXY: socks5:// proxies are not supported, only http:// and https:// ones: "socks5://****@p:1080"',
      },
    ],
  ])("%j", (env, expected) => {
    expect(envProxies(env)).toEqual(expected);
  });
});

describe("through a proxy", () => {
  const client = async (timeoutMs = 5000) =>
    createClient({
      baseUrl: demo.url,
      token: demo.token,
      timeoutMs,
      fetch: await transportFetch({ env: { HTTP_PROXY: proxy.url } }),
    });

  it("lists and gets jobs, each request through the proxy", async () => {
    const before = proxy.records.length;
    const c = await client();
    const page = await c.listJobs({ page: 1, perPage: 5, order: "desc" });
    expect(page.items).toHaveLength(5);
    const job = await c.getJob("1");
    expect(job.id).toBe("1");
    expect(proxy.records.slice(before).map((r) => r.target)).toEqual([
      `${demo.url}/v1/job/jobs?page=1&per_page=5&order=desc`,
      `${demo.url}/v1/job?id=1`,
    ]);
  });

  it("times out, and cancels, a hanging request even when garbage is collected while it waits", async () => {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const collect = setInterval(gc, 50);
    try {
      demo.injectFault("hang", 2);
      const t0 = performance.now();
      const e = await failure((await client(400)).listJobs({ page: 1, perPage: 5, order: "desc" }));
      expect(e.kind).toBe("timeout");
      expect(performance.now() - t0).toBeLessThan(1500);

      const ac = new AbortController();
      setTimeout(() => ac.abort(), 300);
      const t1 = performance.now();
      await failure((await client(60_000)).getJob("1", ac.signal));
      expect(performance.now() - t1).toBeLessThan(1500);
    } finally {
      clearInterval(collect);
      demo.clearFaults();
    }
  });

  it("says when the proxy itself cannot be reached", async () => {
    const dead = `http://127.0.0.1:${await deadPort()}`;
    const c = createClient({
      baseUrl: demo.url,
      token: demo.token,
      fetch: await transportFetch({ env: {}, proxy: dead }),
    });
    const e = await failure(c.listJobs({ page: 1, perPage: 5, order: "desc" }));
    expect(e.kind).toBe("network");
    expect(e.message).toBe(`cannot reach the proxy ${dead}: connection refused`);
  });

  it("says when the proxy wants credentials, without showing any", async () => {
    const authed = await startForwardProxy({ auth: "u:pw" });
    try {
      const c = createClient({
        baseUrl: demo.url,
        token: demo.token,
        fetch: await transportFetch({ env: {}, proxy: `http://u:wrong-pw@127.0.0.1:${authed.port}` }),
      });
      const e = await failure(c.listJobs({ page: 1, perPage: 5, order: "desc" }));
      expect(e.kind).toBe("proxy");
      expect(e.details.status).toBe(407);
      expect(e.message).toBe(
        `the proxy http://****@127.0.0.1:${authed.port} asks for its own login (HTTP 407 Proxy Authentication Required): check the user and password in its URL`,
      );
    } finally {
      await authed.close();
    }
  });
});
