// state.log decoded by hand, and shared between copies of the same log. A job that has changed
// state every few seconds for weeks has 200 000 entries (~14 MB of JSON): checked entry by entry
// through zod, such an answer cost ~0.75 s of CPU on top of JSON.parse, and each copy of it the
// monitor holds (the job's own poll, the page, the index, each answer a new parse) was 200 000
// objects more, ~20 MB, for the garbage collector to walk on every full collection (issue 31: a
// monitor with such a job selected used 255–315 MB and most of its CPU in the collector).
//
// So: each entry is checked here exactly as LogEntrySchema would (schema.ts; anything it would not
// accept is handed to zod, for its message), and an entry equal to the one at the same place in
// the last long log that began with the same entry is that very object; a log equal to it whole is
// that very array. Entries are values that nothing mutates, so sharing them is safe, and
// `prev.state.log === next.state.log` says "no new entries" at once (model/timeline.ts).

/**
 * An entry as schema.ts's LogEntrySchema gives it (its LogEntry). Written out here, not imported:
 * schema.ts imports this file; the compiler checks the two agree where schema.ts returns the log.
 */
interface LogEntry {
  id: string;
  status: number;
  ts: { seconds: number };
  sourceId: string;
}

/** Logs shorter than this are decoded the same way but not remembered: sharing them saves nothing. */
export const SHARED_FROM = 1000;
/**
 * Long logs remembered (the selected job's, a pin's…), by their first entry's id, up to this many
 * entries in all (two logs of 200 000; the newest is always kept), the oldest dropped first. While
 * a job is on screen its log is held anyway; one the monitor no longer holds costs this much at most.
 */
const KEEP_ENTRIES = 400_000;
const recent = new Map<string, LogEntry[]>();
let kept = 0;

/** The exact id as LogEntrySchema keeps it (IdSchema): a safe integer or a string of digits, as a string. */
function idOf(v: unknown): string | undefined {
  if (typeof v === "number") return Number.isSafeInteger(v) ? String(v) : undefined;
  if (typeof v === "string") return /^-?\d+$/.test(v) ? v : undefined;
  return undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The log as LogEntrySchema's array would give it, or undefined when an entry is not what the
 * schema accepts (the caller then runs zod, which names the first problem).
 */
export function decodeLog(raw: unknown): LogEntry[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const n = raw.length;
  const first = n > 0 && isRecord(raw[0]) ? idOf(raw[0].id) : undefined;
  const before = n >= SHARED_FROM && first !== undefined ? recent.get(first) : undefined;
  const out: LogEntry[] = new Array(n);
  let allShared = before !== undefined && before.length === n;
  for (let i = 0; i < n; i++) {
    const e = raw[i];
    if (!isRecord(e)) return undefined;
    const id = idOf(e.id);
    const sourceId = idOf(e.sourceId);
    const { status, ts } = e;
    if (id === undefined || sourceId === undefined || !Number.isSafeInteger(status) || !isRecord(ts))
      return undefined;
    const seconds = ts.seconds;
    if (!Number.isSafeInteger(seconds)) return undefined;
    const had = before?.[i];
    if (
      had &&
      had.id === id &&
      had.status === status &&
      had.ts.seconds === seconds &&
      had.sourceId === sourceId
    )
      out[i] = had;
    else {
      // The schema's order of keys: JSON output keeps it.
      out[i] = { id, status: status as number, ts: { seconds: seconds as number }, sourceId };
      allShared = false;
    }
  }
  if (allShared && before) return before;
  if (first !== undefined && n >= SHARED_FROM) remember(first, out);
  return out;
}

function remember(first: string, log: LogEntry[]): void {
  forget(first);
  recent.set(first, log);
  kept += log.length;
  for (const oldest of recent.keys()) {
    if (kept <= KEEP_ENTRIES || oldest === first) break;
    forget(oldest);
  }
}

function forget(first: string): void {
  kept -= recent.get(first)?.length ?? 0;
  recent.delete(first);
}
