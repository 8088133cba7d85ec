import { describe, expect, it } from "vitest";
import { copyText, osc52, SCREEN_CHUNK } from "../../src/terminal/clipboard.js";

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

  it("wraps for tmux passthrough with doubled ESCs", () => {
    const [seq = ""] = osc52(text, { TMUX: "/tmp/tmux-0/default,1,0" });
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
});
