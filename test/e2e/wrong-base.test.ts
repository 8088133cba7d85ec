// The monitor on a wrong base_url (issue 29, a newcomer's trips, 2): `…/v1` showed "loading…" and
// "⚠ page: HTTP 404 Not Found from the service" for ever, without the path asked. Now the start
// says base_url ends in /v1, and the page's error names the path and where base_url ends.
import { afterAll, afterEach, beforeAll, describe, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { type Session, startCli } from "./pty.js";

let demo: DemoServer;
let s: Session | undefined;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});
afterEach(() => {
  s?.kill("SIGKILL");
  s = undefined;
});

describe("a base_url ending in /v1", () => {
  it("is said at start, then the page's 404 names the path and the base_url to use", async () => {
    s = startCli(["--base-url", `${demo.url}/v1`], {
      cols: 160,
      rows: 20,
      env: { JOBTOP_TOKEN: demo.token },
    });
    await s.waitFor("⚠ base_url ends in /v1, and jobtop adds /v1/job itself", 15_000);
    await s.waitFor(
      `⚠ page: HTTP 404 Not Found for /v1/v1/job/jobs; base_url is the part before /v1: ${demo.url}`,
      30_000,
    );
  });
});
