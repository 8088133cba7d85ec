// The lines of the open picker: what `c` can copy, or what `x` can connect to.
import { useMemo } from "react";
import type { Job } from "../api/schema.js";
import { sanitize } from "../model/sanitize.js";
import { sshTargets } from "../model/ssh.js";
import { copyEntries, entryText } from "./copy-entries.js";
import type { Overlay } from "./ui-state.js";

export function usePickerLines(overlay: Overlay, job: Job | undefined, showSecrets: boolean): string[] {
  return useMemo(() => {
    if (overlay === "picker") return copyEntries(job).map((e) => ` ${entryText(e, showSecrets)}`);
    if (overlay === "connect" && job)
      return sshTargets(job).map((t, i) => ` [${i + 1}] ${sanitize(t.command)}`);
    return [];
  }, [overlay, job, showSecrets]);
}
