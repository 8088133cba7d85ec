// A value of any size as one short line of JSON: the walk stops once `max` characters are
// written, so a 10 MB field costs what its first few dozen characters cost.
import { clusterCut } from "./width.js";

export function compactJson(value: unknown, max: number): string {
  let out = "";
  const full = () => out.length >= max;
  const put = (s: string) => {
    out += s.length > max - out.length + 1 ? s.slice(0, max - out.length + 1) : s;
  };
  const walk = (v: unknown, depth: number) => {
    if (full()) return;
    if (v === null || typeof v !== "object") {
      // A string is cut before it is quoted: JSON.stringify would copy all of it.
      put(typeof v === "string" ? JSON.stringify(v.length > max ? v.slice(0, max) : v) : String(v));
      return;
    }
    if (depth > 16) return put("…");
    if (Array.isArray(v)) {
      put("[");
      for (let i = 0; i < v.length && !full(); i++) {
        if (i > 0) put(",");
        walk(v[i], depth + 1);
      }
      return put("]");
    }
    put("{");
    let first = true;
    for (const k in v as Record<string, unknown>) {
      if (full()) break;
      if (!Object.hasOwn(v as object, k)) continue;
      if (!first) put(",");
      first = false;
      put(`${JSON.stringify(k.length > max ? k.slice(0, max) : k)}:`);
      walk((v as Record<string, unknown>)[k], depth + 1);
    }
    put("}");
  };
  walk(value, 0);
  return out.length > max ? `${out.slice(0, clusterCut(out, max - 1))}…` : out;
}
