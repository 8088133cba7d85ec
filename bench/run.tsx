// `npm run bench`: measures the budgets of DESIGN.md §11 and prints the figures.
// Results are recorded by hand in BENCHMARKS.md with the date and machine.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import xterm from "@xterm/headless";
import { Box, render } from "ink";
import * as pty from "node-pty";
import type { PageItem } from "../src/api/client.js";
import { type Job, JobSchema, type WireJob, type WireLogEntry } from "../src/api/schema.js";
import { DEMO_STATUS_LABELS } from "../src/demo/data.js";
import { type DemoServer, startDemoServer } from "../src/demo/server.js";
import { chooseColumns } from "../src/ui/columns.js";
import { detailLines } from "../src/ui/detail-lines.js";
import { JobDetail } from "../src/ui/JobDetail.js";
import { JobList } from "../src/ui/JobList.js";

// BENCH_CLI=path measures another build (an older commit's dist/jobtop.js) the same way.
const CLI = process.env.BENCH_CLI ?? "dist/jobtop.js";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const line = (name: string, value: string, budget: string, ok: boolean) =>
  console.log(`${ok ? "PASS" : "FAIL"}  ${name.padEnd(44)} ${value.padEnd(26)} budget ${budget}`);

interface Term {
  bytes: () => number;
  text: () => string;
  kill: () => void;
  exited: Promise<void>;
}

function runCli(args: string[], env: Record<string, string>, cols = 120, rows = 30): Term {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  const p = pty.spawn(process.execPath, [CLI, ...args], {
    cols,
    rows,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", TERM: "xterm-256color", ...env },
  });
  let bytes = 0;
  p.onData((d) => {
    bytes += Buffer.byteLength(d);
    term.write(d);
  });
  const exited = new Promise<void>((r) => p.onExit(() => r()));
  return {
    bytes: () => bytes,
    text: () => {
      const b = term.buffer.active;
      const out: string[] = [];
      for (let y = 0; y < rows; y++) out.push(b.getLine(y)?.translateToString(true) ?? "");
      return out.join("\n");
    },
    kill: () => p.kill("SIGKILL"),
    exited,
  };
}

/**
 * The demo service runs in its own process, as a real service would: in this process its
 * answers would wait behind the terminal emulator's parsing. The screen is read as each write
 * from jobtop lands, the way a terminal shows it.
 */
async function firstFrame() {
  const server = spawn(process.execPath, [CLI, "demo-server", "--port", "0", "--tick", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let banner = "";
  const base = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    server.stdout.on("data", (d: Buffer) => {
      banner += d.toString();
      const url = /base URL: (\S+)/.exec(banner)?.[1];
      const token = /token: +(\S+)/.exec(banner)?.[1];
      if (url && token) resolve({ url, token });
    });
    server.once("exit", () => reject(new Error(`demo-server exited:\n${banner}`)));
  });
  // The bin keeps V8's code cache in $XDG_CACHE_HOME/jobtop, written two seconds into a run
  // without one (src/boot.ts): "cached" is every start after the first, "first start" is the
  // very first (or NODE_DISABLE_COMPILE_CACHE=1).
  const cacheHome = mkdtempSync(join(tmpdir(), "jobtop-bench-"));
  // No config file (this machine's own stays out of it), and one that names the service, a
  // profile and the status codes: what reading a config file costs a start.
  const noConfig = join(cacheHome, "no-config");
  const withConfig = join(cacheHome, "config");
  mkdirSync(join(withConfig, "jobtop"), { recursive: true });
  writeFileSync(join(withConfig, "token"), base.token, { mode: 0o600 });
  writeFileSync(
    join(withConfig, "jobtop", "config.toml"),
    `profile = "prod"\n[status]\n6 = "queued"\n1 = "starting"\n2 = "running"\n3 = "stopped"\n` +
      `[profiles.prod]\nbase_url = "${base.url}"\ntoken_file = "../token"\nlist_interval = "10s"\n` +
      `columns = ["status", "display", "remark", "gpu", "age", "id"]\n[profiles.prod.status]\n3 = "done"\n`,
    { mode: 0o600 },
  );
  const cached = { XDG_CACHE_HOME: cacheHome, XDG_CONFIG_HOME: noConfig };
  // Its own code cache, written by a start that read the file, as a config user's would be.
  const cachedConfig = {
    XDG_CACHE_HOME: join(cacheHome, "config-cache"),
    XDG_CONFIG_HOME: withConfig,
    FROM_CONFIG: "1",
  };
  try {
    await timeToFrame(base.url, base.token, cached, 3000);
    if (readdirSync(join(cacheHome, "jobtop")).length === 0) throw new Error("no code cache written");
    if (!process.env.BENCH_CLI) await timeToFrame(base.url, base.token, cachedConfig, 3000);
    for (const [name, env] of [
      ["first frame with data, cached (median of 9)", cached],
      [
        "first frame, first start (median of 9)",
        { NODE_DISABLE_COMPILE_CACHE: "1", XDG_CONFIG_HOME: noConfig },
      ],
      // An older build (BENCH_CLI) may not read config files.
      ...(process.env.BENCH_CLI ? [] : [["first frame, cached, from a config file", cachedConfig] as const]),
    ] as const) {
      const bare: number[] = [];
      const times: number[] = [];
      for (let i = 0; i < 9; i++) {
        const t0 = performance.now();
        spawnSync(process.execPath, ["-e", ""]);
        bare.push(performance.now() - t0);
        times.push(await timeToFrame(base.url, base.token, env));
      }
      const b = median(bare);
      const f = median(times);
      line(name, `${f.toFixed(0)} ms = ${(f / b).toFixed(2)}× node -e ""`, "≤ 3×", f <= 3 * b);
      console.log(`      (bare node start ${b.toFixed(0)} ms)`);
    }
  } finally {
    server.kill();
    rmSync(cacheHome, { recursive: true, force: true });
  }
}

/** ms from spawn to the first job's details on screen; the process is killed `linger` ms later. */
function timeToFrame(url: string, token: string, env: Record<string, string>, linger = 0): Promise<number> {
  const cols = 120;
  const rows = 30;
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  const t0 = performance.now();
  // FROM_CONFIG: no flags and no JOBTOP_TOKEN; the config file says it all.
  const { FROM_CONFIG, ...rest } = env;
  const p = pty.spawn(process.execPath, FROM_CONFIG ? [CLI] : [CLI, "--base-url", url], {
    cols,
    rows,
    env: {
      PATH: process.env.PATH ?? "",
      TERM: "xterm-256color",
      ...(FROM_CONFIG ? {} : { JOBTOP_TOKEN: token }),
      ...rest,
    },
  });
  return new Promise((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => reject(new Error("no first frame in 10 s")), 10_000);
    p.onData((d) =>
      term.write(d, () => {
        if (done) return;
        const b = term.buffer.active;
        for (let y = 0; y < rows; y++) {
          if (!b.getLine(y)?.translateToString(true).includes("State timeline")) continue;
          done = true;
          const ms = performance.now() - t0;
          clearTimeout(timer);
          p.onExit(() => resolve(ms));
          setTimeout(() => p.kill("SIGKILL"), linger);
          return;
        }
      }),
    );
  });
}

async function idle(demo: DemoServer) {
  // One pinned job off the page (job 1 is on the last page, newest first): one more request
  // per page interval. The title is on (the default): written only when its text changes.
  const t = runCli(["--base-url", demo.url, "--pin", "1"], { JOBTOP_TOKEN: demo.token });
  while (!/State timeline/.test(t.text())) await sleep(10);
  await sleep(3000); // settle: first polls, first ticks
  const before = t.bytes();
  const req0 = demo.requestCount();
  const seconds = 20;
  await sleep(seconds * 1000);
  const perSecond = (t.bytes() - before) / seconds;
  const requests = demo.requestCount() - req0;
  t.kill();
  await t.exited;
  // The ticking cell: "12s ago" and the rest of its line (the host) rewritten from the first
  // changed cell, plus the cursor movement there and back.
  line(
    "idle output while nothing changes",
    `${perSecond.toFixed(0)} B/s`,
    "the ticking cell's tail of the header (< 150 B/s)",
    perSecond < 150,
  );
  const expected = seconds / 2 + seconds / 10 + seconds / 10;
  line(
    `requests in ${seconds}s (job every 2s, page and 1 pinned job off it every 10s)`,
    `${requests}`,
    `≤ ${Math.ceil(expected * 1.15)} (1 per interval per resource)`,
    requests <= Math.ceil(expected * 1.15),
  );
}

/**
 * `jobtop --once` start to exit against a demo service in its own process, side by side with a
 * bare `node -e ""` under the same environment (each round runs both), and the time from its
 * last byte on stdout to its exit. BENCH_NODE=<node> runs both on another Node (e.g. 24).
 */
async function onceFigures() {
  const node = process.env.BENCH_NODE ?? process.execPath;
  const server = spawn(node, [CLI, "demo-server", "--port", "0", "--tick", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let banner = "";
  const base = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    server.stdout.on("data", (d: Buffer) => {
      banner += d.toString();
      const url = /base URL: (\S+)/.exec(banner)?.[1];
      const token = /token: +(\S+)/.exec(banner)?.[1];
      if (url && token) resolve({ url, token });
    });
    server.once("exit", () => reject(new Error(`demo-server exited:\n${banner}`)));
  });
  const home = mkdtempSync(join(tmpdir(), "jobtop-bench-once-"));
  // One environment for both sides (a NODE_EXTRA_CA_CERTS in the caller's would cost only one).
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    XDG_CACHE_HOME: join(home, "cache"),
    XDG_CONFIG_HOME: join(home, "config"),
    JOBTOP_BASE_URL: base.url,
    JOBTOP_TOKEN: base.token,
  };
  const run = (args: string[], extra: Record<string, string> = {}) =>
    new Promise<{ total: number; gap: number }>((resolve) => {
      const t0 = performance.now();
      const p = spawn(node, args, { env: { ...env, ...extra }, stdio: ["ignore", "pipe", "ignore"] });
      let last = t0;
      p.stdout.on("data", () => {
        last = performance.now();
      });
      p.on("exit", () => {
        const t = performance.now();
        resolve({ total: t - t0, gap: t - last });
      });
    });
  try {
    const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
    console.log(`      (--once and node -e on Node ${version})`);
    await run([CLI, "--once"]); // writes the code cache a command writes as it ends
    for (const [name, extra] of [
      ["--once, cached (median of 11)", {}],
      ["--once, first start (median of 11)", { NODE_DISABLE_COMPILE_CACHE: "1" }],
    ] as const) {
      const bare: number[] = [];
      const once: number[] = [];
      const gaps: number[] = [];
      for (let i = 0; i < 11; i++) {
        bare.push((await run(["-e", ""])).total);
        const r = await run([CLI, "--once"], extra);
        once.push(r.total);
        gaps.push(r.gap);
      }
      const b = median(bare);
      const o = median(once);
      line(name, `${o.toFixed(0)} ms = ${(o / b).toFixed(2)}× node -e ""`, "≤ 2.5×", o <= 2.5 * b);
      console.log(`      (bare node start ${b.toFixed(0)} ms)`);
      const g = median(gaps);
      line(
        `  last byte to exit`,
        `${g.toFixed(1)} ms (max ${gaps.reduce((a, b) => Math.max(a, b), 0).toFixed(0)})`,
        "< 30 ms",
        g < 30,
      );
    }
  } finally {
    server.kill();
    rmSync(home, { recursive: true, force: true });
  }
}

function bigJob(id: number, entries: number): Job {
  return JobSchema.parse(bigWireJob(id, entries));
}

function bigWireJob(id: number, entries: number): WireJob {
  const log: WireLogEntry[] = Array.from({ length: entries }, (_, i) => ({
    id: id * 100 + i,
    status: [6, 1, 2, 3][i % 4] as number,
    ts: { seconds: 1_700_000_000 + i * 60 },
    sourceId: id,
  }));
  return {
    id,
    displayID: `job-${id}`,
    status: 2,
    state: { status: 2, log },
    ctx: {
      ownerId: 1,
      nodeId: 1,
      clientID: 1,
      nodeDisplayID: "gpu-a01",
      class: "",
      aotuRelease: false,
      releaseTime: null,
      nodeDomain: 1,
    },
    app: {
      name: "pytorch",
      ver: "2.4",
      envs: "A=1;HF_TOKEN=x;B=2",
      format: 1,
      files: null,
      cmd: "python train.py --epochs 20",
      hostname: "",
      creds: "",
      ports: [{ port: 22, protocol: 1, extraData: null }],
      urls: { port_22: { urls: ["ssh://gw.example:30022"] } },
      fromSnapshotId: 0,
      SSHAuths: [],
      netConfig: null,
      remark: `训练 run ${id} 🚀`,
      fromImageId: 1,
    },
    res: { cpus: 8, gpus: 2, diskGB: 100, gpuName: "A100", domain: "", agentDomain: 0 },
    createTime: { seconds: 1_700_000_000 },
    updateTime: null,
    autoRelease: false,
    releaseTime: null,
    vols: null,
    queueLen: 0,
    nets: [],
    desc: "",
  };
}

/** Discards output, as a terminal far away would; Ink renders to it as to a TTY. */
class NullStdout extends EventEmitter {
  columns = 200;
  rows = 50;
  isTTY = true;
  write(): boolean {
    return true;
  }
}

function renderFrame() {
  const items: PageItem[] = Array.from({ length: 500 }, (_, i) => ({ ok: true, job: bigJob(i + 1, 50) }));
  const width = 200;
  const rows = 50;
  const listWidth = Math.floor(width * 0.55);
  const detailWidth = width - listWidth - 2;
  const cols = chooseColumns(listWidth, DEMO_STATUS_LABELS);
  function Screen({ cursor }: { cursor: number }) {
    const job = (items[cursor] as { job: Job }).job;
    const lines = detailLines(job, {
      width: detailWidth,
      nowSec: 1_800_000_000,
      labels: DEMO_STATUS_LABELS,
      showSecrets: false,
      isNewEntry: () => false,
    });
    return (
      <Box flexDirection="row">
        <JobList
          items={items}
          cursor={cursor}
          width={listWidth}
          height={rows - 2}
          columns={cols}
          labels={DEMO_STATUS_LABELS}
          changed={() => false}
          nowSec={1_800_000_000}
          focused
          emptyText=""
        />
        <JobDetail
          lines={lines}
          scroll={0}
          width={detailWidth}
          height={rows - 2}
          focused={false}
          title="Job"
        />
      </Box>
    );
  }
  // debug: every update is rendered at once, so a rerender's time is the whole frame's:
  // React reconciliation, layout, and building the output.
  const app = render(<Screen cursor={0} />, {
    stdout: new NullStdout() as unknown as NodeJS.WriteStream,
    debug: true,
    patchConsole: false,
  });
  for (let i = 1; i < 60; i++) app.rerender(<Screen cursor={i} />); // warm up
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    app.rerender(<Screen cursor={(i * 7) % 500} />); // selection jumps: rows scroll, detail changes
    times.push(performance.now() - t0);
  }
  app.unmount();
  const m = median(times);
  const p95 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)] ?? 0;
  line(
    "frame: 500 jobs × 50 log entries, 200×50",
    `median ${m.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
    "≤ 16 ms",
    p95 <= 16,
  );
}

function packSize() {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const info = JSON.parse(out)[0] as { size: number; unpackedSize: number; files: { path: string }[] };
  line(
    "npm pack",
    `${(info.size / 1000).toFixed(0)} kB (${info.files.length} files)`,
    "< 600 kB",
    info.size < 600_000,
  );
  console.log(`      files: ${info.files.map((f) => f.path).join(", ")}`);
}

const demo = await startDemoServer({ port: 0, tickMs: 0 });
try {
  console.log(`jobtop benchmarks — node ${process.version}, ${new Date().toISOString()}\n`);
  const only = process.env.BENCH_ONLY; // e.g. BENCH_ONLY=frame to profile one figure
  if (!only || only === "first") await firstFrame();
  if (!only || only === "once") await onceFigures();
  if (!only || only === "frame") renderFrame();
  if (!only || only === "idle") await idle(demo);
  if (!only || only === "pack") packSize();
} finally {
  await demo.close();
}
