// The App's components through ink-testing-library (100 columns, no rows), fed by a real Monitor
// polling the demo service over HTTP.
import stringWidth from "string-width";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { keysShown } from "../../src/keys/keymap.js";
import { helpRows } from "../../src/ui/HelpOverlay.js";
import { type AppOptions, renderApp } from "../helpers/app.js";

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

const setup = (opts: AppOptions = {}) => renderApp(demo, opts);

const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");
const selected = (f: string) => Number(/Job (\d+)/.exec(strip(f))?.[1]);

describe("App", () => {
  it("keeps every line within the width, CJK and emoji included", async () => {
    const app = setup({ perPage: 100 });
    const f = await app.waitFor((x) => x.includes("Job "));
    expect(strip(f)).toMatch(/[\u4e00-\u9fff]/); // the demo data has CJK names on page 1
    for (const line of strip(f).split("\n")) expect(stringWidth(line)).toBeLessThanOrEqual(100);
  });

  it("moves the selection with j and k", async () => {
    const app = setup();
    const f = await app.waitFor((x) => /Job \d+/.test(x));
    const first = selected(f);
    app.stdin.write("j");
    const g = await app.waitFor((x) => selected(x) !== first);
    app.stdin.write("k");
    await app.waitFor((x) => selected(x) === first);
    expect(selected(g)).not.toBe(first);
  });

  it("takes keys that arrive in one read, Enter included", async () => {
    const app = setup();
    const first = selected(await app.waitFor((x) => /Job \d+/.test(x)));
    app.stdin.write("jj"); // key repeat over a slow link
    await app.waitFor((x) => selected(x) === first - 2);
    app.stdin.write(":");
    await app.waitFor((x) => x.includes("jump to job id"));
    app.stdin.write("57\r"); // pasted, or typed faster than we read
    await app.waitFor((x) => selected(x) === 57);
    app.stdin.write("/nb\x7f\x7fins\r"); // typing, two backspaces, more typing, Enter
    await app.waitFor((x) => strip(x).includes("filter: ins ("));
  });

  it("marks a job reached with : on its row, moves on from it, and says when it is on no row", async () => {
    const app = setup();
    const first = selected(await app.waitFor((x) => /Job \d+/.test(x)));
    const markedRow = (f: string) =>
      strip(f)
        .split("\n")
        .find((l) => l.includes("›")) ?? "";
    const target = demo.getJob(first - 4);
    app.stdin.write(`:${first - 4}\r`);
    let f = await app.waitFor((x) => selected(x) === first - 4);
    expect(markedRow(f)).toContain(target?.displayID);
    expect(strip(f)).not.toContain("not on this page");
    app.stdin.write("j");
    f = await app.waitFor((x) => selected(x) === first - 5);
    expect(markedRow(f)).toContain(demo.getJob(first - 5)?.displayID);
    app.stdin.write(":1\r"); // the oldest job: on the last page, newest first
    f = await app.waitFor((x) => selected(x) === 1 && strip(x).includes("not on this page"));
    expect(markedRow(f)).toBe("");
    app.stdin.write("\x1b");
    await app.waitFor((x) => selected(x) === first - 5);
  });

  it("highlights a new log entry and lets it fade", async () => {
    const app = setup({ highlightMs: 600 });
    let f = await app.waitFor((x) => /Job \d+/.test(x));
    let id = selected(f);
    while (demo.getJob(id)?.status === 3) {
      app.stdin.write("j");
      f = await app.waitFor((x) => selected(x) !== id);
      id = selected(f);
    }
    demo.advance(id);
    await app.waitFor((x) => strip(x).includes("1 change") && strip(x).includes("›✱"));
    await app.waitFor((x) => !strip(x).includes("›✱"), 3000);
  });

  it("lists a change in the events pane, clears the header's count, and selects its job on Enter", async () => {
    const app = setup();
    const first = selected(await app.waitFor((x) => /Job \d+/.test(x)));
    // A job on the page, not the selected one, that can still change.
    let id = first - 1;
    while (demo.getJob(id)?.status === 3) id--;
    const before = demo.getJob(id);
    demo.advance(id);
    await app.waitFor((x) => strip(x).includes("✱ 1 change"));
    app.stdin.write("e");
    const f = strip(await app.waitFor((x) => x.includes("Events (1)")));
    const from = DEMO_STATUS_LABELS[before?.status ?? 0];
    const to = DEMO_STATUS_LABELS[demo.getJob(id)?.status ?? 0];
    // (The pane is right of the list: the event is on the right half of a line.)
    expect(f).toMatch(new RegExp(`› \\d\\d:\\d\\d:\\d\\d ${before?.displayID}  ${from} → . ${to}`));
    expect(f).not.toContain("change"); // seen: the header's count is gone
    expect(selected(f)).toBe(first);
    app.stdin.write("\r");
    await app.waitFor((x) => selected(x) === id);
  });

  it("marks a pinned job ★ and says paused in the header", async () => {
    const app = setup();
    await app.waitFor((x) => /Job \d+/.test(x));
    app.stdin.write("w");
    let f = strip(await app.waitFor((x) => strip(x).includes("pinned: watched")));
    expect(f).toMatch(/^› ★/m);
    expect(f).toMatch(/Job \d+ ★/);
    app.stdin.write("p");
    f = strip(await app.waitFor((x) => strip(x).includes("⏸ paused")));
    app.stdin.write("-");
    f = strip(await app.waitFor((x) => strip(x).includes("polled every 500ms")));
    // The header says it as the status line and the keys' steps do (it said "↻ 0.5s/").
    expect(f).toContain("↻ 500ms/"); // from 200ms, the next step slower
  });

  it("lists every keymap entry in the help overlay", async () => {
    const app = setup();
    await app.waitFor((x) => /Job \d+/.test(x));
    app.stdin.write("?");
    // It scrolls: everything seen from its top to its end.
    let seen = strip(await app.waitFor((x) => x.includes("Keys")));
    for (let i = 0; i < 120; i++) {
      app.stdin.write("j");
      await new Promise((r) => setTimeout(r, 10));
      seen += strip(app.frame());
    }
    for (const b of helpRows()) expect(seen).toContain(keysShown(b.keys));
  });

  it("masks secrets until s", async () => {
    const app = setup();
    let f = await app.waitFor((x) => /Job \d+/.test(x));
    // find a job with an SSH password
    let job = demo.getJob(selected(f));
    for (let i = 0; i < 20 && !job?.app.SSHAuths.length; i++) {
      app.stdin.write("j");
      const prev = selected(f);
      f = await app.waitFor((x) => selected(x) !== prev);
      job = demo.getJob(selected(f));
    }
    const password = job?.app.SSHAuths[0]?.BaseOn.Cred.password ?? "";
    expect(password).not.toBe("");
    // Focus the detail pane and scroll until the SSH users are in view.
    app.stdin.write("\t");
    for (let i = 0; i < 60 && !strip(app.frame()).includes("password ••••••"); i++) {
      app.stdin.write("j");
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(strip(app.frame())).not.toContain(password);
    expect(strip(app.frame())).toContain("password ••••••");
    app.stdin.write("s");
    await app.waitFor((x) => strip(x).includes(password));
    app.stdin.write("s");
    await app.waitFor((x) => !strip(x).includes(password));
  });

  it("keeps the selection on its job when a new job appears above it", async () => {
    const app = setup({ order: "desc" });
    const first = selected(await app.waitFor((x) => /Job \d+/.test(x)));
    app.stdin.write("jj");
    const mine = first - 2;
    await app.waitFor((x) => selected(x) === mine);
    const added = demo.addJob(); // newest first: it lands on the top row and every row shifts down
    await app.waitFor((x) => strip(x).includes(added.displayID));
    await new Promise((r) => setTimeout(r, 300)); // a few more polls
    expect(selected(app.frame())).toBe(mine);
    app.stdin.write("k"); // and moving goes on from where it is now
    await app.waitFor((x) => selected(x) === mine + 1);
  });
});
