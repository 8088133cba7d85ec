// What `jobtop act` says at its end (modes/act.ts): the summary on stdout (or the --json document),
// and its exit status. Stopped part-way (act-stop.ts: Ctrl+C, SIGTERM, stdout closed), stderr
// gets what stdout could no longer take and a summary of what was sent, skipped, unknown and not
// sent, and the exit status says it was stopped (130, 143, or 1 for a closed stdout).

import type { JobOutcome } from "../actions/bulk.js";
import { summary, tally } from "../actions/bulk.js";
import type { JobAction } from "../actions/definitions.js";
import type { Job } from "../api/schema.js";
import { type ActStop, describeStop, stopExit } from "./act-stop.js";
import type { CommandContext } from "./context.js";
import { EXIT } from "./exit.js";
import { toJson } from "./output.js";

/** A job given, and what became of it. */
export interface Entry {
  /** The id given. */
  id: string;
  /** What its lines call it: its displayID once fetched, else the id. */
  label: string;
  job?: Job;
  /** Fetched for the confirmation's question. */
  fetched?: boolean;
  /** The service answered an earlier id with the same job: run once, not counted again. */
  duplicate?: boolean;
  /** Its action was started (a request sent, a command run). */
  started?: boolean;
  /** Reached, but act was stopped while its job was fetched: not started. */
  stopped?: boolean;
  outcome?: JobOutcome;
}

export interface ReportContext {
  stops: ActStop;
  /** Lines stdout could no longer take. */
  unseen: readonly string[];
  clean: (s: string) => string;
  /** An id the service does not know (exit 4). */
  notFound: boolean;
}

/** Writes the summary (and --json's document) and gives act's exit status. */
export function report(
  ctx: CommandContext,
  action: JobAction,
  entries: readonly Entry[],
  r: ReportContext,
): number {
  const counted = entries.filter((e) => !e.duplicate);
  const reached = counted.filter((e) => e.outcome && !e.stopped);
  const results = reached.map((e) => ({ id: e.id, outcome: e.outcome as JobOutcome, line: "" }));
  const total = counted.length;
  const why = r.stops.reason();
  const allDone = reached.length === total && results.every((x) => x.outcome.ok);
  const text = r.clean(summary(action.name, total, results));
  if (ctx.json) {
    const doc = counted.map((e) => {
      const out = e.stopped ? undefined : e.outcome;
      return {
        id: e.id,
        displayID: e.job ? r.clean(e.job.displayID) : undefined,
        ok: out?.ok === true,
        ...(out?.ok && out.line ? { output: r.clean(out.line) } : {}),
        ...(out && !out.ok ? { error: r.clean(out.error), unknown: out.unknown === true } : {}),
        ...(out && !out.ok && out.skipped ? { skipped: true } : {}),
        ...(out ? {} : { error: "not started: act was stopped", notStarted: true }),
      };
    });
    ctx.out.write(
      `${toJson({ action: action.name, ok: allDone, summary: text, ...(why ? { stopped: why } : {}), results: doc }, 2)}\n`,
    );
  } else if (!why) ctx.out.write(`${text}\n`);
  if (!why) return r.notFound ? EXIT.notFound : allDone ? EXIT.ok : EXIT.failed;

  for (const line of r.unseen) ctx.err(line);
  const n = tally(results);
  const verb = action.kind === "http" ? "sent" : "run";
  const sent = counted.filter((e) => e.started).length;
  const how = [`${n.ok} done`];
  if (n.failed) how.push(`${n.failed} failed`);
  if (n.unknown) how.push(`${n.unknown} outcome unknown`);
  const parts = [`${sent} ${verb}${sent > 0 ? ` (${how.join(", ")})` : ""}`];
  if (n.skipped) parts.push(`${n.skipped} skipped`);
  const notStarted = total - reached.length;
  if (notStarted) parts.push(`${notStarted} not ${verb}`);
  ctx.err(
    r.clean(
      `act: ${describeStop(why)}: ${action.name}: ${parts.join(", ")}, of ${total} job${total === 1 ? "" : "s"}`,
    ),
  );
  return stopExit(why);
}
