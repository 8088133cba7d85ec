// The service's bill in bytes (issue 31): a poller whose answers weigh more than its share of the
// budget asks less often, so a large answer costs what it weighs. The selected job's poll has its
// share (a job with a 200 000-entry log is ~14 MB, read every 2 s before: 420 MB a minute); a 304
// weighs nothing, so an unchanged job with an ETag keeps its interval. Any other poller (the
// index's sweep) can pace itself with the same arithmetic.

/** What the selected job's answers may cost per minute before its poll slows. */
export const JOB_BYTES_PER_MIN = 2 * 1024 * 1024;
/** However large its answers, a poll slowed by its bytes still asks this often: a change is seen within it. */
export const PACED_MAX_MS = 30_000;

/**
 * The interval at which answers of `bytes` spend at most `bytesPerMin`, never sooner than `baseMs`
 * and, for the budget's sake, never later than `maxMs` (a base above it stays).
 */
export function pacedIntervalMs(
  bytes: number,
  baseMs: number,
  bytesPerMin: number,
  maxMs = PACED_MAX_MS,
): number {
  const need = (Math.max(0, bytes) / bytesPerMin) * 60_000;
  return need <= baseMs ? baseMs : Math.max(baseMs, Math.min(maxMs, Math.ceil(need / 1000) * 1000));
}

/** "14 MB", "512 kB", "800 B": an answer's weight, as the header says it. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(n >= 10 * 1024 * 1024 ? 0 : 1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} kB`;
  return `${n} B`;
}
