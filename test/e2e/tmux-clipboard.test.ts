// Copy inside a real tmux. tmux 3.3+ by default takes neither of the OSC 52 forms an application
// can write: `set-clipboard external` ignores a plain one, `allow-passthrough off` drops a wrapped
// one. So jobtop hands the text to tmux itself (`tmux load-buffer -w`, tmux 3.2+): tmux keeps it in
// its paste buffer and sends the outer terminal an OSC 52 of its own, whatever those two settings.
// Where that fails (no tmux on PATH, a tmux before 3.2), jobtop sends OSC 52 plain and wrapped, and
// either setting on is enough:
// - `set-clipboard on`: tmux takes the plain form into its own paste buffer (and passes it on to a
//   terminal that says it can set the clipboard);
// - `allow-passthrough on`: tmux hands the wrapped form's inner sequence to the outer terminal.
// The outer terminal is a tmux client attached in a pseudo-terminal, its bytes read raw.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { JobSchema } from "../../src/api/schema.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { jobUrls } from "../../src/model/urls.js";
import { CLI, NODE } from "../helpers/cli.js";
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

/** jobtop in a tmux whose config is `settings` (none: tmux's defaults), run by `prefix` if given. */
function startInTmux(settings?: string, prefix: string[] = []): Tmux {
  tmux = startTmux(prefix.concat(NODE, CLI, "--base-url", demo.url), {
    settings,
    env: { JOBTOP_TOKEN: demo.token },
  });
  return tmux;
}

/** An outer terminal: a tmux client attached in a pseudo-terminal. */
async function attach(t: Tmux): Promise<Session> {
  await t.paneShows("State timeline");
  client = startPty("tmux", ["-S", t.socket, "attach", "-t", "t"], { cols: 120, rows: 30 });
  await client.waitFor("State timeline", 10_000);
  return client;
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

/** Copies the first URL; the status line then. */
async function copyFirstUrl(t: Tmux, says: string): Promise<string> {
  await t.paneShows("State timeline");
  t.run("send-keys", "-t", "t", "c");
  await t.paneShows("Copy which?");
  t.run("send-keys", "-t", "t", "1");
  return t.paneShows(says);
}

/** tmux's paste buffer, once it holds `want` (or after 5 s). */
async function pasteBuffer(t: Tmux, want: string): Promise<string | undefined> {
  const until = Date.now() + 5000;
  let buffer = t.run("show-buffer");
  while (buffer.stdout !== want && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    buffer = t.run("show-buffer");
  }
  return buffer.status === 0 ? buffer.stdout : undefined;
}

/** An OSC 52 carrying `text`, from whoever wrote it (tmux writes `52;;`, jobtop `52;c;`). */
const osc52Of = (text: string) => new RegExp(`\\x1b\\]52;c?;${Buffer.from(text).toString("base64")}`);

describe.skipIf(skipWithoutTmux)("copy in a real tmux", () => {
  it("with tmux's defaults: tmux's paste buffer holds the URL and tmux sends the outer terminal the OSC 52", async () => {
    const t = startInTmux();
    const url = await firstUrl();
    const outer = await attach(t);
    const line = await copyFirstUrl(t, "copied via tmux (paste buffer + clipboard)");
    expect(line).not.toContain("sent to the terminal clipboard");
    expect(await pasteBuffer(t, url)).toBe(url);
    await outer.waitFor(() => osc52Of(url).test(outer.raw()), 5000);
  });

  it("with set-clipboard on (passthrough off): tmux's paste buffer gets the URL", async () => {
    const t = startInTmux("set -g set-clipboard on\nset -g allow-passthrough off");
    const url = await firstUrl();
    await copyFirstUrl(t, "copied via tmux");
    expect(await pasteBuffer(t, url)).toBe(url);
  });

  it("with allow-passthrough on (set-clipboard off): the outer terminal gets the OSC 52", async () => {
    const t = startInTmux("set -g set-clipboard off\nset -g allow-passthrough on");
    const url = await firstUrl();
    const outer = await attach(t);
    await copyFirstUrl(t, "copied via tmux");
    await outer.waitFor(() => osc52Of(url).test(outer.raw()), 5000);
    expect(await pasteBuffer(t, url)).toBe(url);
  });

  it("where tmux load-buffer fails (a tmux before 3.2): OSC 52 as before, and the status line says so", async () => {
    // A `tmux` first on jobtop's PATH that refuses the command, as a tmux without load-buffer -w does.
    const bin = mkdtempSync(join(tmpdir(), "jobtop-old-tmux-"));
    try {
      writeFileSync(
        join(bin, "tmux"),
        "#!/bin/sh\necho 'usage: load-buffer [-b buffer-name] path' >&2\nexit 1\n",
      );
      chmodSync(join(bin, "tmux"), 0o755);
      const t = startInTmux("set -g set-clipboard off\nset -g allow-passthrough on", [
        "env",
        `PATH=${bin}:${process.env.PATH}`,
      ]);
      const url = await firstUrl();
      const outer = await attach(t);
      await copyFirstUrl(t, "sent to the terminal clipboard via OSC 52 (tmux load-buffer failed");
      const own = `\x1b]52;c;${Buffer.from(url).toString("base64")}`;
      await outer.waitFor(() => outer.raw().includes(own), 5000);
      expect(t.run("show-buffer").status).not.toBe(0); // tmux kept nothing: set-clipboard off
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
