// Where jobtop's time goes: runs the built CLI in a pseudo-terminal (150×40) against the demo
// service in its own process (--tick 0, nothing changes) under V8's CPU profiler, and prints the
// functions that took the most time, by themselves and with what they call.
//
//   node scripts/profile.js start [--node BIN] [--cli FILE]    spawn → first frame with data (cached start)
//   node scripts/profile.js idle  [--node BIN] [--seconds 60]  the monitor left alone, after 20 s
//
// Build with JOBTOP_READABLE=1 first to see names rather than minified ones. The raw profile
// (.cpuprofile, for Chrome DevTools) is kept in the folder printed at the end.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import xterm from "@xterm/headless";
import pty from "node-pty";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    node: { type: "string", default: process.execPath },
    cli: { type: "string", default: "dist/jobtop.js" },
    seconds: { type: "string", default: "60" },
    top: { type: "string", default: "30" },
    "heap-prof": { type: "boolean", default: false },
  },
});
const mode = positionals[0] ?? "start";
const cli = resolve(values.cli);
const dir = mkdtempSync(join(tmpdir(), "jobtop-profile-"));
const flags = ["--cpu-prof", "--cpu-prof-dir", dir, "--cpu-prof-interval", "200"];
if (values["heap-prof"]) flags.push("--heap-prof", "--heap-prof-dir", dir);

const demo = spawn(values.node, [cli, "demo-server", "--port", "0", "--tick", "0"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const { url, token } = await new Promise((ok) => {
  let out = "";
  demo.stdout.on("data", (d) => {
    out += d;
    const u = /base URL: (\S+)/.exec(out)?.[1];
    const t = /token: +(\S+)/.exec(out)?.[1];
    if (u && t) ok({ url: u, token: t });
  });
});
const env = {
  PATH: process.env.PATH,
  HOME: dir,
  TERM: "xterm-256color",
  LANG: "C.UTF-8",
  XDG_CACHE_HOME: join(dir, "cache"),
  XDG_CONFIG_HOME: join(dir, "config"),
  JOBTOP_TOKEN: token,
};

/** Runs jobtop until the first frame with data, then `linger` ms more, then quits with q. */
function run(linger) {
  const term = new xterm.Terminal({ cols: 150, rows: 40, allowProposedApi: true });
  const p = pty.spawn(values.node, [...flags, cli, "--base-url", url], { cols: 150, rows: 40, env });
  const t0 = performance.now();
  let seen;
  p.onData((d) =>
    term.write(d, () => {
      if (seen !== undefined) return;
      const b = term.buffer.active;
      for (let y = 0; y < 40; y++)
        if (b.getLine(y)?.translateToString(true).includes("State timeline")) {
          seen = performance.now() - t0;
          setTimeout(() => p.write("q"), linger);
          return;
        }
    }),
  );
  return new Promise((r) => p.onExit(() => r(seen)));
}

const settle = 20_000;
if (mode === "start") {
  await run(3000); // writes the code cache for these flags
  for (const f of readdirSync(dir))
    if (f.endsWith(".cpuprofile")) (await import("node:fs")).rmSync(join(dir, f));
  const ms = await run(0);
  console.log(`first frame with data after ${ms?.toFixed(0)} ms (wall, this machine as loaded as it is)`);
} else {
  await run(settle + Number(values.seconds) * 1000);
}
demo.kill();

const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
const prof = JSON.parse(readFileSync(join(dir, file), "utf8"));
summarise(prof, mode === "idle" ? settle * 1000 : 0);
console.log(`\nprofiles in ${dir}`);

/** Self and inclusive time per function, over the samples after `fromUs` µs. */
function summarise(p, fromUs) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const incl = new Map();
  let t = 0;
  let total = 0;
  const name = (n) => {
    const f = n.callFrame;
    const file = f.url ? f.url.replace(/^.*\//, "") : "";
    return `${f.functionName || "(anonymous)"} ${file}:${f.lineNumber + 1}`;
  };
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i];
    if (t < fromUs) continue;
    const dt = p.timeDeltas[i + 1] ?? 0;
    const leaf = byId.get(p.samples[i]);
    if (!leaf) continue;
    total += dt;
    if (leaf.callFrame.functionName === "(idle)") continue;
    const k = name(leaf);
    self.set(k, (self.get(k) ?? 0) + dt);
    const seen = new Set();
    for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
      const key = name(byId.get(id));
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + dt);
    }
  }
  const busy = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(
    `profiled ${(total / 1000).toFixed(0)} ms, busy (not idle) ${(busy / 1000).toFixed(1)} ms` +
      ` = ${((busy / total) * 100).toFixed(2)} % of a core`,
  );
  const top = Number(values.top);
  const show = (title, m) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${(v / 1000).toFixed(1).padStart(9)} ms  ${k}`);
  };
  show("self time", self);
  show("inclusive time", incl);
}
