// Asking tmux: a real tmux server on a private socket, found as a pane's programs find theirs (by
// $TMUX's socket path), and tmux commands that fail, hang or are missing.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { runTmux, tmuxCopy, tmuxLiteral, tmuxPassthrough } from "../../src/terminal/tmux.js";
import { requireTmux, skipWithoutTmux, startTmux, type Tmux } from "../helpers/tmux.js";

describe("tmuxLiteral", () => {
  it("doubles # and % (formats, #(shell) commands, strftime) and escapes a final ;", () => {
    expect(tmuxLiteral("jb1 running → stopped")).toBe("jb1 running → stopped");
    expect(tmuxLiteral("#(touch x) #{pane_id} #[fg=red] 100% %H")).toBe(
      "##(touch x) ##{pane_id} ##[fg=red] 100%% %%H",
    );
    expect(tmuxLiteral("a;b;")).toBe("a;b\\;");
  });
});

describe("runTmux without a working tmux", () => {
  let bin: string | undefined;
  afterEach(() => {
    if (bin) rmSync(bin, { recursive: true, force: true });
    bin = undefined;
  });
  const fakeTmux = (script: string) => {
    bin = mkdtempSync(join(tmpdir(), "jobtop-fake-tmux-"));
    writeFileSync(join(bin, "tmux"), `#!/bin/sh\n${script}\n`);
    chmodSync(join(bin, "tmux"), 0o755);
    return { PATH: bin, TMUX: "/nonexistent,1,0" };
  };

  it("is not ok when tmux is not on PATH", async () => {
    expect(await runTmux(["-V"], { env: { PATH: "/nonexistent" } })).toEqual({ ok: false, stdout: "" });
    expect(await tmuxCopy("x", { PATH: "/nonexistent", TMUX: "/x,1,0" })).toBe(false);
    expect(await tmuxPassthrough({ PATH: "/nonexistent", TMUX: "/x,1,0" })).toBe("unknown");
  });

  it("kills a tmux that hangs, and is not ok after the deadline", async () => {
    const env = fakeTmux("exec sleep 30");
    const t0 = Date.now();
    expect((await runTmux(["show-options", "-gv", "x"], { env, timeoutMs: 300 })).ok).toBe(false);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it("a tmux without allow-passthrough (before 3.3, which passed everything through): unknown", async () => {
    const env = fakeTmux("echo 'invalid option: allow-passthrough' >&2; exit 1");
    expect(await tmuxPassthrough(env)).toBe("unknown");
  });
});

describe.skipIf(skipWithoutTmux)("a real tmux", () => {
  let tmux: Tmux | undefined;
  beforeAll(() => requireTmux());
  afterEach(() => {
    tmux?.close();
    tmux = undefined;
  });

  /** A server with tmux's defaults; the environment a program in its pane has. */
  function server(): { t: Tmux; env: NodeJS.ProcessEnv } {
    tmux = startTmux(["sh"]);
    const pane = tmux.run("display-message", "-p", "-t", "t", "#{pane_id}").stdout.trim();
    return { t: tmux, env: { PATH: process.env.PATH, TMUX: `${tmux.socket},1,0`, TMUX_PANE: pane } };
  }

  it("allow-passthrough as it applies to the pane: off by default, on where set for it, its window or all", async () => {
    const { t, env } = server();
    expect(await tmuxPassthrough(env)).toBe("off");
    t.run("set", "-p", "-t", env.TMUX_PANE as string, "allow-passthrough", "on");
    expect(await tmuxPassthrough(env)).toBe("on");
    t.run("set", "-pu", "-t", env.TMUX_PANE as string, "allow-passthrough");
    t.run("set", "-w", "-t", env.TMUX_PANE as string, "allow-passthrough", "on");
    expect(await tmuxPassthrough(env)).toBe("on");
    t.run("set", "-wu", "-t", env.TMUX_PANE as string, "allow-passthrough");
    t.run("set", "-g", "allow-passthrough", "on");
    expect(await tmuxPassthrough(env)).toBe("on");
    // No pane known: the global setting.
    expect(await tmuxPassthrough({ ...env, TMUX_PANE: undefined })).toBe("on");
  });

  it("tmuxCopy fills the paste buffer of the server $TMUX names, text as is", async () => {
    const { t, env } = server();
    const text = "https://gw.example:30888/?token=abc&x=$(id) 训练 #{pane_id} %H;";
    expect(await tmuxCopy(text, env)).toBe(true);
    expect(t.run("show-buffer").stdout).toBe(text);
  });
});
