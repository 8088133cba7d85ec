// What a script's stderr says when the service fails (issue 29, a newcomer's trips, 3): it named
// neither the address ("connection refused; retrying…" ×5, then "gave up after 10s: connection
// refused") nor the flag that sets the limit. Now: the host:port (a URL with a user or password is refused at start), each
// failure once, and the last line names --timeout.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli } from "../helpers/cli.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

/** A loopback port nothing listens on (it did a moment ago). */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe("a script's errors name the address and the limit", () => {
  it("get with nothing listening: host:port, said once, then the --timeout that ended it", async () => {
    const port = await deadPort();
    const r = await runCli(
      ["get", "5", "--timeout", "1s", "--interval", "200ms", "--base-url", `http://127.0.0.1:${port}/api`],
      { JOBTOP_TOKEN: "tok-1234" },
    );
    expect(r.code).toBe(1);
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines[0]).toMatch(
      new RegExp(`^jobtop: job 5: connection refused by 127\\.0\\.0\\.1:${port}; retrying in `),
    );
    expect(lines.at(-1)).toBe(
      `jobtop: gave up after 1s (--timeout sets how long): connection refused by 127.0.0.1:${port}`,
    );
    expect(lines.filter((l) => l.includes("connection refused"))).toHaveLength(2);
    expect(r.stderr).not.toMatch(/tok-1234|\/api/); // the host, not the token or the path
  });

  it("--once through faults: the last line names --timeout", async () => {
    demo.injectFault("500", 100);
    try {
      const r = await runCli(["--once", "--timeout", "1s", "--interval", "200ms", "--base-url", demo.url], {
        JOBTOP_TOKEN: demo.token,
      });
      expect(r.code).toBe(1);
      expect(r.stderr.trimEnd().split("\n").at(-1)).toMatch(
        /^jobtop: gave up after 1s \(--timeout sets how long\): HTTP 500 /,
      );
    } finally {
      demo.clearFaults();
    }
  });
});
