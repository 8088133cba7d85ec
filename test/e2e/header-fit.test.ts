// The header at 150 columns with a filter (issue 29, a newcomer's trips, 6): it read "300 jobs ·
// 20 ◌ queued · 8 ◔ starting · row 1/13 · … filter: 训 (13 of 300)", running and stopped gone
// without a mark; during an outage the host was cut ("◐ retrying in 4s · data fro…"). Now every
// status is counted (shorter, "65●", before any is dropped) and the end of the line stays whole.
import { afterEach, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { KEYS, type Session, startCli } from "./pty.js";

let demo: DemoServer | undefined;
let s: Session | undefined;
afterEach(async () => {
  s?.kill("SIGKILL");
  s = undefined;
  await demo?.close();
  demo = undefined;
});

const header = (t: Session) => t.screen()[0] ?? "";

describe("the header at 150 columns", () => {
  it("counts every status beside a filter, and keeps its end whole through an outage", async () => {
    demo = await startDemoServer({ port: 0, tickMs: 0, jobCount: 300 });
    const d = demo;
    const host = new URL(d.url).host;
    s = startCli(
      [
        "--base-url",
        d.url,
        "--list-interval",
        "1s",
        "--status-labels",
        "6=queued,1=starting,2=running,3=stopped",
      ],
      {
        cols: 150,
        rows: 30,
        env: { JOBTOP_TOKEN: d.token },
      },
    );
    const t = s;
    await t.waitFor((x) => /300 jobs · \d+ ◌ queued/.test(x), 20_000);
    t.press("/");
    t.press("推理");
    t.press(KEYS.enter);
    await t.waitFor((x) => /filter: 推理 \(\d+ of \d+\)/.test(x), 10_000);
    const line = header(t);
    // Four statuses, each counted in some form, or the rest counted: none gone without a mark.
    const counted = (line.match(/\d+ ?[◌◔●■]/g) ?? []).length;
    const more = Number(/\+(\d+) more/.exec(line)?.[1] ?? 0);
    expect(counted + more, line).toBe(4);
    expect(line.trimEnd().endsWith(`· ${host}`), line).toBe(true);
    // The service goes away: the connection's state and the host stay whole.
    await d.close();
    demo = undefined;
    await t.waitFor((x) => /offline since \d\d:\d\d:\d\d, retrying/.test(x.split("\n")[0] ?? ""), 20_000);
    const down = header(t);
    expect(down.trimEnd().endsWith(`· ${host}`), down).toBe(true);
    expect(down).toMatch(/data from \d+s ago/);
  }, 60_000);
});
