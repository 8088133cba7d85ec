// How often jobtop asks: r (now), p (pause / resume), + and - (the selected job's poll a step faster
// or slower), = (back to the configured interval).
import type { KeyCommand } from "../../../keys/rows.js";
import { firstKey, type Handler, type KeyContext, say } from "../context.js";

/**
 * The steps + and - move the selected job's interval along. Halving and doubling never came back
 * to round values (2 s → 1 s → 0.5 s → 1 s → 2 s, but 32 s → 60 s → 30 s → 15 s → 7.5 s → 3.75 s);
 * steps do, and the configured interval (--interval) is one of them wherever it falls.
 */
export const INTERVAL_STEPS: readonly number[] = [500, 1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

/** The next step faster (`faster`) or slower than `nowMs`, or undefined at the end of the steps. */
export function nextInterval(nowMs: number, configuredMs: number, faster: boolean): number | undefined {
  let next: number | undefined;
  for (const ms of INTERVAL_STEPS.concat(configuredMs)) {
    const past = faster ? ms < nowMs : ms > nowMs;
    const nearer = next === undefined || (faster ? ms > next : ms < next);
    if (past && nearer) next = ms;
  }
  return next;
}

const seconds = (ms: number) => (ms < 1000 ? `${ms}ms` : `${ms / 1000}s`);

/** + and -: the selected job's poll a step faster or slower (INTERVAL_STEPS). */
const retime = (faster: boolean): Handler => ({
  run: (c) => {
    const ms = nextInterval(c.snap.intervalMs, c.config.intervalMs, faster);
    if (ms === undefined) return;
    c.monitor.setJobInterval(ms);
    const configured = ms === c.config.intervalMs ? " (the configured interval)" : "";
    say(c, `the selected job is polled every ${seconds(ms)}${configured}`);
  },
  disabled: (c) =>
    nextInterval(c.snap.intervalMs, c.config.intervalMs, faster) === undefined
      ? `polled every ${seconds(c.snap.intervalMs)}: the ${faster ? "fastest" : "slowest"}`
      : undefined,
});

const pause = (c: KeyContext) => {
  if (c.monitor.paused()) {
    c.monitor.resume();
    say(c, "polling again");
  } else {
    c.monitor.pause();
    say(c, `paused: no requests until ${firstKey(c.keymap, "pause")} or ${firstKey(c.keymap, "refresh")}`);
  }
};

export const INTERVALS = {
  refresh: {
    run: (c) => {
      if (c.monitor.paused()) {
        pause(c);
        return;
      }
      say(c, "refreshing…");
      // Said until the requests have ended: then the data (or what failed) shows for itself.
      c.monitor.refresh(() => c.dispatch({ type: "clearMessageText", text: "refreshing…" }));
    },
  },
  pause: { run: pause },
  faster: retime(true),
  slower: retime(false),
  configured_interval: {
    run: (c) => {
      c.monitor.setJobInterval(c.config.intervalMs);
      say(c, `the selected job is polled every ${seconds(c.config.intervalMs)} (the configured interval)`);
    },
  },
} satisfies Partial<Record<KeyCommand, Handler>>;
