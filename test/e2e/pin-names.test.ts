// `--pin` by displayID (issue 29, a newcomer's trips, 5): every screen shows displayIDs first, but
// --pin took numbers only. A displayID is found on the page, else in the account's index once it
// has swept, and pinned by its id; the status line says what it became, or why it cannot be found.
import { describe, expect, it } from "vitest";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

const open = (args: string[]) => {
  return start(["--base-url", demo.url, ...args], { cols: 160, rows: 30, env: { JOBTOP_TOKEN: demo.token } });
};

describe("--pin with a displayID", () => {
  it("is found in the index (a job of page 4 here), pinned on top, and said", async () => {
    const name = demo.getJob(30)?.displayID as string;
    const t = open(["--pin", name.toUpperCase(), "--pin", "no-such-name"]);
    await t.waitFor(
      (x) =>
        x.includes(
          `pin "${name.toUpperCase()}": job 30 · pin "no-such-name": no job of the 120 indexed has this displayID`,
        ),
      20_000,
    );
    await t.waitFor((x) => new RegExp(`^ {2}★. \\S+ +${name} .* 30 `, "m").test(x), 10_000);
  }, 40_000);

  it("on the page without the index; off the page, says the index is off", async () => {
    const near = demo.getJob(118)?.displayID as string;
    const far = demo.getJob(30)?.displayID as string;
    const t = open(["--index", "off", "--pin", near, "--pin", far]);
    const screen = await t.waitFor((x) => x.includes(`pin "${near}": job 118`), 20_000);
    expect(screen).toContain(
      `pin "${far}": not on this page, and a displayID is found in the index, which is off (index = off): pin by the id`,
    );
  }, 40_000);
});
