// What `c` offers for a job: its URLs (each with its port, as the detail pane labels it), then
// for each ssh URL the ready `ssh -p PORT USER@HOST` command, then each SSH user's password.
// Values are the real ones (copied); how each is shown is masked until `s`.
import type { Job } from "../api/schema.js";
import type { CopyEntry } from "../model/copy-plan.js";
import { displayWidth, truncate } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { maskSecrets, maskValue } from "../model/secrets.js";
import { sshTargets } from "../model/ssh.js";
import { jobUrls, type PortNames, urlPortLabels } from "../model/urls.js";

/** Entries in the picker, at most (a digit picks the first nine, ↑↓ Enter any). */
export const MAX_ENTRIES = 60;

/** A port's label longer than this is cut: the URL after it must stay in sight. */
const LABEL_WIDTH = 24;

export function copyEntries(job: Job | undefined, names: PortNames = {}): CopyEntry[] {
  if (!job) return [];
  const out: CopyEntry[] = [];
  const add = (e: Omit<CopyEntry, "n">) => {
    if (out.length < MAX_ENTRIES) out.push({ ...e, n: out.length + 1 });
  };
  const urls = jobUrls(job);
  const labelOf = urlPortLabels(job.app, names);
  const labels: string[] = [];
  let column = 0;
  for (let i = 0; i < urls.length && i < MAX_ENTRIES; i++) {
    // A port key is the service's text, of any length: only its start can show.
    const port = (urls[i] as (typeof urls)[number]).port.slice(0, 4 * LABEL_WIDTH);
    const label = truncate(sanitize(labelOf(port)), LABEL_WIDTH);
    labels.push(label);
    column = Math.max(column, displayWidth(label));
  }
  for (const [i, label] of labels.entries()) {
    const u = urls[i] as (typeof urls)[number];
    const pad = " ".repeat(column - displayWidth(label));
    add({ kind: "url", value: u.url, what: `URL [${u.n}]`, label: label + pad });
  }
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

/** One picker line: the number (padded to the width of the last, `of`), then the entry as it may be shown. */
export function entryText(e: CopyEntry, showSecrets: boolean, of = e.n): string {
  const n = `[${e.n}] `.padEnd(`[${of}] `.length);
  switch (e.kind) {
    case "url":
      return `${n}${e.label ? `${e.label}  ` : ""}${sanitize(showSecrets ? e.value : maskSecrets(e.value))}`;
    case "ssh":
      return `${n}${sanitize(e.value)}`;
    case "password":
      return `${n}${e.what}: ${showSecrets ? sanitize(e.value) : maskValue(e.value)}`;
  }
}
