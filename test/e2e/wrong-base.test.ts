// The monitor on a wrong base_url (issue 29, a newcomer's trips, 2): `…/v1` showed "loading…" and
// "⚠ page: HTTP 404 Not Found from the service" for ever, without the path asked. Now the start
// says base_url ends in /v1, and the page's error names the path and where base_url ends.
import { describe, it } from "vitest";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

describe("a base_url ending in /v1", () => {
  it("is said at start, then the page's 404 names the path and the base_url to use", async () => {
    const s = start(["--base-url", `${demo.url}/v1`], {
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
