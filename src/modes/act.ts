// `jobtop act NAME ID… [--yes] [--json]` (issue 25): one of the user's [[actions]] from the shell.
// Each job is fetched right before its action runs (its values fill the placeholders; its status
// must be one the action applies to: actions/fire-check.ts), one job at a time (actions/bulk.ts):
// an http action through the profile's client (api/send-action.ts), a command without a shell
// (actions/command.ts). When the action asks for confirmation, every job is fetched first for the
// question, and again right before its own action: what the user confirmed may have changed
// meanwhile. One line per job, then a summary; --json: one document.
// Confirmation: an action that asks for it needs --yes when stdin is not a terminal, and then
// nothing at all is sent, not even the GETs.
// Stopped part-way (Ctrl+C, SIGTERM, stdout closed: act-stop.ts), no new request starts, the
// ones in flight finish, and stderr says what was sent, skipped and unknown (act-report.ts).

import { type BulkResult, type JobOutcome, resultLine, runBulk } from "../actions/bulk.js";
import {
  commandArgv,
  commandEnv,
  type CommandContext as RunContext,
  runBackground,
} from "../actions/command.js";
import type { JobAction } from "../actions/definitions.js";
import { checkAtFire, type Fresh, namedId, statusName } from "../actions/fire-check.js";
import { requestFor } from "../actions/http-request.js";
import { processGroups } from "../actions/process-groups.js";
import { rawOf } from "../api/raw.js";
import type { Job } from "../api/schema.js";
import type { SendAction } from "../api/send-action.js";
import { loadBuiltin } from "../load-builtin.js";
import { sanitize } from "../model/sanitize.js";
import { maskText } from "../model/secrets.js";
import { type Entry, report } from "./act-report.js";
import { type ActStop, watchStops } from "./act-stop.js";
import { askOnTerminal } from "./ask.js";
import type { CommandContext } from "./context.js";
import { EXIT } from "./exit.js";
import { fetchOnce } from "./follow.js";
import { jobGetter } from "./job-lookup.js";

export interface ActOptions {
  name: string;
  ids: string[];
  yes: boolean;
  /** Sends an http action's request (cli.tsx makes it from the client's options). */
  send?: SendAction;
  /** Is stdin a terminal (a person to ask)? */
  stdinIsTTY: boolean;
  /** Asks a question on the terminal and gives the answer typed (tests give their own). */
  ask?: (question: string) => Promise<string>;
}

export async function runAct(ctx: CommandContext, o: ActOptions): Promise<number> {
  const action = ctx.config.actions.find((a) => a.name === o.name);
  if (!action) {
    const names = ctx.config.actions.map((a) => a.name);
    ctx.err(
      `act: no action "${o.name}"${names.length ? ` (actions: ${names.join(", ")})` : " (none defined: see [[actions]] in docs/CONFIG.md)"}`,
    );
    return EXIT.usage;
  }
  const asks = action.confirm !== "no" && !o.yes;
  if (asks && !o.stdinIsTTY) {
    ctx.err(
      `act: ${action.name} asks for confirmation and stdin is not a terminal: pass --yes (nothing was sent)`,
    );
    return EXIT.usage;
  }
  if (action.kind === "http" && !o.send) {
    ctx.err("act: no client to send the action with");
    return EXIT.failed;
  }
  const stops = watchStops(ctx.out, ctx.err);
  try {
    return await act(ctx, o, action, asks, stops);
  } finally {
    stops.dispose();
  }
}

async function act(
  ctx: CommandContext,
  o: ActOptions,
  action: JobAction,
  asks: boolean,
  stops: ActStop,
): Promise<number> {
  const secrets = ctx.config.token.length >= 4 ? [ctx.config.token] : [];
  const clean = (s: string) => sanitize(maskText(s, secrets));
  const labels = ctx.config.statusLabels;
  /** Lines that could not go to stdout (it was closed by then): said on stderr at the end. */
  const unseen: string[] = [];
  const line = (text: string) => {
    if (ctx.json) return;
    if (ctx.out.closed) unseen.push(clean(text));
    else ctx.out.write(`${clean(text)}\n`);
  };
  let notFound = false;
  let rejected: string | undefined;
  /** Each job's id, and the id given that fetched it. */
  const byJob = new Map<string, string>();

  const getJob = jobGetter(ctx);
  /** The job of `id` now: fetched, retried within the timeout. */
  const fetch = async (e: Entry): Promise<Fresh | "rejected"> => {
    const r = await fetchOnce((signal) => getJob(e.id, signal), {
      intervalMs: ctx.config.intervalMs,
      deadlineMs: ctx.config.timeoutMs,
      singleJob: true,
      label: `job ${e.id}`,
      report: ctx.err,
    });
    if (r.ok) return { job: r.data };
    // A rejected token ends it all: nothing else could be fetched or sent either.
    if (r.code === EXIT.auth) {
      rejected = r.message;
      return "rejected";
    }
    if (r.code === EXIT.notFound) {
      notFound = true;
      return { missing: r.message };
    }
    return { failed: r.message };
  };
  /** A job the service answered for two ids given (an alias, a cache) runs once. */
  const again = (e: Entry, job: Job): boolean => {
    const first = byJob.get(job.id);
    if (first !== undefined && first !== e.id) {
      ctx.err(clean(`act: ${e.id} is job ${first} again: run once`));
      e.duplicate = true;
      return true;
    }
    byJob.set(job.id, e.id);
    e.job = job;
    e.label = job.displayID || e.id;
    return false;
  };

  /** The answer is the job named, or one answered before (run once); else checkAtFire skips it. */
  const knownOrNamed = (job: Job, named: string) => job.id === named || byJob.has(job.id);

  // Each id once, in the order given.
  const entries: Entry[] = [];
  for (const id of new Set(o.ids)) entries.push({ id, label: id });

  if (asks) {
    // The question names the jobs: each fetched first (and again, right before its action).
    for (const e of entries) {
      if (stops.stop.aborted) break;
      const fresh = await fetch(e);
      if (fresh === "rejected") break;
      const named = namedId(e.id, fresh);
      if ("job" in fresh && knownOrNamed(fresh.job, named) && again(e, fresh.job)) continue;
      const checked = checkAtFire(action, named, fresh, labels);
      e.fetched = true;
      if ("skip" in checked) {
        e.outcome = { ok: false, skipped: true, error: checked.skip };
        line(`${action.name} ${e.label}: skipped: ${checked.skip}`);
      }
    }
    if (rejected !== undefined) {
      ctx.err(rejected);
      return EXIT.auth;
    }
    const targets = entries.filter((e) => !e.duplicate && !e.outcome && e.fetched);
    if (!stops.stop.aborted && targets.length > 0 && !(await confirmed(action, targets, o, clean))) {
      ctx.err("act: not confirmed; nothing was sent");
      return EXIT.usage;
    }
  }

  const targets = entries.filter((e) => !e.duplicate && !e.outcome);
  const byId = new Map(entries.map((e) => [e.id, e]));
  /** Fetched again right before its action; skipped when it no longer applies. */
  const fire = async (e: Entry): Promise<JobOutcome> => {
    const expected = e.job?.id;
    const fresh = await fetch(e);
    if (fresh === "rejected") return { ok: false, skipped: true, error: rejected ?? "token rejected" };
    const named = expected ?? namedId(e.id, fresh);
    if ("job" in fresh && expected === undefined && knownOrNamed(fresh.job, named) && again(e, fresh.job))
      return { ok: false, skipped: true, error: "the same job again" };
    const checked = checkAtFire(action, named, fresh, labels);
    if ("skip" in checked) return { ok: false, skipped: true, error: checked.skip };
    // Stopped while its job was fetched: its action is not started.
    if (stops.stop.aborted) {
      e.stopped = true;
      return { ok: false, skipped: true, error: "not started: act was stopped" };
    }
    e.job = checked.job;
    e.label = checked.job.displayID || e.id;
    e.started = true;
    return runOne(action, checked.job, ctx, o, stops.end);
  };
  if (targets.length > 0 && !stops.stop.aborted) {
    await runBulk(
      action.name,
      targets.map((e) => ({ id: e.id, label: e.label, job: e })),
      (e) => fire(e),
      {
        signal: stops.stop,
        onResult: (r: BulkResult) => {
          const e = byId.get(r.id);
          if (!e) return;
          e.outcome = r.outcome;
          if (rejected !== undefined || e.duplicate || e.stopped) return;
          // The label it has now: its displayID, once fetched.
          line(resultLine(action.name, e.label, r.outcome));
        },
      },
    );
  }
  if (rejected !== undefined) {
    ctx.err(rejected);
    return EXIT.auth;
  }
  await leftRunning(ctx, stops);
  return report(ctx, action, entries, { stops, unseen, clean, notFound });
}

/**
 * Processes a background command left running (its first process exited, the rest of its group
 * did not) are waited for up to their deadline, as the monitor waits: act does not end before
 * them. Ctrl+C (or a closed stdout) ends them now.
 */
async function leftRunning(ctx: CommandContext, stops: ActStop): Promise<void> {
  const left = processGroups.list();
  if (left.length === 0) return;
  if (!stops.stop.aborted)
    ctx.err(
      `act: waiting for what ${left.map((g) => g.label).join(", ")} left running (up to its deadline; Ctrl+C ends it)`,
    );
  await new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (processGroups.list().length === 0 || stops.stop.aborted) done();
    }, 500);
    const done = () => {
      clearInterval(check);
      resolve();
    };
    if (stops.stop.aborted) done();
  });
  if (processGroups.list().length === 0) return;
  for (const e of await processGroups.endAll())
    ctx.err(
      `act: what ${e.label} left running: ${e.how === "killed" ? "killed (SIGKILL)" : "ended (SIGTERM)"}`,
    );
}

/** The one question for every job: y/n, or type the displayID (several jobs: their number). */
async function confirmed(
  a: JobAction,
  targets: readonly Entry[],
  o: ActOptions,
  clean: (s: string) => string,
): Promise<boolean> {
  const ask = o.ask ?? askOnTerminal;
  const first = targets
    .slice(0, 3)
    .map((e) => e.label)
    .join(", ");
  const jobs =
    targets.length === 1
      ? `job ${first}`
      : `${targets.length} jobs (${first}${targets.length > 3 ? ", …" : ""})`;
  if (a.confirm === "type") {
    const want = targets.length === 1 ? (targets[0] as Entry).label : String(targets.length);
    const what = targets.length === 1 ? "its displayID" : "the number of jobs";
    const answer = await ask(clean(`${a.name} ${jobs}? Type ${what} (${want}) to confirm: `));
    return answer.trim() === want;
  }
  const answer = await ask(clean(`${a.name} ${jobs}? [y/N] `));
  return /^y(es)?$/i.test(answer.trim());
}

async function runOne(
  a: JobAction,
  job: Job,
  ctx: CommandContext,
  o: ActOptions,
  signal?: AbortSignal,
): Promise<JobOutcome> {
  const labels = ctx.config.statusLabels;
  if (a.kind === "http") {
    const req = requestFor(a, job, { baseUrl: ctx.config.baseUrl, statusLabels: labels, raw: rawOf(job) });
    if ("error" in req) return { ok: false, error: req.error };
    const r = await (o.send as SendAction)(req.request, signal);
    return r.ok || !r.unknown ? r : { ...r, error: await afterUnknown(r.error, job, ctx) };
  }
  const run: RunContext = {
    baseUrl: ctx.config.baseUrl,
    profile: ctx.config.profile ?? "",
    token: ctx.config.token,
    statusLabels: labels,
    // A second Ctrl+C ends it: SIGTERM to its process group.
    signal,
  };
  if (a.mode === "background") return runBackground(a, job, run);
  return runInTerminal(a, job, run);
}

/**
 * An outcome unknown (a timeout, a connection lost after sending): send-action.ts says the job is
 * polled, as the monitor does; here it is polled once, and its status said.
 */
async function afterUnknown(error: string, job: Job, ctx: CommandContext): Promise<string> {
  let now: string;
  try {
    const fresh = await ctx.client.getJob(job.id, AbortSignal.timeout(ctx.config.timeoutMs));
    now = `the job is now ${statusName(fresh.status, ctx.config.statusLabels)}`;
  } catch {
    now = "the job could not be polled either";
  }
  return error.replace("the job is polled", now);
}

/** A terminal action: in the foreground, on this terminal; its exit status is the outcome. */
function runInTerminal(
  a: Extract<JobAction, { kind: "command" }>,
  job: Job,
  run: RunContext,
): Promise<JobOutcome> {
  const built = commandArgv(a, job, run.statusLabels);
  if ("error" in built) return Promise.resolve({ ok: false, error: built.error });
  const [file, ...args] = built.argv as [string, ...string[]];
  return new Promise((resolve) => {
    const { spawn }: typeof import("node:child_process") = loadBuiltin("node:child_process");
    const child = spawn(file, args, { shell: false, env: commandEnv(a, job, run), stdio: "inherit" });
    child.on("error", (e: NodeJS.ErrnoException) =>
      resolve({
        ok: false,
        error:
          e.code === "ENOENT" ? `${sanitize(file)} not found` : `${sanitize(file)}: ${e.code ?? "failed"}`,
      }),
    );
    child.on("close", (status, sig) =>
      resolve(
        status === 0 ? { ok: true } : { ok: false, error: sig ? `ended by ${sig}` : `exit status ${status}` },
      ),
    );
  });
}
