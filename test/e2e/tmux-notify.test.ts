// Notifications inside a real tmux. tmux 3.3+ drops a terminal's notification sequences under its
// defaults (allow-passthrough off), wrapped or plain, without a word. jobtop asks tmux at the first
// notification; where it drops them, each is the bell and a message in tmux's status line, and
// jobtop's status line says once how to get desktop notifications. The outer terminal is a tmux
// client attached in a pseudo-terminal, its bytes read raw.
import { existsSync, rmSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, NODE } from "../helpers/cli.js";
import { specJob } from "../helpers/payloads.js";
import { pageOf, startScriptedService } from "../helpers/scripted-service.js";
import { requireTmux, skipWithoutTmux, startTmux, type Tmux } from "../helpers/tmux.js";
import { type Session, startPty } from "./pty.js";

let demo: DemoServer;
let tmux: Tmux | undefined;
let client: Session | undefined;

beforeAll(async () => {
  requireTmux();
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo?.close();
});
afterEach(() => {
  client?.kill("SIGKILL");
  client = undefined;
  tmux?.close();
  tmux = undefined;
});

const HINT = "set -g allow-passthrough on";

/** jobtop (--notify osc9) in a tmux whose config is `settings` (none: tmux's defaults), a client attached. */
async function startInTmux(
  settings: string | undefined,
  service: { url: string; token: string },
  extra: string[] = [],
): Promise<{ t: Tmux; outer: Session }> {
  const t = startTmux(
    [
      NODE,
      CLI,
      "--base-url",
      service.url,
      "--interval",
      "300ms",
      "--list-interval",
      "600ms",
      "--notify",
      "osc9",
    ].concat(extra),
    { settings, env: { JOBTOP_TOKEN: service.token } },
  );
  tmux = t;
  await t.paneShows(/page 1\/\d+/);
  const outer = startPty("tmux", ["-S", t.socket, "attach", "-t", "t"], { cols: 120, rows: 30 });
  client = outer;
  await outer.waitFor(/page 1\/\d+/, 10_000);
  // The outer terminal loses the focus (the user went to another window): tmux tells jobtop's
  // pane, which asked for focus reports, and jobtop notifies only while it is not looked at.
  outer.press("\x1b[O");
  await new Promise((r) => setTimeout(r, 500));
  return { t, outer };
}

/** A job on page 1 that can still change (not yet at the last status, 3), and its change. */
function changeOnPage1(): { text: string } {
  const id = Array.from({ length: 20 }, (_, i) => 120 - i).find((i) => {
    const s = demo.getJob(i)?.status;
    return s !== undefined && s !== 3;
  });
  if (id === undefined) throw new Error("no job on page 1 that can change");
  const from = demo.getJob(id)?.status;
  demo.advance(id);
  return { text: `jobtop: ${demo.getJob(id)?.displayID} ${from} → ${demo.getJob(id)?.status}` };
}

/** A bell of its own: a BEL that ends no OSC sequence (tmux's own end with one too). */
const bells = (raw: string) => (raw.replace(/\x1b\][^\x07\x1b]*\x07/g, "").match(/\x07/g) ?? []).length;

describe.skipIf(skipWithoutTmux)("notifications in a real tmux", () => {
  it("with tmux's defaults (allow-passthrough off): the bell and tmux's status line, and jobtop says how to get them", async () => {
    const { t, outer } = await startInTmux(undefined, demo);
    const bellsBefore = bells(outer.raw());
    const { text } = changeOnPage1();
    // tmux draws the message on its status line, in the outer terminal.
    await outer.waitFor(() => outer.raw().includes(text), 10_000);
    await outer.waitFor(() => bells(outer.raw()) > bellsBefore, 5000);
    const pane = await t.paneShows(HINT);
    expect(pane).toContain("tmux blocks desktop notifications");
    expect(outer.raw()).not.toContain("\x1b]9;"); // tmux passed nothing on
  }, 40_000);

  it("with allow-passthrough on: the OSC 9 reaches the outer terminal, and nothing else is said", async () => {
    const { t, outer } = await startInTmux("set -g allow-passthrough on", demo);
    const { text } = changeOnPage1();
    await outer.waitFor(() => outer.raw().includes(`\x1b]9;${text}\x07`), 10_000);
    expect(t.run("capture-pane", "-p", "-t", "t").stdout).not.toContain(HINT);
  }, 40_000);

  it("a job's name reaches tmux's status line as text: no #(command) runs, no format or strftime expands", async () => {
    const file = `/tmp/jt${process.pid % 100_000}`;
    rmSync(file, { force: true });
    // At most 24 characters of a name go into a notification.
    const evil = `#(touch ${file})%H#{pid}`.slice(0, 24);
    let status = 2;
    const jobOf = () =>
      specJob(7, {
        displayID: evil,
        status,
        state: { status, log: [{ id: 1, status, ts: { seconds: 1_700_000_000 }, sourceId: 7 }] },
      });
    const service = await startScriptedService({
      list: (q) => pageOf([specJob(8)], q),
      job: () => ({ code: 0, msg: "", job: jobOf() }),
    });
    try {
      const { outer } = await startInTmux(undefined, service, ["--pin", "7"]);
      // The pin's first poll has reached the service (its answer, status 2, is made as it comes).
      await outer.waitFor(
        () => service.requests.some((r) => r.path === "/v1/job" && r.query.get("id") === "7"),
        10_000,
      );
      status = 3;
      await outer.waitFor(() => outer.raw().includes(`jobtop: ${evil} 2 → 3`), 10_000);
      expect(existsSync(file)).toBe(false);
    } finally {
      rmSync(file, { force: true });
      await service.close();
    }
  }, 40_000);
});
