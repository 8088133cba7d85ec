// The help overlay: every key (from the one keymap table) and what each symbol on screen means.
// It scrolls as the JSON view does (↑↓ j k, PgUp PgDn, Home End, the wheel: src/ui/input/actions.ts,
// its position in the UI state), so every line is reachable at the smallest size, 40×10; the
// title row says where the view is and how to close.
import { Box, Text } from "ink";
import { fit, wrap } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { KNOWN_STATUS_CODES, statusStyle } from "../model/status.js";
import { KEYMAP } from "./input/keymap.js";

/** What the symbols mean; README.md has the same table. */
export function legend(labels: Record<number, string>): [symbol: string, meaning: string][] {
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
    ["abc", "underlined on yellow: what the / filter matched in a row"],
    ["row 12/100", "in the header: the selected row, and the rows shown"],
    [
      "✱",
      "changed in the last 10 s (a row, a log entry), beside › ★ ▶, not in their place; in the header, changes not yet seen in the events pane (e)",
    ],
    ["★", "a pinned job (w): polled on any page, its changes notified"],
    ["• »", "a tagged job (space, T; U clears), » when selected too: an action runs on every tagged job"],
    [symbols, `status ${names.join(", ")}`],
    [
      statusStyle(Number.NaN).symbol,
      others.length > 0
        ? `status ${others.map(name).join(", ")}, and any other code: no symbol of their own`
        : "a status code with no symbol of its own",
    ],
    ["▶", "the job's current state in its timeline"],
    ["●", "in the header: connected, answers on time (the data's age once late)"],
    ["◐", "in the header: a request failed, retrying; the data on screen is kept"],
    ["✖", "in the header: offline (no answer), or the token was rejected"],
    ["⏸", "in the header: polling paused (p or r polls again)"],
    ["⚠", "in the status line: what failed"],
    ["!", "a row the service sent malformed"],
    ["••••••", "a masked secret (s shows it)"],
  ];
}

export function helpLines(width: number, labels: Record<number, string>, scope = "page"): string[] {
  const out: string[] = [];
  const w = Math.max(1, width - 1); // one space of margin on the left
  const table = (rows: [string, string][]) => {
    let keyWidth = 0;
    for (const [k] of rows) keyWidth = Math.max(keyWidth, k.length);
    keyWidth = Math.min(keyWidth + 2, Math.floor(w / 2));
    for (const [k, text] of rows) {
      const parts = wrap(text, Math.max(1, w - keyWidth));
      for (let i = 0; i < parts.length; i++) out.push(`${(i === 0 ? k : "").padEnd(keyWidth)}${parts[i]}`);
    }
  };
  table(KEYMAP.map((b) => [b.keys, scope === "all" && b.helpAll ? b.helpAll : b.help]));
  out.push("", "Symbols");
  table(legend(labels));
  out.push("");
  for (const text of [
    "Secrets are masked until s; copy always sends the real value.",
    "Press ? or Esc to close.",
  ])
    for (const p of wrap(text, w)) out.push(p);
  return out;
}

/** helpLines with a one-entry memo: rebuilt when the width, the labels or the scope change. */
export function helpLinesMemo(): (width: number, labels: Record<number, string>, scope?: string) => string[] {
  let last: { width: number; labels: Record<number, string>; scope: string; lines: string[] } | undefined;
  return (width, labels, scope = "page") => {
    if (last?.width !== width || last.labels !== labels || last.scope !== scope)
      last = { width, labels, scope, lines: helpLines(width, labels, scope) };
    return last.lines;
  };
}

export interface HelpOverlayProps {
  /** helpLines(width, labels). */
  lines: string[];
  /** The UI state's overlayScroll. */
  scroll: number;
  width: number;
  height: number;
}

export function HelpOverlay({ lines, scroll, width, height }: HelpOverlayProps) {
  const body = Math.max(1, height - 1);
  const max = Math.max(0, lines.length - body);
  const top = Math.min(scroll, max);
  const shown = lines.slice(top, top + body);
  const where =
    max === 0
      ? ""
      : `${top > 0 ? "↑" : " "}${top < max ? "↓" : " "} ${top + 1}–${top + shown.length}/${lines.length} `;
  const long = " Keys and symbols · ? or Esc closes";
  const title = long.length + where.length <= width ? long : " Keys · ? or Esc closes";
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
