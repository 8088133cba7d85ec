// The host's bill per open monitor (issue 31), each row an A/B of this build against BENCH_BASE's
// (an older build, scripts/bench-base.js) in one run, on every Node given:
//
// - host-idle: the monitor at default settings against an unchanged demo of 137 jobs (index auto)
//   and one of 2 000 (per_page capped at 100), CPU time of the process over BENCH_HOST_S (default
//   120 s) after a settle, and RSS;
// - host-busy: the 50 newest jobs change every second (bench/service-shapes.ts), events pane open;
// - host-heavy: the selected job has 200 000 state.log entries (~14 MB answers), unchanged;
// - host-start: the first frame with data against a bare `node -e ""`, and `--once` against a
//   bare CommonJS node:http script doing the same request, in turns.
//
// The long rows run every build and Node at once, each monitor against a demo of its own: each is
// measured by its own CPU time (utime + stime from /proc), which other load on the machine does
// not add to. Start-up is measured in turns (bare, this, base …), medians, by wall time and by
// the CPU time each process used.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

export interface HostNode {
  bin: string;
  major: number;
}

interface Monitor {
  pid: number;
  text(): string;
  press(s: string): void;
  until(test: () => boolean, timeoutMs?: number): Promise<number>;
  kill(): Promise<void>;
}

export interface HostKit {
  nodes: HostNode[];
  /** This build's bin and BENCH_BASE's (when given). */
  builds: { name: string; cli: string }[];
  work: string;
  serve(o: {
    jobs?: number;
    logEntries?: number;
    churn?: number;
  }): Promise<{ url: string; token: string; close(): void }>;
  session(node: HostNode, args: string[], env: Record<string, string>): Monitor;
  cleanEnv(extra?: Record<string, string>): Record<string, string>;
  /** ms from spawn to exit of a bare `node -e ""` in a pseudo-terminal. */
  bareInPty(node: HostNode): Promise<number>;
  cpuMs(pid: number): number;
  rssMb(pid: number): number;
  report(node: HostNode | undefined, name: string, value: string, target: string, ok?: boolean): void;
  note(s: string): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const hasData = (m: Monitor) => () => m.text().includes("State timeline");

interface LongRow {
  name: string;
  serve: { jobs?: number; logEntries?: number; churn?: number };
  settleS: number;
  /** Keys pressed once the data is on screen (the events pane). */
  keys?: string;
  cpu: number;
  rss: number;
}

const ROWS: Record<string, LongRow[]> = {
  "host-idle": [
    { name: "idle, 137 jobs (index auto)", serve: { jobs: 137 }, settleS: 40, cpu: 0.25, rss: 60 },
    { name: "idle, 2000 jobs (index auto)", serve: { jobs: 2000 }, settleS: 90, cpu: 0.5, rss: 60 },
  ],
  "host-busy": [
    {
      name: "busy: 50 jobs change every second, events open",
      serve: { jobs: 137, churn: 50 },
      settleS: 40,
      keys: "e",
      cpu: 2,
      rss: 100,
    },
  ],
  "host-heavy": [
    {
      name: "a 200 000-entry state.log selected, unchanged",
      serve: { jobs: 137, logEntries: 200_000 },
      settleS: 60,
      cpu: 3,
      rss: 150,
    },
  ],
};

/** A row of monitors, every build on every Node at once; CPU over the window, RSS sampled each 5 s. */
async function longRow(kit: HostKit, row: LongRow): Promise<void> {
  const seconds = Number(process.env.BENCH_HOST_S) || 120;
  const runs = kit.nodes.flatMap((node) => kit.builds.map((build) => ({ node, build })));
  const results = await Promise.all(
    runs.map(async ({ node, build }) => {
      const server = await kit.serve(row.serve);
      const m = kit.session(
        node,
        [build.cli, "--base-url", server.url],
        kit.cleanEnv({ JOBTOP_TOKEN: server.token }),
      );
      try {
        const t0 = performance.now();
        await m.until(hasData(m), 120_000);
        if (row.keys) m.press(row.keys);
        await sleep(row.settleS * 1000 - (performance.now() - t0));
        const [cpu0, w0] = [kit.cpuMs(m.pid), performance.now()];
        const rss: number[] = [];
        while (performance.now() - w0 < seconds * 1000) {
          await sleep(5000);
          rss.push(kit.rssMb(m.pid));
        }
        const wall = performance.now() - w0;
        return {
          cpu: ((kit.cpuMs(m.pid) - cpu0) / wall) * 100,
          rssEnd: rss.at(-1) ?? 0,
          rssMax: Math.max(...rss),
        };
      } finally {
        await m.kill();
        server.close();
      }
    }),
  );
  runs.forEach(({ node, build }, i) => {
    const r = results[i] as (typeof results)[number];
    kit.report(
      node,
      `${row.name}: CPU over ${seconds}s (${build.name})`,
      `${r.cpu.toFixed(2)} % of a core`,
      `≤ ${row.cpu} %`,
      build.name === "this build" ? r.cpu <= row.cpu : undefined,
    );
    kit.report(
      node,
      `${row.name}: RSS end / max (${build.name})`,
      `${r.rssEnd.toFixed(0)} / ${r.rssMax.toFixed(0)} MB`,
      `≤ ${row.rss} MB`,
      build.name === "this build" ? r.rssMax <= row.rss : undefined,
    );
  });
}

/** The bare CommonJS node:http script `--once` is held to: the same request, a line per job. */
const BARE_HTTP = `const http = require("node:http");
const u = new URL("/v1/job/jobs?page=1&per_page=20&order=desc", process.argv[2]);
http.get(u, { headers: { authorization: "Bearer " + process.env.JOBTOP_TOKEN } }, (res) => {
  const chunks = [];
  res.on("data", (c) => chunks.push(c));
  res.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    for (const j of body.job) process.stdout.write(j.status + " " + j.displayID + " " + j.id + "\\n");
  });
});
`;

/** Preloaded into each process the --once row starts: its own CPU time (all threads), as it exits. */
const CPU_AT_EXIT = `process.on("exit", () => {
  const u = process.cpuUsage();
  require("node:fs").appendFileSync(process.env.BENCH_CPU_FILE, (u.user + u.system) / 1000 + "\\n");
});
`;

/** CPU time (all threads) of a live process in ms, to the nanosecond: /proc/PID/task/*\/schedstat. */
function cpuNowMs(pid: number): number {
  let ns = 0;
  for (const t of readdirSync(`/proc/${pid}/task`))
    ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, "utf8").split(" ")[0]);
  return ns / 1e6;
}

/** First frame and --once, in turns: bare, then each build; medians of BENCH_HOST_RUNS (default 15). */
async function startRow(kit: HostKit, node: HostNode): Promise<void> {
  const runs = Number(process.env.BENCH_HOST_RUNS) || 15;
  const server = await kit.serve({ jobs: 137 });
  const env = kit.cleanEnv({ JOBTOP_TOKEN: server.token });
  const bareHttp = join(kit.work, "bare-http.cjs");
  const preload = join(kit.work, "cpu-at-exit.cjs");
  writeFileSync(bareHttp, BARE_HTTP);
  writeFileSync(preload, CPU_AT_EXIT);
  try {
    // First frame: wall time spawn → `State timeline` on screen, and the CPU the process used to it.
    const frame = async (args: string[], cpu: boolean) => {
      const t0 = performance.now();
      const m = kit.session(node, args, env);
      const t = (await m.until(hasData(m), 60_000)) - t0;
      const used = cpu ? cpuNowMs(m.pid) : 0;
      await m.kill();
      return { t, used };
    };
    // --once and bare node: spawn to exit through a pipe; CPU time as each process exits (the same
    // preload for all).
    const cpuFile = join(kit.work, `cpu-${node.major}.txt`);
    const once = (args: string[]) =>
      new Promise<{ t: number; cpu: number }>((resolve, reject) => {
        writeFileSync(cpuFile, "");
        const t0 = performance.now();
        const child = spawn(node.bin, ["-r", preload, ...args], {
          env: { ...env, BENCH_CPU_FILE: cpuFile },
          stdio: ["ignore", "pipe", "ignore"],
        });
        child.stdout.resume();
        child.on("close", (code) => {
          const t = performance.now() - t0;
          if (code !== 0) reject(new Error(`${args.join(" ")}: exit ${code}`));
          else resolve({ t, cpu: Number(readFileSync(cpuFile, "utf8").trim()) });
        });
      });
    for (const b of kit.builds) {
      const prime = kit.session(node, [b.cli, "--base-url", server.url], env);
      await prime.until(hasData(prime), 60_000);
      await sleep(3000); // the bin writes its code cache two seconds in
      await prime.kill();
    }
    const bare: number[] = [];
    const bareCpu: number[] = [];
    const frames = kit.builds.map(() => ({ t: [] as number[], cpu: [] as number[] }));
    for (let i = 0; i < runs; i++) {
      bare.push(await kit.bareInPty(node));
      bareCpu.push((await once(["-e", ""])).cpu);
      for (const [j, b] of kit.builds.entries()) {
        const r = await frame([b.cli, "--base-url", server.url], true);
        frames[j]?.t.push(r.t);
        frames[j]?.cpu.push(r.used);
      }
    }
    const [b0, c0] = [median(bare), median(bareCpu)];
    kit.builds.forEach((b, j) => {
      const f = frames[j] as { t: number[]; cpu: number[] };
      const t = median(f.t);
      kit.report(
        node,
        `first frame with data, cached (${b.name})`,
        `${t.toFixed(0)} ms = ${(t / b0).toFixed(2)}× bare ${b0.toFixed(0)} ms; CPU ${(median(f.cpu) / c0).toFixed(2)}× (${median(f.cpu).toFixed(0)} / ${c0.toFixed(0)} ms)`,
        "≤ 2×",
        b.name === "this build" ? t / b0 <= 2 : undefined,
      );
    });

    // --once against the bare node:http script, in turns.
    const onceArgs = (cli: string) => [cli, "--once", "--base-url", server.url];
    for (const b of kit.builds) await once(onceArgs(b.cli)); // its command's code cache
    const http: { t: number; cpu: number }[] = [];
    const onces = kit.builds.map(() => [] as { t: number; cpu: number }[]);
    for (let i = 0; i < runs; i++) {
      http.push(await once([bareHttp, server.url]));
      for (const [j, b] of kit.builds.entries()) onces[j]?.push(await once(onceArgs(b.cli)));
    }
    const [ht, hc] = [median(http.map((r) => r.t)), median(http.map((r) => r.cpu))];
    kit.builds.forEach((b, j) => {
      const rs = onces[j] as { t: number; cpu: number }[];
      const [t, c] = [median(rs.map((r) => r.t)), median(rs.map((r) => r.cpu))];
      kit.report(
        node,
        `--once vs a bare node:http script (${b.name})`,
        `${t.toFixed(0)} ms = ${(t / ht).toFixed(2)}× ${ht.toFixed(0)} ms; CPU ${(c / hc).toFixed(2)}× (${c.toFixed(0)} / ${hc.toFixed(0)} ms)`,
        "≤ 1.25×",
        b.name === "this build" ? t / ht <= 1.25 : undefined,
      );
    });
  } finally {
    server.close();
  }
}

/** The rows of this file by id (BENCH_ONLY names them). */
export const HOST_ROWS: Record<string, (kit: HostKit) => Promise<void>> = {
  "host-idle": async (kit) => {
    for (const row of ROWS["host-idle"] ?? []) await longRow(kit, row);
  },
  "host-busy": async (kit) => {
    for (const row of ROWS["host-busy"] ?? []) await longRow(kit, row);
  },
  "host-heavy": async (kit) => {
    for (const row of ROWS["host-heavy"] ?? []) await longRow(kit, row);
  },
  "host-start": async (kit) => {
    for (const node of kit.nodes) await startRow(kit, node);
  },
};
