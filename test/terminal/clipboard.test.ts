import { describe, expect, it } from "vitest";
import { copyText, osc52, runNative, SCREEN_CHUNK } from "../../src/terminal/clipboard.js";

const ESC = "\x1b";
const decode = (seq: string) => {
  const m = /^\x1b\]52;c;([A-Za-z0-9+/=]*)\x07$/.exec(seq);
  if (!m) throw new Error(`not an OSC 52 sequence: ${JSON.stringify(seq)}`);
  return Buffer.from(m[1] ?? "", "base64").toString("utf8");
};

describe("OSC 52", () => {
  const text = "https://gw.example:30888?token=abc 训练";

  it("carries the text base64-encoded", () => {
    const out = osc52(text, {});
    expect(out).toHaveLength(1);
    expect(decode(out[0] ?? "")).toBe(text);
  });

  it("in tmux, sends it wrapped for passthrough (doubled ESCs) and plain, for either tmux setting", () => {
    const out = osc52(text, { TMUX: "/tmp/tmux-0/default,1,0" });
    expect(out).toHaveLength(2);
    expect(decode(out[1] ?? "")).toBe(text);
    const [seq = ""] = out;
    expect(seq.startsWith(`${ESC}Ptmux;${ESC}${ESC}]52;c;`)).toBe(true);
    expect(seq.endsWith(`${ESC}\\`)).toBe(true);
    const inner = seq.slice(`${ESC}Ptmux;`.length, -2).replaceAll(ESC + ESC, ESC);
    expect(decode(inner)).toBe(text);
  });

  it("splits into DCS chunks for GNU screen", () => {
    const long = "x".repeat(500);
    const chunks = osc52(long, { STY: "1234.pts-0.host" });
    expect(chunks.length).toBeGreaterThan(1);
    let inner = "";
    for (const c of chunks) {
      expect(c.startsWith(`${ESC}P`)).toBe(true);
      expect(c.endsWith(`${ESC}\\`)).toBe(true);
      const body = c.slice(2, -2);
      expect(body.length).toBeLessThanOrEqual(SCREEN_CHUNK);
      inner += body;
    }
    expect(decode(inner)).toBe(long);
  });

  it("screen chunks stay under the limit for CJK and emoji too, and only the chunks are written", () => {
    const text = "训练任务 🚀 ".repeat(40);
    const chunks = osc52(text, { STY: "1234.pts-0.host" });
    const inner = chunks.map((c) => {
      expect(c.length).toBeLessThanOrEqual(SCREEN_CHUNK + 4); // ESC P … ESC \\
      expect(Buffer.byteLength(c)).toBe(c.length); // pure ASCII on the wire
      return c.slice(2, -2);
    });
    expect(decode(inner.join(""))).toBe(text);
  });

  it("prefers tmux when both tmux and screen are set (tmux is the innermost)", () => {
    const out = osc52("x", { TMUX: "/tmp/t,1,0", STY: "1.pts" });
    expect(out).toHaveLength(2);
    expect(out[0]?.startsWith(`${ESC}Ptmux;`)).toBe(true);
  });
});

describe("copyText", () => {
  it("writes nothing when off", async () => {
    const written: string[] = [];
    const r = await copyText("x", { mode: "off", write: (s) => written.push(s), env: {} });
    expect(written).toEqual([]);
    expect(r.ok).toBe(false);
  });

  it("auto without a display sends OSC 52 only, and says it was sent, not confirmed", async () => {
    const written: string[] = [];
    const spawned: string[] = [];
    const r = await copyText("hello", {
      mode: "auto",
      env: {},
      platform: "linux",
      write: (s) => written.push(s),
      spawnNative: async (cmd) => {
        spawned.push(cmd);
        return true;
      },
    });
    expect(written.map(decode)).toEqual(["hello"]);
    expect(spawned).toEqual([]);
    expect(r.message).toBe("sent to the terminal clipboard via OSC 52");
  });

  it("uses a native tool, by argv without a shell, when a display is present", async () => {
    const calls: [string, string[], string][] = [];
    const r = await copyText("hello", {
      mode: "native",
      env: { DISPLAY: ":0" },
      platform: "linux",
      write: () => {
        throw new Error("native mode must not write OSC 52");
      },
      spawnNative: async (cmd, args, input) => {
        calls.push([cmd, args, input]);
        return cmd === "xsel";
      },
    });
    expect(calls).toEqual([
      ["xclip", ["-selection", "clipboard"], "hello"],
      ["xsel", ["--clipboard", "--input"], "hello"],
    ]);
    expect(r.ok).toBe(true);
    expect(r.methods).toEqual(["xsel"]);
  });

  it("native mode without a display spawns nothing and says why", async () => {
    let spawned = 0;
    const r = await copyText("hello", {
      mode: "native",
      env: {},
      platform: "linux",
      write: () => {},
      spawnNative: async () => {
        spawned++;
        return true;
      },
    });
    expect(spawned).toBe(0);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/no display/);
  });

  it("in tmux, hands the text to tmux (load-buffer), writes only the wrapped OSC 52, and says so", async () => {
    const written: string[] = [];
    const toTmux: string[] = [];
    const r = await copyText("hello", {
      mode: "auto",
      env: { TMUX: "/tmp/t,1,0" },
      platform: "linux",
      write: (s) => written.push(s),
      tmuxCopy: async (text) => {
        toTmux.push(text);
        return true;
      },
    });
    expect(toTmux).toEqual(["hello"]);
    // The wrapped form only (for allow-passthrough on): a plain one would be a second tmux buffer.
    expect(written).toHaveLength(1);
    expect(written[0]?.startsWith(`${ESC}Ptmux;${ESC}${ESC}]52;c;`)).toBe(true);
    expect(r).toEqual({ ok: true, methods: ["tmux"], message: "copied via tmux (paste buffer + clipboard)" });
  });

  it("in tmux with a display: tmux and the local tool", async () => {
    const r = await copyText("hello", {
      mode: "auto",
      env: { TMUX: "/tmp/t,1,0", WAYLAND_DISPLAY: "wayland-0" },
      platform: "linux",
      write: () => {},
      tmuxCopy: async () => true,
      spawnNative: async () => true,
    });
    expect(r.message).toBe("copied via tmux (paste buffer + clipboard) and with wl-copy");
  });

  it("in tmux where load-buffer fails (before 3.2, no tmux): OSC 52 wrapped and plain, and the local tool", async () => {
    const written: string[] = [];
    const calls: string[][] = [];
    const r = await copyText("hello", {
      mode: "auto",
      env: { TMUX: "/tmp/t,1,0", WAYLAND_DISPLAY: "wayland-0", DISPLAY: ":0" },
      platform: "linux",
      write: (s) => written.push(s),
      tmuxCopy: async () => false,
      spawnNative: async (cmd, args) => {
        calls.push([cmd, ...args]);
        return true;
      },
    });
    expect(written).toHaveLength(2);
    expect(calls).toEqual([["wl-copy"]]);
    expect(r.methods).toEqual(["OSC 52 (tmux load-buffer failed: passthrough and plain)", "wl-copy"]);
    expect(r.message).toBe(
      "sent to the terminal clipboard via OSC 52 (tmux load-buffer failed: passthrough and plain) and copied with wl-copy",
    );
    expect(r.message).not.toMatch(/^copied/);
  });

  it("native mode in tmux asks no tmux; off asks nothing", async () => {
    const ask = async () => {
      throw new Error("must not ask tmux");
    };
    const env = { TMUX: "/tmp/t,1,0", DISPLAY: ":0" };
    const native = await copyText("x", {
      mode: "native",
      env,
      platform: "linux",
      write: () => {},
      tmuxCopy: ask,
      spawnNative: async () => true,
    });
    expect(native.message).toBe("copied with xclip");
    const off = await copyText("x", { mode: "off", env, write: () => {}, tmuxCopy: ask });
    expect(off.ok).toBe(false);
  });

  it("uses pbcopy on macOS without DISPLAY", async () => {
    const calls: string[] = [];
    const r = await copyText("hello", {
      mode: "native",
      env: {},
      platform: "darwin",
      write: () => {},
      spawnNative: async (cmd) => {
        calls.push(cmd);
        return true;
      },
    });
    expect(calls).toEqual(["pbcopy"]);
    expect(r.message).toBe("copied with pbcopy");
  });

  it("osc52 mode never spawns and reports a failing native tool as not tried", async () => {
    const written: string[] = [];
    const r = await copyText("hello", {
      mode: "osc52",
      env: { DISPLAY: ":0", STY: "1.pts" },
      platform: "linux",
      write: (s) => written.push(s),
      spawnNative: async () => {
        throw new Error("must not spawn");
      },
    });
    expect(written.length).toBeGreaterThan(0);
    expect(r).toEqual({
      ok: true,
      methods: ["OSC 52 (screen)"],
      message: "sent to the terminal clipboard via OSC 52 (screen)",
    });
  });

  it("names the tools tried when none worked", async () => {
    const r = await copyText("hello", {
      mode: "native",
      env: { DISPLAY: ":0" },
      platform: "linux",
      write: () => {},
      spawnNative: async () => false,
    });
    expect(r.ok).toBe(false);
    expect(r.message).toContain("tried xclip, xsel");
  });
});

describe("runNative (real processes, argv, no shell)", () => {
  it("is false when the tool does not exist (ENOENT)", async () => {
    expect(await runNative("jobtop-no-such-clipboard-tool", [], "x")).toBe(false);
  });

  it("passes the text on stdin and is true on exit 0", async () => {
    const script =
      "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>process.exit(s==='训练 $(x)'?0:1))";
    expect(await runNative(process.execPath, ["-e", script], "训练 $(x)")).toBe(true);
    expect(await runNative(process.execPath, ["-e", "process.exit(3)"], "x")).toBe(false);
  });

  it("kills a tool that hangs and is false after the timeout", async () => {
    const t0 = Date.now();
    expect(await runNative(process.execPath, ["-e", "setInterval(()=>{},1000)"], "x", 300)).toBe(false);
    expect(Date.now() - t0).toBeLessThan(2000);
  });
});
