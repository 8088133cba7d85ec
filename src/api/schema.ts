// zod schemas for every object of the job service spec (docs/job-query-service.md §2).
// The TypeScript types are inferred from them, never written twice.
// z.object strips unknown keys, so extra fields a newer server adds are tolerated.
import * as z from "zod/mini";
import "../zod.js";
import { decodeLog } from "./log-entries.js";

/** A JSON integer (zod 4: a safe one). One schema, shared: schemas are immutable. */
const int = z.number().check(z.int());

/** Fields the spec only ever shows as null: accept any JSON value (or absence) there. */
const anyJson = z.optional(z.unknown());

/**
 * An identifier: a JSON integer, or a string of its digits (src/api/json.ts turns integers beyond
 * 2^53 into such strings so that no digit is lost). Kept as the exact decimal string: an id is
 * compared and sent back, never computed with.
 */
export const IdSchema = z.pipe(
  z.union([z.number().check(z.int()), z.string().check(z.regex(/^-?\d+$/, "expected an integer id"))]),
  z.transform((v) => String(v)),
);

export const TimeSchema = z.object({ seconds: int });

export const LogEntrySchema = z.object({
  id: IdSchema,
  status: int,
  ts: TimeSchema,
  sourceId: IdSchema,
});

const LogArraySchema = z.array(LogEntrySchema);

/**
 * state.log: what LogArraySchema accepts, checked by hand and shared with the last copy of the same
 * long log (log-entries.ts: a 200 000-entry log through zod cost ~0.75 s and 20 MB a copy); zod
 * itself only for a log it would reject, to name the problem as it always has.
 */
const LogSchema = z.pipe(
  z.custom<z.input<typeof LogArraySchema>>(),
  z.transform((raw, payload): z.output<typeof LogArraySchema> => {
    const log = decodeLog(raw);
    if (log) return log;
    const checked = LogArraySchema.safeParse(raw);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) payload.issues.push(issue as (typeof payload.issues)[number]);
    return [];
  }),
);

export const StateSchema = z.object({
  status: int,
  log: LogSchema,
});

export const CtxSchema = z.object({
  ownerId: IdSchema,
  nodeId: IdSchema,
  clientID: IdSchema,
  nodeDisplayID: z.string(),
  class: z.string(),
  /** Spelled exactly so by the service. */
  aotuRelease: z.boolean(),
  releaseTime: anyJson,
  nodeDomain: int,
});

export const PortSchema = z.object({
  port: int,
  protocol: int,
  extraData: anyJson,
});

export const UrlListSchema = z.object({ urls: z.array(z.string()) });

export const SshAuthSchema = z.object({
  BaseOn: z.object({
    Cred: z.object({ id: IdSchema, user: z.string(), password: z.string() }),
  }),
});

export const AppSchema = z.object({
  name: z.string(),
  ver: z.string(),
  envs: z.string(),
  format: int,
  files: anyJson,
  cmd: z.string(),
  hostname: z.string(),
  creds: z.string(),
  ports: z.array(PortSchema),
  /** One key per exposed port, `port_<n>`. */
  urls: z.record(z.string(), UrlListSchema),
  fromSnapshotId: IdSchema,
  SSHAuths: z.array(SshAuthSchema),
  netConfig: anyJson,
  remark: z.string(),
  fromImageId: IdSchema,
});

export const ResSchema = z.object({
  cpus: int,
  gpus: int,
  diskGB: int,
  gpuName: z.string(),
  domain: z.string(),
  agentDomain: int,
});

export const JobSchema = z.object({
  id: IdSchema,
  displayID: z.string(),
  status: int,
  state: StateSchema,
  ctx: CtxSchema,
  app: AppSchema,
  res: ResSchema,
  createTime: TimeSchema,
  updateTime: anyJson,
  autoRelease: z.boolean(),
  releaseTime: anyJson,
  vols: anyJson,
  queueLen: int,
  /** Shown only as an empty array; element type unknown. */
  nets: z.array(z.unknown()),
  desc: z.string(),
});

export const PaginationSchema = z.object({
  total: int,
  numPages: int,
  page: int,
  perPage: int,
});

/** The envelope every response shares; `job` is checked separately (one job, or a page job by job). */
export const EnvelopeSchema = z.object({
  code: int,
  msg: z.string(),
  job: z.optional(z.unknown()),
  pagination: z.optional(PaginationSchema),
});

export type Time = z.infer<typeof TimeSchema>;
export type LogEntry = z.infer<typeof LogEntrySchema>;
export type State = z.infer<typeof StateSchema>;
export type Ctx = z.infer<typeof CtxSchema>;
export type Port = z.infer<typeof PortSchema>;
export type SshAuth = z.infer<typeof SshAuthSchema>;
export type App = z.infer<typeof AppSchema>;
export type Res = z.infer<typeof ResSchema>;
export type Job = z.infer<typeof JobSchema>;
export type Pagination = z.infer<typeof PaginationSchema>;
export type Envelope = z.infer<typeof EnvelopeSchema>;
/** A job as the service sends it (ids may be numbers); the demo service builds these. */
export type WireJob = z.input<typeof JobSchema>;
export type WireLogEntry = z.input<typeof LogEntrySchema>;
