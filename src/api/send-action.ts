// An http action's one request (issue 25): sent as the client sends its GETs (the profile's base
// URL, token, timeout, proxy and CA: the same ClientOptions), and its answer checked the same way
// (status, size, JSON, the envelope's code). What differs, because it changes something:
// - never sent twice: no retry of a dropped keep-alive socket (each request has a connection of
//   its own), no redirect followed (a 307 would send the body again, elsewhere); a 401 is asked
//   again once with a re-read token, as the client does, since a rejected request did nothing;
// - a timeout, a connection lost after sending, or a gateway's 502/504, says the outcome is unknown: the job is polled
//   to find out, and nothing is tried again by itself;
// - only the base URL's origin: the URL was built by src/actions/placeholders.ts, checked here again.
import { sanitize } from "../model/sanitize.js";
import type { ClientOptions } from "./client.js";
import { type Body, envelope, readCapped, statusError, toTransportError, withDeadline } from "./client.js";
import { ApiError, isApiError, redactError } from "./errors.js";
import { fromFetch, type Get, httpGet, type Reply } from "./http-get.js";
import { errorCode } from "./network-words.js";
import { type Job, JobSchema } from "./schema.js";
import { TokenKeeper } from "./token-keeper.js";

export interface ActionRequest {
  method: string;
  url: URL;
  /** JSON text. */
  body?: string;
}

export type ActionOutcome =
  /** `job`: the envelope's job, when it holds one that parses. */
  | { ok: true; job?: Job }
  /** `unknown`: the request may have reached the service (a timeout, a connection lost after sending). */
  | { ok: false; error: string; unknown: boolean };

export type SendAction = (req: ActionRequest, signal?: AbortSignal) => Promise<ActionOutcome>;

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_BODY = 16 * 1024 * 1024;
/** Transport failures that mean nothing reached the service. */
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

export function createActionSender(opts: ClientOptions): SendAction {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBody = opts.maxBodyBytes ?? MAX_BODY;
  const base = new URL(opts.baseUrl);
  const tokens = typeof opts.token === "string" ? new TokenKeeper(opts.token) : opts.token;
  const get: Get = opts.fetch ? fromFetch(opts.fetch) : httpGet(false);

  return async (req, signal) => {
    if (req.url.origin !== base.origin)
      return { ok: false, unknown: false, error: "not sent: the URL is not the service's (another origin)" };
    try {
      let sent = tokens.current();
      let body: Body;
      try {
        body = await once(req, sent, signal);
      } catch (e) {
        if (!(isApiError(e) && e.kind === "auth") || signal?.aborted || !(await tokens.rejected(sent)))
          throw e;
        sent = tokens.current();
        body = await once(req, sent, signal);
      }
      tokens.accept(sent);
      const env = envelope(body) as { job?: unknown };
      const job = JobSchema.safeParse(env.job);
      return job.success ? { ok: true, job: job.data } : { ok: true };
    } catch (e) {
      const unknown = (e as { unknown?: boolean }).unknown === true;
      let err = e;
      for (const t of tokens.used) err = redactError(err, t);
      const message = isApiError(err) ? err.message : sanitize(String(err));
      return {
        ok: false,
        unknown,
        error: unknown ? `${message}: the outcome is unknown (not sent again; the job is polled)` : message,
      };
    }
  };

  async function once(req: ActionRequest, token: string, signal: AbortSignal | undefined): Promise<Body> {
    const d = withDeadline(timeoutMs, signal);
    const { deadline } = d;
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "application/json" };
    if (req.body !== undefined) headers["content-type"] = "application/json";
    let answered = false;
    try {
      // Raced against the deadline: a proxy's fetch may hold the abort only weakly (http-get.ts).
      const aborted = new Promise<never>((_, reject) => {
        const fail = () => reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
        if (d.signal.aborted) fail();
        else d.signal.addEventListener("abort", fail, { once: true });
      });
      aborted.catch(() => {});
      const res: Reply = await Promise.race([
        get(req.url, { method: req.method, body: req.body, headers, signal: d.signal }),
        aborted,
      ]);
      answered = true;
      if (res.status >= 300 && res.status < 400) {
        await res.cancel();
        throw new ApiError(
          "redirect",
          `the service redirected (HTTP ${res.status}); an action is not sent again`,
          {
            status: res.status,
          },
        );
      }
      if (res.status < 200 || res.status > 299) {
        await res.cancel();
        const err = statusError(res);
        // A gateway that got no answer (502) or none in time (504) had passed the request on.
        if (res.status === 502 || res.status === 504) Object.assign(err, { unknown: true });
        throw err;
      }
      const bytes = await readCapped(res, maxBody);
      return { bytes, contentType: res.headers.get("content-type"), status: res.status };
    } catch (e) {
      if (e instanceof ApiError) throw e;
      const err = toTransportError(e, deadline.passed, timeoutMs, undefined);
      // Refused or not found: nothing was sent. Anything else after the request left (a timeout,
      // a reset, an answer cut short) may have done what it asked.
      const notSent = !answered && !deadline.passed && NOT_SENT.has(errorCode(e) ?? "");
      if (!notSent) Object.assign(err, { unknown: true });
      throw err;
    } finally {
      d.end();
    }
  }
}
