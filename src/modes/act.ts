// `jobtop act NAME ID… [--yes] [--json]` (issue 25): one of the user's [[actions]] from the shell.
// Each job is fetched first (its values fill the placeholders; its status must be one the action
// applies to), then, once confirmed, the action runs on each in turn (actions/bulk.ts): an http
// action through the profile's client (api/send-action.ts), a command without a shell
// (actions/command.ts). One line per job, then a summary; --json: one document.
// Confirmation: an action that asks for it needs --yes when stdin is not a terminal, and then
// nothing at all is sent, not even the GETs.

import { type BulkResult, type JobOutcome, runBulk } from "../actions/bulk.js";
import {
  commandArgv,
  commandEnv,
  type CommandContext as RunContext,
  runBackground,
} from "../actions/command.js";
import { appliesTo, type JobAction } from "../actions/definitions.js";
import { requestFor } from "../actions/http-request.js";
import { rawOf } from "../api/raw.js";
import type { Job } from "../api/schema.js";
import type { SendAction } from "../api/send-action.js";
import { loadBuiltin } from "../load-builtin.js";
import { sanitize } from "../model/sanitize.js";
import { maskText } from "../model/secrets.js";
import type { CommandContext } from "./command.js";
import { fetchOnce } from "./follow.js";
import { EXIT, toJson } from "./output.js";

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

/** A job given, and what became of it. */
interface Entry {
  id: string;
  label: string;
  job?: Job;
  /** Why it is not run (not found, another status, the service failed); undefined: run. */
  skipped?: string;
  result?: BulkResult;
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
  const secrets = ctx.config.token.length >= 4 ? [ctx.config.token] : [];
  const clean = (s: string) => sanitize(maskText(s, secrets));

  /** A job not run: its line now, in the order given (before any question). */
  const skip = (e: Entry): Entry => {
    if (!ctx.json) ctx.out.write(`${clean(`${action.name} ${e.label}: failed: ${e.skipped}`)}\n`);
    return e;
  };
  // Fetch each job (each id once, in the order given).
  const entries: Entry[] = [];
  const seen = new Set<string>();
  /** Each job's id, and the id given that fetched it. */
  const byJob = new Map<string, string>();
  let worst = EXIT.ok as number;
  for (const id of o.ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    const r = await fetchOnce((signal) => ctx.client.getJob(id, signal), {
      intervalMs: ctx.config.intervalMs,
      deadlineMs: ctx.config.timeoutMs,
      singleJob: true,
      label: `job ${id}`,
      report: ctx.err,
    });
    if (!r.ok) {
      // A rejected token ends it all: nothing else could be fetched or sent either.
      if (r.code === EXIT.auth) {
        ctx.err(r.message);
        return EXIT.auth;
      }
      if (r.code === EXIT.notFound) worst = EXIT.notFound;
      entries.push(skip({ id, label: id, skipped: r.message }));
      continue;
    }
    const job = r.data;
    // Two ids the service answers with one job (an alias, a cache): the action runs on it once.
    const first = byJob.get(job.id);
    if (first !== undefined) {
      ctx.err(clean(`act: ${id} is job ${first} again: run once`));
      continue;
    }
    byJob.set(job.id, id);
    const entry: Entry = { id, label: job.displayID || id, job };
    if (!appliesTo(action, job.status)) {
      const labels = ctx.config.statusLabels;
      const on = (action.statuses ?? []).map((s) => statusName(s, labels)).join(", ");
      entry.skipped = `it is ${statusName(job.status, labels)}; ${action.name} applies to ${on}`;
    }
    entries.push(entry.skipped === undefined ? entry : skip(entry));
  }

  const targets = entries.filter((e) => e.skipped === undefined && e.job);
  if (targets.length > 0 && asks && !(await confirmed(action, targets, o, clean))) {
    ctx.err("act: not confirmed; nothing was sent");
    return EXIT.usage;
  }

  if (targets.length > 0) {
    const byId = new Map(entries.map((e) => [e.id, e]));
    await runBulk(
      action.name,
      targets.map((e) => ({ id: e.id, label: e.label, job: e.job as Job })),
      (job, signal) => runOne(action, job, ctx, o, signal),
      {
        onResult: (r) => {
          const e = byId.get(r.id);
          if (e) e.result = r;
          if (!ctx.json) ctx.out.write(`${clean(r.line)}\n`);
        },
      },
    );
  }
  let ok = 0;
  let failed = 0;
  for (const e of entries) {
    if (e.result?.outcome.ok) ok++;
    else failed++;
  }
  const total = entries.length;
  const summary =
    failed === 0
      ? `${action.name}: ${total === 1 ? "done" : `${total} jobs done`}`
      : `${action.name}: ${ok} of ${total} ${total === 1 ? "job" : "jobs"} done, ${failed} failed`;
  if (ctx.json) {
    const results = entries.map((e) => {
      const out = e.result?.outcome;
      return {
        id: e.id,
        displayID: e.job ? clean(e.job.displayID) : undefined,
        ok: out?.ok === true,
        ...(out?.ok && out.line ? { output: clean(out.line) } : {}),
        ...(out && !out.ok ? { error: clean(out.error), unknown: out.unknown === true } : {}),
        ...(e.skipped !== undefined ? { error: clean(e.skipped) } : {}),
      };
    });
    ctx.out.write(
      `${toJson({ action: action.name, ok: failed === 0, summary: clean(summary), results }, 2)}\n`,
    );
  } else ctx.out.write(`${clean(summary)}\n`);
  if (worst !== EXIT.ok) return worst;
  return failed === 0 ? EXIT.ok : EXIT.failed;
}

/** "2 (running)", or "2" when the code has no name. */
function statusName(code: number, labels: Record<number, string>): string {
  const name = labels[code];
  return name ? `${code} (${name})` : String(code);
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

/** A line typed on the terminal (the question on stderr: stdout may be a pipe). */
function askOnTerminal(question: string): Promise<string> {
  return new Promise((resolve) => {
    // node:readline only when act asks: imported at the top it cost every start node:os (Node 24).
    const { createInterface }: typeof import("node:readline") = loadBuiltin("node:readline");
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    let answered = false;
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
    // Ctrl+D: no answer, so no.
    rl.on("close", () => {
      if (!answered) resolve("");
    });
    // Ctrl+C at the question (readline reads it as a key, and would only pause): interrupted.
    rl.on("SIGINT", () => {
      rl.close();
      process.stderr.write("\n");
      process.exit(130);
    });
  });
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
