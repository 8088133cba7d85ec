// The help overlay scrolls as the JSON view does: its position is the UI state's, moved by the
// same keys through the same action, so a key typed with the ? that opens it (one read: before
// the help is on screen) moves it, and the wheel (--mouse on) scrolls it. At the smallest size,
// 40×10, the last action and the closing hint can be reached either way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { keysShown } from "../../src/keys/keymap.js";
import { helpLines, helpRows } from "../../src/ui/HelpOverlay.js";
import { renderApp } from "../helpers/app.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");
const SIZE = { columns: 40, rows: 10 };
const lines = helpLines(SIZE.columns, DEMO_STATUS_LABELS);
/** The first line of the help's last key (q / Ctrl+C: at 40 columns, on a line of its own). */
const lastAction = (() => {
  const last = keysShown(helpRows().at(-1)?.keys ?? []);
  const line = lines.find((l) => l === last || l.startsWith(`${last} `)) ?? "";
  expect(line).not.toBe("");
  return line.trimEnd();
})();
const CLOSE = "Press ? or Esc to close.";

describe("the help overlay at 40×10", () => {
  it("opens at its top, and the last action is below the screen", async () => {
    const app = renderApp(demo, { size: SIZE });
    await app.waitFor((x) => /Job \d+/.test(x));
    app.stdin.write("?");
    const f = strip(await app.waitFor((x) => x.includes("Esc closes")));
    expect(f).toMatch(/ ↓ 1–\d+\/\d+/);
    expect(f).not.toContain(lastAction);
    expect(f).not.toContain(CLOSE);
  });

  it("takes G typed with the ? that opens it: the end, the closing hint on screen", async () => {
    const app = renderApp(demo, { size: SIZE });
    await app.waitFor((x) => /Job \d+/.test(x));
    app.stdin.write("?G");
    const f = strip(await app.waitFor((x) => x.includes(CLOSE)));
    // At its end (its length is the keys', the symbols' and a line for each key that does nothing now).
    expect(f).toMatch(/↑ {2}\d+–(\d+)\/\1(?!\d)/);
    // Home, then Esc: the help moved, and closed with the list as it was.
    app.stdin.write("g");
    await app.waitFor((x) => / ↓ 1–\d+\//.test(strip(x)));
    app.stdin.write("\x1b");
    await app.waitFor((x) => !x.includes("Esc closes") && /Job \d+/.test(x));
  });

  it("scrolls with the wheel (--mouse on) to the last action", async () => {
    const app = renderApp(demo, { size: SIZE, flags: { mouse: "on" } });
    await app.waitFor((x) => /Job \d+/.test(x));
    app.stdin.write("?");
    let f = strip(await app.waitFor((x) => x.includes("Esc closes")));
    const topOf = (x: string) => Number(/[↑ ][↓ ] (\d+)–/.exec(x)?.[1]);
    for (let i = 0; i < lines.length && !f.includes(lastAction); i++) {
      const before = topOf(f);
      app.stdin.write("\x1b[<65;10;5M"); // wheel down, over the help
      f = strip(await app.waitFor((x) => topOf(strip(x)) > before, 2000));
    }
    expect(f).toContain(lastAction);
  });
});
