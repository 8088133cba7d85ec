// Mounts the monitor's Ink app on a terminal start.ts has taken (and maybe drawn the first frame
// on): this module is where Ink, React and Yoga come in.
import { type Instance, render } from "ink";
import type { JobClient } from "../api/client.js";
import { createActionSender, type SendAction } from "../api/send-action.js";
import type { TokenKeeper } from "../api/token-keeper.js";
import type { Config } from "../config/types.js";
import type { InsightWatch } from "../poll/insight.js";
import type { Monitor } from "../poll/monitor.js";
import { withoutFocusReports } from "../terminal/focus.js";
import type { Notifier } from "../terminal/notifier.js";
import { withoutPasteMarks } from "../terminal/paste.js";
import type { Screen } from "../terminal/screen.js";
import { runSsh } from "../terminal/ssh.js";
import { App } from "./App.js";
import { createActionRunner, stderrLine } from "./action-runner.js";

/** What the configured actions are sent with: the monitor client's token keeper and transport. */
export interface ActionTransport {
  tokens: TokenKeeper;
  /** The proxy's or the CA's fetch, as the client was given (undefined: node:http). */
  fetch?: typeof fetch;
  /** The monitor's client: each job is fetched again with it right before an action. */
  client: JobClient;
}

/** The actions under way, on the way out (ui/action-runner.ts). */
export interface ActionsOnExit {
  /** SIGTERM to their process groups now (unless the user chose to leave them). */
  endNow(): void;
  /** Ends them, bounded, and says on stderr what was ended, left or unknown. */
  finish(): Promise<void>;
}

export interface MountOptions {
  config: Config;
  monitor: Monitor;
  screen: Screen;
  notifier: Notifier | undefined;
  links: boolean;
  /** The first frame is on screen (first-frame.ts): Ink's first frame replaces it line by line. */
  overPreFrame: boolean;
  /** What the configured actions are sent with; without it, actions cannot run. */
  transport?: ActionTransport;
  /** Stuck jobs, flapping, the stats view's data (issue 32). */
  insight?: InsightWatch;
  /** How the screen's hand-back stops the app. */
  setUnmount: (unmount: () => void) => void;
  /** How the way out ends the actions under way. */
  setActions?: (a: ActionsOnExit) => void;
}

export async function mountApp(o: MountOptions): Promise<number> {
  const { config, monitor, screen, notifier } = o;
  const out = process.stdout;
  const write = (s: string) => out.write(s);
  const transport = o.transport;
  let sender: SendAction | undefined;
  const runner =
    transport && config.actions.length > 0
      ? createActionRunner({
          config,
          monitor,
          client: transport.client,
          send: () => {
            sender ??= createActionSender({
              baseUrl: config.baseUrl,
              token: transport.tokens,
              timeoutMs: config.timeoutMs,
              fetch: transport.fetch,
            });
            return sender;
          },
          token: () => transport.tokens.current(),
          runForeground: screen.runForeground,
        })
      : undefined;
  if (runner) o.setActions?.({ endNow: runner.endNow, finish: () => runner.finish(stderrLine) });
  const restoreWrite = o.overPreFrame ? eraseUnderFirstFrame(out) : undefined;
  let app: Instance;
  try {
    app = render(
      <App
        monitor={monitor}
        config={config}
        writeRaw={write}
        onSuspend={screen.suspend}
        onConnect={(target, jobId) => runSsh(screen.runForeground, target, jobId)}
        actions={runner}
        links={o.links}
        insight={o.insight}
      />,
      {
        // The focus reports come in among the keys, Ink must not read them as keys; and a paste
        // is text, never keys that confirm (terminal/paste.ts).
        stdin: withoutPasteMarks(
          notifier ? withoutFocusReports(process.stdin, (f) => notifier.setFocus(f)) : process.stdin,
        ),
        exitOnCtrlC: false,
        patchConsole: false,
        maxFps: 15,
        incrementalRendering: true,
      },
    );
  } finally {
    restoreWrite?.();
  }
  o.setUnmount(() => app.unmount());

  try {
    await app.waitUntilExit();
  } finally {
    screen.restore();
  }
  await runner?.finish(stderrLine);
  return 0;
}

/**
 * Ink writes its first frame from the cursor (home) without erasing: each line's cells are
 * overwritten, but what the first frame had beyond the end of a line Ink draws shorter (an age
 * that went from "59s" to "1m" meanwhile) would stay. So the rows of Ink's first frame each
 * start with an erase of the row (ESC [2K: no move, so nothing flickers). Ink renders the first
 * frame synchronously within render(); the wrapper is gone when it returns.
 */
function eraseUnderFirstFrame(out: NodeJS.WriteStream): () => void {
  const original = out.write;
  let done = false;
  out.write = function (this: NodeJS.WriteStream, chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (!done && typeof chunk === "string" && chunk.includes("\n")) {
      done = true;
      chunk = `\x1b[2K${chunk.replace(/\n(?=.)/gs, "\n\x1b[2K")}`;
    }
    return (original as (c: unknown, e?: unknown, cb?: unknown) => boolean).call(
      this,
      chunk,
      encoding,
      callback,
    );
  } as typeof out.write;
  return () => {
    out.write = original;
  };
}
