// The help overlay: every key in force (the keymap: src/keys/keymap.ts), why one does nothing
// now, and what each symbol on screen means. It scrolls as the JSON view does (the move keys and
// the wheel: src/ui/input/handlers/scrolling.ts, its position in the UI state), so every line is
// reachable at the smallest size, 40×10; the title row says where the view is and how to close.
import { Box, Text } from "ink";
import {
  type Binding,
  buildKeymap,
  defaultKeyWords,
  firstKey,
  helpOf,
  type Keymap,
  type KeyWords,
  keysShown,
  keyWords,
} from "../keys/keymap.js";
import { PANES } from "../keys/rows.js";
import { fit, wrap } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { KNOWN_STATUS_CODES, statusStyle } from "../model/status.js";

/** jobtop's own keymap, for a help without the config's (README's table, tests). */
const DEFAULTS = buildKeymap().keymap;

/** Below this width the key column is NARROW_KEYS wide at most. */
const NARROW = 60;
const NARROW_KEYS = 7;

const sanitizeOrNot = (s: string | undefined) => (s === undefined ? undefined : sanitize(s));

export function legend(
  labels: Record<number, string>,
  k: KeyWords = defaultKeyWords(),
): [symbol: string, meaning: string][] {
  const symbols = KNOWN_STATUS_CODES.map((c) => statusStyle(c).symbol).join(" ");
  const name = (c: number) => (labels[c] ? `${sanitize(labels[c])} (${c})` : String(c));
  const names = KNOWN_STATUS_CODES.map(name);
  // The config's other codes ([status] 7 = "preempted") have no symbol of their own: named here.
  const others = Object.keys(labels)
    .map(Number)
    .filter((c) => Number.isInteger(c) && !KNOWN_STATUS_CODES.includes(c))
    .sort((a, b) => a - b);
  return [
    ["›", "the selected row (the highlighted entry in a picker)"],
    ["abc", `underlined on yellow: what the ${k.filter} filter matched in a row`],
    ["row 12/100", "in the header: the selected row, and the rows shown"],
    [
      "✱",
      `changed in the last 10 s (a row, a log entry), beside › ★ ▶, not in their place; in the header, changes not yet seen in the events pane (${k.events})`,
    ],
    ["★", `a pinned job (${k.pin}): polled on any page, its changes notified`],
    [
      "• »",
      `a tagged job (${k.tag}, ${k.tag_all}; ${k.untag_all} clears), » when selected too: an action runs on every tagged job`,
    ],
    [symbols, `status ${names.join(", ")}`],
    [
      statusStyle(Number.NaN).symbol,
      others.length > 0
        ? `status ${others.map(name).join(", ")}, and any other code: no symbol of their own`
        : "a status code with no symbol of its own",
    ],
    ["▶", "the job's current state in its timeline"],
    ["⧗", "after the status: the job breaks a stuck rule ([[alerts]]); in the header, how many do"],
    ["↯", "after the status: the job flaps (more than flap_changes status changes within flap_window)"],
    ["●", "in the header: connected, answers on time (the data's age once late)"],
    ["◐", "in the header: a request failed, retrying; the data on screen is kept"],
    ["✖", "in the header: offline (no answer), or the token was rejected"],
    ["⏸", `in the header: polling paused (${k.pause} or ${k.refresh} polls again)`],
    ["⚠", "in the status line: what failed"],
    ["!", "a row the service sent malformed"],
    ["••••••", `a masked secret (${k.secrets} shows it)`],
  ];
}

/** The rows the help lists: those of the panes, those that work everywhere, the actions'. */
export function helpRows(keymap: Keymap = DEFAULTS): Binding[] {
  return keymap.rows.filter((b) => b.context.some((c) => PANES.includes(c) || c === "global"));
}

/**
 * The help's lines: the keys of the panes in force (those of the list, the detail and the events
 * pane, those that work everywhere, the actions'), one line for the rows of one key in a row (Enter
 * on each pane); then the keys that do nothing now and why (`why`), the symbols, how to close. An
 * overlay, a picker, a prompt and a confirmation name their own keys where they are open (their
 * titles, the status line), from the same keymap; README's table lists every context's.
 */
export function helpLines(
  width: number,
  labels: Record<number, string>,
  keymap: Keymap = DEFAULTS,
  why: (b: Binding) => string | undefined = () => undefined,
  scope: "page" | "all" = "page",
): string[] {
  const out: string[] = [];
  const w = Math.max(1, width - 1); // one space of margin on the left
  const table = (rows: [string, string][]) => {
    let keyWidth = 0;
    for (const [k] of rows) keyWidth = Math.max(keyWidth, k.length);
    // Narrow, the key column is as wide as most keys, not the longest: a longer key ("q / Ctrl+C")
    // has a line of its own, and every text gets the width back (40 columns: 32 instead of 27).
    keyWidth = Math.min(keyWidth + 2, Math.floor(w / 2), w < NARROW ? NARROW_KEYS : w);
    for (const [k, text] of rows) {
      const parts = wrap(text, Math.max(1, w - keyWidth));
      const alone = k.length > keyWidth - 1;
      if (alone) out.push(k);
      for (let i = 0; i < parts.length; i++)
        out.push(`${(i === 0 && !alone ? k : "").padEnd(keyWidth)}${parts[i]}`);
    }
  };
  const panes = helpRows(keymap);
  const keys: [string, string][] = [];
  const notNow: [string, string][] = [];
  for (const b of panes) {
    const shown = keysShown(b.keys);
    const text = sanitize(helpOf(b, keymap, scope));
    const last = keys.at(-1);
    if (last && last[0] === shown && shown !== "" && b.command !== "job_action") last[1] += `; ${text}`;
    else keys.push([shown, text]);
    const reason = b.keys.length === 0 ? undefined : sanitizeOrNot(why(b));
    if (reason !== undefined) notNow.push([shown, reason]);
  }
  table(keys);
  if (notNow.length > 0) {
    out.push("", "Not now");
    table(notNow);
  }
  out.push("", "Symbols");
  table(legend(labels, keyWords(keymap)));
  out.push("");
  for (const text of [
    `Secrets are masked until ${firstKey(keymap, "secrets")}; copy always sends the real value.`,
    `Press ${firstKey(keymap, "help")} or ${firstKey(keymap, "close")} to close.`,
  ])
    for (const p of wrap(text, w)) out.push(p);
  return out;
}

export interface HelpOverlayProps {
  /** helpLines(width, labels, keymap, why). */
  lines: string[];
  /** How the title says to close it: "? or Esc". */
  closeKeys: string;
  /** The UI state's overlayScroll. */
  scroll: number;
  width: number;
  height: number;
}

export function HelpOverlay({ lines, closeKeys, scroll, width, height }: HelpOverlayProps) {
  const body = Math.max(1, height - 1);
  const max = Math.max(0, lines.length - body);
  const top = Math.min(scroll, max);
  const shown = lines.slice(top, top + body);
  const where =
    max === 0
      ? ""
      : `${top > 0 ? "↑" : " "}${top < max ? "↓" : " "} ${top + 1}–${top + shown.length}/${lines.length} `;
  const long = ` Keys and symbols · ${closeKeys} closes`;
  const title = long.length + where.length <= width ? long : ` Keys · ${closeKeys} closes`;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold inverse wrap="truncate">
        {fit(title, Math.max(0, width - where.length))}
        {where}
      </Text>
      {shown.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional; the index is their identity
        <Text key={i} wrap="truncate">
          {fit(` ${l}`, width)}
        </Text>
      ))}
    </Box>
  );
}
