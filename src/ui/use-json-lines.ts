// The `y` view's lines for the selected job: the job as the service sent it when jobtop has it
// (fetched on its own: every field, unknown ones too), else as parsed (known fields only).
import { useMemo } from "react";
import { rawOf } from "../api/raw.js";
import type { Job } from "../api/schema.js";
import { type JsonLine, jsonLines } from "../render/json-lines.js";

export function useJsonLines(
  job: Job | undefined,
  width: number,
  showSecrets: boolean,
): { lines: JsonLine[]; title: string } | undefined {
  return useMemo(() => {
    if (!job) return undefined;
    const raw = rawOf(job);
    const what = raw === undefined ? " (known fields; all of them once its own request answers)" : "";
    const secrets = showSecrets ? " · secrets shown" : " · s secrets";
    return {
      lines: jsonLines(raw ?? job, { width, showSecrets }),
      title: ` Job ${job.id} as JSON${what}${secrets} · ↑↓ PgUp PgDn g G · y or Esc closes`,
    };
  }, [job, width, showSecrets]);
}
