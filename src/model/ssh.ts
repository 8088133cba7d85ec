// Connecting to a job: from each of its ssh:// URLs and SSH users, the ready command
// `ssh -p PORT USER@HOST` and the argv to run it with. Every part comes from the service, and
// an argv is run without a shell, but ssh still reads options from it: a host "-oProxyCommand=…"
// would run a command. So host, user and port must look like what they are, or no command is
// offered for that URL at all.
import type { Job } from "../api/schema.js";
import { decodes } from "./proxy-url.js";
import { isClean } from "./sanitize.js";
import { jobUrls } from "./urls.js";

export interface SshTarget {
  /** The URL it comes from. */
  url: string;
  host: string;
  port: string;
  /** Empty: ssh's own default (the local user name). */
  user: string;
  /** The arguments after `ssh`. */
  args: string[];
  /** As a person types it. */
  command: string;
  /** The user's password from SSHAuths, if the service gave one (never put in args or env). */
  password: string | undefined;
}

/** Users offered per URL, and targets in all, at most (a job may list thousands of URLs). */
export const MAX_SSH_USERS = 9;
export const MAX_SSH_TARGETS = 30;

const HOST = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;
const IPV6 = /^\[([0-9A-Fa-f:.]{2,45})\]$/;
const USER = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$/;

export function sshTargets(job: Pick<Job, "app">): SshTarget[] {
  const out: SshTarget[] = [];
  const auths = job.app.SSHAuths;
  for (const u of jobUrls(job)) {
    if (out.length >= MAX_SSH_TARGETS) break;
    if (u.kind !== "ssh") continue;
    const where = parseSshUrl(u.url);
    if (!where) continue;
    const users = where.user ? [where.user] : auths.slice(0, MAX_SSH_USERS).map((a) => a.BaseOn.Cred.user);
    if (users.length === 0) users.push("");
    const seen = new Set<string>();
    for (const user of users) {
      if (out.length >= MAX_SSH_TARGETS) break;
      if (seen.has(user) || (user !== "" && !USER.test(user))) continue;
      seen.add(user);
      const dest = user ? `${user}@${where.host}` : where.host;
      const password = auths.find((a) => a.BaseOn.Cred.user === user)?.BaseOn.Cred.password;
      out.push({
        url: u.url,
        host: where.host,
        port: where.port,
        user,
        args: ["-p", where.port, dest],
        command: `ssh -p ${where.port} ${dest}`,
        password: password || undefined,
      });
    }
  }
  return out;
}

/** Host, port and user of `ssh://[user@]host[:port]`, if each looks like one. */
export function parseSshUrl(url: string): { host: string; port: string; user: string } | undefined {
  // The URL parser drops tabs and newlines: "gw.exa\nmple" would become a host the service never
  // sent. A URL with any control character is refused whole, as copying it is (copy-plan.ts).
  if (!isClean(url)) return undefined;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== "ssh:" || u.password) return undefined;
  const v6 = IPV6.exec(u.hostname);
  const host = v6 ? (v6[1] as string) : u.hostname;
  if (!v6 && !HOST.test(host)) return undefined;
  const port = u.port || "22";
  if (!/^\d{1,5}$/.test(port) || port === "0" || Number(port) > 65535) return undefined;
  // The service's text: a bad %-escape ("ssh://%zz@host") threw URIError out of the picker.
  if (!decodes(u.username)) return undefined;
  const user = decodeURIComponent(u.username);
  if (user !== "" && !USER.test(user)) return undefined;
  return { host, port, user };
}
