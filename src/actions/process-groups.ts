// The process groups of the background command actions still alive (issue 29.5). A command runs
// in a group (and session) of its own (command.ts spawns it detached), so that what it starts is
// in the group too. Its result comes when its first process exits, but the group's deadline holds
// until every process of the group is gone: what it left running is stopped at the deadline
// (SIGTERM to the group, SIGKILL 5 s later), and on jobtop's way out unless the user chose to
// leave it (ui/action-runner.ts, modes/act.ts).
//
// Whether a group still has a process is asked of the kernel (kill(-pgid, 0)) every 250 ms once
// its first process has exited, and only then: a group id is not given to a new process while the
// group has any, so a group stops being watched, and its id is no longer signalled, within 250 ms
// of its end (a pid is reused only after the whole pid space has been used in between). A process
// that has ended but was not reaped (a zombie: under an init that reaps nothing, as in some
// containers) still answers; where /proc tells, such a group counts as ended when it is listed or
// would be killed (one walk of /proc, on those occasions only).
import { readdirSync, readFileSync } from "node:fs";

/** After SIGTERM, SIGKILL this much later. */
export const KILL_AFTER_MS = 5000;
const WATCH_MS = 250;
/** /proc is walked at most this often for list(). */
const WALK_EVERY_MS = 2000;
/** After SIGKILL, how long the kernel may take to reap the group before it is forgotten. */
const REAP_MS = 1000;

export interface GroupInfo {
  pgid: number;
  /** "sync jb25w8" */
  label: string;
  /** Its first process has exited (what is left is what it started). */
  leaderExited: boolean;
}

/** What became of a group jobtop ended: ended by SIGTERM, or still there and killed. */
export interface GroupEnd extends GroupInfo {
  how: "ended" | "killed";
}

interface Entry extends GroupInfo {
  deadline: NodeJS.Timeout;
  kill?: NodeJS.Timeout;
  watch?: NodeJS.Timeout;
  /** SIGKILL was sent: SIGTERM did not end it in time. */
  killed: boolean;
}

type Signal = (pgid: number, signal: NodeJS.Signals | 0) => void;

/** process.kill on the group; throws ESRCH once it has no process. */
const signalGroup: Signal = (pgid, signal) => process.kill(-pgid, signal);

export class ProcessGroups {
  private readonly groups = new Map<number, Entry>();
  private readonly gone = new Set<() => void>();

  constructor(
    private readonly signal: Signal = signalGroup,
    /** The process groups that have a process not a zombie; undefined where it cannot tell. */
    private readonly livePgids: () => Set<number> | undefined = livePgidsOfProc,
  ) {}

  /**
   * A group started now, stopped at `deadlineMs` from now whatever its first process does.
   * `onDeadline` is told when the deadline stops it.
   */
  add(pgid: number, label: string, deadlineMs: number, onDeadline: () => void = () => {}): void {
    const deadline = setTimeout(() => {
      onDeadline();
      this.stop(pgid);
    }, deadlineMs);
    deadline.unref();
    this.groups.set(pgid, { pgid, label, leaderExited: false, deadline, killed: false });
  }

  /** Its first process has exited: from now on the group is watched until it is empty. */
  leaderExited(pgid: number): void {
    const e = this.groups.get(pgid);
    if (!e) return;
    e.leaderExited = true;
    if (!this.check(e)) return;
    e.watch = setInterval(() => this.check(e), WATCH_MS);
    e.watch.unref();
  }

  /**
   * The groups alive (with a process that is not a zombie), oldest first. /proc is walked only
   * when a group's first process has exited (only orphans can be left unreaped), and at most
   * every 2 s (a walk costs ~1 ms per 100 processes).
   */
  list(): GroupInfo[] {
    let live: Set<number> | undefined;
    for (const e of this.groups.values()) if (e.leaderExited) live = this.recentLive();
    const out: GroupInfo[] = [];
    for (const e of this.groups.values()) {
      if (live && !live.has(e.pgid)) this.forget(e);
      else out.push({ pgid: e.pgid, label: e.label, leaderExited: e.leaderExited });
    }
    return out;
  }

  private walked?: { at: number; live: Set<number> | undefined };
  private recentLive(): Set<number> | undefined {
    const now = Date.now();
    if (!this.walked || now - this.walked.at > WALK_EVERY_MS)
      this.walked = { at: now, live: this.livePgids() };
    return this.walked.live;
  }

  /** SIGTERM to the group now, SIGKILL 5 s later if it is still there. */
  end(pgid: number): void {
    this.stop(pgid);
  }

  /** SIGTERM to every group now, SIGKILL 5 s later (on a way out that cannot wait: a crash). */
  endNow(): void {
    for (const e of this.groups.values()) this.stop(e.pgid);
  }

  /**
   * Ends every group: SIGTERM, then SIGKILL to those still there after `graceMs`. Resolves once
   * each is gone (or killed), with what became of each.
   */
  async endAll(graceMs = KILL_AFTER_MS): Promise<GroupEnd[]> {
    const all = [...this.groups.values()];
    if (all.length === 0) return [];
    for (const e of all) this.stop(e.pgid, graceMs);
    // The watch timers do not hold the process open (the monitor's must not); this wait must.
    const hold = setInterval(() => {}, WATCH_MS);
    await new Promise<void>((resolve) => {
      const done = () => {
        if (all.every((e) => !this.groups.has(e.pgid))) {
          this.gone.delete(done);
          resolve();
        }
      };
      this.gone.add(done);
      done();
    });
    clearInterval(hold);
    return all.map((e) => ({
      pgid: e.pgid,
      label: e.label,
      leaderExited: e.leaderExited,
      how: e.killed ? "killed" : "ended",
    }));
  }

  /** SIGTERM to the group, SIGKILL `killAfterMs` later if it is still there; watched until gone. */
  private stop(pgid: number, killAfterMs = KILL_AFTER_MS): void {
    const e = this.groups.get(pgid);
    if (!e || e.kill) return;
    if (!this.send(e, "SIGTERM")) return;
    e.kill = setTimeout(() => {
      if (!this.groups.has(pgid)) return;
      if (this.livePgids()?.has(pgid) === false) return this.forget(e);
      e.killed = true;
      this.send(e, "SIGKILL");
      // Nothing outlives SIGKILL but a zombie nobody reaps (jobtop as a container's pid 1, say),
      // which answers kill(…, 0) for ever: forgotten a moment later.
      setTimeout(() => this.forget(e), REAP_MS).unref();
    }, killAfterMs);
    e.kill.unref();
    // Watched until the kernel has reaped every process, not assumed gone.
    e.watch ??= setInterval(() => this.check(e), WATCH_MS);
    e.watch.unref();
  }

  /** Sends `signal` to the group; false (and the group forgotten) once it has no process. */
  private send(e: Entry, signal: NodeJS.Signals | 0): boolean {
    try {
      this.signal(e.pgid, signal);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ESRCH") this.forget(e);
      return false;
    }
  }

  /** True while the group has a process. */
  private check(e: Entry): boolean {
    return this.send(e, 0);
  }

  private forget(e: Entry): void {
    if (this.groups.get(e.pgid) !== e) return;
    clearTimeout(e.deadline);
    if (e.kill) clearTimeout(e.kill);
    if (e.watch) clearInterval(e.watch);
    this.groups.delete(e.pgid);
    for (const fn of [...this.gone]) fn();
  }
}

/** From /proc (Linux): each process's state and group (fields 3 and 5 of its stat). */
function livePgidsOfProc(): Set<number> | undefined {
  let pids: string[];
  try {
    pids = readdirSync("/proc");
  } catch {
    return undefined;
  }
  const live = new Set<number>();
  for (const pid of pids) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const s = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Field 2, the command name, is in parentheses and may itself hold spaces and ")".
      const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
      if (f[0] !== "Z") live.add(Number(f[2]));
    } catch {
      // gone meanwhile
    }
  }
  return live;
}

/** The process's own set: every background command action of this run. */
export const processGroups = new ProcessGroups();
