// The monitor's insight (issue 32), outside React: which jobs break a stuck rule ([[alerts]]) and
// which flap, from the index's entries (every job of the account) or, with the index off, the
// page's jobs; the trend of the counts per status at every sweep (kept in the trend file); and
// the jobs the stats view (`i`) reads. Work is done when the data changes (a sweep, a page, the
// selected job's poll) and, while a rule exists or a job flaps, once every CHECK_MS (a job
// becomes stuck by time alone): never per frame. Each job and rule gives ONE event (the events
// pane) and one notification (within notify_scope); the rule is armed again once the job leaves
// the rule's statuses. A job that starts flapping gives one event and one notification, and its
// status changes are not notified one by one while it flaps (announce.ts asks isFlapping).
import type { Config } from "../config/types.js";
import {
  type Breach,
  breaches,
  type CompiledRule,
  compileRule,
  durationWords,
  type FlapSetting,
  flapping,
} from "../model/alerts.js";
import { formatDuration } from "../model/format.js";
import type { IndexEntry } from "../model/job-index.js";
import { type InsightJob, insightJob } from "../model/job-insight.js";
import { statusStyle } from "../model/status.js";
import { emptyTrend, recordTrend, type Trend } from "../model/trend.js";
import type { Monitor } from "./monitor.js";

/** How often the rules are checked again while nothing changes (a job becomes stuck by time alone). */
export const CHECK_MS = 30_000;
/** Job-and-rule pairs remembered as fired, at most: the oldest go first (a page's jobs come and go). */
const FIRED_MAX = 20_000;

export interface InsightState {
  /** Rises at every recomputation: the stats view recomputes its numbers when it moves. */
  seq: number;
  /** The jobs that break a rule now, each with its breaches. */
  stuck: ReadonlyMap<string, readonly Breach[]>;
  /** The jobs that flap now: their status changes within flap_window. */
  flapping: ReadonlyMap<string, number>;
  trend: Trend;
  /** Where the jobs come from: the index (the whole account) or the page (the index is off). */
  source: "index" | "page";
}

export type { InsightJob };

export type InsightMarks = Pick<InsightState, "stuck" | "flapping">;

/** Do two maps of marks say the same (the same jobs, the same breaches or counts)? */
function sameMarks<V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of b) {
    const w = a.get(k);
    if (w === undefined) return false;
    if (Array.isArray(v) && Array.isArray(w)) {
      if (v.length !== w.length) return false;
      for (let i = 0; i < v.length; i++) if (v[i].rule !== w[i].rule) return false;
    } else if (v !== w) return false;
  }
  return true;
}

export interface InsightOptions {
  /** Seconds since 1970 (tests give their own). */
  now?: () => number;
  /** The trend as the file kept it, and where to write it (src/state/trend-file.ts); none: not kept. */
  trend?: { initial: Trend | undefined; save: (t: Trend) => void };
  /** One notification (the notifier's text path), already in notify_scope. */
  notify?: (job: { id: string; displayID: string }, text: string) => void;
}

function entryJob(e: IndexEntry): InsightJob {
  return {
    id: e.id,
    status: e.status,
    remark: e.remark,
    gpus: e.gpus,
    gpuName: e.gpuName,
    node: e.node,
    cls: e.insight.cls,
    log: e.insight.log,
  };
}

export class InsightWatch {
  private state: InsightState;
  private marks: InsightMarks;
  private readonly listeners = new Set<() => void>();
  private readonly rules: CompiledRule[];
  private readonly ruleByName: Map<string, CompiledRule>;
  private readonly flap: FlapSetting;
  private readonly now: () => number;
  private readonly fired = new Set<string>();
  private readonly flapFired = new Set<string>();
  private jobsNow: InsightJob[] = [];
  private displayIDs = new Map<string, string>();
  private key: unknown[] = [];
  /** The sweeps ended when the trend was last sampled (the index's `sweeps`, which a quiet sweep moves too). */
  private sweepsSeen = 0;
  private savedSlot: number | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly monitor: Monitor,
    private readonly config: Config,
    private readonly o: InsightOptions = {},
  ) {
    this.rules = config.alerts.map(compileRule);
    this.ruleByName = new Map(this.rules.map((r) => [r.name, r]));
    this.flap = { changes: config.flapChanges, windowSec: config.flapWindowMs / 1000 };
    this.now = o.now ?? (() => Math.floor(Date.now() / 1000));
    const trend = o.trend?.initial ?? emptyTrend();
    this.savedSlot = trend.slots.at(-1)?.t;
    this.state = { seq: 0, stuck: new Map(), flapping: new Map(), trend, source: "page" };
    this.marks = { stuck: this.state.stuck, flapping: this.state.flapping };
    this.unsubscribe = monitor.subscribe(() => this.onMonitor());
    this.onMonitor();
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = (): InsightState => this.state;

  /** Only the stuck and flapping jobs: a new object only when one of them changed (the list's marks, the header's count). */
  getMarks = (): InsightMarks => this.marks;

  /** The jobs the stats read now (the index's, or the page's with the selected job's copy). */
  jobs(): readonly InsightJob[] {
    return this.jobsNow;
  }

  isFlapping = (id: string): boolean => this.state.flapping.has(id);

  /** Writes the trend now (the way out). */
  save(): void {
    this.o.trend?.save(this.state.trend);
  }

  stop(): void {
    this.unsubscribe();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private onMonitor(): void {
    const snap = this.monitor.getSnapshot();
    const index =
      snap.index && snap.index.seq > 0 && snap.index.reason === undefined ? snap.index : undefined;
    // Each sweep's end is a sample of the trend, a quiet one too: a sweep that found nothing new
    // hands back the same index (the same seq), and an idle account's trend got no sample for
    // hours, its sparkline drawing the slots it had side by side as if they were 5 minutes apart.
    let trend = this.state.trend;
    if (index && index.sweeps !== this.sweepsSeen) {
      this.sweepsSeen = index.sweeps;
      trend = recordTrend(trend, index.index.counts, this.now());
      const slot = trend.slots.at(-1)?.t;
      // Written once per 5-minute slot (and on the way out), not at every sweep.
      if (slot !== this.savedSlot) {
        this.savedSlot = slot;
        this.o.trend?.save(trend);
      }
    }
    const key = index ? [index.index] : [snap.list.data, snap.job.data];
    if (key.length === this.key.length && key.every((v, i) => v === this.key[i])) {
      if (trend === this.state.trend) return;
      this.state = { ...this.state, seq: this.state.seq + 1, trend };
      for (const fn of this.listeners) fn();
      return;
    }
    this.key = key;
    const jobs: InsightJob[] = [];
    const names = new Map<string, string>();
    if (index) {
      for (const e of index.index.entries.values()) {
        jobs.push(entryJob(e));
        names.set(e.id, e.displayID);
      }
    } else {
      const fresh = snap.job.data;
      // An id the page lists twice is one job (the first copy, as the list shows it).
      for (const item of snap.list.data?.items ?? [])
        if (item.ok && !names.has(item.job.id)) {
          const job = fresh && fresh.id === item.job.id ? fresh : item.job;
          jobs.push(insightJob(job));
          names.set(job.id, job.displayID);
        }
    }
    this.jobsNow = jobs;
    this.displayIDs = names;
    this.check(trend, index ? "index" : "page");
  }

  /** The rules and flapping over the jobs now; new breaches and new flapping said once. */
  private check(trend: Trend, source: "index" | "page"): void {
    const nowSec = this.now();
    const stuck = new Map<string, Breach[]>();
    const flaps = new Map<string, number>();
    const byId = new Map<string, InsightJob>();
    for (const job of this.jobsNow) {
      byId.set(job.id, job);
      if (this.rules.length > 0) {
        const b = breaches(job, this.rules, nowSec);
        if (b.length > 0) stuck.set(job.id, b);
      }
      const n = flapping(job.log, this.flap, nowSec);
      if (n !== undefined) flaps.set(job.id, n);
    }
    // Armed again: a job met that left the rule's statuses (a job not met keeps its pair).
    for (const k of this.fired) {
      const [id, rule] = k.split("\u0001") as [string, string];
      const job = byId.get(id);
      if (job && !this.ruleByName.get(rule)?.statuses.includes(job.status)) this.fired.delete(k);
    }
    for (const [id, list] of stuck)
      for (const b of list) {
        const k = `${id}\u0001${b.rule}`;
        if (this.fired.has(k)) continue;
        this.fired.add(k);
        this.say(
          id,
          b.status,
          `⧗ stuck: ${b.rule}, ${this.statusWord(b.status)} for ${formatDuration(b.forSec, { coarse: true })} (> ${durationWords(this.ruleByName.get(b.rule)?.longerThanSec ?? 0)})`,
        );
      }
    // Bounded: the oldest pairs of jobs not stuck now go first (a page's jobs come and go). A pair
    // of a job stuck now stays whatever their number (jobs × rules, the data's own size): forgotten,
    // it would be said again at the next check, every 30 s (50 rules × 2 000 jobs: 80 000 events).
    if (this.fired.size > FIRED_MAX) {
      let drop = this.fired.size - FIRED_MAX;
      for (const k of this.fired) {
        if (drop <= 0) break;
        if (stuck.has(k.slice(0, k.indexOf("\u0001")))) continue;
        this.fired.delete(k);
        drop--;
      }
    }
    for (const id of this.flapFired) if (!flaps.has(id) && byId.has(id)) this.flapFired.delete(id);
    for (const [id, n] of flaps) {
      if (this.flapFired.has(id)) continue;
      this.flapFired.add(id);
      this.say(
        id,
        byId.get(id)?.status ?? 0,
        `↯ flapping: ${n} status changes in ${durationWords(this.flap.windowSec)}`,
      );
    }
    // The same marks keep their maps (and the marks object its identity): the App, which draws
    // only the marks, is not drawn again after a sweep that changed none of them.
    const same = sameMarks(this.state.stuck, stuck) && sameMarks(this.state.flapping, flaps);
    this.state = {
      seq: this.state.seq + 1,
      stuck: same ? this.state.stuck : stuck,
      flapping: same ? this.state.flapping : flaps,
      trend,
      source,
    };
    if (!same) this.marks = { stuck: this.state.stuck, flapping: this.state.flapping };
    // Time alone makes a job stuck (or ends its flapping): checked again while that can happen.
    const needTimer = this.rules.length > 0 || flaps.size > 0;
    if (needTimer && !this.timer) {
      this.timer = setInterval(() => this.check(this.state.trend, this.state.source), CHECK_MS);
      this.timer.unref?.();
    } else if (!needTimer && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    for (const fn of this.listeners) fn();
  }

  private statusWord(code: number): string {
    return statusStyle(code, this.config.statusLabels).label;
  }

  private say(id: string, status: number, text: string): void {
    const displayID = this.displayIDs.get(id) ?? id;
    this.monitor.noteEvent({ id, displayID, status }, text);
    this.o.notify?.({ id, displayID }, text);
  }
}
