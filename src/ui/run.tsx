// Runs the full-screen monitor: alternate screen in, Ink render, and the terminal restored on
// every way out (q, Ctrl+C, SIGTERM, SIGHUP, a crash).
import { render } from "ink";
import type { JobClient } from "../api/client.js";
import type { Config } from "../config.js";
import { Monitor } from "../poll/monitor.js";
import { App } from "./App.js";

const ENTER_ALT = "\x1b[?1049h\x1b[H";
const LEAVE_ALT = "\x1b[?25h\x1b[?1049l";

export async function runMonitor(config: Config, client: JobClient): Promise<number> {
  const out = process.stdout;
  // -Infinity, not 0: performance.now() counts from process start, so 0 silenced every change
  // in the program's first second.
  let bellAt = Number.NEGATIVE_INFINITY;
  const monitor = new Monitor({
    client,
    perPage: config.perPage,
    order: config.order,
    intervalMs: config.intervalMs,
    listIntervalMs: config.listIntervalMs,
    onChange: () => {
      // One bell for a burst of changes, not one per job.
      if (!config.bell || performance.now() - bellAt < 1000) return;
      bellAt = performance.now();
      out.write("\x07");
    },
  });

  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    monitor.stop();
    try {
      if (process.stdin.isTTY) process.stdin.setRawMode(false);
    } catch {
      // stdin may already be closed; the screen still has to be restored
    }
    out.write(LEAVE_ALT);
  };

  // The first request goes out before Ink starts: its answer is the first frame worth seeing.
  monitor.start();
  out.write(ENTER_ALT);
  const app = render(<App monitor={monitor} config={config} writeRaw={(s) => out.write(s)} />, {
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 15,
    incrementalRendering: true,
  });

  const onSignal = (signal: NodeJS.Signals) => {
    app.unmount();
    restore();
    process.exit(signal === "SIGTERM" ? 143 : 129);
  };
  const onCrash = (e: unknown) => {
    try {
      app.unmount();
    } catch {
      // already broken; restoring the terminal matters more
    }
    restore();
    process.stderr.write(`jobtop crashed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGHUP", onSignal);
  process.on("uncaughtException", onCrash);
  process.on("unhandledRejection", onCrash);

  try {
    await app.waitUntilExit();
  } finally {
    restore();
  }
  return 0;
}
