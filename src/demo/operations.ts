// The demo's own create and cancel: the spec names these operations (POST, DELETE) but shows no
// path or payload, so these paths are THE DEMO'S, not the spec's, and jobtop never assumes them
// for a real service (a user's [[actions]] say where a real service's are):
//
//   POST   /v1/demo/jobs   body {"app": {remark, name, ver, cmd, envs, hostname}} → a new queued job
//   DELETE /v1/job?id=N    → the job, stopped (status 3) with a state.log entry
//
// Both answer with the spec's envelope: {code: 0, msg: "", job} on success, a non-zero code and
// a msg otherwise (404 no such job, 409 already stopped, 400 a body that is not what is asked).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { DemoJob } from "./data.js";
import type { World } from "./world.js";

export const DEMO_CREATE_PATH = "/v1/demo/jobs";
export const DEMO_CANCEL_PATH = "/v1/job";
const MAX_BODY = 64 * 1024;
/** The app fields a create takes; the rest (ports, URLs, credentials) the demo makes itself. */
const APP_FIELDS = ["remark", "name", "ver", "cmd", "envs", "hostname"] as const;

type Json = (res: ServerResponse, status: number, body: unknown) => void;

/** Is this request one of the demo's operations? */
export function isOperation(req: IncomingMessage, pathname: string): boolean {
  return (
    (req.method === "POST" && pathname === DEMO_CREATE_PATH) ||
    (req.method === "DELETE" && pathname === DEMO_CANCEL_PATH)
  );
}

export function answerOperation(
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
  world: World,
  json: Json,
): void {
  if (req.method === "DELETE") {
    const raw = url.searchParams.get("id");
    const id = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
    const r = id === undefined ? undefined : world.cancel(id);
    if (!r) json(res, 200, { code: 404, msg: "job not found", job: null });
    else if (r === "stopped") json(res, 200, { code: 409, msg: "job is already stopped", job: null });
    else json(res, 200, { code: 0, msg: "", job: r });
    return;
  }
  readBody(req, (text) => {
    const app = text === undefined ? "body too large" : appOf(text);
    if (typeof app === "string") json(res, 400, { code: 400, msg: app });
    else json(res, 200, { code: 0, msg: "", job: world.create(app) });
  });
}

function appOf(text: string): Partial<DemoJob["app"]> | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "the body is not JSON";
  }
  const app = (body as { app?: unknown } | null)?.app;
  if (typeof app !== "object" || app === null || Array.isArray(app)) return 'expected {"app": {…}}';
  const out: Partial<DemoJob["app"]> = {};
  for (const k of APP_FIELDS) {
    const v = (app as Record<string, unknown>)[k];
    if (v === undefined) continue;
    if (typeof v !== "string") return `app.${k}: expected a string`;
    out[k] = v;
  }
  return out;
}

function readBody(req: IncomingMessage, done: (text: string | undefined) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  req.on("data", (c: Buffer) => {
    size += c.length;
    if (size > MAX_BODY) over = true;
    else chunks.push(c);
  });
  req.on("end", () => done(over ? undefined : Buffer.concat(chunks).toString("utf8")));
  req.on("error", () => {});
}
