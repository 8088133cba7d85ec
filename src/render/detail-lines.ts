// The detail pane's content as plain styled lines, wrapped to the pane width. Building lines
// (rather than nested boxes) lets the pane scroll by line and never wrap outside its box.
// Every field the service sizes is capped (rows and characters) before it is touched, so a job
// with a 10 MB `desc` or 124 000 log entries costs what its few shown rows cost. The pane is
// built in two parts: the head (ages, durations, highlights: rebuilt at each poll, and small
// whatever the job) and the body (everything else: rebuilt only when its content changed).
import type { Job } from "../api/schema.js";
import { defaultKeyWords, type KeyWords } from "../keys/keymap.js";
import { compactJson } from "../model/compact-json.js";
import { type Cap, countParts, cutIndex, excerpt } from "../model/excerpt.js";
import {
  displayWidth,
  formatAge,
  formatCount,
  formatDuration,
  formatTime,
  truncate,
  wrap,
} from "../model/format.js";
import { sameJson } from "../model/same.js";
import { sanitize } from "../model/sanitize.js";
import { type EnvVar, maskSecrets, maskValue, parseEnvs } from "../model/secrets.js";
import { statusStyle } from "../model/status.js";
import { buildTimeline, lastEntries } from "../model/timeline.js";
import { timeOf } from "../model/times.js";
import { jobUrls, portText, urlPortLabels } from "../model/urls.js";
import { linkTarget } from "../terminal/hyperlinks.js";
import { timeSummary } from "./time-in-status.js";

export interface Line {
  text: string;
  color?: string;
  bold?: boolean;
  dim?: boolean;
  inverse?: boolean;
  /** An OSC 8 link target for the line's text (a URL, already on screen as the text). */
  link?: string;
}

export interface DetailOptions {
  width: number;
  nowSec: number;
  labels: Record<number, string>;
  /** Names of port protocol numbers; the spec does not say what 1 and 2 mean. */
  protocolLabels?: Record<number, string>;
  /** Names of port numbers ([ports] in the config: 6006 = "tensorboard"). */
  portNames?: Record<number, string>;
  showSecrets: boolean;
  /** Long fields (cmd, envs, desc) up to their CAPS; else COLLAPSED, with "… N more". */
  expanded?: boolean;
  /** Is this log entry new (highlighted)? */
  isNewEntry: (entryId: string) => boolean;
  /**
   * The keys lines name ("c copies a URL"), as in force (src/keys/keymap.ts's keyWords; jobtop's
   * own by default); false for `jobtop get`, whose reader has no keys.
   */
  keyHints?: KeyWords | false;
  /** Write the URLs as OSC 8 links (--hyperlinks). */
  links?: boolean;
  /** Every value, row, URL and log entry, no cap at all: `jobtop get`, which a script reads. */
  whole?: boolean;
  /** The stuck rules the job breaks and its flapping, in words (render/alert-marks.ts alertLine). */
  alert?: string;
}

/** The state timeline shows the newest entries, and how many came before them. */
export const TIMELINE_MAX = 50;
/** What each field may contribute to the pane. */
export const CAPS = {
  desc: { rows: 40, chars: 4000 },
  cmd: { rows: 20, chars: 2000 },
  /** Environment: variables shown, and characters of `envs` looked at for them. */
  envs: { vars: 40, chars: 4000 },
  /** Any other single value (a name, a URL, a password): characters. */
  value: 500,
  urls: 30,
  ports: 40,
  sshUsers: 20,
} as const;
type Caps = {
  desc: Cap;
  cmd: Cap;
  envs: { vars: number; chars: number };
  value: number;
  urls: number;
  ports: number;
  sshUsers: number;
};
const ALL: Cap = { rows: Number.POSITIVE_INFINITY, chars: Number.POSITIVE_INFINITY };
const NO_CAPS: Caps = {
  desc: ALL,
  cmd: ALL,
  envs: { vars: ALL.rows, chars: ALL.chars },
  value: ALL.chars,
  urls: ALL.rows,
  ports: ALL.rows,
  sshUsers: ALL.rows,
};
const capsOf = (o: { whole?: boolean }): Caps => (o.whole ? NO_CAPS : CAPS);
/** The port labels before the URLs are padded to one column up to this width. */
const LABEL_COLUMN = 24;
/** Long fields until Enter on the detail expands them: a few rows each. */
export const COLLAPSED = { rows: 3, vars: 4 } as const;
/** A value in the "more" section (compact JSON), in characters. */
export const MORE_VALUE = 80;
/** " · Enter expands", with the key in force (none: no hint). */
const expandHint = (o: Pick<DetailOptions, "keyHints">) => {
  const k = o.keyHints === false ? "" : (o.keyHints ?? defaultKeyWords()).expand;
  return k ? ` · ${k} expands` : "";
};
/** The key of `command` in force for a hint, or "" (no hint): none bound, or `jobtop get`. */
const hintKey = (o: Pick<DetailOptions, "keyHints">, command: "copy" | "json") =>
  o.keyHints === false ? "" : (o.keyHints ?? defaultKeyWords())[command];

/** The whole pane. */
export function detailLines(job: Job, o: DetailOptions): Line[] {
  return detailHead(job, o).concat(detailBody(job, o), detailMore(job, [], o));
}

/** The part that changes with time: name, status, owner, age, and the state timeline's tail. */
export function detailHead(job: Job, o: DetailOptions): Line[] {
  const { out, push, section, facts } = builder(o.width);
  const value = cutTo(capsOf(o).value);
  const st = statusStyle(job.status, o.labels);
  // Free text: masked as the command and the description are, until `s` shows secrets.
  push(value(o.showSecrets ? job.app.remark : maskSecrets(job.app.remark)) || "(no name)", { bold: true });
  facts([`id ${job.id}`, value(job.displayID) || "—", `status ${st.symbol} ${st.label}`], {
    color: st.color,
  });
  // Rule names are the config's own (letters, digits, . _ -): nothing of the service's.
  if (o.alert) facts([o.alert]);
  // The queue goes with the node, on the shorter line: last on the created line, it wrapped alone
  // as "queue" / "0" at 150 columns.
  const owner = [
    `owner ${job.ctx.ownerId}`,
    `node ${value(job.ctx.nodeDisplayID) || "—"} (id ${job.ctx.nodeId})`,
  ];
  if (job.ctx.class) owner.push(`class ${value(job.ctx.class)}`);
  facts(owner.concat(`queue ${job.queueLen}`));
  facts([
    `created ${formatTime(job.createTime.seconds)} (${formatAge(o.nowSec - job.createTime.seconds)} ago)`,
    `autoRelease ${job.autoRelease ? "yes" : "no"}`,
  ]);

  section("State timeline");
  const { entries, earlier } = lastEntries(job.state.log, o.whole ? job.state.log.length : TIMELINE_MAX);
  const timeline = buildTimeline(entries, o.nowSec);
  if (timeline.length === 0) push("no log entries", { dim: true }, "  ");
  if (earlier > 0) push(`… ${formatCount(earlier)} earlier`, { dim: true }, "  ");
  let labelWidth = 1;
  for (const t of timeline) labelWidth = Math.max(labelWidth, statusStyle(t.status, o.labels).label.length);
  for (const t of timeline) {
    const s = statusStyle(t.status, o.labels);
    const fresh = o.isNewEntry(t.id);
    // The current state's ▶ and a new entry's ✱ each have a cell: a job that changes every few
    // seconds keeps its newest entry marked new, and ▶ must not go with it. The two cells take the
    // place of the indent: the symbols stay in their column, and the line no longer.
    const mark = `${t.current ? "▶" : " "}${fresh ? "✱" : " "}`;
    const head = `${mark} ${s.symbol} ${s.label.padEnd(labelWidth)}  `;
    const took = `  ${formatDuration(t.durationSec, { coarse: t.current })}`;
    const at = formatTime(t.ts);
    // The longest of these that fits: in a 52-wide pane (120 columns) "so far" wrapped as "so" /
    // "far", in a 42-wide one (100 columns) the duration as "1m" / "10s". The zone and then the
    // year give way first: the head's "created …" line still names them.
    const noZone = at.replace(/ \S+$/, "");
    const fits = [
      ...(t.current ? [`${head}${at}${took} so far`] : []),
      `${head}${at}${took}`,
      `${head}${noZone}${took}`,
      `${head}${noZone.replace(/^\d{4}-/, "")}${took}`,
    ];
    const text = fits.find((f) => displayWidth(f) <= o.width) ?? (fits.at(-1) as string);
    push(text, { color: s.color, bold: fresh || t.current, inverse: fresh });
  }
  const summary = timeSummary(job, o.nowSec, o.labels);
  if (summary) push(summary, { dim: true }, "  ");
  return out;
}

/** What the body is built from, and all it reads. */
export type BodyInput = Pick<Job, "app" | "res" | "desc">;
export type BodyOptions = Pick<
  DetailOptions,
  "width" | "protocolLabels" | "portNames" | "showSecrets" | "keyHints" | "expanded" | "links" | "whole"
>;

/** Same body content: a body built from `a` is the body of `b` (see src/model/same.ts for the cost). */
export function sameBody(a: BodyInput, b: BodyInput): boolean {
  return a === b || (a.desc === b.desc && sameJson(a.res, b.res) && sameJson(a.app, b.app));
}

/** Ports, URLs, users, resources, command, environment, image and description. */
export function detailBody(job: BodyInput, o: BodyOptions): Line[] {
  const { out, push, section, field } = builder(o.width);
  const caps = capsOf(o);
  const value = cutTo(caps.value);
  const secret = (v: string) => (o.showSecrets ? value(v) : maskValue(v));
  /** Free text that may hold secrets (a URL's password, --token X, NAME=VALUE): masks them only. */
  const free = (v: string) => (o.showSecrets ? v : maskSecrets(v));
  const { app, res } = job;

  section("Ports and URLs");
  const names = { protocols: o.protocolLabels, ports: o.portNames };
  const ports: string[] = [];
  for (let i = 0; i < app.ports.length && i < caps.ports; i++) {
    const p = app.ports[i] as (typeof app.ports)[number];
    ports.push(portText(String(p.port), [p.protocol], names));
  }
  if (app.ports.length > caps.ports) ports.push(`… ${formatCount(app.ports.length - caps.ports)} more`);
  if (ports.length > 0) push(`ports ${ports.join(", ")}`, { dim: true }, "  ");
  const urls = jobUrls(job);
  if (urls.length === 0) push("no URLs", { dim: true }, "  ");
  // Each URL with its port ("6006/tcp tensorboard"), the labels in one column.
  const shownUrls = urls.slice(0, caps.urls);
  const labelOf = urlPortLabels(app, names);
  const labels = shownUrls.map((u) => sanitize(value(labelOf(u.port))));
  let column = 0;
  for (const l of labels) column = Math.max(column, Math.min(LABEL_COLUMN, displayWidth(l)));
  const numbers = `[${shownUrls.length}] `.length;
  for (let i = 0; i < shownUrls.length; i++) {
    const u = shownUrls[i] as (typeof urls)[number];
    const label = labels[i] as string;
    const shown = free(value(u.url));
    const link = o.links ? linkTarget(u.url, shown) : undefined;
    const pad = " ".repeat(Math.max(0, column - displayWidth(label)));
    const head = `${`[${u.n}] `.padEnd(numbers)}${label}`;
    const line = `${head}${pad}  ${shown}`;
    // A URL that does not fit beside its label starts a line of its own, under the label: wrapped
    // where the pane ended, it split inside the port ("…:400" / "98?token=…") or the mask.
    if (displayWidth(sanitize(line)) > o.width - 2) {
      push(head, {}, "  ");
      push(shown, link ? { link } : {}, " ".repeat(2 + numbers), true);
    } else push(line, link ? { link } : {}, "  ", true);
  }
  if (urls.length > caps.urls)
    push(`… ${formatCount(urls.length - caps.urls)} more URLs`, { dim: true }, "  ");
  if (urls.length > 0 && hintKey(o, "copy")) push(`${hintKey(o, "copy")} copies a URL`, { dim: true }, "  ");

  if (app.SSHAuths.length > 0) {
    section("SSH users");
    for (const a of app.SSHAuths.slice(0, caps.sshUsers))
      push(`${value(a.BaseOn.Cred.user)}  password ${secret(a.BaseOn.Cred.password)}`, {}, "  ");
    if (app.SSHAuths.length > caps.sshUsers)
      push(`… ${formatCount(app.SSHAuths.length - caps.sshUsers)} more users`, { dim: true }, "  ");
  }
  if (app.creds) push(`creds ${secret(app.creds)}`, {}, "  ");

  section("Resources");
  const gpu = res.gpus > 0 ? `${res.gpus}× ${value(res.gpuName) || "GPU"}` : "no GPU";
  push(`${res.cpus} CPU · ${gpu} · ${res.diskGB} GB disk`, {}, "  ");
  if (res.domain) push(`domain ${value(res.domain)} (agent ${res.agentDomain})`, { dim: true }, "  ");

  const expanded = o.expanded || o.whole;
  const long = (cap: Cap): Cap =>
    expanded ? cap : { rows: Math.min(cap.rows, COLLAPSED.rows), chars: cap.chars };
  const hint = expanded ? "" : expandHint(o);
  section("Command");
  field(app.cmd || "(none)", long(caps.cmd), hint, free);

  const envs = envVars(app.envs, expanded ? caps.envs.vars : COLLAPSED.vars, caps);
  if (envs.vars.length > 0 || envs.more > 0) {
    section("Environment");
    for (const e of envs.vars) push(`${e.name}=${e.secret ? secret(e.value) : free(e.value)}`, {}, "  ");
    if (envs.more > 0)
      push(
        `… ${formatCount(envs.more)} more variable${envs.more === 1 ? "" : "s"}${expanded ? "" : expandHint(o)}`,
        {
          dim: true,
        },
        "  ",
      );
  }

  section("Image");
  push(
    `image ${orNone(app.fromImageId, "—")} · snapshot ${orNone(app.fromSnapshotId, "none")}` +
      (app.name ? ` · app ${value(app.name)}${app.ver ? ` ${value(app.ver)}` : ""}` : "") +
      (app.hostname ? ` · host ${value(app.hostname)}` : ""),
    {},
    "  ",
  );

  if (job.desc) {
    section("Description");
    field(job.desc, long(caps.desc), hint, free);
  }
  return out;
}

/** A single value cut to `max` characters (marked "…") before anything else looks at it. */
function cutTo(max: number): (s: string) => string {
  return (s) => {
    const end = cutIndex(s, max);
    return end < s.length ? `${s.slice(0, end)}…` : s;
  };
}

/**
 * The first variables of `envs` ("A=1;B=2"), looking at no more than caps.envs.chars of it, and
 * how many more there are (counted in place). A value longer than caps.value is cut; its name,
 * which decides the masking, comes first and is whole unless it is itself that long.
 */
function envVars(envs: string, max: number, caps: Caps): { vars: EnvVar[]; more: number } {
  const vars: EnvVar[] = [];
  const value = cutTo(caps.value);
  let pos = 0;
  while (pos < envs.length && pos < caps.envs.chars && vars.length < max) {
    const semi = envs.indexOf(";", pos);
    const end = semi < 0 ? envs.length : semi;
    for (const v of parseEnvs(value(envs.slice(pos, Math.min(end, pos + caps.value + 1))))) vars.push(v);
    pos = end + 1;
  }
  return { vars, more: pos < envs.length ? countParts(envs, ";", pos) : 0 };
}

function builder(width: number) {
  const out: Line[] = [];
  const w = Math.max(1, width);
  const push = (text: string, style: Omit<Line, "text"> = {}, indent = "", hard = false) => {
    for (const part of wrap(sanitize(text), Math.max(1, w - indent.length), { hard })) {
      out.push({ text: indent + part, ...style });
    }
  };
  const section = (title: string) => {
    out.push({ text: "" });
    out.push({ text: title, bold: true, color: "cyan" });
  };
  /** Facts joined by " · ", a line broken between two facts only (one wider than the pane wraps alone). */
  const facts = (parts: string[], style: Omit<Line, "text"> = {}) => {
    let line = "";
    for (const part of parts) {
      const joined = line === "" ? part : `${line} · ${part}`;
      if (line !== "" && displayWidth(sanitize(joined)) > w) {
        push(line, style);
        line = part;
      } else line = joined;
    }
    if (line !== "") push(line, style);
  };
  /** A multi-line field of any size: its first rows within `cap`, and a note of what is left out. */
  const field = (text: string, cap: Cap, hint: string, mask?: (line: string) => string, indent = "  ") => {
    const e = excerpt(text, Math.max(1, w - indent.length), cap, mask);
    for (const row of e.rows) out.push({ text: indent + row });
    if (e.note)
      out.push({ text: indent + truncate(e.note + hint, Math.max(1, w - indent.length)), dim: true });
  };
  return { out, push, section, field, facts };
}

/** The spec writes 0 for "no image" / "not from a snapshot"; ids are decimal strings. */
function orNone(id: string, none: string): string {
  return id === "0" ? none : id;
}

/**
 * The fields the sections above leave out, compact: ids and flags the spec lists without saying
 * what they are for, fields it only shows as null (any JSON may come there), and fields it does
 * not know at all (`unknown`, from the job as sent). Every value is cut to MORE_VALUE characters.
 */
export function detailMore(
  job: Job,
  unknown: readonly [string, unknown][],
  o: Pick<DetailOptions, "width" | "showSecrets" | "whole" | "keyHints">,
): Line[] {
  const { out, push, section } = builder(o.width);
  const caps = capsOf(o);
  const value = cutTo(caps.value);
  const show = (v: unknown) => {
    const text = compactJson(v, o.whole ? caps.value : MORE_VALUE);
    return o.showSecrets ? text : maskSecrets(text);
  };
  /** A time the spec shows only as null: local, as the other times; else its JSON. */
  const time = (v: unknown) => {
    const t = timeOf(v);
    return t === undefined ? show(v) : formatTime(t);
  };
  section("More");
  const { ctx, app } = job;
  push(
    `client ${ctx.clientID} · node domain ${ctx.nodeDomain} · aotuRelease ${ctx.aotuRelease ? "yes" : "no"}` +
      ` · app format ${app.format}`,
    { dim: true },
    "  ",
  );
  const nulls: [string, string][] = [
    ["updateTime", time(job.updateTime)],
    ["releaseTime", time(job.releaseTime)],
    ["ctx.releaseTime", time(ctx.releaseTime)],
    ["vols", show(job.vols)],
    ["nets", show(job.nets)],
    ["files", show(app.files)],
    ["netConfig", show(app.netConfig)],
  ];
  push(nulls.map(([k, v]) => `${k} ${v}`).join(" · "), { dim: true }, "  ");
  const creds = app.SSHAuths.slice(0, caps.sshUsers).map(
    (a) => `${value(a.BaseOn.Cred.user) || "—"} ${a.BaseOn.Cred.id}`,
  );
  if (creds.length > 0) push(`credential ids: ${creds.join(", ")}`, { dim: true }, "  ");
  const extra: string[] = [];
  for (let i = 0; i < app.ports.length && i < caps.ports; i++) {
    const p = app.ports[i] as (typeof app.ports)[number];
    extra.push(`${p.port} ${show(p.extraData)}`);
  }
  if (extra.length > 0) push(`port extraData: ${extra.join(" · ")}`, { dim: true }, "  ");
  for (const [path, v] of unknown) push(`${path} ${show(v)}`, { color: "yellow" }, "  ");
  if (unknown.length > 0)
    push(
      `(fields the spec does not know${hintKey(o, "json") ? `; ${hintKey(o, "json")} shows the whole job` : ""})`,
      { dim: true },
      "  ",
    );
  return out;
}
