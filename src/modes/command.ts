// The commands for scripts (--once, get, watch, wait, act): which one the command line asks for, and
// running it to an exit code. cli.tsx calls parseCommand before the config is built (bad usage
// is exit 2 like any flag) and runCommand with the config and client.
import type { JobClient } from "../api/client.js";
import type { SendAction } from "../api/send-action.js";
import { parseDuration } from "../config/checks.js";
import type { Flags } from "../config/from-settings.js";
import { type Config, ConfigError } from "../config/types.js";
import { parseJobRef } from "../model/ids.js";
import { setCustomColumns } from "../model/job-insight.js";
import { sanitize } from "../model/sanitize.js";
import type { GroupBy } from "../model/stats.js";
import { parseStatusList } from "../model/status.js";
import { runAct } from "./act.js";
import type { CommandContext } from "./context.js";
import { EXIT } from "./exit.js";
import { runGet } from "./get.js";
import { resolveJobRefs } from "./job-lookup.js";
import { runOnce } from "./once.js";
import { finish, Output } from "./output.js";
import { insightCommand, runStats, runStuck } from "./stats.js";
import { runWait } from "./wait.js";
import { runWatch } from "./watch.js";

export type ScriptCommand =
  | { kind: "once"; all: boolean; status?: string; stuck?: boolean }
  | { kind: "stats"; windowSec: number; by: GroupBy }
  | { kind: "get"; id: string }
  | { kind: "watch"; ids: string[]; until?: string; deadlineMs?: number }
  | { kind: "wait"; id: string; until: string; deadlineMs?: number }
  | { kind: "act"; name: string; ids: string[]; yes: boolean };

/** The flags of the commands for scripts (the settings table's rows, as typed). */
export type ScriptFlags = Pick<
  Flags,
  "once" | "all" | "status" | "json" | "showSecrets" | "until" | "timeout" | "yes" | "stuck" | "since" | "by"
>;

export const COMMANDS = ["get", "watch", "wait", "act", "stats"] as const;
/** Each watched job is polled on its own: a hundred every two seconds is already 50 requests a second. */
export const MAX_WATCHED = 100;
// setTimeout's limit (~24.8 days); a longer --timeout would fire at once.
const MAX_DEADLINE_MS = 2 ** 31 - 1;

/** The command the arguments name, or undefined for the monitor / demo-server. Throws ConfigError. */
export function parseCommand(input: readonly string[], f: ScriptFlags): ScriptCommand | undefined {
  const [name, ...args] = input;
  const kind = COMMANDS.find((c) => c === name);
  const insight = insightCommand(kind, args, f);
  if (insight || kind === "stats") return insight;
  if (!kind) {
    const only = f.json ? "--json" : f.showSecrets ? "--show-secrets" : undefined;
    if (!f.once && only) throw new ConfigError(`${only} works with --once, get, watch, wait and act`);
    if (f.yes) throw new ConfigError("--yes works with act");
    if (f.until !== undefined) throw new ConfigError("--until works with watch and wait");
    if (!f.once && f.all) throw new ConfigError("--all works with --once");
    if (!f.once && f.status !== undefined) throw new ConfigError("--status works with --once");
    if (f.once && name !== undefined) throw new ConfigError(`--once does not take a command ("${name}")`);
    return f.once ? { kind: "once", all: f.all === true, status: f.status } : undefined;
  }
  if (f.once) throw new ConfigError(`--once and ${kind} do not go together`);
  if (f.all) throw new ConfigError("--all works with --once");
  if (f.status !== undefined) throw new ConfigError("--status works with --once");
  if (f.yes && kind !== "act") throw new ConfigError("--yes works with act");
  if (kind === "act") return parseAct(args, f);
  const ids = args.map((a) => jobRef(kind, a));
  if (ids.length === 0) throw new ConfigError(`${kind}: which job? (jobtop ${kind} ID)`);
  if (kind !== "watch" && ids.length > 1) throw new ConfigError(`${kind}: one job id, got ${ids.length}`);
  if (new Set(ids).size > MAX_WATCHED)
    throw new ConfigError(`${kind}: at most ${MAX_WATCHED} jobs at once (for more, use --once --json)`);
  const id = ids[0] as string;
  if (kind === "get") {
    if (f.until !== undefined) throw new ConfigError("--until works with watch and wait");
    return { kind, id };
  }
  const deadlineMs = f.timeout === undefined ? undefined : parseDeadline(f.timeout);
  if (kind === "wait") {
    if (f.until === undefined)
      throw new ConfigError("wait: --until STATUS is required (e.g. --until running)");
    return { kind, id, until: f.until, deadlineMs };
  }
  return { kind, ids, until: f.until, deadlineMs };
}

/** `act NAME ID…`: the action's name is checked once the config is read (runAct). */
function parseAct(args: readonly string[], f: ScriptFlags): ScriptCommand {
  const [name, ...rest] = args;
  if (!name) throw new ConfigError("act: which action? (jobtop act NAME ID…)");
  if (f.until !== undefined) throw new ConfigError("--until works with watch and wait");
  const ids = rest.map((a) => jobRef("act", a));
  if (ids.length === 0) throw new ConfigError(`act: on which job? (jobtop act ${name} ID…)`);
  if (new Set(ids).size > MAX_WATCHED) throw new ConfigError(`act: at most ${MAX_WATCHED} jobs at once`);
  return { kind: "act", name, ids, yes: f.yes === true };
}

/** An id, or a displayID that resolveJobRefs looks up once the config is read. */
function jobRef(kind: string, text: string): string {
  const ref = parseJobRef(text);
  if (ref === undefined)
    throw new ConfigError(
      `${kind}: ${JSON.stringify(sanitize(text).slice(0, 80))} is not a job id (a whole number) or a displayID`,
    );
  return ref;
}

function parseDeadline(text: string): number {
  const ms = parseDuration(text);
  if (ms === undefined || ms <= 0)
    throw new ConfigError(`--timeout: expected a duration like 30s or 10m, got "${text}"`);
  if (ms > MAX_DEADLINE_MS) throw new ConfigError("--timeout: at most 596h");
  return ms;
}

/** Runs the command and exits with its code, once stdout has the output. */
export async function runCommand(
  cmd: ScriptCommand,
  config: Config,
  client: JobClient,
  f: Pick<ScriptFlags, "json" | "showSecrets"> & { err: (message: string) => void; send?: SendAction },
): Promise<never> {
  const stdout = process.stdout;
  const out = new Output(stdout);
  setCustomColumns(config.customColumns);
  const tty = stdout.isTTY === true;
  const ctx: CommandContext = {
    config,
    client,
    out,
    json: f.json === true,
    color: tty && !process.env.NO_COLOR,
    showSecrets: f.showSecrets === true,
    err: f.err,
    columns: tty ? stdout.columns || 80 : undefined,
  };
  // Interrupted: watch was asked to follow until stopped, so that is success; for the others
  // the shell's 128+signal. Exit at once: stdout may be a pipe nobody reads. (act finishes what it
  // sent first, and says so: act-stop.ts.)
  for (const [signal, code] of [
    ["SIGINT", EXIT.sigint],
    ["SIGTERM", EXIT.sigterm],
  ] as const) {
    if (cmd.kind !== "act") process.once(signal, () => process.exit(cmd.kind === "watch" ? EXIT.ok : code));
  }
  return finish(out, await run(cmd, ctx, f.send));
}

async function run(given: ScriptCommand, ctx: CommandContext, send?: SendAction): Promise<number> {
  const cmd = await withJobIds(given, ctx);
  if (typeof cmd === "number") return cmd;
  switch (cmd.kind) {
    case "act":
      return runAct(ctx, {
        name: cmd.name,
        ids: cmd.ids,
        yes: cmd.yes,
        send,
        stdinIsTTY: process.stdin.isTTY === true,
      });
    case "stats":
      return runStats(ctx, { windowSec: cmd.windowSec, by: cmd.by });
    case "once": {
      if (cmd.stuck) return runStuck(ctx);
      const only =
        cmd.status === undefined ? undefined : statuses(cmd.status, ctx.config, ctx.err, "--status");
      if (only === null) return EXIT.usage;
      return runOnce(ctx, { all: cmd.all, statuses: only });
    }
    case "get":
      return runGet(ctx, cmd.id);
    case "watch": {
      const until = cmd.until === undefined ? undefined : statuses(cmd.until, ctx.config, ctx.err, "--until");
      if (until === null) return EXIT.usage;
      return runWatch(ctx, cmd.ids, { until, deadlineMs: cmd.deadlineMs });
    }
    case "wait": {
      const until = statuses(cmd.until, ctx.config, ctx.err, "--until");
      if (until === null) return EXIT.usage;
      return runWait(ctx, cmd.id, { until, deadlineMs: cmd.deadlineMs });
    }
  }
}

/** The command with each displayID it names resolved to its job's id, or the exit code of a failed lookup. */
async function withJobIds(cmd: ScriptCommand, ctx: CommandContext): Promise<ScriptCommand | number> {
  if (cmd.kind !== "get" && cmd.kind !== "wait" && cmd.kind !== "watch" && cmd.kind !== "act") return cmd;
  const r = await resolveJobRefs(ctx, "ids" in cmd ? cmd.ids : [cmd.id]);
  if (!r.ok) {
    ctx.err(r.message);
    return r.code;
  }
  return "ids" in cmd ? { ...cmd, ids: r.data } : { ...cmd, id: r.data[0] as string };
}

/** --until's or --status's statuses against the configured labels; null (after saying why) if one is unknown. */
function statuses(
  text: string,
  config: Config,
  err: (message: string) => void,
  flag: string,
): number[] | null {
  const r = parseStatusList(text, config.statusLabels);
  if ("error" in r) {
    err(`${flag}: ${r.error}`);
    return null;
  }
  return r.codes;
}
