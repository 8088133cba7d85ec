// Copy inside a real tmux, with each of the two settings the README names. tmux 3.3+ defaults
// to neither: `set-clipboard external` ignores an application's OSC 52, and `allow-passthrough`
// is off. jobtop sends the sequence both plain and wrapped, so either setting on is enough:
// - `set-clipboard on`: tmux takes the plain form into its own paste buffer (and would pass it
//   on to a terminal that says it can set the clipboard);
// - `allow-passthrough on`: tmux hands the wrapped form's inner sequence to the outer terminal.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { JobSchema } from "../../src/api/schema.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { jobUrls } from "../../src/model/urls.js";
import { CLI, NODE, TEST_CACHE_HOME, TEST_CONFIG_HOME } from "../helpers/cli.js";
import { type Session, startPty } from "./pty.js";

const hasTmux = spawnSync("tmux", ["-V"]).status === 0;

let demo: DemoServer;
let dir: string;
let socket: string;
let client: Session | undefined;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});
afterEach(() => {
  client?.kill("SIGKILL");
  client = undefined;
  if (socket) spawnSync("tmux", ["-S", socket, "kill-server"]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const tmux = (...args: string[]) =>
  spawnSync("tmux", ["-S", socket, ...args], { encoding: "utf8", timeout: 5000 });

/** jobtop in a detached tmux session whose config is only `settings`. */
function startInTmux(settings: string): void {
  dir = mkdtempSync(join(tmpdir(), "jobtop-tmux-"));
  socket = join(dir, "sock");
  const conf = join(dir, "tmux.conf");
  writeFileSync(conf, `${settings}\n`);
  execFileSync(
    "tmux",
    ["-S", socket, "-f", conf, "new-session", "-d", "-s", "t", "-x", "120", "-y", "30"].concat([
      NODE,
      CLI,
      "--base-url",
      demo.url,
    ]),
    {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TERM: "xterm-256color",
        LANG: "C.UTF-8",
        JOBTOP_TOKEN: demo.token,
        XDG_CACHE_HOME: TEST_CACHE_HOME,
        XDG_CONFIG_HOME: TEST_CONFIG_HOME,
      },
    },
  );
}

async function paneShows(text: string, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const screen = tmux("capture-pane", "-p", "-t", "t").stdout ?? "";
    if (screen.includes(text)) return screen;
    if (Date.now() > until) throw new Error(`timed out waiting for ${text}; pane:\n${screen}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first URL of the first job on page 1 (the selected row): what `c` then `1` copies. */
async function firstUrl(): Promise<string> {
  const res = await fetch(`${demo.url}/v1/job/jobs?page=1&per_page=20&order=desc`, {
    headers: { authorization: `Bearer ${demo.token}` },
  });
  const body = (await res.json()) as { job: unknown[] };
  const url = jobUrls(JobSchema.parse(body.job[0]))[0]?.url;
  if (!url) throw new Error("the first demo job has no URL");
  return url;
}

async function copyFirstUrl(): Promise<void> {
  await paneShows("State timeline");
  tmux("send-keys", "-t", "t", "c");
  await paneShows("Copy which?");
  tmux("send-keys", "-t", "t", "1");
  await paneShows("sent to the terminal clipboard");
}

describe.skipIf(!hasTmux)("copy in a real tmux", () => {
  it("with set-clipboard on (passthrough off): tmux's paste buffer gets the URL", async () => {
    startInTmux("set -g set-clipboard on\nset -g allow-passthrough off");
    const url = await firstUrl();
    await copyFirstUrl();
    const until = Date.now() + 5000;
    let buffer = tmux("show-buffer");
    while (buffer.stdout !== url && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      buffer = tmux("show-buffer");
    }
    expect(buffer.stdout).toBe(url);
  });

  it("with allow-passthrough on (set-clipboard off): the outer terminal gets the OSC 52", async () => {
    startInTmux("set -g set-clipboard off\nset -g allow-passthrough on");
    const url = await firstUrl();
    await paneShows("State timeline");
    // An outer terminal: a tmux client attached in a pseudo-terminal, its bytes read raw.
    client = startPty("tmux", ["-S", socket, "attach", "-t", "t"], { cols: 120, rows: 30 });
    await client.waitFor("State timeline", 10_000);
    await copyFirstUrl();
    const want = `\x1b]52;c;${Buffer.from(url).toString("base64")}`;
    await client.waitFor(() => client?.raw().includes(want) ?? false, 5000);
    // set-clipboard off: tmux kept nothing itself.
    expect(tmux("show-buffer").status).not.toBe(0);
  });
});
