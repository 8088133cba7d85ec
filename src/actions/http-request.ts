// An http action for one job → the request to send (src/api/send-action.ts sends it): the URL
// under the base URL with the job's values percent-encoded, the JSON body with its values
// JSON-encoded. A body_file is read here, when the action runs, and checked like a body table.
import type { Job } from "../api/schema.js";
import type { ActionRequest } from "../api/send-action.js";
import { readTrusted } from "../config/trusted-file.js";
import { sanitize } from "../model/sanitize.js";
import type { HttpAction } from "./definitions.js";
import {
  type BodyTemplate,
  type BodyValue,
  expandBody,
  expandUrl,
  jobValues,
  templateProblem,
} from "./placeholders.js";

export const MAX_BODY_FILE = 256 * 1024;

export interface RequestContext {
  baseUrl: string;
  statusLabels?: Record<number, string>;
  /** The job as the service sent it, for {json:field} (api/raw.ts's rawOf); else the parsed job. */
  raw?: unknown;
  /** Reads body_file (tests give their own). */
  readFile?: (path: string) => string;
}

export function requestFor(
  a: HttpAction,
  job: Job,
  ctx: RequestContext,
): { request: ActionRequest } | { error: string } {
  const values = jobValues(job, ctx.statusLabels);
  const url = expandUrl(ctx.baseUrl, a.path, a.query, values);
  if ("error" in url) return url;
  let template = a.body;
  if (a.bodyFile !== undefined) {
    const loaded = loadBodyFile(a.bodyFile, ctx.readFile ?? ((p) => readTrusted(p, MAX_BODY_FILE).text));
    if ("error" in loaded) return loaded;
    template = loaded.body;
  }
  if (template === undefined) return { request: { method: a.method, url: url.url } };
  const body = expandBody(template, values, ctx.raw ?? job);
  if ("error" in body) return body;
  return { request: { method: a.method, url: url.url, body: body.json } };
}

/** A body_file: a JSON object whose strings are templates, as a body table's are. */
export function loadBodyFile(
  path: string,
  read: (path: string) => string,
): { body: BodyTemplate } | { error: string } {
  const where = `body_file ${sanitize(path)}`;
  let text: string;
  try {
    text = read(path);
  } catch (e) {
    // Refused as the config file would be when others could have written it (config/trusted-file.ts).
    const code = (e as NodeJS.ErrnoException).code;
    return {
      error: `${where}: ${code ? `cannot be read (${code})` : e instanceof Error ? e.message : "error"}`,
    };
  }
  if (text.length > MAX_BODY_FILE) return { error: `${where}: larger than ${MAX_BODY_FILE / 1024} kB` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { error: `${where}: not JSON` };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { error: `${where}: expected a JSON object` };
  const problem = firstProblem(body as BodyValue);
  return problem ? { error: `${where}: ${problem}` } : { body: body as BodyTemplate };
}

function firstProblem(v: BodyValue): string | undefined {
  if (typeof v === "string") return templateProblem(v, "body");
  if (Array.isArray(v)) {
    for (const x of v) {
      const p = firstProblem(x);
      if (p) return p;
    }
  } else if (v !== null && typeof v === "object")
    for (const x of Object.values(v)) {
      const p = firstProblem(x);
      if (p) return p;
    }
  return undefined;
}
