// What jobtop says at start about the base URL: a query or a fragment is refused (the request
// paths would land in it, the base path silently dropped), and http:// to another machine warns
// that the token travels in clear text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConfig } from "../../src/config/resolve.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli } from "../helpers/cli.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

const base = { once: true, demo: false, bell: false, token: "tok-1234" };

describe("--base-url", () => {
  it.each(["https://jobs.example/api?tenant=7", "https://jobs.example/api#top", "https://jobs.example/api?"])(
    "refuses %s with exit 2",
    async (url) => {
      const r = await runCli(["--once", "--base-url", url], { JOBTOP_TOKEN: "tok-1234" });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        "jobtop: --base-url: must not have a query (?…) or a fragment (#…); give the service's base path only\n",
      );
    },
  );

  it("warns that the token travels in clear text over http:// to another machine", async () => {
    const r = await runCli(["--once", "--base-url", "http://jobs.invalid:8080/api", "--timeout", "2s"], {
      JOBTOP_TOKEN: "tok-1234",
    });
    expect(r.stderr.split("\n")[0]).toBe(
      "jobtop: warning: the token travels in clear text over http:// to jobs.invalid:8080; use https://",
    );
  });

  it("does not warn for https:// or for this machine", async () => {
    const r = await runCli(["--once", "--base-url", demo.url], { JOBTOP_TOKEN: demo.token });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    for (const url of [
      "https://jobs.example",
      "http://localhost:8080",
      "http://127.0.0.2",
      "http://[::1]:80",
    ])
      expect(buildConfig({ ...base, baseUrl: url }).warnings, url).toEqual([]);
    expect(buildConfig({ ...base, baseUrl: "http://10.0.0.5" }).warnings).toHaveLength(1);
  });
});
