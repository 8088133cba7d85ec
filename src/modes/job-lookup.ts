// The one job a command asks for, and what "no such job" (exit 4) may mean. The spec does not say
// how a service answers an unknown id (the demo: HTTP 200 and code 404 in the envelope; others an
// HTTP 404 with the envelope), and a wrong base_url (`…/v1`, which asks `/v1/v1/job`) is answered
// alike: `get 100004` said "no such job" (exit 4) of a job that exists. So before a command says
// a job is missing, it asks the list once (page 1, one job): a list that answers 404 too means the
// service's API is not at base_url, and that error (its path, the base_url hint) is what ends the
// command, exit 1. One such request per run, only when a job seems missing.
import type { JobClient } from "../api/client.js";
import { ApiError, isApiError } from "../api/errors.js";
import type { Job } from "../api/schema.js";
import type { CommandContext } from "./context.js";
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
