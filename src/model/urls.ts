// A job's URLs, flattened from the `port_<n>` map and numbered so a digit picks one, and what
// each URL's port is: its number, protocol and the name the config gives it.
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

/** The config's names: of protocol codes ([protocols]) and of port numbers ([ports]). */
export interface PortNames {
  protocols?: Record<number, string>;
  ports?: Record<number, string>;
}

const MAX_PROTOCOLS = 4;

/**
 * "6006/tcp tensorboard", "22 (proto 1)", "8000": a port, the protocols the job maps it with (by
 * their configured names, or their codes while one has none) and the port's configured name.
 */
export function portText(port: string, protocols: Iterable<number>, names: PortNames): string {
  // A port is mapped with one protocol, two at most (tcp and udp); a service that sends
  // thousands gets the first few named.
  const codes: (number | string)[] = [];
  for (const c of protocols) {
    if (codes.length === MAX_PROTOCOLS) {
      codes.push("…");
      break;
    }
    codes.push(c);
  }
  const named = codes.map((c) => (typeof c === "number" ? names.protocols?.[c] : c));
  let s = port;
  if (codes.length > 0)
    s += named.every((n) => n !== undefined) ? `/${named.join("+")}` : ` (proto ${codes.join("+")})`;
  const name = /^\d{1,5}$/.test(port) ? names.ports?.[Number(port)] : undefined;
  return name === undefined ? s : `${s} ${name}`;
}

/**
 * The label of each URL's port (JobUrl.port): the spec keys a job's URLs by its own port
 * (`port_<n>`; the URL carries the service's external one), and app.ports says that port's
 * protocol. A key no mapping lists keeps its number alone. One pass over app.ports.
 */
export function urlPortLabels(app: Pick<Job["app"], "ports">, names: PortNames): (port: string) => string {
  const protocols = new Map<string, Set<number>>();
  for (const p of app.ports) {
    const key = String(p.port);
    const set = protocols.get(key);
    if (set) set.add(p.protocol);
    else protocols.set(key, new Set([p.protocol]));
  }
  return (port) => portText(port, protocols.get(port) ?? [], names);
}
