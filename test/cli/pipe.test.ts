// stdout into a pipe whose reader goes away: `jobtop --once | head -1` used to crash now and
// then with "Error: write EPIPE" and a stack trace (when head had gone before jobtop's last write).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { pipeline as pipeLine } from "../helpers/cli.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

const pipeline = (args: string[], reader: string) => pipeLine(args, reader, { JOBTOP_TOKEN: demo.token });

describe("stdout into a pipe the reader closes", () => {
  it("jobtop --once | head -1: the first line, then a quiet end, 20 times out of 20", async () => {
    for (let i = 0; i < 20; i++) {
      const r = await pipeline(["--once", "--base-url", demo.url], "head -1");
      expect(r.stdout).toMatch(/^STATUS/);
      expect(r.stderr).toBe("");
      expect([0, 141]).toContain(r.status);
    }
  }, 120_000);

  it("a reader that reads nothing (… | true): a quiet end too", async () => {
    for (let i = 0; i < 5; i++) {
      const r = await pipeline(["--once", "--base-url", demo.url], "true");
      expect(r.stderr).toBe("");
      expect([0, 141]).toContain(r.status);
    }
  }, 60_000);
});
