// `x`: ssh to the selected job in this terminal, and back to jobtop when ssh ends.
//
// The password is never handed to ssh by jobtop: not in its argv (any user on the machine can
// read a process's command line in `ps`), not in its environment (sshpass-style), and not through
// SSH_ASKPASS (ssh would run the helper for host-key questions too, and a helper needs the
// password from somewhere jobtop would have to put it). The user types it at ssh's own prompt;
// `c` copies it first. The bearer token leaves jobtop's environment for ssh's as well.
import { sanitize } from "../model/sanitize.js";
import type { SshTarget } from "../model/ssh.js";
import type { ForegroundResult, Screen } from "./screen.js";

/** The status ssh exits with when it failed itself (it cannot resolve, connect, authenticate…). */
const SSH_FAILED = 255;

export function runSsh(run: Screen["runForeground"], t: SshTarget, jobId: string): string {
  const env = { ...process.env };
  delete env.JOBTOP_TOKEN;
  const password = t.password
    ? `  The password of ${t.user || "the user"} is not passed to ssh: type or paste it at its prompt` +
      " (c in jobtop copies it).\n"
    : "";
  const banner = sanitize(
    `jobtop: job ${jobId}: ${t.command}\n${password}  jobtop comes back when ssh ends.\n\n`,
    {
      multiline: true,
    },
  );
  // ssh's own failure is 255 (ssh(1)); any other status is the remote shell's, its last command's
  // (130 after a Ctrl+C there), at the end of a session the user saw: no Enter to wait for.
  return outcome(run("ssh", t.args, { banner, env, failed: (status) => status === SSH_FAILED }));
}

/** The status line after ssh: how it ended. */
function outcome(r: ForegroundResult): string {
  if (!r.ok) return `ssh: ${r.error}`;
  if (r.signal) return `ssh ended by ${r.signal}`;
  return r.status === 0 ? "back from ssh" : `ssh ended with status ${r.status}`;
}
