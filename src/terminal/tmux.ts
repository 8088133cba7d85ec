// Asking tmux itself, when jobtop runs in one ($TMUX set). tmux 3.3+ drops, under its default
// settings, what an application writes for the outer terminal (set-clipboard external ignores its
// OSC 52, allow-passthrough off its wrapped sequences), but does the same on request: a copy goes
// through `tmux load-buffer -w` (tmux's paste buffer, and tmux sends the outer terminal the OSC 52
// itself), and a notification tmux would drop is shown with `tmux display-message`.
//
// Each is a tmux command run by argv (no shell), with a deadline. Without -S or -L, tmux talks to
// the server whose socket $TMUX names, which is the one this pane belongs to.
import type { ChildProcess } from "node:child_process";
import { loadBuiltin } from "../load-builtin.js";

const TIMEOUT_MS = 2000;
/** An answer is one option's value: more than this is not one. */
const STDOUT_MAX = 4096;

export interface TmuxAnswer {
  ok: boolean;
  stdout: string;
}

/**
 * Runs `tmux ARGS` (text on stdin when given): ok on exit 0; not ok when tmux is missing, fails
 * or takes longer than `timeoutMs` (then it is killed).
 */
export function runTmux(
  args: string[],
  o: { input?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<TmuxAnswer> {
  return new Promise((resolve) => {
    let done = false;
    let stdout = "";
    let child: ChildProcess | undefined;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ok, stdout });
    };
    const timer = setTimeout(() => {
      child?.kill("SIGKILL");
      finish(false);
    }, o.timeoutMs ?? TIMEOUT_MS);
    timer.unref?.();
    try {
      // node:child_process when first needed: it is not loaded by every start.
      const { spawn }: typeof import("node:child_process") = loadBuiltin("node:child_process");
      child = spawn("tmux", args, {
        shell: false,
        env: o.env ?? process.env,
        stdio: [o.input === undefined ? "ignore" : "pipe", "pipe", "ignore"],
      });
    } catch {
      finish(false);
      return;
    }
    child.on("error", () => finish(false));
    child.on("close", (code) => finish(code === 0));
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (d: string) => {
      if (stdout.length < STDOUT_MAX) stdout += d;
    });
    const stdin = child.stdin;
    if (stdin) {
      stdin.on("error", () => finish(false));
      stdin.end(o.input);
    }
  });
}

/** `-t PANE` for this pane ($TMUX_PANE, `%N`), or nothing when it is unknown. */
function thisPane(env: NodeJS.ProcessEnv): string[] {
  const pane = env.TMUX_PANE ?? "";
  return /^%\d+$/.test(pane) ? ["-t", pane] : [];
}

/**
 * Puts `text` in tmux's paste buffer and has tmux send it to the outer terminal's clipboard
 * (`-w`, tmux 3.2+; an older tmux refuses the flag, which is a failure like any other).
 */
export async function tmuxCopy(text: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return (await runTmux(["load-buffer", "-w", "-"], { input: text, env })).ok;
}

/**
 * Whether tmux hands a passthrough-wrapped sequence to the outer terminal: `allow-passthrough` as
 * it applies to this pane (set for the pane, its window or globally). "unknown" when tmux does not
 * answer, or has no such option (tmux before 3.3, which always passed them through).
 */
export async function tmuxPassthrough(
  env: NodeJS.ProcessEnv = process.env,
): Promise<"on" | "off" | "unknown"> {
  const pane = thisPane(env);
  const args = pane.length > 0 ? ["show-options", "-Apv", ...pane] : ["show-options", "-gv"];
  const r = await runTmux(args.concat("allow-passthrough"), { env });
  const value = r.stdout.trim();
  if (!r.ok) return "unknown";
  if (value === "off") return "off";
  return value === "on" || value === "all" ? "on" : "unknown";
}

/** Shows `text` (sanitised) in tmux's status line, for this pane's session, as tmux shows its own messages. */
export async function tmuxDisplay(text: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return (await runTmux(["display-message", ...thisPane(env), "--", tmuxLiteral(text)], { env })).ok;
}

/**
 * `text` as display-message shows it: its argument is a format, where `#(…)` runs a shell command,
 * `#{…}` and `#[…]` expand, and `%…` goes through strftime (doubled, each is itself); and tmux
 * reads an argument that ends in ";" as the end of a command (escaped, it is a ";").
 */
export function tmuxLiteral(text: string): string {
  const s = text.replaceAll("#", "##").replaceAll("%", "%%");
  return s.endsWith(";") ? `${s.slice(0, -1)}\\;` : s;
}
