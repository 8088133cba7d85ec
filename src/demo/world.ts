// The demo service's mutable world: the jobs, and how they advance 6 → 1 → 2 → 3 over time.
import type { DemoJob as Job, DemoLogEntry as LogEntry } from "./data.js";
import { makeJob, rng, STATUS_STEPS } from "./data.js";

export class World {
  private readonly r: () => number;
  private readonly jobs = new Map<number, Job>();
  private lastEntryId = 1000;
  private lastJobId = 0;
  private ticks = 0;
  /** The job that flaps (issue 32): from FLAP_FROM ticks on, for FLAP_TICKS ticks. */
  private flapper: number | undefined;
  /** Twice the first size: past it a stopped job goes every tick (tick()). */
  private readonly maxJobs: number;

  constructor(
    seed: number,
    count: number,
    private readonly nowSec: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.r = rng(seed);
    this.maxJobs = Math.max(2 * count, 120);
    const now = this.nowSec();
    // Oldest first, so ids and creation times rise together.
    for (let i = 0; i < count; i++) {
      const created = now - Math.floor(((count - i) / count) * 5 * 86_400) - Math.floor(this.r() * 600);
      const step = 1 + Math.floor(this.r() * STATUS_STEPS.length);
      this.add(created, step);
    }
  }

  private add(createdSec: number, step: number): Job {
    const id = ++this.lastJobId;
    const job = makeJob(this.r, id, createdSec, () => ++this.lastEntryId, step, this.nowSec());
    this.jobs.set(id, job);
    return job;
  }

  get(id: number): Job | undefined {
    return this.jobs.get(id);
  }

  /** All jobs, oldest first. */
  all(): Job[] {
    return [...this.jobs.values()];
  }

  addJob(): Job {
    return this.add(this.nowSec(), 1);
  }

  /** The demo's create (operations.ts): a new queued job, with the given app fields. */
  create(app: Partial<Job["app"]>): Job {
    const job = this.add(this.nowSec(), 1);
    const made = { ...job, app: { ...job.app, ...app } };
    this.jobs.set(job.id, made);
    return made;
  }

  /** The demo's cancel (operations.ts): the job stopped (3), with its log entry; "stopped" when it was. */
  cancel(id: number): Job | "stopped" | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    if (job.status === 3) return "stopped";
    const entry: LogEntry = {
      id: ++this.lastEntryId,
      status: 3,
      ts: { seconds: this.nowSec() },
      sourceId: id,
    };
    const stopped = { ...job, status: 3, queueLen: 0, state: { status: 3, log: [...job.state.log, entry] } };
    this.jobs.set(id, stopped);
    return stopped;
  }

  /** Moves one job to its next status with a new log entry. Jobs are replaced, never mutated. */
  advance(id?: number): LogEntry | undefined {
    const candidates = id === undefined ? this.all().filter((j) => j.status !== 3) : [this.jobs.get(id)];
    const job = candidates[Math.floor(this.r() * candidates.length)];
    if (!job) return undefined;
    const at = STATUS_STEPS.indexOf(job.status as (typeof STATUS_STEPS)[number]);
    const nextStatus = STATUS_STEPS[at + 1];
    if (nextStatus === undefined) return undefined;
    const entry: LogEntry = {
      id: ++this.lastEntryId,
      status: nextStatus,
      ts: { seconds: this.nowSec() },
      sourceId: job.id,
    };
    this.jobs.set(job.id, {
      ...job,
      status: nextStatus,
      queueLen: nextStatus === 6 ? job.queueLen : 0,
      state: { status: nextStatus, log: [...job.state.log, entry] },
    });
    return entry;
  }

  /** A job goes away (released): the jobs after it move up a page. */
  remove(id: number): boolean {
    return this.jobs.delete(id);
  }

  /**
   * One tick of simulated time: a job or two advance, now and then a new one appears (pushing the
   * others down a page), and on later pages too: a job in the older half takes two steps at once
   * (6 → 1 → 2 in one tick, which the index must show as two events), or a stopped one goes away
   * (pulling the others up). Jobs advance only while more than a quarter are unfinished: about
   * two steps a tick against a new job every five ticks had stopped every job within ten minutes
   * (a demo left open showed "137■" and nothing moving); at the quarter, each new job lets a few
   * steps go, and the random stream before it is as it was.
   */
  tick(): void {
    this.ticks++;
    this.flap();
    if (this.lively()) this.advance();
    if (this.r() < 0.5 && this.lively()) this.advance();
    if (this.r() < 0.2) this.addJob();
    const all = this.all();
    const older = all.slice(0, Math.floor(all.length / 2));
    if (this.r() < 0.25) {
      const moving = older.filter((j) => j.status !== 3);
      const job = moving[Math.floor(this.r() * moving.length)];
      if (job && this.lively()) {
        this.advance(job.id);
        this.advance(job.id);
      }
    }
    // A stopped job goes now and then, and every tick once the world has grown past twice its
    // first size: a new job every five ticks against one gone every ten grew the demo by 120 jobs
    // an hour, left open for days (the random draw is made as before, so the stream is the same).
    const purge = this.r() < 0.1;
    if ((purge || all.length > this.maxJobs) && all.length > 60) {
      const stopped = older.filter((j) => j.status === 3);
      const job = stopped[Math.floor(this.r() * stopped.length)];
      if (job) this.remove(job.id);
    }
  }

  /** More than a quarter of the jobs are not stopped: the ticks may stop another. */
  private lively(): boolean {
    let unfinished = 0;
    for (const j of this.jobs.values()) if (j.status !== 3) unfinished++;
    return unfinished * 4 > this.jobs.size;
  }

  /**
   * A job that flaps (issue 32's ↯): after FLAP_FROM ticks (a minute at the demo's 3 s), a running
   * job goes starting ⇄ running at every tick for FLAP_TICKS ticks, then stays running.
   */
  private flap(): void {
    if (this.ticks < FLAP_FROM || this.ticks >= FLAP_FROM + FLAP_TICKS) return;
    if (this.flapper === undefined) this.flapper = this.all().find((j) => j.status === 2)?.id;
    const job = this.flapper === undefined ? undefined : this.jobs.get(this.flapper);
    if (!job) return;
    const last = this.ticks === FLAP_FROM + FLAP_TICKS - 1;
    const status = last || job.status === 1 ? 2 : 1;
    const entry: LogEntry = {
      id: ++this.lastEntryId,
      status,
      ts: { seconds: this.nowSec() },
      sourceId: job.id,
    };
    this.jobs.set(job.id, { ...job, status, state: { status, log: [...job.state.log, entry] } });
  }
}

const FLAP_FROM = 20;
const FLAP_TICKS = 40;
