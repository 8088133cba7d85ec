// Runs a configured action (issue 25) from the monitor: an http one by jobtop's own sender (the
// monitor client's base URL, token keeper, timeout, proxy and CA), a command in the background
// (its last line the result) or in the terminal (jobtop steps aside, as for `x`). One action at a
// time: a key pressed while one runs starts nothing (actions.ts asks `running`). Each job is
// fetched again right before its action (actions/fire-check.ts: gone, another status now, or no
// answer: skipped, and said). Each job's result goes to the events pane, a summary to the status
// line, then the page and the selected job are polled at once. Nothing is retried: an unknown
// outcome (a timeout) says so and the poll tells.
//
// Quitting while actions are under way (issue 29.5) asks first, on the status line: q again ends
// them (no further job starts; a request gets 5 s to answer; a command's process group SIGTERM,
// then SIGKILL 5 s later), l leaves them running, Esc stays. On the way out (q, a signal) what
// was ended, left running or whose outcome is unknown is said on stderr, after the screen is
// handed back (finish).

import { isatty } from "node:tty";
import { type BulkResult, type JobOutcome, runBulk } from "../actions/bulk.js";
import { commandArgv, commandEnv, runBackground } from "../actions/command.js";
import type { CommandAction, JobAction } from "../actions/definitions.js";
import { checkAtFire, type Fresh } from "../actions/fire-check.js";
import { requestFor } from "../actions/http-request.js";
import { KILL_AFTER_MS, processGroups } from "../actions/process-groups.js";
import type { JobClient } from "../api/client.js";
import { describeError } from "../api/errors.js";
import { rawOf } from "../api/raw.js";
import type { Job } from "../api/schema.js";
import type { SendAction } from "../api/send-action.js";
import type { Config } from "../config/types.js";
import { defaultKeyWords, type KeyWords } from "../keys/keymap.js";
import type { KeyCommand } from "../keys/rows.js";
import { sanitize } from "../model/sanitize.js";
import { maskSecrets } from "../model/secrets.js";
import { jobFetch } from "../poll/job-answer.js";
import type { Monitor } from "../poll/monitor.js";
import type { Screen } from "../terminal/screen.js";

type Say = (text: string, tone: "info" | "warn") => void;

export interface ActionRunner {
  /** The name of the action under way, if one is. */
  running: () => string | undefined;
  run: (a: JobAction, jobs: readonly Job[], say: Say) => void;
  /**
   * q / Ctrl+C: true to quit now; with actions under way, false, and the status line asks
   * (quitKey takes the answer).
   */
  mayQuit: (say: Say, keys?: KeyWords) => boolean;
  /**
   * The command of a key pressed while that question is open (the keymap's, in the "quitting"
   * context): quit ends them and quits, leave_running leaves them running and quits, stay stays.
   * True when the key was the answer; any other key drops the question.
   */
  quitKey: (command: KeyCommand | undefined, quit: () => void, say: Say) => boolean;
  /** A way out that cannot wait (a crash, an exit): SIGTERM to the process groups now, unless left. */
  endNow: () => void;
  /**
   * The way out, after the screen is handed back: ends what is under way (or leaves it, if the
   * user said so), within ~6 s, and writes on `write` (stderr) what was ended, left or unknown.
   */
  finish: (write: (line: string) => void) => Promise<void>;
}

export interface RunnerOptions {
  config: Config;
  monitor: Pick<Monitor, "noteEvent" | "refresh" | "paused">;
  /** Each job is fetched again with it right before its action (the monitor's client: its deadline). */
  client: JobClient;
  /** Sends an http action (created once, from the monitor client's options). */
  send: () => SendAction;
  /** The token now (the keeper's current one), for a command with pass_token. */
  token: () => string;
  runForeground?: Screen["runForeground"];
}

/** How long the quit question waits for its answer (as long as a status line message stays). */
const ASK_MS = 8000;
/** After the requests' grace, how long the way out waits for the run to settle at most. */
const SETTLE_MS = 2000;

/** The action under way. */
interface Active {
  action: string;
  /** No further job starts. */
  stop: AbortController;
  /** Ends the command under way (SIGTERM to its group): not when the user leaves it running. */
  end: AbortController;
  /** Aborts the request in flight (and the fetch before it). */
  abort: AbortController;
  /** The request in flight: "cancel jb25w8 (DELETE)". */
  request?: string;
  /** Results that came once the way out began: said on stderr. */
  late: BulkResult[];
  quitting: boolean;
  done: Promise<void>;
  total: number;
  finished: number;
}

export function createActionRunner(o: RunnerOptions): ActionRunner {
  let active: Active | undefined;
  let asking: number | undefined;
  let leave = false;

  const refetch = async (id: string, signal: AbortSignal): Promise<Fresh> => {
    try {
      const answer = await jobFetch(o.client, id)(signal);
      if (answer.job) return { job: answer.job };
      return answer.missing.notFound
        ? { missing: answer.missing.message }
        : { failed: answer.missing.message };
    } catch (e) {
      return { failed: describeError(e) };
    }
  };

  const one = async (a: JobAction, was: Job, run: Active): Promise<JobOutcome> => {
    const checked = checkAtFire(a, was.id, await refetch(was.id, run.abort.signal), o.config.statusLabels);
    if ("skip" in checked) return { ok: false, skipped: true, error: checked.skip };
    if (run.stop.signal.aborted)
      return { ok: false, skipped: true, error: "jobtop quit first; nothing sent" };
    const job = checked.job;
    const label = sanitize(job.displayID) || job.id;
    if (a.kind === "http") {
      const built = requestFor(a, job, {
        baseUrl: o.config.baseUrl,
        statusLabels: o.config.statusLabels,
        raw: rawOf(job),
      });
      if ("error" in built) return { ok: false, error: `not sent: ${built.error}` };
      run.request = `${a.name} ${label} (${a.method})`;
      const r = await o
        .send()(built.request, run.abort.signal)
        .finally(() => {
          run.request = undefined;
        });
      if (!r.ok)
        return run.abort.signal.aborted && r.unknown
          ? { ok: false, unknown: true, error: "no answer before jobtop quit; the job shows what it did" }
          : { ok: false, error: r.error, unknown: r.unknown };
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
      // The way out ends it (SIGTERM to its group), unless the user leaves it running.
      signal: run.end.signal,
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

  /** What is under way, one phrase each: the request in flight, the commands' process groups. */
  const underWay = (): string[] => {
    const out: string[] = [];
    if (active?.request) out.push(active.request);
    for (const g of processGroups.list()) out.push(g.label);
    if (out.length === 0 && active) out.push(active.action);
    return out;
  };

  return {
    running: () => active?.action,
    run: (a, jobs, say) => {
      if (active !== undefined || jobs.length === 0) return;
      const first = jobs[0] as Job;
      say(
        `${a.name}: ${jobs.length === 1 ? sanitize(first.displayID) || first.id : `${jobs.length} jobs`}…`,
        "info",
      );
      const run: Active = {
        action: a.name,
        stop: new AbortController(),
        end: new AbortController(),
        abort: new AbortController(),
        late: [],
        quitting: false,
        done: Promise.resolve(),
        total: new Set(jobs.map((j) => j.id)).size,
        finished: 0,
      };
      active = run;
      run.done = (async () => {
        const byId = new Map(jobs.map((j) => [j.id, j]));
        const targets = jobs.map((j) => ({ id: j.id, label: sanitize(j.displayID) || j.id, job: j }));
        let out: Awaited<ReturnType<typeof runBulk>> | undefined;
        try {
          out = await runBulk(a.name, targets, (job) => one(a, job, run), {
            signal: run.stop.signal,
            onResult: (r) => {
              run.finished++;
              if (run.quitting) run.late.push(r);
              const job = byId.get(r.id);
              if (job) o.monitor.noteEvent(job, r.line);
            },
          });
        } finally {
          if (!run.quitting) active = undefined;
        }
        if (run.quitting) return;
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
    mayQuit: (say, keys = defaultKeyWords()) => {
      const now = underWay();
      if (now.length === 0 || (asking !== undefined && Date.now() < asking)) return true;
      asking = Date.now() + ASK_MS;
      const n = now.length;
      const them = n === 1 ? "it" : "them";
      say(
        `${n} action${n === 1 ? "" : "s"} running (${now.slice(0, 2).join(", ")}${n > 2 ? ", …" : ""}): ` +
          `${keys.quit} again to end ${them} and quit, ${keys.leave_running} to leave ${them} running, ${keys.stay} to stay`,
        "warn",
      );
      return false;
    },
    quitKey: (command, quit, say) => {
      if (asking === undefined) return false;
      const open = Date.now() < asking;
      asking = undefined;
      if (!open) return false;
      if (command === "quit") quit();
      else if (command === "leave_running") {
        leave = true;
        quit();
      } else if (command === "stay") say(`still running: ${underWay().join(", ") || "nothing now"}`, "info");
      else return false;
      return true;
    },
    endNow: () => {
      active?.stop.abort();
      if (leave) return;
      active?.end.abort();
      processGroups.endNow();
    },
    finish: async (write) => {
      const run = active;
      if (run) {
        run.quitting = true;
        run.stop.abort();
      }
      const groups = processGroups.list();
      if (leave) {
        // (Its output goes to jobtop, which is gone: a command that writes more may end of SIGPIPE.)
        for (const g of groups)
          write(`left running: ${g.label} (process group ${g.pgid}; kill -- -${g.pgid} ends it)`);
        if (run?.request) write(`outcome unknown: ${run.request}: jobtop quit before its answer`);
        return;
      }
      run?.end.abort();
      if (!run && groups.length === 0) return;
      const n = groups.length + (run?.request ? 1 : 0);
      if (n > 0) write(`ending ${n} action${n === 1 ? "" : "s"} (up to ${KILL_AFTER_MS / 1000} s)…`);
      // A request gets the same grace to answer as a command gets to end on SIGTERM.
      const grace = setTimeout(() => run?.abort.abort(), KILL_AFTER_MS);
      const ends = await processGroups.endAll();
      if (run) await Promise.race([run.done, new Promise((r) => setTimeout(r, KILL_AFTER_MS + SETTLE_MS))]);
      clearTimeout(grace);
      run?.abort.abort();
      // A command under way says so in its result (below); what one left running, here.
      for (const e of ends)
        if (e.leaderExited)
          write(
            `what ${e.label} left running (process group ${e.pgid}): ${e.how === "killed" ? `killed, still there ${KILL_AFTER_MS / 1000} s after SIGTERM` : "ended by SIGTERM"}`,
          );
      for (const r of run?.late ?? []) write(r.line);
      const notStarted = run ? run.total - run.finished : 0;
      if (run && notStarted > 0)
        write(`${run.action}: ${notStarted} job${notStarted === 1 ? "" : "s"} not started (jobtop quit)`);
    },
  };
}

/**
 * "jobtop: LINE" on stderr, where it is still there: not on a terminal that has hung up (writing
 * there fails, and ends jobtop before the actions are ended).
 */
export function stderrLine(line: string): void {
  const err = process.stderr;
  if (err.isTTY && !isatty(2)) return;
  try {
    err.write(`jobtop: ${sanitize(line)}\n`);
  } catch {
    // nowhere left to say it
  }
}

/** A terminal action: jobtop hands the terminal over and comes back redrawn (screen.ts). */
function foreground(
  run: Screen["runForeground"],
  a: CommandAction,
  job: Job,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): JobOutcome {
  const [file, ...args] = argv as [string, ...string[]];
  // The command line as run holds the job's text: its secrets masked, as the detail pane shows them.
  const banner = sanitize(
    `jobtop: ${a.name} ${job.displayID || job.id}: ${maskSecrets(argv.join(" "))}\n  jobtop comes back when it ends.\n\n`,
    { multiline: true },
  );
  const r = run(file, args, { banner, env });
  if (!r.ok) return { ok: false, error: r.error };
  if (r.signal) return { ok: false, error: `ended by ${r.signal}` };
  return r.status === 0 ? { ok: true } : { ok: false, error: `exit status ${r.status}` };
}
