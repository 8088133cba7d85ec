// The fields of a job the schema does not know: what a newer service added. Named by path
// ("app.gpuModel"), with their values as sent, for the detail pane's "more" section.
import { AppSchema, CtxSchema, JobSchema, ResSchema, StateSchema } from "./schema.js";

/** Objects whose own unknown keys are looked for; deeper ones show in the `y` view. */
const KNOWN: [path: string, keys: Set<string>][] = [
  ["", new Set(Object.keys(JobSchema.shape))],
  ["ctx", new Set(Object.keys(CtxSchema.shape))],
  ["app", new Set(Object.keys(AppSchema.shape))],
  ["res", new Set(Object.keys(ResSchema.shape))],
  ["state", new Set(Object.keys(StateSchema.shape))],
];

export function unknownFields(raw: unknown, max = 20): [path: string, value: unknown][] {
  const out: [string, unknown][] = [];
  if (!isObject(raw)) return out;
  for (const [path, keys] of KNOWN) {
    const obj = path === "" ? raw : raw[path];
    if (!isObject(obj)) continue;
    for (const k in obj) {
      if (out.length >= max) return out;
      if (Object.hasOwn(obj, k) && !keys.has(k)) out.push([path ? `${path}.${k}` : k, obj[k]]);
    }
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
