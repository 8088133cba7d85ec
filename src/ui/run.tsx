// Runs the full-screen monitor: the terminal taken (src/terminal/screen.ts, which also hands it
// back on every way out and on a suspend), the first page awaited briefly, then Ink.
import { type Instance, render } from "ink";
import type { Config } from "../config.js";
import type { Monitor } from "../poll/monitor.js";
import { takeScreen } from "../terminal/screen.js";
import { runSsh } from "../terminal/ssh.js";
import { App } from "./App.js";

/** How long the first frame waits for the first page before it shows "loading…" instead. */
const FIRST_PAGE_WAIT_MS = 300;

/** Runs the monitor on a Monitor already started, so its first request is under way. */
export async function runMonitor(config: Config, monitor: Monitor): Promise<number> {
  const out = process.stdout;
  if (config.bell) ringOnChange(monitor, out);

  let app: Instance | undefined;
  const screen = takeScreen({
    stop: () => {
      monitor.stop();
      app?.unmount();
    },
    // Ink draws only the lines that changed, except after a resize: scripts/bundle-options.js
    // makes it clear the screen and draw the whole frame then. A resume takes the same path.
    redraw: () => out.emit("resize"),
    mouse: config.mouse,
  });
  screen.enter();
  // Ink draws at most maxFps frames a second: a "loading…" frame drawn now would hold the frame
  // with the data back by up to 1/maxFps. On a fast service the page is here in a few ms.
  await firstPage(monitor, FIRST_PAGE_WAIT_MS);
  app = render(
    <App
      monitor={monitor}
      config={config}
      writeRaw={(s) => out.write(s)}
      onSuspend={screen.suspend}
      onConnect={(target, jobId) => runSsh(screen.runForeground, target, jobId)}
    />,
    {
      exitOnCtrlC: false,
      patchConsole: false,
      maxFps: 15,
      incrementalRendering: true,
    },
  );

  try {
    await app.waitUntilExit();
  } finally {
    screen.restore();
  }
  return 0;
}

/** Resolves once the page has answered (data or error), or after `ms`. */
function firstPage(monitor: Monitor, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const answered = () => {
      const { list } = monitor.getSnapshot();
      return list.data !== undefined || list.error !== undefined;
    };
    if (answered()) return resolve();
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = monitor.subscribe(() => {
      if (answered()) done();
    });
  });
}

/** --bell: one bell for a burst of status changes, not one per job. */
function ringOnChange(monitor: Monitor, out: NodeJS.WriteStream): void {
  let seen = monitor.getSnapshot().changeCount;
  // -Infinity, not 0: performance.now() counts from process start, so 0 silenced every change
  // in the program's first second.
  let bellAt = Number.NEGATIVE_INFINITY;
  monitor.subscribe(() => {
    const n = monitor.getSnapshot().changeCount;
    if (n <= seen) return;
    seen = n;
    if (performance.now() - bellAt < 1000) return;
    bellAt = performance.now();
    out.write("\x07");
  });
}
