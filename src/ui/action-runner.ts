// Runs a configured action (issue 25) from the monitor: an http one by jobtop's own sender (the
// monitor client's base URL, token keeper, timeout, proxy and CA), a command in the background
// (its last line the result) or in the terminal (jobtop steps aside, as for `x`). One action at a
// time: a key pressed while one runs starts nothing (actions.ts asks `running`). Each job's result
// goes to the events pane, a summary to the status line, then the page and the selected job are
// polled at once. Nothing is retried: an unknown outcome (a timeout) says so and the poll tells.
import { runBulk } from "../actions/bulk.js";
import { commandArgv, commandEnv, runBackground } from "../actions/command.js";
import type { CommandAction, JobAction } from "../actions/definitions.js";
import { requestFor } from "../actions/http-request.js";
import { rawOf } from "../api/raw.js";
import type { Job } from "../api/schema.js";
import type { SendAction } from "../api/send-action.js";
import type { Config } from "../config/types.js";
import { sanitize } from "../model/sanitize.js";
import type { Monitor } from "../poll/monitor.js";
import type { Screen } from "../terminal/screen.js";

export interface ActionRunner {
  /** The name of the action under way, if one is. */
  running: () => string | undefined;
  run: (a: JobAction, jobs: readonly Job[], say: (text: string, tone: "info" | "warn") => void) => void;
}

export interface RunnerOptions {
  config: Config;
  monitor: Pick<Monitor, "noteEvent" | "refresh" | "paused">;
  /** Sends an http action (created once, from the monitor client's options). */
  send: () => SendAction;
  /** The token now (the keeper's current one), for a command with pass_token. */
  token: () => string;
  runForeground?: Screen["runForeground"];
}

type Outcome = { ok: true; line?: string } | { ok: false; error: string; unknown?: boolean };

export function createActionRunner(o: RunnerOptions): ActionRunner {
  let running: string | undefined;

  const one = async (a: JobAction, job: Job, signal?: AbortSignal): Promise<Outcome> => {
    if (a.kind === "http") {
      const built = requestFor(a, job, {
        baseUrl: o.config.baseUrl,
        statusLabels: o.config.statusLabels,
        raw: rawOf(job),
      });
      if ("error" in built) return { ok: false, error: `not sent: ${built.error}` };
      const r = await o.send()(built.request, signal);
      if (!r.ok) return { ok: false, error: r.error, unknown: r.unknown };
      // A POST that made a job says which.
      const made =
        r.job && r.job.id !== job.id ? `new job ${sanitize(r.job.displayID) || r.job.id}` : undefined;
      return { ok: true, line: made };
    }
    const ctx = {
      baseUrl: o.config.baseUrl,
      profile: o.config.profile ?? "",
      token: o.token(),
      statusLabels: o.config.statusLabels,
    };
    if (a.mode === "background") {
      const r = await runBackground(a, job, ctx);
      return r.ok ? { ok: true, line: r.line || undefined } : r;
    }
    const built = commandArgv(a, job, o.config.statusLabels);
    if ("error" in built) return { ok: false, error: built.error };
    if (!o.runForeground) return { ok: false, error: "a terminal action needs jobtop's own terminal" };
    return foreground(o.runForeground, a, job, built.argv, commandEnv(a, job, ctx));
  };

  return {
    running: () => running,
    run: (a, jobs, say) => {
      if (running !== undefined || jobs.length === 0) return;
      running = a.name;
      const first = jobs[0] as Job;
      say(
        `${a.name}: ${jobs.length === 1 ? sanitize(first.displayID) || first.id : `${jobs.length} jobs`}…`,
        "info",
      );
      void (async () => {
        const byId = new Map(jobs.map((j) => [j.id, j]));
        const targets = jobs.map((j) => ({ id: j.id, label: sanitize(j.displayID) || j.id, job: j }));
        let out: Awaited<ReturnType<typeof runBulk>> | undefined;
        try {
          out = await runBulk(a.name, targets, (job, signal) => one(a, job, signal), {
            onResult: (r) => {
              const job = byId.get(r.id);
              if (job) o.monitor.noteEvent(job, r.line);
            },
          });
        } finally {
          running = undefined;
        }
        const failed = out.results.some((r) => !r.outcome.ok);
        // One job: its own line (a command's last line of output); several: how many did what.
        say(
          jobs.length === 1 && out.results[0] ? out.results[0].line : out.summary,
          failed ? "warn" : "info",
        );
        // Paused stays paused (p): the next poll, when resumed, shows what the action did.
        if (!o.monitor.paused()) o.monitor.refresh();
      })();
    },
  };
}

/** A terminal action: jobtop hands the terminal over and comes back redrawn (screen.ts). */
function foreground(
  run: Screen["runForeground"],
  a: CommandAction,
  job: Job,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): Outcome {
  const [file, ...args] = argv as [string, ...string[]];
  const banner = sanitize(
    `jobtop: ${a.name} ${job.displayID || job.id}: ${argv.join(" ")}\n  jobtop comes back when it ends.\n\n`,
    { multiline: true },
  );
  const r = run(file, args, { banner, env });
  if (!r.ok) return { ok: false, error: r.error };
  if (r.signal) return { ok: false, error: `ended by ${r.signal}` };
  return r.status === 0 ? { ok: true } : { ok: false, error: `exit status ${r.status}` };
}
