// When notifications go out: several changes at once make one, a job is notified at most once per
// 5 s (a later change waits, and is sent, not dropped), none while the terminal has the focus.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChangeEvent } from "../../src/model/events.js";
import {
  createBell,
  GATHER_MS,
  Notifier,
  PER_JOB_MS,
  type Timers,
  TMUX_HINT,
} from "../../src/terminal/notifier.js";

const LABELS = { 6: "queued", 1: "starting", 2: "running", 3: "stopped" };
const timers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};
let seq = 0;
const ev = (id: string, from: number, to: number, displayID = `jb${id}`): ChangeEvent => ({
  seq: ++seq,
  atMs: Date.now(),
  id,
  displayID,
  from,
  to,
  prevSec: undefined,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function osc9(kind: "osc9" | "bell" = "osc9") {
  const out: string[] = [];
  const n = new Notifier({ kind, write: (s) => out.push(s), labels: LABELS, env: {}, timers });
  const texts = () => out.map((s) => /^\x1b\]9;jobtop: (.*)\x07$/.exec(s)?.[1] ?? s);
  return { n, out, texts };
}

describe("Notifier", () => {
  it("one change: one notification, labels and all", async () => {
    const { n, texts } = osc9();
    n.add([ev("1", 2, 3)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(texts()).toEqual(["jb1 running → stopped"]);
  });

  it("several changes at once (or a moment apart): one summary", async () => {
    const { n, texts } = osc9();
    n.add([ev("1", 2, 3), ev("2", 6, 1)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS / 2);
    n.add([ev("3", 1, 2)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(texts()).toEqual([
      "3 jobs changed: jb1 running → stopped, jb2 queued → starting, jb3 starting → running",
    ]);
  });

  it("a job changing again within 5 s is notified once the 5 s are over, with the whole path", async () => {
    const { n, texts } = osc9();
    n.add([ev("1", 6, 1)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    n.add([ev("1", 1, 2)]);
    await vi.advanceTimersByTimeAsync(1000);
    n.add([ev("1", 2, 3)]);
    // Sent at GATHER_MS; the next one may go PER_JOB_MS later, not before.
    await vi.advanceTimersByTimeAsync(PER_JOB_MS - 1000 - 50);
    expect(texts()).toEqual(["jb1 queued → starting"]);
    await vi.advanceTimersByTimeAsync(100);
    expect(texts()).toEqual(["jb1 queued → starting", "jb1 starting → running → stopped"]);
    // Another job is not held back by the first one's wait.
    n.add([ev("1", 3, 2), ev("2", 6, 1)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(texts().at(-1)).toBe("jb2 queued → starting");
  });

  it("says nothing while the terminal reports the focus, and again once it loses it", async () => {
    const { n, texts } = osc9();
    n.setFocus(true);
    n.add([ev("1", 2, 3)]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(texts()).toEqual([]);
    n.setFocus(false);
    n.add([ev("2", 2, 3)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(texts()).toEqual(["jb2 running → stopped"]);
  });

  it("names a job by its id when it has no displayID, and sanitises the displayID", async () => {
    const { n, out } = osc9();
    n.add([ev("77", 2, 3, "")]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    n.add([ev("78", 2, 3, "x\x07\x1b]0;pwn\x1b\\")]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(out[0]).toBe("\x1b]9;jobtop: job 77 running → stopped\x07");
    expect(out[1]).toBe("\x1b]9;jobtop: x^G^[]0,pwn^[\\ running → stopped\x07");
  });

  it("keeps a long path and a big burst short", async () => {
    const { n, texts } = osc9();
    const many: ChangeEvent[] = [];
    for (let i = 0; i < 500; i++) many.push(ev(String(i), 2, 3));
    n.add(many);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(texts()).toHaveLength(1);
    expect(texts()[0]?.startsWith("500 jobs changed: jb0 running → stopped, jb1")).toBe(true);
    expect(Array.from(texts()[0] ?? "").length).toBeLessThanOrEqual(120);
  });

  it("bell: the shared bell, one ring for a burst, whoever rings", async () => {
    const out: string[] = [];
    const ring = createBell(
      (s) => out.push(s),
      () => Date.now(),
    );
    const n = new Notifier({
      kind: "bell",
      write: (s) => out.push(`raw ${s}`),
      labels: LABELS,
      ring,
      timers,
    });
    ring(); // --bell, for the same change
    n.add([ev("1", 2, 3), ev("2", 2, 3)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(out).toEqual(["\x07"]);
    await vi.advanceTimersByTimeAsync(1000);
    n.add([ev("3", 2, 3)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(out).toEqual(["\x07", "\x07"]);
  });

  it("off: writes nothing", async () => {
    const out: string[] = [];
    const n = new Notifier({ kind: "off", write: (s) => out.push(s), labels: LABELS, timers });
    n.add([ev("1", 2, 3)]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(out).toEqual([]);
  });
});

describe("Notifier in tmux", () => {
  type Answer = "on" | "off" | "unknown" | "fails";
  function inTmux(answer: Answer) {
    const out: string[] = [];
    const shown: string[] = [];
    const said: string[] = [];
    let asked = 0;
    const n = new Notifier({
      kind: "osc9",
      write: (s) => out.push(s),
      labels: LABELS,
      env: { TMUX: "/tmp/t,1,0" },
      timers,
      ring: () => out.push("BEL"),
      say: (t) => said.push(t),
      tmux: {
        passthrough: async () => {
          asked++;
          if (answer === "fails") throw new Error("no tmux");
          return answer;
        },
        display: (t) => shown.push(t),
      },
    });
    return { n, out, shown, said, asked: () => asked };
  }

  it("allow-passthrough off: the bell and tmux's status line instead, the hint once, tmux asked once", async () => {
    const { n, out, shown, said, asked } = inTmux("off");
    n.add([ev("1", 2, 3)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(out).toEqual(["BEL"]);
    expect(shown).toEqual(["jobtop: jb1 running → stopped"]);
    expect(said).toEqual([TMUX_HINT]);
    expect(TMUX_HINT).toContain("set -g allow-passthrough on");
    n.add([ev("2", 6, 1)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(out).toEqual(["BEL", "BEL"]);
    expect(shown).toEqual(["jobtop: jb1 running → stopped", "jobtop: jb2 queued → starting"]);
    expect(said).toHaveLength(1);
    expect(asked()).toBe(1);
  });

  it("allow-passthrough on: the sequences, wrapped and plain, and nothing else", async () => {
    const { n, out, shown, said } = inTmux("on");
    n.add([ev("1", 2, 3)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^\x1bPtmux;\x1b\x1b\]9;jobtop: jb1 running → stopped\x07\x1b\\$/);
    expect(out[1]).toBe("\x1b]9;jobtop: jb1 running → stopped\x07");
    expect(shown).toEqual([]);
    expect(said).toEqual([]);
  });

  it.each(["unknown", "fails"] as const)(
    "tmux cannot say (%s): the sequences as anywhere else",
    async (a) => {
      const { n, out, shown } = inTmux(a);
      n.add([ev("1", 2, 3)]);
      await vi.advanceTimersByTimeAsync(GATHER_MS);
      expect(out).toHaveLength(2);
      expect(shown).toEqual([]);
    },
  );

  it("nothing once stopped, though tmux answers after", async () => {
    let answer: (v: "off") => void = () => {};
    const out: string[] = [];
    const shown: string[] = [];
    const n = new Notifier({
      kind: "osc9",
      write: (s) => out.push(s),
      labels: LABELS,
      env: { TMUX: "/tmp/t,1,0" },
      timers,
      tmux: {
        passthrough: () => new Promise((r) => (answer = r)),
        display: (t) => shown.push(t),
      },
    });
    n.add([ev("1", 2, 3)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    n.stop();
    answer("off");
    await vi.advanceTimersByTimeAsync(10);
    expect(out).toEqual([]);
    expect(shown).toEqual([]);
  });

  it("masks a secret in what goes on tmux's command line", async () => {
    const { n, shown } = inTmux("off");
    n.add([ev("1", 2, 3, "https://u:hunter2pass@gw.example/x")]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(shown[0]).not.toContain("hunter2pass");
  });

  it("the bell kind asks tmux nothing", async () => {
    let asked = 0;
    const out: string[] = [];
    const n = new Notifier({
      kind: "bell",
      write: (s) => out.push(s),
      labels: LABELS,
      env: { TMUX: "/tmp/t,1,0" },
      timers,
      tmux: {
        passthrough: async () => {
          asked++;
          return "off";
        },
        display: () => {},
      },
    });
    n.add([ev("1", 2, 3)]);
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(out).toEqual(["\x07"]);
    expect(asked).toBe(0);
  });
});
