// The events pane (`e`): the run's status changes, newest first (when, which job, from → to, how
// long it had been in the state it left), under the pinned jobs and what is known of each. Open,
// it has shown every change: the header's ✱ count starts again from zero.
import { Box, Text } from "ink";
import { memo, useEffect } from "react";
import { describeError } from "../api/errors.js";
import type { ChangeEvent } from "../model/events.js";
import { fit, formatDuration, wrap } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { statusStyle } from "../model/status.js";
import type { PinState } from "../poll/monitor.js";
import { eventRow } from "../render/ui-state.js";

export interface EventsPaneProps {
  events: readonly ChangeEvent[];
  pins: readonly PinState[];
  /** The event under the cursor (undefined: the newest). */
  cursorSeq: number | undefined;
  focused: boolean;
  width: number;
  height: number;
  labels: Record<number, string>;
  /** The pane is on screen (its changes are seen: the header's count goes back to zero), or gone. */
  onShown: (shown: boolean) => void;
}

/** Pinned jobs take at most this many lines at the top. */
const PIN_LINES = 3;

export function EventsPane(p: EventsPaneProps) {
  const { events, width, height, onShown } = p;
  useEffect(() => {
    onShown(true);
    return () => onShown(false);
  }, [onShown]);
  // The pins take a third of the pane at most: the events are what the pane is for.
  const pinRows = Math.min(PIN_LINES, Math.max(1, Math.floor((height - 1) / 3)));
  const pinLines = p.pins.length === 0 ? [] : wrap(pinsText(p.pins, p.labels), width).slice(0, pinRows);
  const body = Math.max(0, height - 1 - pinLines.length);
  const cursor = eventRow(
    events.map((e) => e.seq),
    p.cursorSeq,
  );
  // Keep the cursor in view.
  const top = Math.max(0, Math.min(cursor - Math.floor(body / 2), events.length - body));
  const shown = events.slice(top, top + body);
  const title = `Events (${events.length})${p.focused ? " · Enter: select · Esc: close" : " · e: close"}`;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold inverse={p.focused} dimColor={!p.focused} wrap="truncate">
        {fit(title, width)}
      </Text>
      {pinLines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Text key={`pin${i}`} color="yellow" wrap="truncate">
          {fit(l, width)}
        </Text>
      ))}
      {events.length === 0 ? (
        <Text dimColor wrap="truncate">
          {fit("  no status change seen yet in this run", width)}
        </Text>
      ) : (
        shown.map((e, i) => (
          <EventRow
            key={e.seq}
            event={e}
            width={width}
            labels={p.labels}
            selected={p.focused && top + i === cursor}
            withDate={!sameDay(e.atMs, Date.now())}
          />
        ))
      )}
    </Box>
  );
}

const EventRow = memo(function EventRow(p: {
  event: ChangeEvent;
  width: number;
  labels: Record<number, string>;
  selected: boolean;
  withDate: boolean;
}) {
  const e = p.event;
  const from = statusStyle(e.from, p.labels);
  const to = statusStyle(e.to, p.labels);
  const name = sanitize(e.displayID) || `job ${e.id}`;
  const took = e.prevSec === undefined ? "" : `  after ${formatDuration(e.prevSec)}`;
  // Narrow first: the pane may share a column of 40. The new state's symbol shows it without colour.
  // A change of the time jobtop was not running: said before the job, where a narrow pane keeps it.
  const away = e.away ? "while away · " : "";
  const text =
    e.note !== undefined
      ? `${p.selected ? "›" : " "} ${clock(e.atMs, p.withDate)} ${sanitize(e.note)}`
      : `${p.selected ? "›" : " "} ${clock(e.atMs, p.withDate)} ${away}${name}  ${sanitize(from.label)} → ${to.symbol} ${sanitize(to.label)}${took}`;
  return (
    <Text
      wrap="truncate"
      inverse={p.selected}
      color={p.selected ? undefined : e.note !== undefined ? "cyan" : to.color}
    >
      {fit(text, p.width)}
    </Text>
  );
});

/** "★ jb25w8 ● running · ★ 1234 not found · ★ 99 …": each pin, its state, and who polls it. */
function pinsText(pins: readonly PinState[], labels: Record<number, string>): string {
  const parts = pins.map((pin) => {
    const name = pin.job ? sanitize(pin.job.displayID) || pin.id : pin.id;
    if (pin.missing) return `★ ${name} ${pin.missing.notFound ? "not found" : "not available"}`;
    const state = pin.job
      ? `${statusStyle(pin.job.status, labels).symbol} ${sanitize(statusStyle(pin.job.status, labels).label)}`
      : "…";
    const failing = pin.error === undefined ? "" : ` ⚠ ${sanitize(describeError(pin.error)).slice(0, 40)}`;
    return `★ ${name} ${state}${failing}`;
  });
  return `pinned: ${parts.join(" · ")}`;
}

function clock(ms: number, withDate: boolean): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  const time = `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  return withDate ? `${p(d.getMonth() + 1)}-${p(d.getDate())} ${time}` : time;
}

function sameDay(a: number, b: number): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString();
}
