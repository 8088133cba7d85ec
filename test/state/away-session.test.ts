// The state file's name: one per profile AND service. A profile run once against another service
// (--base-url staging, or a profile whose base_url changed) must not compare that service's jobs
// with the other's saved state: job ids like "120" exist on both, and the first sweep would list
// their differences as changes "while away". And the pins made with `w`, kept in it from one run
// to the next (a Monitor on the demo over HTTP, its index off: pins are kept all the same).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { Monitor } from "../../src/poll/monitor.js";
import { awayPath } from "../../src/state/away-file.js";
import { startAwaySession, stateName } from "../../src/state/away-session.js";

let demo: DemoServer | undefined;
let dir: string | undefined;
const monitors: Monitor[] = [];
afterEach(async () => {
  for (const m of monitors.splice(0)) m.stop();
  await demo?.close();
  demo = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the state file's name", () => {
  it("differs for one profile on two services, and for two profiles on one", () => {
    const env = { XDG_STATE_HOME: "/x/state" };
    const prod = awayPath(stateName("prod", "https://jobs.example/api"), env);
    const staging = awayPath(stateName("prod", "https://staging.example/api"), env);
    const other = awayPath(stateName("dev", "https://jobs.example/api"), env);
    expect(new Set([prod, staging, other]).size).toBe(3);
    expect(prod).toBe("/x/state/jobtop/prod%40jobs%2eexample.json");
    // Without a profile: the host alone, as before.
    expect(awayPath(stateName(undefined, "http://127.0.0.1:8080"), env)).toBe(
      "/x/state/jobtop/host%40127%2e0%2e0%2e1%3a8080.json",
    );
  });
});

describe("pins kept in the state file", () => {
  it("come back at the next start beside the config's, and unpinning takes one out of the file", async () => {
    demo = await startDemoServer({ port: 0, tickMs: 0 });
    const d = demo;
    dir = mkdtempSync(join(tmpdir(), "jobtop-pins-"));
    const env = { XDG_STATE_HOME: dir };
    const run = (pins: string[]) => {
      const m = new Monitor({
        client: createClient({ baseUrl: d.url, token: d.token }),
        perPage: 20,
        order: "desc",
        intervalMs: 60_000,
        listIntervalMs: 60_000,
        pins,
      });
      monitors.push(m);
      m.start();
      const notes: string[] = [];
      startAwaySession({ profile: undefined, baseUrl: d.url, env }, m, (l) => notes.push(l));
      return { m, notes };
    };
    const file = awayPath(stateName(undefined, d.url), env);
    // Written right after the key's frame (a setImmediate): read once that has run.
    const pinsIn = async () => {
      await new Promise((r) => setImmediate(r));
      return /"pins":(\[[^\]]*\])/.exec(readFileSync(file, "utf8"))?.[1];
    };

    let { m, notes } = run(["50"]);
    expect(m.togglePin("119")).toBe("pinned");
    expect(m.togglePin("7")).toBe("pinned");
    // Written at once, the config's pin left to the config.
    expect(await pinsIn()).toBe('["119","7"]');
    m.stop();

    ({ m, notes } = run(["50"]));
    expect(m.getSnapshot().pins.map((p) => p.id)).toEqual(["50", "119", "7"]);
    expect(m.togglePin("119")).toBe("unpinned");
    expect(await pinsIn()).toBe('["7"]');
    expect(m.togglePin("7")).toBe("unpinned");
    expect(await pinsIn()).toBeUndefined();
    m.stop();

    // The config no longer names 50: it is not pinned (the file never held it).
    ({ m, notes } = run([]));
    expect(m.getSnapshot().pins).toEqual([]);
    expect(notes).toEqual([]);
  });
});
