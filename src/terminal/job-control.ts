// Whether jobtop can be suspended: a stopped job needs a shell with job control to continue it
// (`fg`). The kernel itself drops the terminal's stop signals for a process group that no such
// shell watches (POSIX: an orphaned process group), and so does jobtop: under `exec jobtop`,
// `ssh -t host jobtop` or a tmux pane that runs jobtop as its command, a stop would freeze the
// pane for good. Linux tells through /proc; where there is no /proc, jobtop assumes a shell.
import { readFileSync } from "node:fs";

interface ProcStat {
  ppid: number;
  pgrp: number;
  session: number;
}

function procStat(pid: number | "self"): ProcStat | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 2, the command name, is in parentheses and may itself hold spaces and ")".
    const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(f[1]), pgrp: Number(f[2]), session: Number(f[3]) };
  } catch {
    return undefined;
  }
}

/**
 * True when the nearest ancestor outside jobtop's process group is in its session: a shell
 * that put jobtop in a job of its own and can continue it.
 */
export function hasJobControl(): boolean {
  const self = procStat("self");
  if (!self) return true; // no /proc: cannot tell
  let pid = self.ppid;
  for (let depth = 0; depth < 64 && pid > 0; depth++) {
    const p = procStat(pid);
    if (!p) return true; // cannot tell
    if (p.pgrp !== self.pgrp) return p.session === self.session;
    pid = p.ppid;
  }
  return false;
}
