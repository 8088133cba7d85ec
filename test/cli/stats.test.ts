// `jobtop stats` and `jobtop --once --all --stuck` (issue 32) through the built CLI, against a
// scripted service whose state.logs the test writes (pages of at most 40): every number of
// `stats --json` is checked against the reference computed from the same logs
// (test/helpers/stats-reference.ts), and --stuck's exit code and lines against the rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LogEntry } from "../../src/api/schema.js";
import type { GroupBy } from "../../src/model/stats.js";
import { runCli } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";
import { longLogPages } from "../helpers/long-logs.js";
import { specJob } from "../helpers/payloads.js";
import { pageOf, type ScriptedService, startScriptedService } from "../helpers/scripted-service.js";
import { type RawJob, reference, refSpread } from "../helpers/stats-reference.js";

const NOW = Math.floor(Date.now() / 1000);
const MAX_PER_PAGE = 40;

/** A small seeded generator: the same jobs on every run. */
function rng(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
}

const raws: RawJob[] = [];
const wire: Record<string, unknown>[] = [];
{
  const r = rng(7);
  for (let i = 1; i <= 97; i++) {
    // 6 → 1 → 2 → 3, stopping anywhere, some flapping between 1 and 2; waits from seconds to days.
    const log: LogEntry[] = [];
    let t = NOW - 2 * 86_400 + r(2 * 86_400);
    const path = [6, 1, 2, ...(i % 9 === 0 ? [1, 2, 1, 2] : []), 3].slice(0, 1 + r(7));
    path.forEach((status, k) => {
      // A repeated entry now and then (the same status again is no transition).
      const times = i % 11 === 0 && k === 1 ? 2 : 1;
      for (let n = 0; n < times; n++) {
        log.push({
          id: String(i * 1000 + log.length + 1),
          status,
          ts: { seconds: Math.min(t, NOW) },
          sourceId: String(i),
        });
        t += [20, 200, 2000, 20_000][r(4)] as number;
      }
    });
    // A few logs listed out of order.
    if (i % 7 === 0) log.reverse();
    const status = path.at(-1) as number;
    const gpuName = ["A100", "H100", ""][i % 3] as string;
    const node = `n-${i % 5}`;
    const cls = ["", "batch", "dev"][i % 3 === 1 ? 1 : i % 4 === 0 ? 2 : 0] as string;
    raws.push({ status, gpuName, node, cls, log });
    wire.push(
      specJob(i, {
        status,
        state: {
          status,
          log: log.map((e) => ({ id: Number(e.id), status: e.status, ts: e.ts, sourceId: i })),
        },
        ctx: {
          ownerId: 7,
          nodeId: 3,
          clientID: 9,
          nodeDisplayID: node,
          class: cls,
          aotuRelease: false,
          releaseTime: null,
          nodeDomain: 1,
        },
        res: { cpus: 8, gpus: gpuName ? 1 : 0, diskGB: 50, gpuName, domain: "", agentDomain: 1 },
        app: { ...(specJob(i).app as object), remark: i % 10 === 0 ? `train-${i}` : `job-${i}` },
      }),
    );
  }
}

let svc: ScriptedService;
beforeAll(async () => {
  svc = await startScriptedService({
    list: (q) => {
      const per = Math.min(q.perPage, MAX_PER_PAGE);
      return pageOf(
        wire.slice((q.page - 1) * per, q.page * per),
        { ...q, perPage: per },
        { total: wire.length },
      );
    },
  });
});
afterAll(async () => {
  await svc.close();
});

const env = () => ({ JOBTOP_BASE_URL: svc.url, JOBTOP_TOKEN: svc.token });

interface Spread {
  p50: number;
  p90: number;
  max: number;
}
interface StatsDoc {
  now: number;
  windowSec: number;
  by: string;
  jobs: number;
  groups: {
    key: string;
    jobs: number;
    statuses: { status: number; count: number; inStatus: Spread | null }[];
    transitions: { from: number; to: number; count: number; before: Spread }[];
    waited: { buckets: { label: string; count: number }[]; p50?: number; p90?: number; max?: number };
  }[];
  skipped: Record<string, number>;
}

/** Every number of the document against the reference at the document's own `now`. */
function check(doc: StatsDoc, by: GroupBy, windowSec: number) {
  expect(doc.jobs).toBe(raws.length);
  expect(doc.windowSec).toBe(windowSec);
  expect(Math.abs(doc.now - NOW)).toBeLessThan(120);
  const want = reference(raws, doc.now, windowSec, by);
  expect(doc.groups.map((g) => g.key).sort()).toEqual([...want.keys()].sort());
  let transitions = 0;
  for (const g of doc.groups) {
    const w = want.get(g.key);
    if (!w) throw new Error(g.key);
    expect(g.jobs).toBe(w.jobs);
    expect(new Map(g.statuses.map((s) => [s.status, s.count]))).toEqual(w.counts);
    for (const s of g.statuses) {
      const r = refSpread(w.inStatus.get(s.status) ?? []);
      expect(s.inStatus).toEqual(r.p50 === undefined ? null : r);
    }
    expect(g.transitions.length).toBe(w.trans.size);
    for (const t of g.transitions) {
      const secs = w.trans.get(`${t.from}>${t.to}`) ?? [];
      expect(t.count).toBe(secs.length);
      expect(t.before).toEqual(refSpread(secs));
      transitions += t.count;
    }
    const edges = [60, 300, 900, 3600, 14_400, 43_200, 86_400, Number.POSITIVE_INFINITY];
    expect(g.waited.buckets.map((b) => b.count)).toEqual(
      edges.map(
        (hi, i) => w.waits.filter((v) => v >= (i === 0 ? 0 : (edges[i - 1] as number)) && v < hi).length,
      ),
    );
    const ws = refSpread(w.waits);
    expect({ p50: g.waited.p50, p90: g.waited.p90, max: g.waited.max }).toEqual(ws);
  }
  return transitions;
}

describe("jobtop stats --json", () => {
  it.each([
    ["none", 86_400, []],
    ["node", 86_400, ["--by", "node"]],
    ["gpu", 3600, ["--by", "gpu", "--since", "1h"]],
    ["class", 7 * 86_400, ["--by", "class", "--since", "7d"]],
  ] as const)(
    "by %s over %i s: each number as the reference computes it from the same logs",
    async (by, windowSec, flags) => {
      const r = await runCli(["stats", "--json", ...flags], env());
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.stdout) as StatsDoc;
      expect(doc.by).toBe(by);
      const n = check(doc, by, windowSec);
      // The data has transitions in every window asked (the test means something).
      expect(n).toBeGreaterThan(0);
      // The out-of-order logs are said, not hidden.
      expect(doc.skipped.reordered).toBeGreaterThan(0);
    },
  );

  it("the table: statuses, transitions, the histogram with its counts, and what was skipped", async () => {
    const r = await runCli(["stats", "--status-labels", "6=queued,1=starting,2=running,3=stopped"], env());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^all: 97 jobs\n/);
    expect(r.stdout).toMatch(/ {2}STATUS +NOW +IN STATUS p50 +p90 +max\n {2}◌ queued +\d+ /);
    expect(r.stdout).toMatch(/◌ queued → ◔ starting +\d+ /);
    expect(r.stdout).toContain("WAITED in the first status (p50 ");
    expect(r.stdout).toMatch(/\n {4}<1m +\d+/);
    expect(r.stdout).toMatch(/skipped: \d+ log entries out of order/);
  });

  it.each([
    [["stats", "--by", "host"], '--by: expected gpu, node or class, got "host"'],
    [["stats", "--since", "soon"], '--since: expected a duration from 1m to 30d (90m, 24h, 7d), got "soon"'],
    [["stats", "7"], 'stats takes no words (got "7"); see --by and --since'],
    [["--once", "--since", "1h"], "--since works with stats"],
    [["--once", "--stuck"], "--stuck works with --once --all"],
    [["stats", "--stuck"], "--stuck works with --once --all"],
  ])("%j is bad usage: one line, exit 2", async (args, line) => {
    const r = await runCli(args, env());
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`jobtop: ${line}\n`);
    expect(r.stdout).toBe("");
  });
});

describe("jobtop stats on a service that does not answer", () => {
  it("says stats failed, not --all, which the user never typed; exit 1", async () => {
    const r = await runCli(["stats", "--timeout", "1s"], {
      JOBTOP_BASE_URL: "http://127.0.0.1:1",
      JOBTOP_TOKEN: "x",
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\njobtop: stats: page 1 failed, nothing printed: gave up after 1s/);
    expect(r.stderr).not.toContain("--all");
  });
});

describe("jobtop --once --all --stuck", () => {
  const rules = (longer: string) => `[[alerts]]
name = "queued-long"
statuses = [6]
longer_than = "${longer}"

[[alerts]]
name = "train-stuck"
statuses = [1, 2]
longer_than = "1h"
match = { remark = "train-*" }
`;

  /** The jobs and rules a reference check finds: in the status, for longer, matching. */
  function expected(nowSec: number, queuedSec: number): { id: string; rule: string; forSec: number }[] {
    const out: { id: string; rule: string; forSec: number }[] = [];
    raws.forEach((j, k) => {
      const id = String(k + 1);
      if (j.log.length === 0) return;
      const last = Math.max(...j.log.map((e) => e.ts.seconds));
      const inStatus = nowSec - last;
      if (j.status === 6 && inStatus > queuedSec) out.push({ id, rule: "queued-long", forSec: inStatus });
      const remark = (wire[k] as { app: { remark: string } }).app.remark;
      if ((j.status === 1 || j.status === 2) && inStatus > 3600 && remark.startsWith("train-"))
        out.push({ id, rule: "train-stuck", forSec: inStatus });
    });
    return out;
  }

  it("--json lists each job and rule broken, for how long; exit 6", async () => {
    const cfg = writeConfig(rules("2h"));
    const r = await runCli(["--once", "--all", "--stuck", "--json"], { ...env(), XDG_CONFIG_HOME: cfg.home });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(6);
    const doc = JSON.parse(r.stdout) as {
      now: number;
      stuck: { id: string; rule: string; forSec: number }[];
    };
    const want = expected(doc.now, 7200);
    expect(want.length).toBeGreaterThan(1);
    expect(want.some((w) => w.rule === "train-stuck")).toBe(true);
    const key = (x: { id: string; rule: string; forSec: number }) => `${x.id} ${x.rule} ${x.forSec}`;
    expect(doc.stuck.map(key).sort()).toEqual(want.map(key).sort());
  });

  it("the table names the rule and the time; exit 0 and one line when no job breaks a rule", async () => {
    const some = await runCli(["--once", "--all", "--stuck"], {
      ...env(),
      XDG_CONFIG_HOME: writeConfig(rules("2h")).home,
    });
    expect(some.code).toBe(6);
    expect(some.stdout).toMatch(/^ID +DISPLAY +STATUS +FOR +RULE +REMARK\n/);
    expect(some.stdout).toMatch(/queued-long \(> 2h\)/);
    expect(some.stdout).toMatch(/\n\d+ stuck of 97 jobs · 2 rules\n$/);
    // No queued job has waited a year; no train job is running for an hour: none stuck.
    const calm = `[[alerts]]\nname = "q"\nstatuses = [6]\nlonger_than = "8000h"\n`;
    const none = await runCli(["--once", "--all", "--stuck"], {
      ...env(),
      XDG_CONFIG_HOME: writeConfig(calm).home,
    });
    expect(none.code).toBe(0);
    expect(none.stdout).toBe("0 stuck of 97 jobs · 1 rule\n");
  });

  it("without a rule: one line, exit 2", async () => {
    const r = await runCli(["--once", "--all", "--stuck"], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--stuck: no [[alerts]] rule is configured");
  });
});

describe("jobtop --once --all --stuck: the remark", () => {
  // A fake token, put together here so that no scanner takes this file for a leak.
  const GHP = `ghp_${"A1b2C3d4E5f6G7h8J9k0".repeat(2).slice(0, 36)}`;
  const remark = `train-7 clone https://${GHP}@github.com/o/r \u001b]0;pwned\u0007 \u202eevil`;
  let one: ScriptedService;
  beforeAll(async () => {
    const job = specJob(5, {
      status: 6,
      state: { status: 6, log: [{ id: 1, status: 6, ts: { seconds: NOW - 7200 }, sourceId: 5 }] },
      app: { ...(specJob(5).app as object), remark },
    });
    one = await startScriptedService({ list: (q) => pageOf([job], q, { total: 1 }) });
  });
  afterAll(async () => {
    await one.close();
  });
  const rule = `[[alerts]]\nname = "q"\nstatuses = [6]\nlonger_than = "1h"\n`;

  it("is masked as --once masks it (the table and --json), shown with --show-secrets, never with its escapes", async () => {
    const e = { JOBTOP_BASE_URL: one.url, JOBTOP_TOKEN: one.token, XDG_CONFIG_HOME: writeConfig(rule).home };
    const table = await runCli(["--once", "--all", "--stuck"], e);
    const json = await runCli(["--once", "--all", "--stuck", "--json"], e);
    expect([table.code, json.code]).toEqual([6, 6]);
    for (const out of [table.stdout, json.stdout]) {
      expect(out).not.toContain(GHP.slice(0, 12));
      expect(out).not.toMatch(/[\u001b\u0007\u202e]/);
    }
    expect(table.stdout).toContain("train-7 clone https://");
    expect((JSON.parse(json.stdout) as { stuck: { remark: string }[] }).stuck[0]?.remark).toMatch(
      /^train-7 clone https:\/\/•+@github\.com/,
    );
    const shown = await runCli(["--once", "--all", "--stuck", "--json", "--show-secrets"], e);
    expect((JSON.parse(shown.stdout) as { stuck: { remark: string }[] }).stuck[0]?.remark).toBe(remark);
  });
});

describe("jobtop stats over long logs", () => {
  // 150 jobs of 20 000 log entries (1.3 MB each, 200 MB in all): held whole while the walk went
  // on, they took more than a heap of 128 MB (a crash: "JavaScript heap out of memory"); their
  // digests are a few numbers each.
  const JOBS = 150;
  const ENTRIES = 20_000;
  const PER_PAGE = 10;
  let long: ScriptedService;
  const pageText = longLogPages({ jobs: JOBS, entries: ENTRIES, perPage: PER_PAGE, lastSec: NOW });
  beforeAll(async () => {
    long = await startScriptedService({ list: (q) => ({ raw: pageText(q.page) }) });
  });
  afterAll(async () => {
    await long.close();
  });

  it("keeps each job's digest, not its log: 150 jobs × 20 000 entries within a 128 MB heap", async () => {
    const r = await runCli(
      ["stats", "--json"],
      { JOBTOP_BASE_URL: long.url, JOBTOP_TOKEN: long.token, NODE_OPTIONS: "--max-old-space-size=128" },
      120_000,
    );
    expect(r.stderr).not.toMatch(/out of memory/);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as StatsDoc;
    expect(doc.jobs).toBe(JOBS);
    expect(doc.skipped.dropped).toBeGreaterThanOrEqual(JOBS * (ENTRIES - 64 - 4032));
  }, 150_000);
});
