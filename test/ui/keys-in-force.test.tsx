// The keymap in force in the App: a command [keys] rebinds answers to its new key only, the help
// lists the keys in force, and a key that does nothing now says why (on the status line when
// pressed, under "Not now" in the help) instead of nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import type { KeyCommand } from "../../src/keys/rows.js";
import { renderApp } from "../helpers/app.js";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});

const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");
const keys = (entries: [KeyCommand, string[]][]) =>
  new Map(entries.map(([c, k]) => [c, { keys: k, from: `config.toml:2: keys.${c}` }]));

/** The help's text from its top to its end, scrolled with j. */
async function wholeHelp(app: ReturnType<typeof renderApp>): Promise<string> {
  let seen = strip(await app.waitFor((x) => x.includes("Keys")));
  for (let i = 0; i < 60 && !/↑ {2}\d+–(\d+)\/\1(?!\d)/.test(strip(app.frame())); i++) {
    app.stdin.write("j");
    await new Promise((r) => setTimeout(r, 15));
    seen += strip(app.frame());
  }
  return seen;
}

describe("[keys] in the App", () => {
  it("pages with the key bound to next_page, and no longer with →", async () => {
    const app = renderApp(demo, { keys: keys([["next_page", ["l"]]]) });
    await app.waitFor((x) => /page 1\/\d+/.test(x) && /Job \d+/.test(x));
    app.stdin.write("\x1b[C"); // →: no longer next_page's
    await new Promise((r) => setTimeout(r, 200));
    expect(strip(app.frame())).toMatch(/page 1\//);
    app.stdin.write("l");
    await app.waitFor((x) => /page 2\//.test(strip(x)));
    // The status line's hints name the key in force.
    expect(strip(app.frame())).toContain("? help · ↑↓ select · ←l page · / filter");
  });

  it("names the keys in force at the prompt and in the empty list", async () => {
    const app = renderApp(demo, {
      keys: keys([
        ["submit", ["tab"]],
        ["dismiss", ["ctrl+g"]],
        ["back", ["ctrl+g"]],
        ["close", ["ctrl+g", "q"]],
      ]),
      size: { columns: 240, rows: 24 },
    });
    await app.waitFor((x) => /Job \d+/.test(x));
    app.stdin.write("/");
    await app.waitFor((x) => strip(x).includes("(filters as you type; Tab keeps, Ctrl+G clears)"));
    app.stdin.write("zzzz-no-such-job");
    await app.waitFor((x) =>
      strip(x).includes("no job on this page matches the filter (→ next page, Ctrl+G clears)"),
    );
    app.stdin.write("\x07"); // Ctrl+G: dismissed, the filter cleared
    await app.waitFor((x) => !strip(x).includes("filters as you type") && /Job \d+/.test(x));
  });

  it("lists the keys in force in the help, and its own closing keys in its title", async () => {
    const app = renderApp(demo, {
      keys: keys([
        ["next_page", ["l"]],
        ["close", ["x"]],
      ]),
    });
    await app.waitFor((x) => /Job \d+/.test(x));
    app.stdin.write("?");
    const help = await wholeHelp(app);
    expect(help).toContain("Keys and symbols · ? or x closes");
    expect(help).toMatch(/ l +next page/);
    expect(help).not.toMatch(/ → +next page/);
    expect(help).toContain("Press ? or x to close.");
    app.stdin.write("x");
    await app.waitFor((x) => !x.includes("closes") && /Job \d+/.test(x));
  });
});

describe("a key that does nothing now", () => {
  it("says why on the status line when pressed, and in the help under Not now", async () => {
    const app = renderApp(demo, { flags: { index: "off" } });
    await app.waitFor((x) => /Job \d+/.test(x));
    app.stdin.write("U");
    await app.waitFor((x) => strip(x).includes("no job is tagged"));
    app.stdin.write("a");
    await app.waitFor((x) => strip(x).includes("the index is off: --index on"));
    app.stdin.write("?");
    const help = await wholeHelp(app);
    expect(help).toContain(" Not now\n a  the index is off: --index on\n");
    expect(help).toContain(" U  no job is tagged\n");
    // Enter's reason in the events pane is not the list's: not said here.
    expect(help).not.toContain("no event yet");
    // Tagged, U works again and leaves the list.
    app.stdin.write("\x1b");
    await app.waitFor((x) => !x.includes("closes"));
    app.stdin.write(" ");
    await app.waitFor((x) => strip(x).includes("•"));
    app.stdin.write("?");
    expect(await wholeHelp(app)).not.toMatch(/U +no job is tagged/);
  });
});
