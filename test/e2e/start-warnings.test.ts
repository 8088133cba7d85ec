// Warnings said at start (--token shows in ps, a token file others can read, clear-text http) go
// to stderr, which the full screen hides until exit: the monitor says them in its status line too.
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "vitest";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

describe("start-up warnings in the monitor", () => {
  it("shows --token's warning in the status line", async () => {
    const t = start(["--base-url", demo.url, "--token", demo.token], { cols: 160, rows: 30 });
    // On the full screen (the main screen shows stderr's copy for a moment before it)
    await t.waitFor(
      (x) => t.alternateScreen() && x.includes("⚠ --token is visible to other users in ps"),
      15_000,
    );
  });

  it("shows a loose token file's warning in the status line", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "jobtop-")), "token");
    writeFileSync(file, demo.token);
    chmodSync(file, 0o644);
    const t = start(["--base-url", demo.url, "--token-file", file], { cols: 160, rows: 30 });
    await t.waitFor(
      (x) => t.alternateScreen() && x.includes("is readable by group or others; chmod 600 it"),
      15_000,
    );
  });
});
