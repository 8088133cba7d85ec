// The one job a command asks for: by its id or its displayID (resolveJobRefs), and what "no such
// job" (exit 4) may mean. The spec does not say
// how a service answers an unknown id (the demo: HTTP 200 and code 404 in the envelope; others an
// HTTP 404 with the envelope), and a wrong base_url (`…/v1`, which asks `/v1/v1/job`) is answered
// alike: `get 100004` said "no such job" (exit 4) of a job that exists. So before a command says
// a job is missing, it asks the list once (page 1, one job): a list that answers 404 too means the
// service's API is not at base_url, and that error (its path, the base_url hint) is what ends the
// command, exit 1. One such request per run, only when a job seems missing.
import type { JobClient } from "../api/client.js";
import { ApiError, isApiError } from "../api/errors.js";
import type { Job } from "../api/schema.js";
import { isJobId } from "../model/ids.js";
import { sanitize } from "../model/sanitize.js";
import type { CommandContext } from "./context.js";
import { EXIT } from "./exit.js";
import type { Outcome } from "./follow.js";
import { walkAccount } from "./once-all.js";
import { isNotFound } from "./output.js";

/** Per client: the list's 404 (the base URL is wrong), or undefined (it answers: the job is missing). */
const listVerdicts = new WeakMap<JobClient, Promise<ApiError | undefined>>();

/** ctx.client.getJob, where "no such job" is first checked against the list (see above). */
export function jobGetter(ctx: Pick<CommandContext, "client" | "config">) {
  return async (id: string, signal: AbortSignal): Promise<Job> => {
    try {
      return await ctx.client.getJob(id, signal);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      throw (await wrongBase(ctx)) ?? e;
    }
  };
}

function wrongBase(ctx: Pick<CommandContext, "client" | "config">): Promise<ApiError | undefined> {
  const known = listVerdicts.get(ctx.client);
  if (known) return known;
  // The client's own deadline bounds it (config.timeoutMs).
  const verdict = ctx.client.listJobs({ page: 1, perPage: 1, order: ctx.config.order }).then(
    () => undefined,
    (e: unknown) => {
      // Only a 404 says the path is wrong (no envelope now: not "no such job"); a blip says
      // nothing either way, and the job's answer stands; the next one asks again.
      if (isApiError(e) && e.kind === "http" && e.details.status === 404)
        return new ApiError("http", e.message, { status: 404 });
      listVerdicts.delete(ctx.client);
      return undefined;
    },
  );
  listVerdicts.set(ctx.client, verdict);
  return verdict;
}

/**
 * The ids of `refs`: each displayID looked up by walking the account's pages once, bounded as
 * `--once --all` is (once-all.ts walkAccount), only when one is given. An exact match first, else
 * one ignoring case; one line on stderr names what each resolved to. A displayID no job has is
 * exit 4; one that names several jobs, exit 2 (give the id).
 */
export async function resolveJobRefs(
  ctx: Pick<CommandContext, "client" | "config" | "err">,
  refs: readonly string[],
): Promise<Outcome<string[]>> {
  const names = refs.filter((r) => !isJobId(r));
  if (names.length === 0) return { ok: true, data: refs.slice() };
  // Each job's id and displayID only, as its page comes: whole jobs (their state.log) of 20 000
  // took 700 MB to find one name.
  const walk = await walkAccount(ctx, undefined, (job) => ({ id: job.id, displayID: job.displayID }));
  if (!walk.ok) {
    const why = walk.message.replace(
      /^--all: (page \d+ failed|stopped at page \d+), nothing printed: /,
      "$1: ",
    );
    return { ...walk, message: `looking up displayID ${quote(names[0] as string)}: ${why}` };
  }
  const byName = new Map<string, string[]>();
  for (const job of walk.data.jobs.values()) {
    const list = byName.get(job.displayID);
    if (list) list.push(job.id);
    else byName.set(job.displayID, [job.id]);
  }
  const ids: string[] = [];
  for (const ref of refs) {
    if (isJobId(ref)) {
      ids.push(ref);
      continue;
    }
    let found = byName.get(ref) ?? [];
    if (found.length === 0) {
      const lower = ref.toLowerCase();
      found = [];
      for (const [name, list] of byName)
        if (name.toLowerCase() === lower) for (const id of list) if (found.length < 10) found.push(id);
    }
    const walked = `${walk.data.jobs.size} jobs`;
    if (found.length === 0)
      return {
        ok: false,
        code: EXIT.notFound,
        message: `no job has the displayID ${quote(ref)} (of ${walked}${walk.data.unsettled ? ", the account moving meanwhile" : ""})`,
      };
    if (found.length > 1) {
      const some = found.slice(0, 5).join(", ");
      return {
        ok: false,
        code: EXIT.usage,
        message: `displayID ${quote(ref)} names ${found.length} jobs (${some}${found.length > 5 ? ", …" : ""}): give the id`,
      };
    }
    const id = found[0] as string;
    ctx.err(`displayID ${quote(ref)} is job ${id}`);
    ids.push(id);
  }
  return { ok: true, data: ids };
}

/** The user's text, as a line may hold it. */
function quote(s: string): string {
  return JSON.stringify(sanitize(s));
}
