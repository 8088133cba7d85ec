// What stops `jobtop act` part-way (issue 29.7): Ctrl+C (SIGINT), SIGTERM, or its stdout closed
// (and SIGHUP: its terminal gone, it ends at once with what it started)
// (`jobtop act … | head -1`). It used to end at once: with exit 0 after a closed pipe, or by the
// signal, with no summary, no --json, and a request already sent never mentioned. Now the first
// of them stops further requests (`stop`) and lets the ones in flight finish (bounded by their
// timeout); a second Ctrl+C or SIGTERM ends those too (`end`: a request aborted, its outcome
// unknown; a command's group SIGTERM). act then says what was sent, skipped and unknown.
import { processGroups } from "../actions/process-groups.js";
import { beforeDeath, dieOf } from "../terminal/exit.js";
import { handleClosedStdout } from "../terminal/stdout-guard.js";
import { EXIT } from "./exit.js";
import type { Output } from "./output.js";

export type StopReason = "SIGINT" | "SIGTERM" | "closed";

export interface ActStop {
  /** No new request starts. */
  stop: AbortSignal;
  /** The ones in flight are ended too. */
  end: AbortSignal;
  /** What stopped it, if anything did (the first). */
  reason(): StopReason | undefined;
  /** Takes the handlers off (act is over). */
  dispose(): void;
}

/** Listens for what stops act; `say` tells the user (stderr) what happens next. */
export function watchStops(out: Output, say: (line: string) => void): ActStop {
  const stop = new AbortController();
  const end = new AbortController();
  let reason: StopReason | undefined;
  let disposed = false;
  const stopped = (why: StopReason) => {
    if (disposed) return;
    if (stop.signal.aborted) {
      if (why === "closed" || end.signal.aborted) return;
      end.abort();
      say("act: stopping what is in flight now (its outcome is unknown)");
      return;
    }
    reason = why;
    stop.abort();
    const again = why === "closed" ? "Ctrl+C" : "again";
    say(`act: ${describeStop(why)}: no new request; waiting for the ones in flight (${again} ends them)`);
  };
  const onInt = () => stopped("SIGINT");
  const onTerm = () => stopped("SIGTERM");
  // The terminal hung up (its window or tmux pane closed, SSH dropped): no one is left to tell,
  // and act's death by the signal left its commands' process groups running with no deadline.
  // They end with it, as the monitor's do: SIGTERM to each group, then death by SIGHUP (also when
  // a write to the terminal that has gone finds it first: stdout-guard.ts dies the same way).
  const onHup = () => dieOf("SIGHUP");
  beforeDeath(() => {
    if (!disposed) processGroups.endNow();
  });
  process.on("SIGINT", onInt);
  process.on("SIGTERM", onTerm);
  process.on("SIGHUP", onHup);
  // The reader has gone: act finishes what it sent and says so on stderr (stdout-guard.ts would exit 0).
  handleClosedStdout(true);
  out.whenClosed(() => stopped("closed"));
  return {
    stop: stop.signal,
    end: end.signal,
    reason: () => reason,
    dispose: () => {
      disposed = true;
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      process.off("SIGHUP", onHup);
    },
  };
}

/** "interrupted (Ctrl+C)" */
export function describeStop(why: StopReason): string {
  return why === "SIGINT"
    ? "interrupted (Ctrl+C)"
    : why === "SIGTERM"
      ? "terminated (SIGTERM)"
      : "stdout closed";
}

/** The exit status of act stopped so: the shell's 128 + signal, or 1 for a closed stdout. */
export function stopExit(why: StopReason): number {
  return why === "SIGINT" ? EXIT.sigint : why === "SIGTERM" ? EXIT.sigterm : EXIT.failed;
}
