// Real-time soak: `npm run soak -- --minutes N [--interval 250ms] [--list-interval 1s] [--node PATH]`.
// Runs the built jobtop in a real pseudo-terminal against the demo service (its own process, jobs
// changing every second), mixes in every fault kind and a few keystrokes, and prints the jobtop
// process's RSS, heap after a full GC, live timers and sockets once a minute. Ends with `q` and
// checks the exit code. Heap figures come from scripts/soak-probe.js, loaded into the process.
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import pty from "node-pty";

const { values } = parseArgs({
  allowNegative: true,
  options: {
    minutes: { type: "string", default: "10" },
    interval: { type: "string", default: "250ms" },
    "list-interval": { type: "string", default: "1s" },
    "sample-ms": { type: "string", default: "60000" },
    // The demo service's tick: "0" for data that never changes (the idle case, with --no-faults
    // --no-keys), to compare memory at idle with memory under load.
    tick: { type: "string", default: "1s" },
    // Keep the probe's JSON lines (heap spaces, smaps by kind) in this file.
    "probe-out": { type: "string" },
    // V8 flags the probe sets in the process a second in, as a bin could at run time.
    "v8-flags": { type: "string", default: "" },
    // The Node that runs jobtop (default: this one), e.g. .cache/node24/node_modules/.bin/node.
    node: { type: "string", default: process.execPath },
    // To tell a leak's cause: --no-faults, --no-keys.
    faults: { type: "boolean", default: true },
    keys: { type: "boolean", default: true },
  },
});
const minutes = Number(values.minutes);
if (!(minutes > 0)) {
  console.error(`--minutes: expected a positive number, got "${values.minutes}"`);
  process.exit(2);
}
const sampleMs = Number(values["sample-ms"]);
const cli = resolve("dist/jobtop.js");
const FAULTS = [
  "500",
  "502-html",
  "429",
  "503",
  "hang",
  "malformed",
  "drift",
  "bad-job",
  "code",
  "reset",
  "401",
];

const demo = spawn(process.execPath, [cli, "demo-server", "--port", "0", "--tick", values.tick], {
  stdio: ["ignore", "pipe", "inherit"],
});
const baseUrl = await new Promise((ok, fail) => {
  let out = "";
  demo.stdout.on("data", (d) => {
    out += d;
    const m = /https?:\/\/127\.0\.0\.1:\d+/.exec(out);
    if (m) ok(m[0]);
  });
  demo.on("exit", () => fail(new Error(`demo-server exited: ${out}`)));
});
const token = "demo-token";
const control = (path) =>
  fetch(`${baseUrl}${path}`, { method: "POST", headers: { authorization: `Bearer ${token}` } })
    .then((r) => r.body?.cancel())
    .catch(() => {});

const dir = mkdtempSync(join(tmpdir(), "jobtop-soak-"));
const probeFile = join(dir, "probe.jsonl");
const args = [
  "--base-url",
  baseUrl,
  "--interval",
  values.interval,
  "--list-interval",
  values["list-interval"],
];
const probe = pathToFileURL(resolve("scripts/soak-probe.js")).href;
const term = pty.spawn(values.node, ["--expose-gc", "--import", probe, cli, ...args], {
  name: "xterm-256color",
  cols: 160,
  rows: 45,
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // A cache folder of the run's own (the bin's code cache), if the caller set one.
    ...(process.env.XDG_CACHE_HOME && { XDG_CACHE_HOME: process.env.XDG_CACHE_HOME }),
    TERM: "xterm-256color",
    JOBTOP_TOKEN: token,
    SOAK_PROBE_FILE: probeFile,
    SOAK_PROBE_MS: String(sampleMs),
    SOAK_PROBE_FLAGS: values["v8-flags"],
  },
});
let bytes = 0;
term.onData((d) => {
  bytes += d.length;
});
const exited = new Promise((r) => term.onExit(r));

console.log(
  `soak: ${minutes} min, jobtop pid ${term.pid} (node ${values.node}) polling ${baseUrl} every ${values.interval}`,
);
console.log("minute   rss MB   heap MB (after GC)   timers   sockets   bytes out   faults");
let faults = 0;
const faultTimer = setInterval(() => {
  if (!values.faults) return;
  const kind = FAULTS[faults % FAULTS.length];
  faults++;
  void control(`/_demo/fault?kind=${kind}&count=${1 + (faults % 3)}`);
}, 7_000);
const KEYS = ["\x1b[B", "\x1b[B", "\x1b[A", "\x1b[C", "\x1b[D", "o", "o", "r", "s", "s", "\t", "\t"];
let k = 0;
const keyTimer = setInterval(() => values.keys && term.write(KEYS[k++ % KEYS.length]), 3_000);

const samples = () => {
  try {
    return readFileSync(probeFile, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
};
let printed = 0;
const mb = (n) => (n / 1048576).toFixed(1).padStart(6);
const printNew = () => {
  const all = samples();
  for (; printed < all.length; printed++) {
    const x = all[printed];
    const minute = (x.t / 60_000).toFixed(1).padStart(6);
    console.log(
      `${minute}   ${mb(x.rss)}   ${mb(x.heapUsed).padStart(18)}   ${String(x.timers).padStart(6)}   ${String(x.sockets).padStart(7)}   ${String(bytes).padStart(9)}   ${faults}`,
    );
  }
};
const printTimer = setInterval(printNew, 5_000);

await new Promise((r) => setTimeout(r, minutes * 60_000 + 3_000));
clearInterval(faultTimer);
clearInterval(keyTimer);
clearInterval(printTimer);
printNew();
term.write("q");
const exit = await Promise.race([
  exited,
  new Promise((r) => setTimeout(() => r({ exitCode: "hung" }), 5_000)),
]);
demo.kill("SIGINT");

const all = samples();
if (values["probe-out"]) copyFileSync(probeFile, values["probe-out"]);
rmSync(dir, { recursive: true, force: true });
if (all.length < 2) {
  console.error("soak: fewer than two samples; run longer (--minutes) or sample more often (--sample-ms)");
  process.exit(1);
}
// Compare after warm-up (the second sample) with the end: V8 and Ink settle in the first minute.
const base = all[Math.min(1, all.length - 1)];
const last = all[all.length - 1];
console.log(
  `\nheap after GC: ${mb(base.heapUsed).trim()} → ${mb(last.heapUsed).trim()} MB (${((last.heapUsed - base.heapUsed) / 1048576).toFixed(2)} MB), ` +
    `rss ${mb(base.rss).trim()} → ${mb(last.rss).trim()} MB, timers ${base.timers} → ${last.timers}, ` +
    `sockets ${base.sockets} → ${last.sockets}; ${faults} faults injected; exit code ${exit.exitCode}`,
);
process.exit(exit.exitCode === 0 ? 0 : 1);
