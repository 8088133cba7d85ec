// Issue 29.5: a background command action's deadline covers its whole process group, after its
// first process has exited too; jobtop's way out ends the groups (SIGTERM, then SIGKILL). Real
// processes: a shell that leaves a `sleep` behind, whose pid it prints.
import { describe, expect, it } from "vitest";
import { runBackground } from "../../src/actions/command.js";
import type { CommandAction } from "../../src/actions/definitions.js";
import { ProcessGroups } from "../../src/actions/process-groups.js";
import { JobSchema } from "../../src/api/schema.js";
import { specJob } from "../helpers/payloads.js";
import { alive, until } from "../helpers/processes.js";

const job = JobSchema.parse(specJob(101));

function action(script: string): CommandAction {
  return {
    kind: "command",
    name: "sync",
    key: "N",
    description: "",
    confirm: "no",
    from: "",
    argv: ["sh", "-c", script],
    mode: "background",
    passToken: false,
  };
}

const ctx = (groups: ProcessGroups, timeoutMs: number, signal?: AbortSignal) => ({
  baseUrl: "https://svc.example",
  profile: "",
  token: "",
  timeoutMs,
  groups,
  signal,
});

const left = (r: Awaited<ReturnType<typeof runBackground>>) => Number(r.ok ? r.line : Number.NaN);

describe.skipIf(process.platform !== "linux")("a background command's process group", () => {
  it("what it left running is stopped at the deadline, though its first process exited 0", async () => {
    // It said done and jobtop forgot it: the sleep it started ran on for as long as it liked.
    const groups = new ProcessGroups();
    const r = await runBackground(action("sleep 30 & echo $!"), job, ctx(groups, 1500));
    const pid = left(r);
    try {
      expect(r.ok).toBe(true);
      expect(alive(pid)).toBe(true);
      expect(groups.list()).toMatchObject([{ label: "sync j-101", leaderExited: true }]);
      await until(() => !alive(pid), "the sleep to end", 15_000);
      // (Listed from a look at /proc at most 2 s old.)
      await until(() => groups.list().length === 0, "the group to be forgotten", 5000);
    } finally {
      if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  }, 20_000);

  it("a group that is gone is forgotten at once, and never signalled again", async () => {
    const groups = new ProcessGroups();
    const r = await runBackground(action("echo quick"), job, ctx(groups, 60_000));
    expect(r).toEqual({ ok: true, line: "quick" });
    expect(groups.list()).toEqual([]);
  });

  it("endAll: SIGTERM to each group, SIGKILL to one that ignores it; says which", async () => {
    const groups = new ProcessGroups();
    const stubborn = await runBackground(
      action(`sh -c 'trap "" TERM; sleep 30' & echo $!`),
      job,
      ctx(groups, 60_000),
    );
    const polite = await runBackground(action("sleep 30 & echo $!"), job, ctx(groups, 60_000));
    const pids = [left(stubborn), left(polite)];
    try {
      expect(groups.list()).toHaveLength(2);
      const started = Date.now();
      const ends = await groups.endAll(800);
      expect(ends.map((e) => e.how)).toEqual(["killed", "ended"]);
      expect(Date.now() - started).toBeLessThan(10_000);
      for (const pid of pids) await until(() => !alive(pid), "each to end", 5000);
      expect(groups.list()).toEqual([]);
    } finally {
      for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  }, 20_000);

  it("its signal ends it before the deadline: the outcome is unknown", async () => {
    const groups = new ProcessGroups();
    const stop = new AbortController();
    // Spawned by the time runBackground returns: the abort finds its group.
    const run = runBackground(action("echo begun; sleep 30"), job, ctx(groups, 60_000, stop.signal));
    stop.abort();
    expect(await run).toMatchObject({
      ok: false,
      unknown: true,
      error: expect.stringMatching(/^stopped before it ended/),
    });
  });
});
