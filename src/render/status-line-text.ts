// The last line's text and colour when no prompt is open: a message answering a key, else what
// failed, else the key hints. Pure: StatusLine paints it with Ink, the first frame before Ink.
import { appliesTo, type JobAction } from "../actions/definitions.js";
import { describeError, isApiError } from "../api/errors.js";
import type { Job } from "../api/schema.js";
import { defaultKeyWords, type KeyWords } from "../keys/keymap.js";
import { displayWidth, fit } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import type { MonitorSnapshot } from "../poll/monitor.js";
import type { UiState } from "./ui-state.js";

/** The usual hints with the keys in force ("? help · ↑↓ select · …"); a command without a key is left out. */
export function keyHintsLine(k: KeyWords): string {
  const hints: [string, string][] = [
    [k.help, "help"],
    [k.up + k.down, "select"],
    [k.prev_page + k.next_page, "page"],
    [k.filter, "filter"],
    [k.status_filter, "status"],
    [k.copy, "copy"],
    [k.connect, "ssh"],
    [k.json, "JSON"],
    [k.secrets, "secrets"],
    [k.jump, "jump"],
    [k.quit, "quit"],
  ];
  return hints
    .filter(([key]) => key)
    .map(([key, what]) => `${key} ${what}`)
    .join(" · ");
}

/** The hints with jobtop's own keys. */
export const HINTS = keyHintsLine(defaultKeyWords());

/** The keys of the actions that apply: with their descriptions when there is room, else their names. */
export interface ActionHints {
  long: string;
  short: string;
}

/** The configured actions that apply to the selected job (any, with tags: each job is checked then). */
export function actionHints(
  config: { actions: readonly JobAction[] },
  job: Pick<Job, "status"> | undefined,
  tagged: number,
): ActionHints | undefined {
  if (config.actions.length === 0) return undefined;
  const long: string[] = [];
  const short: string[] = [];
  for (const a of config.actions)
    if (tagged > 0 || (job !== undefined && appliesTo(a, job.status))) {
      long.push(`${a.key} ${a.description}`);
      short.push(`${a.key} ${a.name}`);
    }
  if (long.length === 0) return undefined;
  const on = tagged > 0 ? ` (on ${tagged} tagged)` : "";
  return { long: sanitize(long.join(" · ") + on), short: sanitize(short.join(" · ") + on) };
}

export function statusLineText(
  ui: Pick<UiState, "message">,
  snap: Pick<MonitorSnapshot, "list" | "job" | "selectedId"> & Partial<Pick<MonitorSnapshot, "held">>,
  width: number,
  hints?: ActionHints,
  keys?: KeyWords,
): { text: string; color?: string; dim?: boolean } {
  const usual = keys ? keyHintsLine(keys) : HINTS;
  // (The job poller's last error is no longer news once no job is selected.)
  let err = snap.list.error ?? (snap.selectedId === undefined ? undefined : snap.job.error);
  // The service holds every request: the header says so with its countdown ("rate limited:
  // retrying in 8s"); its 429/503 here, with the wait it asked for, would be a second clock.
  if (snap.held && isApiError(err) && (err.details.status === 429 || err.details.status === 503))
    err = undefined;
  // An error always wins over an info message ("refreshing…" must not hide the refresh failing);
  // a warning answers a key just pressed, and the error is back once it goes.
  if (ui.message && (ui.message.tone === "warn" || err === undefined)) {
    return { text: fit(ui.message.text, width), color: ui.message.tone === "warn" ? "yellow" : "green" };
  }
  if (err !== undefined) {
    const which = snap.list.error !== undefined ? "page" : "job";
    // The ticking age is in the header; a second clock here would re-render this line too.
    const stale = (which === "page" ? snap.list.data : snap.job.data) ? "; keeping the last good data" : "";
    return { text: fit(`⚠ ${which}: ${sanitize(describeError(err))}${stale}`, width), color: "red" };
  }
  if (hints) {
    // The job's actions first; with their descriptions only when every hint still fits after them
    // (else a long description pushes the usual keys off, and the line jumps from row to row).
    // In cells: a config's description in CJK is twice as wide as it is long.
    const actions = displayWidth(`${hints.long} · ${usual}`) <= width ? hints.long : hints.short;
    return { text: fit(wholeHints(`${actions} · ${usual}`, width), width), dim: true };
  }
  return { text: fit(wholeHints(usual, width), width), dim: true };
}

/**
 * The hints that fit whole: a hint cut mid-word ("s secre…" at 100 columns) names no key's use;
 * the line ends at the last whole one instead. A first hint wider than the line is cut, as before.
 */
function wholeHints(line: string, width: number): string {
  if (displayWidth(line) <= width) return line;
  let out = "";
  for (const hint of line.split(" · ")) {
    const next = out ? `${out} · ${hint}` : hint;
    if (displayWidth(next) > width) break;
    out = next;
  }
  return out || line;
}
