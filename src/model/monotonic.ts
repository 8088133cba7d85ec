// Milliseconds on a monotonic clock, for timers, retries and highlights (never shown as a time of
// day; its origin is not the process's start). process.hrtime, not performance.now(): Node builds
// `performance` (perf_hooks, ~1 ms on Node 24, BENCHMARKS.md) the first time the global is
// touched, which a command for scripts and the monitor's first frame would pay for a clock.
// One clock for all: the monitor's highlights are stamped with it and the UI compares with it.
export function monotonicMs(): number {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}
