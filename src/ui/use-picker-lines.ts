// The lines of the open picker: what `c` can copy, or what `x` can connect to.
import { useMemo } from "react";
import type { Job } from "../api/schema.js";
import { sanitize } from "../model/sanitize.js";
import { sshTargets } from "../model/ssh.js";
import type { PortNames } from "../model/urls.js";
import { copyEntries, entryText } from "../render/copy-entries.js";
import type { Overlay } from "../render/ui-state.js";

export function usePickerLines(
  overlay: Overlay,
  job: Job | undefined,
  showSecrets: boolean,
  names: PortNames,
): string[] {
  const { protocols, ports } = names;
  return useMemo(() => {
    if (overlay === "picker") {
      const entries = copyEntries(job, { protocols, ports });
      return entries.map((e) => ` ${entryText(e, showSecrets, entries.length)}`);
    }
    if (overlay === "connect" && job)
      return sshTargets(job).map((t, i) => ` [${i + 1}] ${sanitize(t.command)}`);
    return [];
  }, [overlay, job, showSecrets, protocols, ports]);
}
