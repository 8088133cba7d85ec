// The fault matrix: the built CLI in a real terminal against the demo service, through every
// failure the service or the network can produce. For each: the app stays up, the last good data
// stays on screen, one line names the cause, at most one request per resource is in flight, and
// it recovers by itself once the fault ends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, type FaultKind, startDemoServer } from "../../src/demo/server.js";
import { type Session, startCli } from "./pty.js";

let demo: DemoServer;
let port = 0;
let maxInFlight = 0;
let sampler: ReturnType<typeof setInterval> | undefined;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, retryAfterSec: 1 });
  port = demo.port;
  sampler = setInterval(() => {
    maxInFlight = Math.max(maxInFlight, demo.inFlight());
  }, 5);
});
afterAll(async () => {
  clearInterval(sampler);
  await demo.close();
});

const FAULTS: [FaultKind, RegExp][] = [
  ["500", /HTTP 500/],
  ["502-html", /HTTP 502 Bad Gateway/],
  ["429", /rate limited \(HTTP 429, retry after 1s\)/],
  ["503", /service unavailable \(HTTP 503, retry after 1s\)/],
  ["hang", /no answer from \S+ within 1s \(timeout\)/],
  ["malformed", /malformed JSON/],
  ["drift", /schema: /],
  ["code", /service error code 5001: backend unavailable/],
  ["reset", /connection|network|malformed/],
  ["huge", /larger than 16 MB/],
  ["401", /token rejected \(HTTP 401\)/],
];

/** The rows of jobs visible in the list pane. */
const rows = (screen: string) => screen.split("\n").filter((l) => /^[ ›•»][ ✱][ ★][◌◔●■?] /.test(l));

describe("fault matrix", () => {
  it("survives every fault with the last good data on screen, and recovers by itself", async () => {
    const s: Session = startCli(
      ["--base-url", demo.url, "--interval", "300ms", "--list-interval", "600ms", "--timeout", "1s"],
      { cols: 140, rows: 30, env: { JOBTOP_TOKEN: demo.token } },
    );
    const survived: string[] = [];
    try {
      // The whole first page on screen (a frame can arrive in more than one read).
      await s.waitFor((sc) => /● ok/.test(sc) && rows(sc).length === 20, 5000);
      const goodRows = rows(s.text());
      expect(goodRows.length).toBeGreaterThan(5);

      for (const [kind, cause] of FAULTS) {
        demo.injectFault(kind, 1000);
        const during = await s.waitFor((sc) => cause.test(sc), 8000);
        // The last good data is still there, marked stale in the header.
        expect(rows(during).length).toBe(goodRows.length);
        expect(during).toMatch(/data from \d+s ago/);
        demo.clearFaults();
        // A rejected token and a too-large answer are both retried slowly on purpose (a
        // too-large answer at most every 30 s, so a big job does not cost 16 MB a poll);
        // r retries now, as a user would.
        if (kind === "401" || kind === "huge") s.press("r");
        const t0 = Date.now();
        await s.waitFor((sc) => /● ok/.test(sc) && !/⚠/.test(sc), 10_000);
        survived.push(`${kind} (recovered in ${Date.now() - t0} ms)`);
      }

      // Connection refused: the service stops, then comes back on the same port.
      await demo.close();
      await s.waitFor(/connection refused/, 8000);
      expect(rows(s.text()).length).toBe(goodRows.length);
      await s.waitFor(/offline since \d\d:\d\d:\d\d/);
      demo = await startDemoServer({ port, tickMs: 0, retryAfterSec: 1 });
      const back = Date.now();
      // The retry delay is capped at one interval (here 1 s), whatever the outage's length.
      await s.waitFor((sc) => /● ok/.test(sc) && !/⚠/.test(sc), 15_000);
      survived.push(`refused (recovered in ${Date.now() - back} ms after the restart)`);

      // One malformed job in a page is one bad row; the rest of the page stays.
      demo.injectFault("bad-job", 1000);
      await s.waitFor(/! job \d+: schema: job\[1\]\.state\.log/, 8000);
      demo.clearFaults();
      await s.waitFor((sc) => !/! job/.test(sc), 8000);
      survived.push("bad-job");

      expect(maxInFlight).toBeLessThanOrEqual(2); // one page request and one job request at most
      expect(s.raw()).not.toContain(demo.token); // no error line ever showed the token
      s.press("q");
      expect((await s.exited()).exitCode).toBe(0);
      console.log(
        `fault matrix: ${survived.length} of ${FAULTS.length + 2} survived: ${survived.join(", ")}`,
      );
    } finally {
      s.kill("SIGKILL");
    }
    expect(survived).toHaveLength(FAULTS.length + 2);
  }, 180_000);
});
