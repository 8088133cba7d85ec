// Drives the built CLI in a real pseudo-terminal and reads the screen through @xterm/headless,
// the way a person at a terminal would see it.
import unicode11 from "@xterm/addon-unicode11";
import xterm from "@xterm/headless";
import * as pty from "node-pty";
import { CLI, freshStateHome, NODE, TEST_CACHE_HOME, TEST_CONFIG_HOME } from "../helpers/cli.js";

export const KEYS = {
  up: "\x1b[A",
  down: "\x1b[B",
  right: "\x1b[C",
  left: "\x1b[D",
  home: "\x1b[H",
  end: "\x1b[F",
  pgdn: "\x1b[6~",
  pgup: "\x1b[5~",
  esc: "\x1b",
  tab: "\t",
  enter: "\r",
  ctrlC: "\x03",
} as const;

export interface Session {
  /** Every byte the program wrote, in order. */
  raw(): string;
  screen(): string[];
  text(): string;
  press(keys: string): void;
  resize(cols: number, rows: number): void;
  /**
   * Since the last resize, a whole frame was drawn on a cleared screen, as jobtop draws after one
   * (a frame of the old size cut to the new one can look much the same).
   */
  redrawn(): boolean;
  waitFor(what: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /**
   * Resolves as the bytes that make `test` true arrive, before the screen is redrawn or any timer
   * runs: to act (resize, say) while the program is still busy with what it wrote just then.
   */
  whenRaw(test: (raw: string) => boolean, timeoutMs?: number): Promise<void>;
  exited(): Promise<{ exitCode: number; signal?: number }>;
  kill(signal?: string): void;
  /**
   * Closes the terminal under the program, as a closed window or a dropped SSH link does: the
   * kernel hangs the terminal up (SIGHUP to its session leader, writes fail with EIO), and
   * node-pty sends SIGHUP to the process it started, as sshd does.
   */
  destroy(): void;
  alternateScreen(): boolean;
  /** The terminal's modes as the bytes so far set them (DECSET/DECRST): mouse tracking, bracketed paste, focus reports. */
  modes(): xterm.IModes;
  /** Screen lines that continue the line above: output that ran past the right edge. */
  wrapped(): number;
  pid: number;
  cols(): number;
}

export interface PtyOptions {
  cols?: number;
  rows?: number;
  env?: Record<string, string | undefined>;
}

export function startCli(args: string[], opts: PtyOptions = {}): Session {
  return startPty(NODE, [CLI, ...args], opts);
}

/** Any program in the pseudo-terminal (a shell that runs jobtop, say). */
export function startPty(file: string, args: string[], opts: PtyOptions = {}): Session {
  let cols = opts.cols ?? 120;
  let rows = opts.rows ?? 30;
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  // Emoji are two cells wide in the terminals people use (Unicode 11 widths), as jobtop assumes;
  // xterm.js counts them as one unless told.
  term.loadAddon(new unicode11.Unicode11Addon());
  term.unicode.activeVersion = "11";
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    XDG_CACHE_HOME: TEST_CACHE_HOME,
    XDG_CONFIG_HOME: TEST_CONFIG_HOME,
    XDG_STATE_HOME: freshStateHome(),
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    FORCE_COLOR: "1",
    ...opts.env,
  })) {
    if (v !== undefined) env[k] = v;
  }
  const proc = pty.spawn(file, args, { name: "xterm-256color", cols, rows, env });
  let raw = "";
  let pending = Promise.resolve();
  /** How much of `raw` the headless terminal has drawn. */
  let drawn = 0;
  /** Where `raw` was at the last resize. */
  let resizedAt = 0;
  const rawWaiters = new Set<() => void>();
  proc.onData((d) => {
    raw += d;
    for (const w of rawWaiters) w();
    const upTo = raw.length;
    pending = pending.then(
      () =>
        new Promise<void>((r) =>
          term.write(d, () => {
            drawn = upTo;
            r();
          }),
        ),
    );
  });
  // Frames come wrapped in synchronized-output marks (BSU … ESU); a frame can arrive in more than
  // one read. A real terminal shows nothing of it until the end mark, so neither do we.
  const midFrame = () => {
    const seen = raw.slice(0, drawn);
    return seen.lastIndexOf("\x1b[?2026h") > seen.lastIndexOf("\x1b[?2026l");
  };
  const exit = new Promise<{ exitCode: number; signal?: number }>((resolve) => proc.onExit(resolve));
  const screen = () => {
    const b = term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < rows; y++) out.push(b.getLine(y)?.translateToString(true) ?? "");
    return out;
  };
  return {
    pid: proc.pid,
    raw: () => raw,
    screen,
    text: () => screen().join("\n"),
    cols: () => cols,
    press: (keys) => proc.write(keys),
    resize: (c, r) => {
      cols = c;
      rows = r;
      term.resize(c, r);
      resizedAt = raw.length;
      proc.resize(c, r);
    },
    redrawn: () => {
      const clear = raw.indexOf("\x1b[2J", resizedAt);
      const esu = "\x1b[?2026l";
      const end = clear < 0 ? -1 : raw.indexOf(esu, clear);
      return end >= 0 && end + esu.length <= drawn;
    },
    async waitFor(what, timeoutMs = 8000) {
      const test =
        typeof what === "function"
          ? what
          : typeof what === "string"
            ? (s: string) => s.includes(what)
            : (s: string) => what.test(s);
      const until = Date.now() + timeoutMs;
      for (;;) {
        await pending;
        const s = screen().join("\n");
        if (!midFrame() && test(s)) return s;
        if (Date.now() > until) throw new Error(`timed out waiting for ${String(what)}; screen:\n${s}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    whenRaw: (test, timeoutMs = 8000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!test(raw)) return;
          rawWaiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          rawWaiters.delete(check);
          reject(new Error(`timed out waiting for output; raw tail: ${JSON.stringify(raw.slice(-300))}`));
        }, timeoutMs);
        rawWaiters.add(check);
        check();
      }),
    exited: async () => {
      const e = await exit;
      // node-pty reports the exit from its own thread (waitpid), which can come before the last
      // bytes the process wrote are read from the terminal (seen in CI: a SIGTERM's screen
      // restore missing from the output under load; microsoft/node-pty#72): wait for the output
      // to go quiet.
      for (let seen = -1, until = Date.now() + 1000; seen !== raw.length && Date.now() < until; ) {
        seen = raw.length;
        await new Promise((r) => setTimeout(r, 60));
      }
      await pending;
      return e;
    },
    kill: (signal = "SIGTERM") => proc.kill(signal),
    destroy: () => (proc as pty.IPty & { destroy(): void }).destroy(),
    alternateScreen: () => term.buffer.active.type === "alternate",
    modes: () => term.modes,
    wrapped: () => {
      const b = term.buffer.active;
      let n = 0;
      for (let y = 0; y < b.length; y++) if (b.getLine(y)?.isWrapped) n++;
      return n;
    },
  };
}
