// Custom columns' JSON paths (issue 32: `[[custom_columns]] name = "HOST", path = "app.hostname"`):
// a path is checked against the spec's Job (an unknown field is a config error, with the fields
// there are), and read from a job as one short line. Secrets have no path: app.creds and an SSH
// user's password are refused, and what a path yields is masked as the detail masks free text.
import { compactJson } from "./compact-json.js";
import { cutText } from "./cut-text.js";
import { maskSecrets } from "./secrets.js";
import { clusterCut } from "./width.js";

/** A field of any JSON (the spec shows it only as null), a map of any keys, a list, or a leaf. */
type Shape = "leaf" | "any" | { readonly [k: string]: Shape } | { readonly "*": Shape } | readonly [Shape];

const TIME: Shape = { seconds: "leaf" };
/** The spec's Job (docs/job-query-service.md 2.2), as far as a path may go. */
const JOB: Shape = {
  id: "leaf",
  displayID: "leaf",
  status: "leaf",
  state: { status: "leaf", log: [{ id: "leaf", status: "leaf", ts: TIME, sourceId: "leaf" }] },
  ctx: {
    ownerId: "leaf",
    nodeId: "leaf",
    clientID: "leaf",
    nodeDisplayID: "leaf",
    class: "leaf",
    aotuRelease: "leaf",
    releaseTime: "any",
    nodeDomain: "leaf",
  },
  app: {
    name: "leaf",
    ver: "leaf",
    envs: "leaf",
    format: "leaf",
    files: "any",
    cmd: "leaf",
    hostname: "leaf",
    ports: [{ port: "leaf", protocol: "leaf", extraData: "any" }],
    urls: { "*": { urls: ["leaf"] } },
    fromSnapshotId: "leaf",
    SSHAuths: [{ BaseOn: { Cred: { id: "leaf", user: "leaf" } } }],
    netConfig: "any",
    remark: "leaf",
    fromImageId: "leaf",
  },
  res: { cpus: "leaf", gpus: "leaf", diskGB: "leaf", gpuName: "leaf", domain: "leaf", agentDomain: "leaf" },
  createTime: TIME,
  updateTime: "any",
  autoRelease: "leaf",
  releaseTime: "any",
  vols: "any",
  queueLen: "leaf",
  nets: ["any"],
  desc: "leaf",
};

/** Fields no column may show: they hold credentials. */
const SECRET = new Set(["app.creds", "app.SSHAuths[].BaseOn.Cred.password"]);

export type JobPath = readonly (string | number)[];

/** "app.urls.port_22.urls[0]" → ["app", "urls", "port_22", "urls", 0], checked against the Job; or what is wrong. */
export function parseJobPath(text: string): { path: JobPath } | { error: string } {
  const steps: (string | number)[] = [];
  if (text.length > 200) return { error: "longer than 200 characters" };
  for (const part of text.split(".")) {
    const m = /^([A-Za-z_][A-Za-z0-9_-]*)((?:\[\d{1,6}\])*)$/.exec(part);
    if (!m) return { error: `"${part}" is not a field name (letters, digits, _ and -, then [N] indexes)` };
    steps.push(m[1] as string);
    for (const i of (m[2] ?? "").matchAll(/\[(\d+)\]/g)) steps.push(Number(i[1]));
  }
  let shape: Shape = JOB;
  let at = "";
  let generic = "";
  for (const step of steps) {
    if (shape === "any") break;
    if (shape === "leaf") return { error: `${at} has no fields` };
    if (Array.isArray(shape)) {
      if (typeof step !== "number") return { error: `${at} is a list: index it, ${at}[0]` };
      shape = shape[0] as Shape;
      at += `[${step}]`;
      generic += "[]";
      continue;
    }
    if (typeof step === "number") return { error: `${at || "the job"} is not a list` };
    const table = shape as { readonly [k: string]: Shape };
    const next: Shape | undefined = Object.hasOwn(table, step) ? table[step] : table["*"];
    at = at ? `${at}.${step}` : step;
    generic = generic ? `${generic}.${step}` : step;
    if (SECRET.has(generic)) return { error: `${at} holds a credential: no column shows it` };
    if (next === undefined) return { error: `unknown field "${step}"${fieldsOf(table, at)}` };
    shape = next;
  }
  if (SECRET.has(generic)) return { error: `${at} holds a credential: no column shows it` };
  return { path: steps };
}

function fieldsOf(table: { readonly [k: string]: Shape }, at: string): string {
  const keys = Object.keys(table).filter((k) => k !== "*");
  const where = at.includes(".") ? ` of ${at.slice(0, at.lastIndexOf("."))}` : " of the job";
  return keys.length ? `${where} (it has ${keys.join(", ")})` : "";
}

/** How much of a value is read and masked before it is cut to a cell's text. */
const LOOK = 4096;

/**
 * What `path` yields on `job`, as one short line (masked; sanitised where it is drawn); "" when
 * absent. Masked before it is cut: cut first, a token cut through was no shape masking knows, and
 * the masks before it (K_TOKEN=<170 characters> became K_TOKEN=••••••) brought its first half
 * into the cell. A value longer than LOOK loses the word its cut went through before masking.
 */
export function pathText(job: unknown, path: JobPath, max = 200): string {
  let v: unknown = job;
  for (const step of path) {
    if (v === null || typeof v !== "object") return "";
    v =
      typeof step === "number"
        ? Array.isArray(v)
          ? v[step]
          : undefined
        : Object.hasOwn(v, step)
          ? (v as Record<string, unknown>)[step]
          : undefined;
  }
  if (v === undefined || v === null) return "";
  let text: string;
  let cut: boolean;
  if (typeof v === "string") {
    cut = v.length > LOOK;
    text = cutText(v, LOOK);
  } else {
    text = compactJson(v, LOOK);
    cut = text.endsWith("…"); // JSON of a whole value ends with } or ], or is a number or a word
    if (cut) text = text.slice(0, -1);
  }
  // The piece of a token at the cut, which no pattern would know for one.
  if (cut) text = text.replace(/[\w+/=.~%-]+$/, "");
  const masked = maskSecrets(text);
  // Kept in the index's entry: a string of its own, not a view of the job's (cut-text.ts).
  return cut || masked.length > max
    ? `${cutText(masked, clusterCut(masked, max - 1))}…`
    : cutText(masked, max);
}
