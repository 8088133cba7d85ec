// A job's URLs, flattened from the `port_<n>` map and numbered so a digit picks one.
import type { Job } from "../api/schema.js";

export interface JobUrl {
  n: number;
  port: string;
  url: string;
  kind: "ssh" | "https" | "other";
}

export function jobUrls(job: { app: Pick<Job["app"], "urls"> }): JobUrl[] {
  const keys = Object.keys(job.app.urls).sort((a, b) => portOf(a) - portOf(b) || a.localeCompare(b));
  const out: JobUrl[] = [];
  for (const key of keys) {
    for (const url of job.app.urls[key]?.urls ?? []) {
      const kind = url.startsWith("ssh://") ? "ssh" : url.startsWith("https://") ? "https" : "other";
      out.push({ n: out.length + 1, port: key.replace(/^port_/, ""), url, kind });
    }
  }
  return out;
}

function portOf(key: string): number {
  const n = Number(key.replace(/^port_/, ""));
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
}
