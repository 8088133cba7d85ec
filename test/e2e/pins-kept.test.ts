// Pins made with `w` outlive the run (issue 29): kept in the profile's state file (ids only), pinned
// again at the next start beside the config's (--pin), and gone from the file once unpinned; with
// the index off too. In a real terminal against the demo service over HTTP, quit with q between runs.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYS, type Session } from "./pty.js";
import { demoSessions } from "./sessions.js";

let stateHome: string;

beforeAll(async () => {
  stateHome = mkdtempSync(join(tmpdir(), "jobtop-pins-"));
});
afterAll(async () => {
  rmSync(stateHome, { recursive: true, force: true });
});
const { demo, start } = await demoSessions();

async function open() {
  const s = start(["--base-url", demo.url, "--index", "off", "--pin", "50"], {
    cols: 140,
    rows: 30,
    env: { JOBTOP_TOKEN: demo.token, XDG_STATE_HOME: stateHome },
  });
  await s.waitFor(/Job \d+/, 10_000);
  return s;
}

async function quit(t: Session) {
  t.press("q");
  expect((await t.exited()).exitCode).toBe(0);
}

/** The state file of a run without a profile: named after the service's host. */
const stateFile = () =>
  join(
    stateHome,
    "jobtop",
    `host%40${new URL(demo.url).host.replace(/[^A-Za-z0-9_-]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}.json`,
  );
const savedPins = () => {
  try {
    return /"pins":(\[[^\]]*\])/.exec(readFileSync(stateFile(), "utf8"))?.[1];
  } catch {
    return undefined;
  }
};
/** The list's rows with ★ (pinned), by their ID column. */
const pinnedIds = (screen: string) =>
  screen
    .split("\n")
    .map((l) => l.split("│")[0] ?? "")
    .filter((l) => /^[ ›][ ✱]★[◌◔●■?] /.test(l))
    .map((l) => /(\d+)\s+\d+\s*$/.exec(l)?.[1]);

describe("pins kept from one run to the next", () => {
  it("a job pinned with w is pinned again after a restart, beside --pin's; unpinned, it leaves the file", async () => {
    let t = await open();
    await t.waitFor((x) => pinnedIds(x).includes("50"), 10_000);
    t.press(`:119${KEYS.enter}`);
    await t.waitFor(/Job 119\b/);
    t.press("w");
    await t.waitFor("★ job 119 pinned");
    // Written at once (a crash would not lose it), ids only, the config's pin left to the config.
    await t.waitFor(() => savedPins() === '["119"]');
    await quit(t);

    t = await open();
    let sc = await t.waitFor((x) => pinnedIds(x).length === 2, 10_000);
    expect(pinnedIds(sc)).toEqual(["50", "119"]);
    t.press(`:119${KEYS.enter}`);
    await t.waitFor(/Job 119\b/);
    t.press("w");
    await t.waitFor("job 119 unpinned");
    await t.waitFor(() => savedPins() === undefined);
    await quit(t);

    t = await open();
    sc = await t.waitFor((x) => pinnedIds(x).includes("50"), 10_000);
    expect(pinnedIds(sc)).toEqual(["50"]);
    expect(readFileSync(stateFile(), "utf8")).not.toMatch(/remark|http|token/);
  }, 60_000);
});
