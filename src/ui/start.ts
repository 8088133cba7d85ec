// Starts the full-screen monitor: the terminal taken (src/terminal/screen.ts, which also hands it
// back on every way out and on a suspend), the first page awaited briefly, the first frame drawn
// from it without Ink (first-frame.ts), and then Ink loaded and mounted (run.tsx). Nothing here
// loads Ink, React or Yoga: they are most of the time to a first frame on a cached start.
import { binHooks } from "../boot/hooks.js";
import type { Config } from "../config/types.js";
import { monotonicMs } from "../model/monotonic.js";
import type { InsightWatch } from "../poll/insight.js";
import type { Monitor } from "../poll/monitor.js";
import { firstFrameBytes, firstFrameLines } from "../render/first-frame.js";
import type { AwaySession } from "../state/away-session.js";
import { beforeDeath } from "../terminal/exit.js";
import { FOCUS_OFF, FOCUS_ON } from "../terminal/focus.js";
import { hyperlinksOn } from "../terminal/hyperlinks.js";
import { createBell, Notifier } from "../terminal/notifier.js";
import { pickNotify } from "../terminal/notify.js";
import { refreshTerminalSize } from "../terminal/refresh-size.js";
import { takeScreen } from "../terminal/screen.js";
import { TitleWriter } from "../terminal/title.js";
import { notifyOnChange, ringOnChange, titleOnChange } from "./announce.js";
// A type only: run.tsx (Ink, React, Yoga) is imported after the first frame.
import type { ActionsOnExit, ActionTransport } from "./run.js";

/** How long the first frame waits for the first page before it shows "loading…" instead. */
const FIRST_PAGE_WAIT_MS = 300;

/** Runs the monitor on a Monitor already started, so its first request is under way. */
export async function startMonitor(
  config: Config,
  monitor: Monitor,
  transport?: ActionTransport,
): Promise<number> {
  const out = process.stdout;
  const write = (s: string) => out.write(s);
  const ring = createBell(write);
  if (config.bell) ringOnChange(monitor, ring, config.notifyScope);
  const kind = pickNotify(config.notify);
  const notifier =
    kind === "off"
      ? undefined
      : new Notifier({ kind, write, labels: config.statusLabels, ring, say: (t) => monitor.noticeOf(t) });
  let insight: InsightWatch | undefined;
  if (notifier)
    notifyOnChange(monitor, notifier, config.notifyScope, (id) => insight?.isFlapping(id) ?? false);
  const title = config.title ? new TitleWriter(write) : undefined;
  if (title) titleOnChange(monitor, title, config);
  const links = hyperlinksOn(config.hyperlinks);

  let unmount: (() => void) | undefined;
  let actions: ActionsOnExit | undefined;
  beforeDeath(() => actions?.endNow());
  let away: AwaySession | undefined;
  const screen = takeScreen({
    save: () => {
      away?.save(true);
      insight?.save();
    },
    ending: () => actions?.finish(),
    stop: () => {
      insight?.stop();
      actions?.endNow();
      monitor.stop();
      notifier?.stop();
      unmount?.();
    },
    // Ink draws only the lines that changed, except after a resize: scripts/patches/ink-clear-on-resize.js
    // makes it clear the screen and draw the whole frame then. A resume takes the same path
    // (before Ink is up, to the first frame's listener below).
    redraw: () => out.emit("resize"),
    mouse: config.mouse,
    // Focus reports only for the notifications, which go out only while the terminal is not focused.
    modes: {
      enter: () => (title?.enter() ?? "") + (notifier ? FOCUS_ON : ""),
      leave: () => (notifier ? FOCUS_OFF : "") + (title?.leave() ?? ""),
    },
  });
  screen.enter();
  // Ink draws at most maxFps frames a second: a "loading…" frame drawn now would hold the frame
  // with the data back by up to 1/maxFps. On a fast service the page is here in a few ms.
  await firstPage(monitor, FIRST_PAGE_WAIT_MS);
  // Drawn again on a resize (or a resume) until Ink takes over, as Ink would.
  // Only a head start: should it ever throw, Ink draws the frame as it would have without it
  // (an error thrown here would end jobtop with its message on the alternate screen, unseen).
  const draw = (): boolean => {
    let bytes: string | undefined;
    try {
      const lines = firstFrameLines({
        snap: monitor.getSnapshot(),
        config,
        monitor,
        columns: out.columns || 80,
        rows: out.rows || 24,
        now: Date.now(),
        monoMs: monotonicMs(),
        links,
      });
      bytes = lines && firstFrameBytes(lines);
    } catch {
      bytes = undefined;
    }
    if (bytes !== undefined) write(bytes);
    return bytes !== undefined;
  };
  // A resize to a size this frame is not drawn at (too small): the old frame goes, Ink draws.
  const redraw = () => {
    if (!draw()) write("\x1b[H\x1b[2J");
  };
  const drawn = draw();
  // The start is over (the frame with data is out, or Ink is about to draw the loading one): from
  // now on V8's young generation keeps its size and V8 favours memory over speed
  // (src/boot/v8-flags.ts says why, and why not earlier).
  binHooks()?.memoryFlags();
  if (drawn) out.on("resize", redraw);
  // The index waits for the state file's baseline (and the pins saved, with the index off too), read now that the first frame is out.
  if (config.state && !config.demo) {
    const { startAwaySession } = await import("../state/away-session.js");
    away = startAwaySession({ ...config, env: process.env }, monitor, (line) => monitor.noticeOf(line));
  }
  insight = (await import("./insight-start.js")).startInsight(config, monitor, notifier);
  const { mountApp } = await import("./run.js");
  // In the bundle that import is synchronous (src/boot.ts compiles and runs Ink's chunks at once:
  // 50 ms, up to a second under load), so a resize meanwhile is still a pending SIGWINCH, and Ink
  // would draw its first frame at the old size, then clear it and draw again. Node's own re-read
  // (as screen.ts's resume does): a new size redraws the first frame now, and Ink starts at it.
  refreshTerminalSize(out);
  if (drawn) out.off("resize", redraw);
  return mountApp({
    config,
    monitor,
    screen,
    notifier,
    links,
    overPreFrame: drawn,
    transport,
    insight,
    setUnmount: (u) => (unmount = u),
    setActions: (a) => (actions = a),
  });
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
