// Issue 29.5, in a real pseudo-terminal: actions outlived jobtop. `q` while a background command
// ran exited at once and left its process group running with no deadline, and an http action's
// outcome was never said. Now `q` asks on the status line; q again ends them (SIGTERM to the
// group) and says so on stderr after the screen is back; l leaves them running and says how to end
// them; Esc stays; SIGTERM ends them too. The command is a shell script that starts a `sleep` and
// writes its pid, so the test can see whether it still runs.
import { chmodSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeConfig } from "../helpers/config-file.js";
import { specJob } from "../helpers/payloads.js";
import { alive, until } from "../helpers/processes.js";
import { pageOf, startScriptedService } from "../helpers/scripted-service.js";
import { KEYS, type Session } from "./pty.js";
import { demoSessions } from "./sessions.js";

const sleepers: number[] = [];
// Registered first, so it runs after the sessions are killed (after-hooks run last first).
afterEach(() => {
  for (const pid of sleepers.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL");
});
const { demo, start } = await demoSessions({ token: "exit-tok" });

/** jobtop on the demo with a background action `hold` (H) whose script starts a sleep. */
async function holding(): Promise<{ t: Session; pid: number; display: string }> {
  const cfg = writeConfig("");
  cfg.file("token", "exit-tok\n");
  const pidFile = join(cfg.home, "sleep.pid");
  const script = cfg.file("hold.sh", `#!/bin/sh\nsleep 60 &\necho $! > '${pidFile}'\necho holding\nwait\n`);
  chmodSync(script, 0o700);
  cfg.file(
    "config.toml",
    `base_url = "${demo.url}"\ntoken_file = "token"\n\n[[actions]]\nname = "hold"\nkey = "H"\n` +
      `command = ["${script}", "{id}"]\nmode = "background"\nconfirm = "no"\n`,
  );
  const t = start([], { env: { XDG_CONFIG_HOME: cfg.home }, cols: 160, rows: 40 });
  const f = await t.waitFor(/Job \d+/, 15_000);
  const display = demo.getJob(Number(/Job (\d+)/.exec(f)?.[1]))?.displayID ?? "";
  t.press("H");
  await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"), "the sleep's pid");
  const pid = Number(readFileSync(pidFile, "utf8"));
  sleepers.push(pid);
  expect(alive(pid)).toBe(true);
  return { t, pid, display };
}

describe.skipIf(process.platform !== "linux")("quitting with actions under way", () => {
  it("q asks; Esc stays; q q ends the command's process group and says so after the screen is back", async () => {
    const { t, pid, display } = await holding();
    t.press("q");
    await t.waitFor(
      `1 action running (hold ${display}): q again to end it and quit, l to leave it running, Esc to stay`,
    );
    t.press(KEYS.esc);
    await t.waitFor(`still running: hold ${display}`);
    expect(t.alternateScreen()).toBe(true);
    t.press("q");
    await t.waitFor("q again to end it and quit");
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
    expect(t.alternateScreen()).toBe(false);
    const text = t.text();
    expect(text).toContain(`jobtop: hold ${display}: outcome unknown: stopped before it ended`);
    await until(() => !alive(pid), "the sleep to end", 8000);
  });

  it("q then l leaves it running and says how to end it", async () => {
    const { t, pid, display } = await holding();
    t.press("q");
    await t.waitFor("l to leave it running");
    t.press("l");
    expect((await t.exited()).exitCode).toBe(0);
    expect(t.text()).toMatch(
      new RegExp(`jobtop: left running: hold ${display} \\(process group (\\d+); kill -- -\\1 ends it\\)`),
    );
    expect(alive(pid)).toBe(true);
  });

  it("SIGTERM ends it too, and says so", async () => {
    const { t, pid, display } = await holding();
    t.kill("SIGTERM");
    const e = await t.exited();
    expect(e.signal).toBe(15);
    expect(t.text()).toContain(`jobtop: hold ${display}: outcome unknown: stopped before it ended`);
    await until(() => !alive(pid), "the sleep to end", 8000);
  });

  it("the terminal closing ends it", async () => {
    const { t, pid } = await holding();
    t.destroy();
    await until(() => !alive(pid), "the sleep to end", 10_000);
  });

  it("jobtop act: the terminal closing ends what its command runs (attacked after the merge)", async () => {
    // act had no SIGHUP handler: closing its terminal (a tmux pane killed) ended act by the
    // signal's default action, and its command's process group ran on with no deadline.
    const cfg = writeConfig("");
    cfg.file("token", "exit-tok\n");
    const pidFile = join(cfg.home, "sleep.pid");
    const script = cfg.file("hold.sh", `#!/bin/sh\nsleep 60 &\necho $! > '${pidFile}'\nwait\n`);
    chmodSync(script, 0o700);
    cfg.file(
      "config.toml",
      `base_url = "${demo.url}"\ntoken_file = "token"\n\n[[actions]]\nname = "hold"\nkey = "H"\n` +
        `command = ["${script}", "{id}"]\nconfirm = "no"\n`,
    );
    const t = start(["act", "hold", "1"], { env: { XDG_CONFIG_HOME: cfg.home } });
    await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"), "the sleep's pid");
    const pid = Number(readFileSync(pidFile, "utf8"));
    sleepers.push(pid);
    t.destroy();
    await until(() => !alive(pid), "the sleep to end", 10_000);
  });

  it("an http action's request in flight: its outcome is said unknown on stderr", async () => {
    let deletes = 0;
    const svc = await startScriptedService({
      list: (q) => pageOf([specJob(101, { status: 2 })], q),
      job: (id, method) => {
        if (method !== "DELETE") return { code: 0, msg: "", job: specJob(Number(id), { status: 2 }) };
        deletes++;
        return { hang: true };
      },
    });
    try {
      const cfg = writeConfig(
        `base_url = "${svc.url}"\ntimeout = "30s"\n\n[[actions]]\nname = "cancel"\nkey = "C"\nconfirm = "no"\n` +
          `http = { method = "DELETE", path = "/v1/job", query = { id = "{id}" } }\n`,
      );
      const t = start([], {
        env: { XDG_CONFIG_HOME: cfg.home, JOBTOP_TOKEN: svc.token },
        cols: 160,
        rows: 40,
      });
      await t.waitFor(/Job 101/, 15_000);
      t.press("C");
      await until(() => deletes === 1, "the DELETE");
      t.press("q");
      await t.waitFor("1 action running (cancel j-101 (DELETE)): q again to end it and quit");
      t.press("q");
      expect((await t.exited()).exitCode).toBe(0);
      expect(t.text()).toContain("jobtop: ending 1 action (up to 5 s)…");
      expect(t.text()).toContain(
        "jobtop: cancel j-101: outcome unknown: no answer before jobtop quit; the job shows what it did",
      );
      expect(deletes).toBe(1);
    } finally {
      await svc.close();
    }
  }, 30_000);
});
