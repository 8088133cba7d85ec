// When to notify: the status changes the monitor saw, gathered for a moment so that several at
// once make one summary, at most one notification per job per PER_JOB_MS (a later change waits
// and is sent then, never dropped), and none while the terminal says it has the focus (the user
// is looking at the screen, where the change shows anyway).
//
// In tmux, whose default (allow-passthrough off, tmux 3.3+) drops the terminal's notification
// sequences without a word: tmux is asked once, at the first notification, and where it drops
// them each one is the bell and a message in tmux's status line instead, and the status line
// says once how to get desktop notifications.
import type { ChangeEvent } from "../model/events.js";
import { monotonicMs } from "../model/monotonic.js";
import { maskSecrets } from "../model/secrets.js";
import { statusStyle } from "../model/status.js";
import { type NotifyKind, notificationSequence, notificationWrites, notifyText } from "./notify.js";
import { tmuxDisplay, tmuxPassthrough } from "./tmux.js";

export const PER_JOB_MS = 5_000;
/** Changes that arrive this close together (the page's and a pin's answers) make one notification. */
export const GATHER_MS = 300;
/** The bell rings at most once a second, whoever rings it (--bell, --notify bell). */
export const BELL_MS = 1_000;
const TITLE = "jobtop";
/** Said once on jobtop's status line when tmux drops the notifications. */
export const TMUX_HINT =
  "tmux blocks desktop notifications: bell + tmux message instead (set -g allow-passthrough on, restart jobtop)";
/** Statuses named in one job's line: the first and the last few. */
const PATH_MAX = 4;

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(h: unknown): void;
}

const realTimers: Timers = {
  now: monotonicMs,
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** One bell for a burst, shared by everything that rings: at most one per BELL_MS. */
export function createBell(write: (s: string) => void, now: () => number = monotonicMs) {
  // -Infinity, not 0: the clock's origin is arbitrary (with performance.now(), counted from the
  // process's start, 0 silenced every change in the program's first second).
  let rangAt = Number.NEGATIVE_INFINITY;
  return (): void => {
    if (now() - rangAt < BELL_MS) return;
    rangAt = now();
    write("\x07");
  };
}

export interface NotifierOptions {
  kind: NotifyKind;
  /** Raw terminal writes, outside Ink's frame. */
  write: (s: string) => void;
  labels: Record<number, string>;
  env?: NodeJS.ProcessEnv;
  /** The shared bell, for kind "bell" (and in tmux when it drops the sequences). */
  ring?: () => void;
  timers?: Timers;
  /** A line for jobtop's status line. */
  say?: (text: string) => void;
  /** tmux, when $TMUX is set (src/terminal/tmux.ts; tests give their own). */
  tmux?: TmuxOps;
}

/** What the notifier asks of tmux. */
export interface TmuxOps {
  passthrough(): Promise<"on" | "off" | "unknown">;
  display(text: string): void;
}

interface Pending {
  displayID: string;
  /** The statuses the job went through since its last notification, oldest first. */
  path: number[];
  /** Not a status change: what to say of the job instead (a stuck rule, flapping: issue 32). */
  text?: string;
}

export class Notifier {
  private readonly pending = new Map<string, Pending>();
  private readonly sentAt = new Map<string, number>();
  private readonly t: Timers;
  private timer: unknown;
  /** What the terminal last said (DECSET 1004); undefined while it has said nothing. */
  private focused: boolean | undefined;
  private readonly tmux: TmuxOps | undefined;
  /** Whether tmux passes the sequences on: asked at the first notification, once. */
  private tmuxPasses: Promise<boolean> | undefined;
  private hinted = false;
  private stopped = false;

  constructor(private readonly o: NotifierOptions) {
    this.t = o.timers ?? realTimers;
    const env = o.env ?? process.env;
    this.tmux =
      o.tmux ??
      (env.TMUX
        ? {
            passthrough: () => tmuxPassthrough(env),
            display: (text) => void tmuxDisplay(text, env),
          }
        : undefined);
  }

  /** New status changes, oldest first. */
  add(events: readonly ChangeEvent[]): void {
    if (this.o.kind === "off") return;
    for (const e of events) {
      const p = this.pending.get(e.id);
      if (p) {
        p.displayID = e.displayID;
        if (p.path.at(-1) !== e.from) p.path.push(e.from);
        p.path.push(e.to);
        // Only the first and the last few are named: the path stays short however long the wait.
        if (p.path.length > 2 * PATH_MAX) p.path.splice(1, p.path.length - PATH_MAX);
      } else this.pending.set(e.id, { displayID: e.displayID, path: [e.from, e.to] });
    }
    if (this.pending.size > 0 && this.timer === undefined) this.schedule(GATHER_MS);
  }

  /** One notification that says `text` of a job (sanitised by the caller), gathered and paced as a change is. */
  addText(id: string, displayID: string, text: string): void {
    if (this.o.kind === "off") return;
    this.pending.set(id, { displayID, path: [], text });
    if (this.timer === undefined) this.schedule(GATHER_MS);
  }

  /** A focus report: in (true) or out (false). */
  setFocus(focused: boolean): void {
    this.focused = focused;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.t.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private schedule(ms: number): void {
    this.timer = this.t.setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, ms);
  }

  private flush(): void {
    // The user is looking: the change is on the screen, in the events pane and the header.
    if (this.focused === true) {
      this.pending.clear();
      return;
    }
    const now = this.t.now();
    for (const [id, at] of this.sentAt) if (now - at >= PER_JOB_MS) this.sentAt.delete(id);
    const ready: [string, Pending][] = [];
    let wait = Number.POSITIVE_INFINITY;
    for (const [id, p] of this.pending) {
      const at = this.sentAt.get(id);
      if (at === undefined) ready.push([id, p]);
      else wait = Math.min(wait, at + PER_JOB_MS - now);
    }
    if (ready.length > 0) {
      for (const [id] of ready) {
        this.pending.delete(id);
        this.sentAt.set(id, now);
      }
      this.send(ready);
    }
    if (this.pending.size > 0) this.schedule(Math.max(GATHER_MS, wait));
  }

  private send(ready: [string, Pending][]): void {
    if (this.o.kind === "bell") {
      this.ring();
      return;
    }
    // The text is cut short anyway: the first few jobs are named, however many changed.
    const lines = ready.slice(0, 4).map(([id, p]) => this.line(id, p));
    const body =
      ready.length === 1 ? (lines[0] as string) : `${ready.length} jobs changed: ${lines.join(", ")}`;
    const text = notifyText(body);
    const seq = notificationSequence(this.o.kind, TITLE, text);
    const tmux = this.tmux;
    if (!tmux) {
      for (const s of notificationWrites(seq, this.o.env)) this.o.write(s);
      return;
    }
    // Asked once; when tmux cannot say (not answering, or before 3.3, which passed everything
    // through), the sequences go out as anywhere else.
    this.tmuxPasses ??= tmux.passthrough().then(
      (v) => v !== "off",
      () => true,
    );
    void this.tmuxPasses.then((passes) => {
      if (this.stopped) return;
      if (passes) {
        for (const s of notificationWrites(seq, this.o.env)) this.o.write(s);
        return;
      }
      this.ring();
      // On tmux's command line, where every user's ps shows it for a moment: masked.
      tmux.display(`${TITLE}: ${maskSecrets(text)}`);
      if (!this.hinted) {
        this.hinted = true;
        this.o.say?.(TMUX_HINT);
      }
    });
  }

  private ring(): void {
    if (this.o.ring) this.o.ring();
    else this.o.write("\x07");
  }

  /** "jb25w8 running → stopped"; the job's id when it has no displayID. */
  private line(id: string, p: Pending): string {
    if (p.text !== undefined) return `${notifyText(p.displayID, 24) || `job ${id}`} ${p.text}`;
    const names = p.path.map((code) => statusStyle(code, this.o.labels).label);
    // A job that went through many states: the first, then the last ones.
    const shown =
      names.length <= PATH_MAX ? names : [names[0] as string, "…"].concat(names.slice(-(PATH_MAX - 2)));
    return `${notifyText(p.displayID, 24) || `job ${id}`} ${shown.join(" → ")}`;
  }
}
