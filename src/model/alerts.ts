// Stuck rules and flapping (issue 32). A rule ([[alerts]] in the config: src/config/insight-tables.ts)
// names statuses and a time: a job in one of them for longer than that (in_status: since its
// newest log entry) breaks it, if it also matches the rule's `match` (globs over remark, GPU
// name, node and class). A job flaps when its log holds more than N status changes in the last
// M minutes. Pure: `now` is an argument; the tracker that fires each job and rule once lives in
// src/poll/insight.ts and `jobtop --once --all --stuck` reads `breaks` directly.
import { changesSinceSec, inStatusSec } from "./durations.js";
import type { LogDigest } from "./log-digest.js";

export interface AlertMatch {
  remark?: string;
  gpu?: string;
  node?: string;
  class?: string;
}

export interface AlertRule {
  name: string;
  statuses: number[];
  longerThanSec: number;
  match?: AlertMatch;
}

/** What a rule reads of a job: the index's entry has it, and so does a full job (alertJob). */
export interface AlertJob {
  id: string;
  status: number;
  remark: string;
  gpuName: string;
  node: string;
  cls: string;
  log: LogDigest;
}

export interface Breach {
  rule: string;
  /** Seconds in the status (in_status). */
  forSec: number;
  status: number;
}

/**
 * `*` any run of characters, `?` one (a code point); the rest literal; the whole text must match.
 * Not a regular expression: `^.*a.*a.*a.*a.*a.*b$` backtracks (a glob of `*a*a*a*a*a*b` took 4 s
 * on a remark of 100 "a"s, minutes on 200, and the check runs over every job every 30 s). The
 * text between the stars is found left to right, each piece at its first place after the one
 * before (the first piece at the start, the last at the end): linear in the text per piece.
 */
export function globMatcher(glob: string): (text: string) => boolean {
  const pieces = glob.split("*");
  if (!glob.includes("?")) {
    if (pieces.length === 1) return (text) => text === glob;
    const first = pieces[0] as string;
    const last = pieces[pieces.length - 1] as string;
    const middle = pieces.slice(1, -1).filter((p) => p !== "");
    return (text) => {
      if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last))
        return false;
      let at = first.length;
      const end = text.length - last.length;
      for (const p of middle) {
        const i = text.indexOf(p, at);
        if (i < 0 || i + p.length > end) return false;
        at = i + p.length;
      }
      return true;
    };
  }
  // With `?`, by code points (an emoji is one character, as the u flag took it).
  const parts = pieces.map((p) => Array.from(p));
  const first = parts[0] as string[];
  const last = parts[parts.length - 1] as string[];
  const middle = parts.slice(1, -1).filter((p) => p.length > 0);
  const at = (t: readonly string[], i: number, p: readonly string[]) => {
    for (let k = 0; k < p.length; k++) if (p[k] !== "?" && p[k] !== t[i + k]) return false;
    return true;
  };
  return (text) => {
    const t = Array.from(text);
    if (parts.length === 1) return t.length === first.length && at(t, 0, first);
    if (t.length < first.length + last.length || !at(t, 0, first) || !at(t, t.length - last.length, last))
      return false;
    let from = first.length;
    const end = t.length - last.length;
    for (const p of middle) {
      let i = from;
      while (i + p.length <= end && !at(t, i, p)) i++;
      if (i + p.length > end) return false;
      from = i + p.length;
    }
    return true;
  };
}

/** A rule with its globs compiled once (a sweep checks 2 000 jobs against every rule). */
export interface CompiledRule extends AlertRule {
  test: (job: AlertJob) => boolean;
}

export function compileRule(rule: AlertRule): CompiledRule {
  const checks: ((job: AlertJob) => boolean)[] = [];
  const m = rule.match ?? {};
  const add = (glob: string | undefined, get: (j: AlertJob) => string) => {
    if (glob === undefined) return;
    const matches = globMatcher(glob);
    checks.push((j) => matches(get(j)));
  };
  add(m.remark, (j) => j.remark);
  add(m.gpu, (j) => j.gpuName);
  add(m.node, (j) => j.node);
  add(m.class, (j) => j.cls);
  return { ...rule, test: (j) => checks.every((c) => c(j)) };
}

/** The rules `job` breaks at `nowSec`, in the rules' order. */
export function breaches(job: AlertJob, rules: readonly CompiledRule[], nowSec: number): Breach[] {
  let out: Breach[] | undefined;
  for (const r of rules) {
    if (!r.statuses.includes(job.status)) continue;
    const sec = inStatusSec(job.log, nowSec);
    if (sec === undefined || sec <= r.longerThanSec || !r.test(job)) continue;
    out ??= [];
    out.push({ rule: r.name, forSec: sec, status: job.status });
  }
  return out ?? NONE;
}
const NONE: Breach[] = [];

export interface FlapSetting {
  /** More than this many status changes… */
  changes: number;
  /** …within this many seconds is flapping. */
  windowSec: number;
}

export const DEFAULT_FLAP: FlapSetting = { changes: 6, windowSec: 600 };

/** The job's status changes in the window when more than the setting allows; undefined when it is calm. */
export function flapping(log: LogDigest, flap: FlapSetting, nowSec: number): number | undefined {
  const n = changesSinceSec(log, nowSec - flap.windowSec);
  return n > flap.changes ? n : undefined;
}

/** `queued-too-long: 6, 1 longer than 2h, remark "train-*"` (for `config check`; the user's text, sanitised there). */
export function alertLine(a: AlertRule, labels: Record<number, string>): string {
  const on = a.statuses.map((s) => labels[s] ?? String(s)).join(", ");
  const m = a.match ?? {};
  const match = (Object.keys(m) as (keyof AlertMatch)[])
    .map((k) => `, ${k} ${JSON.stringify(m[k])}`)
    .join("");
  return `${a.name}: ${on} longer than ${durationWords(a.longerThanSec)}${match}`;
}

/** 90 → "1m30s", 7200 → "2h": a rule's time as it was likely written. */
export function durationWords(sec: number): string {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = sec % 60;
  return `${h ? `${h}h` : ""}${m ? `${m}m` : ""}${s || sec === 0 ? `${s}s` : ""}`;
}
