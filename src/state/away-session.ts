// The "while away" state of one run: read once after the first frame (so it never delays it),
// handed to the index as its first sweep's baseline, then written after each sweep that changed
// what it holds, and once more on the way out (q, SIGTERM, SIGHUP: screen.ts's save hook), all
// synchronous and small (ids, statuses, entry ids). A file that cannot be read or written costs
// one line in the status line, never the run.
import { awayBaseline, serializeAway } from "../model/while-away.js";
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
 * trust), and keeps the file. `say` puts one line in the status line.
 */
export function startAwaySession(
  o: { profile: string | undefined; baseUrl: string; env: Record<string, string | undefined> },
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
  /** The jobs part of the last text written (or read): the same jobs are not written again. */
  let written = read.state ? jobsText(serializeAway({ savedSec: 0, jobs: read.state.jobs })) : undefined;
  let warned: string | undefined;
  const save = (atQuit = false) => {
    const jobs = monitor.lastSeen();
    // Nothing before the first sweep has ended: the file keeps what the next start compares with.
    if (!jobs) return;
    const text = jobsText(serializeAway({ savedSec: 0, jobs }));
    if (text === written && !atQuit) return;
    const warning = writeAway(path, { savedSec: nowSec(), jobs });
    if (warning === undefined) {
      written = text;
      warned = undefined;
    } else if (warning !== warned) {
      warned = warning;
      say(warning);
    }
  };
  let seq = 0;
  monitor.subscribe(() => {
    const s = monitor.getSnapshot().index;
    if (!s || s.seq === seq) return;
    seq = s.seq;
    save();
  });
  return { save };
}

/** The file's text without its time: what decides whether it changed. */
function jobsText(text: string): string {
  return text.slice(text.indexOf('"jobs"'));
}
