// Copy over SSH: OSC 52 to the terminal (chunked for GNU screen), plus a local clipboard tool
// when a display is present, spawned without a shell. Terminals never confirm an OSC 52 copy, so
// we say "sent to the terminal clipboard", not "copied".
//
// In tmux, the copy goes through tmux (`tmux load-buffer -w`, src/terminal/tmux.ts): tmux 3.3+
// drops an application's own OSC 52 under its default settings, but fills its paste buffer and
// sends the outer terminal the OSC 52 itself on request. OSC 52 from us, wrapped and plain, is
// the fallback when that fails (no tmux on PATH, tmux before 3.2).
import { spawn } from "node:child_process";
import type { ValuesOf } from "../config/from-settings.js";

export type ClipboardMode = ValuesOf<"clipboard">;

import { throughMultiplexer, wrapForTmux } from "./passthrough.js";
import { tmuxCopy } from "./tmux.js";

export { SCREEN_CHUNK } from "./passthrough.js";

const ESC = "\x1b";
const BEL = "\x07";

/** The byte strings to write, in order, to put `text` on the terminal's clipboard. */
export function osc52(text: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return throughMultiplexer(osc52Sequence(text), env);
}

function osc52Sequence(text: string): string {
  return `${ESC}]52;c;${Buffer.from(text, "utf8").toString("base64")}${BEL}`;
}

export interface CopyResult {
  ok: boolean;
  methods: string[];
  message: string;
}

export interface CopyOptions {
  mode: ClipboardMode;
  env?: NodeJS.ProcessEnv;
  write: (s: string) => void;
  platform?: NodeJS.Platform;
  spawnNative?: (cmd: string, args: string[], input: string) => Promise<boolean>;
  /** In tmux: hands the text to tmux (tmux load-buffer -w); true when tmux took it. */
  tmuxCopy?: (text: string) => Promise<boolean>;
}

/** Local clipboard tools to try, in order, when a display is present. */
export function nativeTools(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): [string, string[]][] {
  if (platform === "darwin") return [["pbcopy", []]];
  const tools: [string, string[]][] = [];
  if (env.WAYLAND_DISPLAY) tools.push(["wl-copy", []]);
  if (env.DISPLAY) tools.push(["xclip", ["-selection", "clipboard"]], ["xsel", ["--clipboard", "--input"]]);
  return tools;
}

export async function copyText(text: string, o: CopyOptions): Promise<CopyResult> {
  const env = o.env ?? process.env;
  if (o.mode === "off") return { ok: false, methods: [], message: "copy is off (--clipboard off)" };
  const methods: string[] = [];
  if (o.mode === "auto" || o.mode === "osc52") {
    if (env.TMUX && (await (o.tmuxCopy ?? ((t) => tmuxCopy(t, env)))(text))) {
      // tmux sends the OSC 52 only to a terminal it knows can take one (its terminal-features):
      // the wrapped form as well reaches any other where `allow-passthrough` is on (tmux drops it
      // where it is off). Not the plain form: under `set-clipboard on` it would be a second buffer.
      o.write(wrapForTmux(osc52Sequence(text)));
      methods.push("tmux");
    } else {
      for (const s of osc52(text, env)) o.write(s);
      methods.push(
        env.TMUX
          ? "OSC 52 (tmux load-buffer failed: passthrough and plain)"
          : env.STY
            ? "OSC 52 (screen)"
            : "OSC 52",
      );
    }
  }
  const tried: string[] = [];
  if (o.mode === "auto" || o.mode === "native") {
    const run = o.spawnNative ?? runNative;
    for (const [cmd, args] of nativeTools(env, o.platform ?? process.platform)) {
      tried.push(cmd);
      if (await run(cmd, args, text)) {
        methods.push(cmd);
        break;
      }
    }
  }
  if (methods.length === 0) {
    const message =
      tried.length === 0
        ? "no display for a clipboard tool (try --clipboard osc52)"
        : `no clipboard tool worked (tried ${tried.join(", ")}; try --clipboard osc52)`;
    return { ok: false, methods, message };
  }
  const osc = methods.some((m) => m.startsWith("OSC 52"));
  const viaTmux = methods[0] === "tmux";
  const tools = methods.filter((m) => !m.startsWith("OSC 52") && m !== "tmux");
  const parts = [];
  if (viaTmux) parts.push("copied via tmux (paste buffer + clipboard)");
  if (osc) parts.push(`sent to the terminal clipboard via ${methods[0]}`);
  if (tools.length > 0)
    parts.push(
      viaTmux ? `and with ${tools.join(", ")}` : `${osc ? "and " : ""}copied with ${tools.join(", ")}`,
    );
  return { ok: true, methods, message: parts.join(" ") };
}

/** Runs a clipboard tool by argv (no shell), text on stdin: true on exit 0; false on error, failure or 2 s. */
export function runNative(cmd: string, args: string[], input: string, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(ok);
    };
    const child = spawn(cmd, args, { shell: false, stdio: ["pipe", "ignore", "ignore"] });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(false);
    }, timeoutMs);
    timer.unref?.();
    child.on("error", () => finish(false));
    child.on("exit", (code) => finish(code === 0));
    child.stdin.on("error", () => finish(false));
    child.stdin.end(input);
  });
}
