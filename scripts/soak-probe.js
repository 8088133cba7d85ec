// Loaded into the jobtop process by `npm run soak` (node --import): every SOAK_PROBE_MS it runs a
// full GC (when --expose-gc is on) and appends one JSON line of memory and live handles to
// SOAK_PROBE_FILE. It reads the real process from inside, which nothing outside it can do for the
// heap; jobtop itself carries no soak code.
import { appendFileSync } from "node:fs";

const file = process.env.SOAK_PROBE_FILE;
const every = Number(process.env.SOAK_PROBE_MS) || 60_000;

function sample() {
  if (typeof globalThis.gc === "function") globalThis.gc();
  const m = process.memoryUsage();
  const resources = process.getActiveResourcesInfo();
  const count = (kind) => resources.filter((r) => r === kind).length;
  appendFileSync(
    file,
    `${JSON.stringify({
      t: Math.round(performance.now()),
      rss: m.rss,
      heapUsed: m.heapUsed,
      external: m.external,
      timers: count("Timeout"),
      sockets: count("TCPSocketWrap"),
      resources: resources.length,
    })}\n`,
  );
}

if (file) {
  setTimeout(sample, 2_000).unref(); // a baseline once the first frame is up
  setInterval(sample, every).unref();
}
