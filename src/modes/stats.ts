// Issue 32's commands for scripts: `jobtop stats [--json] [--since DUR] [--by gpu|node|class]`
// prints the stats view's numbers, and `jobtop --once --all --stuck [--json]` lists the jobs that
// break an [[alerts]] rule, exiting 6 when there is one (so cron can alert). Both walk the whole
// account as `--once --all` does (once-all.ts's walkAccount: bounded, retried, nothing printed
// when a page fails), then read each job's state.log through the same digest the index keeps.
import type { Job } from "../api/schema.js";
import { parseLongDuration } from "../config/insight-tables.js";
import { ConfigError } from "../config/types.js";
import { type Breach, breaches, compileRule, durationWords } from "../model/alerts.js";
import { formatDuration, truncate } from "../model/format.js";
import { type InsightJob, insightJob } from "../model/job-insight.js";
import { sanitize } from "../model/sanitize.js";
import { maskSecrets } from "../model/secrets.js";
import { computeStats, GROUP_BY, type GroupBy, type Stats, WAIT_LABELS } from "../model/stats.js";
import { statsLines, statusName, table } from "../render/stats-lines.js";
import type { CommandContext } from "./context.js";
import { EXIT } from "./exit.js";
import { walkAccount } from "./once-all.js";
import { toJson } from "./output.js";

/** --since's ceiling: a digest keeps each job's newest 64 runs, and a month is what a trend reads. */
const MAX_WINDOW_SEC = 30 * 86_400;

function windowOf(text: string): number {
  const ms = parseLongDuration(text);
  if (ms === undefined || ms < 60_000 || ms > MAX_WINDOW_SEC * 1000)
    throw new ConfigError(`--since: expected a duration from 1m to 30d (90m, 24h, 7d), got "${text}"`);
  return Math.round(ms / 1000);
}

/** Issue 32's commands, as parseCommand (command.ts) hands them to run. */
export type InsightCommand =
  | { kind: "once"; all: true; stuck: true }
  | { kind: "stats"; windowSec: number; by: GroupBy };

/** The flags they read (command.ts's ScriptFlags has them all). */
export interface InsightFlags {
  once?: boolean;
  all?: boolean;
  status?: string;
  until?: string;
  yes?: boolean;
  stuck?: boolean;
  since?: string;
  by?: string;
}

/**
 * The command when the words or flags are issue 32's (`stats`, --stuck, --since, --by), else
 * undefined (parseCommand goes on). Throws ConfigError for bad usage (exit 2).
 */
export function insightCommand(
  kind: string | undefined,
  args: readonly string[],
  f: InsightFlags,
): InsightCommand | undefined {
  if (kind === "stats") {
    if (f.once) throw new ConfigError("--once and stats do not go together");
    if (args.length > 0)
      throw new ConfigError(`stats takes no words (got "${args[0]}"); see --by and --since`);
    if (f.stuck) throw new ConfigError("--stuck works with --once --all");
    if (f.all || f.status !== undefined || f.until !== undefined || f.yes)
      throw new ConfigError("stats takes --json, --since and --by");
    const by = f.by ?? "none";
    if (!(GROUP_BY as readonly string[]).includes(by))
      throw new ConfigError(`--by: expected gpu, node or class, got "${f.by}"`);
    return {
      kind: "stats",
      windowSec: f.since === undefined ? 86_400 : windowOf(f.since),
      by: by as GroupBy,
    };
  }
  if (f.since !== undefined) throw new ConfigError("--since works with stats");
  if (f.by !== undefined) throw new ConfigError("--by works with stats");
  if (!f.stuck) return undefined;
  if (!f.once || !f.all || kind !== undefined) throw new ConfigError("--stuck works with --once --all");
  if (f.status !== undefined) throw new ConfigError("--stuck and --status do not go together");
  return { kind: "once", all: true, stuck: true };
}

/**
 * The account's jobs as `keep` makes them (their digests: a log of 200 000 entries is not held
 * while the rest of the account is walked), walked; or the exit code after the walk's one line.
 */
async function account<T>(ctx: CommandContext, keep: (job: Job) => T): Promise<T[] | number> {
  const r = await walkAccount(ctx, undefined, keep, "stats");
  if (!r.ok) {
    ctx.err(r.message);
    return r.code;
  }
  if (r.data.unsettled)
    ctx.err(
      "the service's total changed during the walk, twice: a job that moved between pages may be missing",
    );
  if (r.data.invalid.length > 0) ctx.err(`${r.data.invalid.length} job(s) did not match the spec: left out`);
  return Array.from(r.data.jobs.values());
}

export async function runStats(ctx: CommandContext, o: { windowSec: number; by: GroupBy }): Promise<number> {
  const jobs = await account(ctx, insightJob);
  if (typeof jobs === "number") return jobs;
  const nowSec = Math.floor(ctx.nowSec ?? Date.now() / 1000);
  const stats = computeStats(jobs, { nowSec, windowSec: o.windowSec, by: o.by });
  const labels = ctx.config.statusLabels;
  if (ctx.json) ctx.out.write(`${toJson(statsJson(stats, labels), 2)}\n`);
  else ctx.out.write(`${statsLines(stats, labels, "all").join("\n")}\n`);
  return EXIT.ok;
}

/** The stats as the JSON document of docs/SCRIPTING.md: seconds, status codes, and the names the config gives. */
export function statsJson(s: Stats, labels: Record<number, string>): unknown {
  const name = (code: number) => (labels[code] === undefined ? {} : { name: labels[code] });
  return {
    now: s.nowSec,
    windowSec: s.windowSec,
    by: s.by,
    jobs: s.jobs,
    groups: s.groups.map((g) => ({
      key: g.key,
      jobs: g.jobs,
      statuses: g.statuses.map((st) => ({
        status: st.status,
        ...name(st.status),
        count: st.count,
        inStatus: spread(st),
      })),
      transitions: g.transitions.map((t) => ({
        from: t.from,
        to: t.to,
        count: t.count,
        before: spread(t),
      })),
      waited: {
        buckets: g.waited.counts.map((count, i) => ({ label: WAIT_LABELS[i], count })),
        ...(g.waited.spread
          ? { p50: g.waited.spread.p50, p90: g.waited.spread.p90, max: g.waited.spread.max }
          : {}),
      },
    })),
    skipped: s.skipped,
  };
}

const spread = (s: { p50?: number; p90?: number; max?: number }) =>
  s.p50 === undefined ? null : { p50: s.p50, p90: s.p90, max: s.max };

/** What --stuck keeps of a job while it walks the account: its insight and its displayID. */
type StuckJob = InsightJob & { displayID: string };

/** `--once --all --stuck`: one line (or JSON object) per job and rule broken; exit 6 when any. */
export async function runStuck(ctx: CommandContext): Promise<number> {
  const { config } = ctx;
  if (config.alerts.length === 0) {
    ctx.err('--stuck: no [[alerts]] rule is configured (see docs/CONFIG.md, "Stuck rules")');
    return EXIT.usage;
  }
  const jobs = await account(ctx, (job) => ({ ...insightJob(job), displayID: job.displayID }));
  if (typeof jobs === "number") return jobs;
  const nowSec = Math.floor(ctx.nowSec ?? Date.now() / 1000);
  const rules = config.alerts.map(compileRule);
  const found: { job: StuckJob; b: Breach }[] = [];
  for (const job of jobs) for (const b of breaches(job, rules, nowSec)) found.push({ job, b });
  const labels = config.statusLabels;
  // The remark is free text where a service may keep a token: masked, as --once masks it, unless
  // --show-secrets; masked whole before it is cut, so no piece of a token shows at the cut.
  const remark = (job: StuckJob) => (ctx.showSecrets ? job.remark : maskSecrets(job.remark));
  if (ctx.json) {
    const doc = {
      now: nowSec,
      stuck: found.map(({ job, b }) => ({
        id: job.id,
        displayID: job.displayID,
        remark: remark(job),
        status: b.status,
        ...(labels[b.status] === undefined ? {} : { name: labels[b.status] }),
        rule: b.rule,
        forSec: b.forSec,
      })),
    };
    ctx.out.write(`${toJson(doc, 2)}\n`);
  } else {
    const rows: string[][] = [["ID", "DISPLAY", "STATUS", "FOR", "RULE", "REMARK"]];
    // Left-aligned but FOR; the remark last (it may be long).
    for (const { job, b } of found)
      rows.push([
        job.id,
        sanitize(job.displayID),
        statusName(b.status, labels),
        formatDuration(b.forSec, { coarse: true }),
        `${b.rule} (> ${durationWords(config.alerts.find((r) => r.name === b.rule)?.longerThanSec ?? 0)})`,
        truncate(sanitize(remark(job)), 60),
      ]);
    if (found.length > 0) ctx.out.write(`${table(rows, "", [0, 1, 2, 4, 5]).join("\n")}\n`);
    const jobsStuck = new Set(found.map((f) => f.job.id)).size;
    ctx.out.write(
      `${jobsStuck} stuck of ${jobs.length} job${jobs.length === 1 ? "" : "s"} · ${rules.length} rule${rules.length === 1 ? "" : "s"}\n`,
    );
  }
  return found.length > 0 ? EXIT.stuck : EXIT.ok;
}
