// Issue 32's marks, where the monitor shows them: ⧗ on a stuck job's row (after its status's
// symbol), ↯ on a flapping one's, and "3 stuck" among the header's counts. Symbols of one cell
// each, so rows keep their widths; meaning never rests on colour (NO_COLOR shows the same).
import type { InsightState } from "../poll/insight.js";
import type { HeaderProps } from "./header-props.js";

export const STUCK_MARK = "⧗";
export const FLAP_MARK = "↯";

export function alertMark(s: Pick<InsightState, "stuck" | "flapping">, id: string): string | undefined {
  const stuck = s.stuck.has(id);
  const flaps = s.flapping.has(id);
  if (!stuck && !flaps) return undefined;
  return `${stuck ? STUCK_MARK : ""}${flaps ? FLAP_MARK : ""}`;
}

/**
 * The detail's line for a stuck or flapping job, under its status: the row's mark said in words,
 * so the selected ⧗ job tells which rule it breaks (its timeline says for how long) without the
 * events pane. "⧗ stuck: queued-long · ↯ flapping: 9 status changes within 10m".
 */
export function alertLine(
  s: Pick<InsightState, "stuck" | "flapping"> | undefined,
  id: string | undefined,
  flapWindow: string,
): string | undefined {
  if (!s || id === undefined) return undefined;
  const parts: string[] = [];
  const rules = s.stuck.get(id);
  if (rules && rules.length > 0) parts.push(`${STUCK_MARK} stuck: ${rules.map((b) => b.rule).join(", ")}`);
  const changes = s.flapping.get(id);
  if (changes !== undefined)
    parts.push(`${FLAP_MARK} flapping: ${changes} status changes within ${flapWindow}`);
  return parts.length > 0 ? parts.join(" · ") : undefined;
}

/**
 * The header's props with "3 ⧗ stuck" first among the counts, when a job is stuck, and "3⧗" first
 * among the short ones: the header shortens its counts when they do not fit whole (a filter, a
 * narrow terminal), and with the whole ones alone the stuck count went without a mark.
 */
export function withStuck(p: HeaderProps, s: Pick<InsightState, "stuck"> | undefined): HeaderProps {
  const n = s?.stuck.size ?? 0;
  if (n === 0) return p;
  const counts = [`${n} ${STUCK_MARK} stuck`];
  for (const c of p.counts ?? []) counts.push(c);
  const shortCounts = [`${n}${STUCK_MARK}`];
  for (const c of p.shortCounts ?? p.counts ?? []) shortCounts.push(c);
  return { ...p, counts, shortCounts };
}
