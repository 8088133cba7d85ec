// Loaded into the jobtop process by `npm run soak` (node --import): every SOAK_PROBE_MS it runs a
// full GC (when --expose-gc is on) and appends one JSON line of memory and live handles to
// SOAK_PROBE_FILE. It reads the real process from inside, which nothing outside it can do for the
// heap; jobtop itself carries no soak code. Each line also has V8's heap spaces (physical size)
// and the process's resident memory by kind of mapping (`smaps`, below), so that RSS can be
// told apart: node binary, V8 heap pages, V8 code, malloc, WebAssembly (Yoga), the rest.
import { appendFileSync, readFileSync, realpathSync } from "node:fs";
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from "node:v8";

const file = process.env.SOAK_PROBE_FILE;
const every = Number(process.env.SOAK_PROBE_MS) || 60_000;
const binary = realpathSync(process.execPath);

/**
 * Resident kB of /proc/self/smaps by kind. Anonymous mappings are told apart by shape: glibc's
 * per-thread malloc arenas are 64 MB-aligned with the rest of their 64 MB reserved (---p) right
 * after; V8's code range is the big rwx (or r-x) reservation; WebAssembly memory sits in a
 * reservation of gigabytes (guard regions); V8's pages are 256 kB-aligned.
 */
export function smaps() {
  const out = {};
  const add = (k, kb) => {
    out[k] = (out[k] ?? 0) + kb;
  };
  let text;
  try {
    text = readFileSync("/proc/self/smaps", "utf8");
  } catch {
    return undefined;
  }
  const maps = [];
  let cur;
  for (const line of text.split("\n")) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) {
      cur = { start: BigInt(`0x${m[1]}`), end: BigInt(`0x${m[2]}`), perms: m[3], path: m[4], rss: 0 };
      maps.push(cur);
    } else if (cur && line.startsWith("Rss:")) cur.rss = Number(line.split(/\s+/)[1]);
  }
  const MB64 = 64n << 20n;
  const GB = 1n << 30n;
  for (let i = 0; i < maps.length; i++) {
    const x = maps[i];
    const size = x.end - x.start;
    const next = maps[i + 1];
    const prev = maps[i - 1];
    if (x.rss === 0) continue;
    if (x.path === binary)
      add(x.perms.includes("x") ? "binText" : x.perms.includes("w") ? "binData" : "binRo", x.rss);
    else if (x.path === "[heap]") add("mallocMain", x.rss);
    else if (x.path === "[stack]") add("stack", x.rss);
    else if (x.path.startsWith("/")) add("libs", x.rss);
    else if (x.path.startsWith("[")) add("other", x.rss);
    else if (x.perms.includes("x")) add("v8Code", x.rss);
    else if (
      x.start % MB64 === 0n &&
      next?.perms === "---p" &&
      next.start === x.end &&
      next.end - x.start <= MB64
    )
      add("mallocArenas", x.rss);
    else if (
      (next?.perms === "---p" && next.start === x.end && next.end - next.start > GB) ||
      (prev?.perms === "---p" && prev.end === x.start && prev.end - prev.start > GB)
    )
      add("wasm", x.rss);
    else if (
      prev?.perms === "---p" &&
      prev.end === x.start &&
      prev.end - prev.start <= 64n << 10n &&
      size >= 1n << 20n
    )
      add("threadStacks", x.rss);
    else if (x.start % (256n << 10n) === 0n && size % (256n << 10n) === 0n) add("v8Pages", x.rss);
    else add("anonOther", x.rss);
  }
  for (const k of Object.keys(out)) out[k] = Math.round(out[k] / 102.4) / 10; // MB, one decimal
  return out;
}

function sample() {
  if (typeof globalThis.gc === "function") globalThis.gc();
  const m = process.memoryUsage();
  const resources = process.getActiveResourcesInfo();
  const count = (kind) => resources.filter((r) => r === kind).length;
  const h = getHeapStatistics();
  const spaces = {};
  for (const s of getHeapSpaceStatistics())
    spaces[s.space_name.replace(/_space$/, "")] = Math.round(s.physical_space_size / 1024);
  appendFileSync(
    file,
    `${JSON.stringify({
      t: Math.round(performance.now()),
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      physical: h.total_physical_size,
      malloced: h.malloced_memory,
      spacesKB: spaces,
      smapsMB: smaps(),
      timers: count("Timeout"),
      sockets: count("TCPSocketWrap"),
      resources: resources.length,
    })}\n`,
  );
}

// V8 flags to set at run time, to measure a lever under the soak's load without building it in:
// SOAK_PROBE_FLAGS="--flag --other". Three seconds in: after the bin has written its code cache
// (at two seconds), which V8 would reject on the next start if it were made under other flags.
const flags = process.env.SOAK_PROBE_FLAGS;
if (flags) setTimeout(() => setFlagsFromString(flags), 3_000).unref();

if (file) {
  setTimeout(sample, 2_000).unref(); // a baseline once the first frame is up
  setInterval(sample, every).unref();
}
