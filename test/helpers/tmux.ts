// A real tmux for the tests that need one (copy and notifications under tmux's own settings): a
// server of its own on a private socket, jobtop in its one pane. A machine without tmux skips
// those tests, unless JOBTOP_REQUIRE_TMUX=1 (CI, .ci/run): there they fail, saying why, since a
// skipped test proves nothing.
import { execFileSync, type SpawnSyncReturns, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshStateHome, TEST_CACHE_HOME, TEST_CONFIG_HOME } from "./cli.js";

export const hasTmux = spawnSync("tmux", ["-V"]).status === 0;
/** For describe.skipIf: skip only where tmux is missing and not required. */
export const skipWithoutTmux = !hasTmux && process.env.JOBTOP_REQUIRE_TMUX !== "1";

/** In a beforeAll of the tmux tests: each of them fails, saying why, when tmux is required but missing. */
export function requireTmux(): void {
  if (!hasTmux)
    throw new Error("JOBTOP_REQUIRE_TMUX=1, but there is no tmux here (`tmux -V` failed): install tmux");
}

export interface Tmux {
  socket: string;
  /** A folder of the server's own, removed with it. */
  dir: string;
  /** `tmux -S <socket> ARGS`. */
  run(...args: string[]): SpawnSyncReturns<string>;
  /** Waits until the pane shows `text`; its text then. */
  paneShows(text: string | RegExp, timeoutMs?: number): Promise<string>;
  close(): void;
}

/**
 * `command` in session "t" (120×30) of a new tmux server whose whole config is `settings`, or,
 * without them, none (`-f /dev/null`: tmux's defaults). `env` adds to the server's environment,
 * which the pane inherits.
 */
export function startTmux(
  command: string[],
  o: { settings?: string; env?: Record<string, string | undefined> } = {},
): Tmux {
  const dir = mkdtempSync(join(tmpdir(), "jobtop-tmux-"));
  const socket = join(dir, "sock");
  let conf = "/dev/null";
  if (o.settings !== undefined) {
    conf = join(dir, "tmux.conf");
    writeFileSync(conf, `${o.settings}\n`);
  }
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    XDG_CACHE_HOME: TEST_CACHE_HOME,
    XDG_CONFIG_HOME: TEST_CONFIG_HOME,
    XDG_STATE_HOME: freshStateHome(),
    ...o.env,
  }))
    if (v !== undefined) env[k] = v;
  execFileSync(
    "tmux",
    ["-S", socket, "-f", conf, "new-session", "-d", "-s", "t", "-x", "120", "-y", "30"].concat(command),
    { env },
  );
  const run = (...args: string[]) =>
    spawnSync("tmux", ["-S", socket, ...args], { encoding: "utf8", timeout: 5000 });
  return {
    socket,
    dir,
    run,
    async paneShows(text, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const screen = run("capture-pane", "-p", "-t", "t").stdout ?? "";
        if (typeof text === "string" ? screen.includes(text) : text.test(screen)) return screen;
        if (Date.now() > until) throw new Error(`timed out waiting for ${text}; pane:\n${screen}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close() {
      run("kill-server");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
