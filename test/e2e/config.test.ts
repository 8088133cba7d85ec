// A config file alone, in a real terminal: no flags and no JOBTOP_* variables, and jobtop shows
// the user's service with their status names (list, detail, timeline) and the profile's name;
// --profile switches service, with that profile's columns.
import { writeFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { writeConfig } from "../helpers/config-file.js";
import { KEYS, type Session, startCli } from "./pty.js";

let prod: DemoServer;
let staging: DemoServer;
let s: Session | undefined;

beforeAll(async () => {
  prod = await startDemoServer({ port: 0, tickMs: 0, token: "prod-tok" });
  staging = await startDemoServer({ port: 0, tickMs: 0, token: "staging-tok", jobCount: 9, seed: 9 });
});
afterAll(async () => {
  await prod.close();
  await staging.close();
});
afterEach(() => {
  s?.kill("SIGKILL");
  s = undefined;
});

function config() {
  const cfg = writeConfig("");
  cfg.file("prod.token", "prod-tok\n");
  cfg.file("staging.token", "staging-tok\n");
  writeFileSync(
    cfg.path,
    `profile = "prod"
list_interval = "1s"

[status]
6 = "waiting"
1 = "booting"
2 = "crunching"
3 = "halted"
7 = "preempted"

[profiles.prod]
base_url = "${prod.url}"
token_file = "prod.token"

[profiles.prod.status]
3 = "finished"
9 = "failed"

[profiles.staging]
base_url = "${staging.url}"
token_file = "staging.token"
columns = ["status", "display", "id"]
`,
  );
  return cfg;
}

/** The list's rows: the lines holding one of the status symbols. */
const listText = (screen: string) =>
  screen
    .split("\n")
    .filter((l) => /[◌◔●■?] /.test(l))
    .join("\n");

describe("a config file alone", () => {
  it("shows the default profile's service with the user's status names, in list and detail", async () => {
    const cfg = config();
    s = startCli([], { env: { XDG_CONFIG_HOME: cfg.home }, cols: 150, rows: 40 });
    const screen = await s.waitFor(/State timeline/, 15_000);
    expect(screen).toMatch(/^jobtop prod · page 1\/\d+ · desc · 120 jobs/m);
    expect(screen).toContain(new URL(prod.url).host);
    const list = listText(screen);
    expect(list).toMatch(/● crunching|◌ waiting|◔ booting|■ finished/);
    expect(list).not.toMatch(/[◌◔●■] (queued|running|stopped|halted|\d)\b/);
    // The detail names the status and each step of the timeline the same way.
    const timeline = screen.split("State timeline")[1] ?? "";
    expect(timeline).toMatch(/waiting|booting|crunching|finished/);
    expect(timeline).not.toMatch(/\b(queued|starting|running|stopped)\b/);
    // The help overlay's legend: each symbol, its code and the user's name for it.
    s.press("?");
    await s.waitFor("Keys and symbols", 5000);
    s.press(KEYS.end); // the legend is below the keys: the overlay scrolls
    await s.waitFor(/◌ ◔ ● ■ +status waiting \(6\), booting \(1\), crunching \(2\), finished \(3\)/, 5000);
    // Every other configured code too, the file's and the profile's (the legend named only 6 1 2 3).
    await s.waitFor(
      /\? +status preempted \(7\), failed \(9\), and any other code: no symbol of their own/,
      5000,
    );
  });

  it("--profile staging switches service, and uses that profile's columns", async () => {
    const cfg = config();
    s = startCli(["--profile", "staging"], { env: { XDG_CONFIG_HOME: cfg.home }, cols: 150, rows: 40 });
    const screen = await s.waitFor(/State timeline/, 15_000);
    expect(screen).toMatch(/^jobtop staging · page 1\/1 · desc · 9 jobs/m);
    expect(screen).toContain(new URL(staging.url).host);
    expect(screen).toMatch(/STATUS +DISPLAY +ID/);
    expect(screen).not.toMatch(/REMARK|GPU/);
    // staging has no names of its own: the file's, with "halted" for 3.
    expect(listText(screen)).not.toMatch(/finished/);
    // The terminal's title names the profile, not the host.
    expect(s.raw()).toMatch(/\x1b\]2;jobtop · staging( · |\x07)/);
  });

  it("labels each URL with its port by [protocols] and [ports], in the detail and the copy picker", async () => {
    const demo = await startDemoServer({ port: 0, tickMs: 0, token: "ports-tok", jobCount: 5, seed: 5 });
    try {
      const cfg = writeConfig("");
      cfg.file("t.token", "ports-tok\n");
      writeFileSync(
        cfg.path,
        `base_url = "${demo.url}"\ntoken_file = "t.token"\ninterval = "300ms"\n\n[protocols]\n1 = "tcp"\n\n[ports]\n6006 = "tensorboard"\n`,
      );
      s = startCli([], { env: { XDG_CONFIG_HOME: cfg.home, TZ: "UTC" }, cols: 150, rows: 60 });
      const id = Number(/Job (\d+)/.exec(await s.waitFor(/Job \d+/, 15_000))?.[1]);
      const job = demo.getJob(id);
      if (!job) throw new Error(`no job ${id}`);
      job.app.ports = [22, 6006, 8888].map((port) => ({ port, protocol: 1, extraData: null }));
      job.app.urls = {
        port_22: { urls: ["ssh://gw.example:40022"] },
        port_6006: { urls: ["https://gw.example:46006/"] },
        port_8888: { urls: ["https://gw.example:48888/"] },
      };
      job.updateTime = { seconds: 1_800_000_000, nanos: 0 } as never;
      const screen = await s.waitFor(/\[2\] 6006\/tcp tensorboard {2}https:\/\/gw\.example:46006\//, 10_000);
      expect(screen).toMatch(/\[1\] 22\/tcp {16}ssh:\/\/gw\.example:40022/);
      expect(screen).toMatch(/\[3\] 8888\/tcp {14}https:\/\/gw\.example:48888\//);
      expect(screen).toMatch(/updateTime 2027-01-15 08:00:00 UTC · releaseTime null/);
      s.press("c");
      const picker = await s.waitFor("Copy which?", 5000);
      expect(picker).toMatch(/\[1\] 22\/tcp {16}ssh:\/\/gw\.example:40022/);
      expect(picker).toMatch(/\[2\] 6006\/tcp tensorboard {2}https:\/\/gw\.example:46006\//);
      expect(picker).toMatch(/\[3\] 8888\/tcp {14}https:\/\/gw\.example:48888\//);
    } finally {
      await demo.close();
    }
  });

  it("--demo runs its built-in profile: the demo's names, and its name in the header", async () => {
    s = startCli(["--demo"], { cols: 150, rows: 40 });
    const screen = await s.waitFor(/State timeline/, 15_000);
    expect(screen).toMatch(/^jobtop demo · page 1\//m);
    expect(listText(screen)).toMatch(/queued|starting|running|stopped/);
  });
});
