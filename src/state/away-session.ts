// The state of one run kept for the next: read once after the first frame (so it never delays
// it), its jobs handed to the index as its first sweep's baseline ("while away") and its pins
// (made with `w`) pinned again, then written after each sweep that changed what it holds, each
// time a pin is made or undone, and once more on the way out (q, SIGTERM, SIGHUP: screen.ts's save
// hook), all synchronous and small (ids, statuses, entry ids). A file that cannot be read or
// written costs one line in the status line, never the run.
import { type AwayState, awayBaseline, SAVED_PINS_MAX, serializeAway } from "../model/while-away.js";
import type { Monitor } from "../poll/monitor.js";
import { awayPath, readAway, writeAway } from "./away-file.js";

export interface AwaySession {
  /** Writes the state now: on the way out always (its time is "since"), else only if it changed. */
  save(atQuit?: boolean): void;
}

/**
 * The state file's name: the profile's and the service's host ("prod@jobs.example"; a profile
 * run with --base-url elsewhere, or whose base_url changed, must not compare another service's
 * jobs, with the same ids, with its saved state); without a profile, "host@" and the host. No
 * profile name holds an "@", so a host never takes a profile's file.
 */
export function stateName(profile: string | undefined, baseUrl: string): string {
  let host: string;
  try {
    host = new URL(baseUrl).host;
  } catch {
    host = "unknown";
  }
  return `${profile ?? "host"}@${host}`;
}

/**
 * Starts the monitor's index with the saved state (or without, on a first run or a file not to
 * trust), pins the saved pins besides the config's (monitor.configuredPins: `pins`, --pin, never
 * written to the file, the config keeps them), and keeps the file. `say` puts one line in the status line.
 */
export function startAwaySession(
  o: {
    profile: string | undefined;
    baseUrl: string;
    env: Record<string, string | undefined>;
  },
  monitor: Monitor,
  say: (line: string) => void,
  nowSec: () => number = () => Math.floor(Date.now() / 1000),
): AwaySession {
  const path = awayPath(stateName(o.profile, o.baseUrl), o.env);
  const read = readAway(path);
  if (read.warning) say(read.warning);
  monitor.startIndex(
    read.state ? { baseline: awayBaseline(read.state), sinceSec: read.state.savedSec } : undefined,
  );
  monitor.addPins(read.state?.pins ?? []);
  // The config's (monitor.configuredPins: a pin given by displayID joins it once found).
  const configured = monitor.configuredPins;
  const pinsNow = () => {
    const ids: string[] = [];
    for (const p of monitor.getSnapshot().pins) if (!configured.has(p.id)) ids.push(p.id);
    return ids.slice(0, SAVED_PINS_MAX);
  };
  /** The jobs the file holds: a run whose index has not swept (or is off) keeps them, and their time. */
  let kept: AwayState = read.state ?? { savedSec: nowSec(), jobs: new Map() };
  /** The last text written (or read), without its time: the same state is not written again. */
  let written = read.state ? serializeAway({ ...read.state, savedSec: 0 }) : undefined;
  let warned: string | undefined;
  const save = (atQuit = false) => {
    const swept = monitor.lastSeen();
    const pins = pinsNow();
    // Before the first sweep has ended (or with the index off) the jobs are the file's, as its time.
    const state = swept ? { savedSec: nowSec(), jobs: swept, pins } : { ...kept, pins };
    // Nothing to keep yet: no sweep, no pin, no file.
    if (!swept && written === undefined && pins.length === 0) return;
    const text = serializeAway({ ...state, savedSec: 0 });
    if (text === written && !(atQuit && swept)) return;
    const warning = writeAway(path, state);
    if (warning === undefined) {
      written = text;
      kept = state;
      warned = undefined;
    } else if (warning !== warned) {
      warned = warning;
      say(warning);
    }
  };
  let seq = 0;
  let pinned = monitor.getSnapshot().pins;
  let pinSave: ReturnType<typeof setImmediate> | undefined;
  monitor.subscribe(() => {
    const snap = monitor.getSnapshot();
    const s = snap.index;
    if (s && s.seq !== seq) {
      seq = s.seq;
      save();
    }
    // A pin made or undone is written at once (a crash or a closed terminal does not lose it),
    // but after the key's frame: the write and its fsync take 14 ms at 2 000 jobs, 60 at 20 000.
    const changed = snap.pins.length !== pinned.length || snap.pins.some((p, i) => p.id !== pinned[i]?.id);
    pinned = snap.pins;
    if (changed && pinSave === undefined)
      pinSave = setImmediate(() => {
        pinSave = undefined;
        save();
      });
  });
  return { save };
}
