// The detail pane's content as plain styled lines, wrapped to the pane width. Building lines
// (rather than nested boxes) lets the pane scroll by line and never wrap outside its box.
import type { Job } from "../api/schema.js";
import { formatAge, formatDuration, formatTime, wrap } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { maskSecrets, maskValue, parseEnvs } from "../model/secrets.js";
import { statusStyle } from "../model/status.js";
import { buildTimeline } from "../model/timeline.js";
import { jobUrls } from "../model/urls.js";

export interface Line {
  text: string;
  color?: string;
  bold?: boolean;
  dim?: boolean;
  inverse?: boolean;
}

export interface DetailOptions {
  width: number;
  nowSec: number;
  labels: Record<number, string>;
  showSecrets: boolean;
  /** Is this log entry new (highlighted)? */
  isNewEntry: (entryId: string) => boolean;
}

export function detailLines(job: Job, o: DetailOptions): Line[] {
  const out: Line[] = [];
  const w = Math.max(1, o.width);
  const push = (text: string, style: Omit<Line, "text"> = {}, indent = "", hard = false) => {
    for (const part of wrap(sanitize(text), Math.max(1, w - indent.length), { hard })) {
      out.push({ text: indent + part, ...style });
    }
  };
  const section = (title: string) => {
    out.push({ text: "" });
    out.push({ text: title, bold: true, color: "cyan" });
  };
  const secret = (v: string) => (o.showSecrets ? v : maskValue(v));
  /** Free text that may hold secrets (a URL's password, --token X, NAME=VALUE): masks them only. */
  const free = (v: string) => (o.showSecrets ? v : maskSecrets(v));
  const st = statusStyle(job.status, o.labels);

  push(job.app.remark || "(no name)", { bold: true });
  push(`id ${job.id} · ${job.displayID || "—"} · status ${st.symbol} ${st.label}`, { color: st.color });
  push(
    `owner ${job.ctx.ownerId} · node ${job.ctx.nodeDisplayID || "—"} (id ${job.ctx.nodeId})` +
      (job.ctx.class ? ` · class ${job.ctx.class}` : ""),
  );
  push(
    `created ${formatTime(job.createTime.seconds)} (${formatAge(o.nowSec - job.createTime.seconds)} ago)` +
      ` · autoRelease ${job.autoRelease ? "yes" : "no"} · queue ${job.queueLen}`,
  );

  section("State timeline");
  const timeline = buildTimeline(job.state.log, o.nowSec);
  if (timeline.length === 0) push("no log entries", { dim: true }, "  ");
  const labelWidth = Math.max(...timeline.map((t) => statusStyle(t.status, o.labels).label.length), 1);
  for (const t of timeline) {
    const s = statusStyle(t.status, o.labels);
    const fresh = o.isNewEntry(t.id);
    const mark = fresh ? "✱" : t.current ? "▶" : " ";
    const text = `${mark} ${s.symbol} ${s.label.padEnd(labelWidth)}  ${formatTime(t.ts)}  ${formatDuration(t.durationSec, { coarse: t.current })}${t.current ? " so far" : ""}`;
    push(text, { color: s.color, bold: fresh || t.current, inverse: fresh }, " ");
  }

  section("Ports and URLs");
  const urls = jobUrls(job);
  const ports = job.app.ports.map(
    (p) => `${p.port}/${p.protocol === 1 ? "tcp" : p.protocol === 2 ? "udp" : p.protocol}`,
  );
  if (ports.length > 0) push(`ports ${ports.join(", ")}`, { dim: true }, "  ");
  if (urls.length === 0) push("no URLs", { dim: true }, "  ");
  for (const u of urls) push(`[${u.n}] ${free(u.url)}`, {}, "  ", true);
  if (urls.length > 0) push("c copies a URL", { dim: true }, "  ");

  if (job.app.SSHAuths.length > 0) {
    section("SSH users");
    for (const a of job.app.SSHAuths)
      push(`${a.BaseOn.Cred.user}  password ${secret(a.BaseOn.Cred.password)}`, {}, "  ");
  }
  if (job.app.creds) push(`creds ${secret(job.app.creds)}`, {}, "  ");

  section("Resources");
  const gpu = job.res.gpus > 0 ? `${job.res.gpus}× ${job.res.gpuName || "GPU"}` : "no GPU";
  push(`${job.res.cpus} CPU · ${gpu} · ${job.res.diskGB} GB disk`, {}, "  ");
  if (job.res.domain) push(`domain ${job.res.domain} (agent ${job.res.agentDomain})`, { dim: true }, "  ");

  section("Command");
  push(free(job.app.cmd) || "(none)", {}, "  ");

  const envs = parseEnvs(job.app.envs);
  if (envs.length > 0) {
    section("Environment");
    for (const e of envs) push(`${e.name}=${e.secret ? secret(e.value) : free(e.value)}`, {}, "  ");
  }

  section("Image");
  push(
    `image ${orNone(job.app.fromImageId, "—")} · snapshot ${orNone(job.app.fromSnapshotId, "none")}` +
      (job.app.name ? ` · app ${job.app.name}${job.app.ver ? ` ${job.app.ver}` : ""}` : "") +
      (job.app.hostname ? ` · host ${job.app.hostname}` : ""),
    {},
    "  ",
  );

  if (job.desc) {
    section("Description");
    for (const line of job.desc.split("\n")) push(free(line), {}, "  ");
  }
  return out;
}

/** The spec writes 0 for "no image" / "not from a snapshot"; ids are decimal strings. */
function orNone(id: string, none: string): string {
  return id === "0" ? none : id;
}
