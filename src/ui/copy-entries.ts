// What `c` offers for a job: its URLs, then for each ssh URL the ready `ssh -p PORT USER@HOST`
// command, then each SSH user's password. Values are the real ones (copied); how each is shown
// is masked until `s`.
import type { Job } from "../api/schema.js";
import type { CopyEntry } from "../model/copy-plan.js";
import { sanitize } from "../model/sanitize.js";
import { maskSecrets, maskValue } from "../model/secrets.js";
import { sshTargets } from "../model/ssh.js";
import { jobUrls } from "../model/urls.js";

/** Entries in the picker, at most (a digit picks the first nine, ↑↓ Enter any). */
export const MAX_ENTRIES = 60;

export function copyEntries(job: Job | undefined): CopyEntry[] {
  if (!job) return [];
  const out: CopyEntry[] = [];
  const add = (e: Omit<CopyEntry, "n">) => {
    if (out.length < MAX_ENTRIES) out.push({ ...e, n: out.length + 1 });
  };
  for (const u of jobUrls(job)) add({ kind: "url", value: u.url, what: `URL [${u.n}]` });
  const targets = sshTargets(job);
  for (const t of targets) add({ kind: "ssh", value: t.command, what: `ssh command (${t.command})` });
  // The passwords go with the ssh commands: a job without an ssh URL offers its URLs only.
  const users = new Set<string>();
  for (const a of targets.length > 0 ? job.app.SSHAuths : []) {
    const { user, password } = a.BaseOn.Cred;
    if (password === "" || users.has(user)) continue;
    users.add(user);
    add({ kind: "password", value: password, what: `SSH password for ${sanitize(user) || "(no user)"}` });
  }
  return out;
}

/** One picker line: the number, then the entry as it may be shown. */
export function entryText(e: CopyEntry, showSecrets: boolean): string {
  switch (e.kind) {
    case "url":
      return `[${e.n}] ${sanitize(showSecrets ? e.value : maskSecrets(e.value))}`;
    case "ssh":
      return `[${e.n}] ${sanitize(e.value)}`;
    case "password":
      return `[${e.n}] ${e.what}: ${showSecrets ? sanitize(e.value) : maskValue(e.value)}`;
  }
}
