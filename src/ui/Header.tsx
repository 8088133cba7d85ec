// The header line. Everything in it changes only when data changes, except the ticking
// "ok 12s ago" / "retrying in Ns" cell, which is its own component so the tick re-renders that
// text alone. While the answers come on time that cell says just "● ok" and stands still: a
// clock that counts 0s, 1s, 0s between polls tells nothing, and redrawing it was most of what
// an idle monitor cost (BENCHMARKS.md, issue 15). The age shows as soon as the data is late.
import { Box, Text } from "ink";
import { memo, useEffect, useState } from "react";
import { formatAge, formatClock } from "../model/format.js";
import { monotonicMs } from "../model/monotonic.js";
import { type Connection, isFresh } from "../render/connection.js";
import { dataText, type HeaderProps, headerParts, okText, retryText } from "../render/header-props.js";

export const Header = memo(function Header(p: HeaderProps) {
  const { lead, rest, host } = headerParts(p);
  // Most wanted first, so a narrow terminal loses the endpoint host, not the connection state.
  return (
    <Box width={p.width} height={1}>
      <Text wrap="truncate">
        <Text bold color="cyan">
          jobtop
        </Text>
        {p.profile ? <Text bold> {p.profile}</Text> : null}
        {p.profile ? <Text> ·</Text> : null}
        <Text> {lead}</Text>
        {p.doubts ? <Text dimColor> {p.doubts}</Text> : null}
        <Text>{rest} · </Text>
        <Ticker connection={p.connection} pausedSince={p.pausedSince} freshMs={p.freshMs} />
        {p.away ? (
          <Text bold color="yellow">
            {" "}
            · {p.away}
          </Text>
        ) : null}
        {p.changes > 0 ? (
          <Text bold color="yellow">
            {" "}
            · ✱ {p.changes} change{p.changes === 1 ? "" : "s"}
          </Text>
        ) : null}
        {host ? <Text dimColor> · {host}</Text> : null}
      </Text>
    </Box>
  );
});

/**
 * Re-renders itself when its text changes, and only then: the age ("ok 12s ago") each second
 * for a minute, then each minute; the retry countdown each second. No timer runs without work
 * (none while loading), and nothing else on screen is rendered for the clock. While the data is
 * fresh the state is "● ok" alone, and the one timer is for the moment it would turn late.
 */
function Ticker({
  connection: c,
  pausedSince,
  freshMs,
}: {
  connection: Connection;
  pausedSince?: number;
  freshMs: number;
}) {
  const [, setTick] = useState(0);
  const wall = Date.now();
  const mono = monotonicMs();
  const wait = nextChangeIn(c, wall, mono, pausedSince, freshMs);
  useEffect(() => {
    if (wait === undefined) return;
    const t = setTimeout(() => setTick((n) => n + 1), wait);
    return () => clearTimeout(t);
  });
  const data = dataText(c, wall);
  const retry = retryText(c, mono);
  // Paused: no request goes out, so no state to tell but that, and how old the data gets.
  if (pausedSince !== undefined)
    return (
      <Text color="yellow">
        ⏸ paused {formatAge((wall - pausedSince) / 1000)} · {data}
      </Text>
    );
  switch (c.state) {
    case "ok":
      return <Text color="green">{okText(c, wall, freshMs)}</Text>;
    case "loading":
      return <Text dimColor>◌ loading…</Text>;
    case "auth":
      return (
        <Text color="red">
          ✖ token rejected, retrying{retry} · {data}
        </Text>
      );
    case "offline": {
      const since = c.failingSince === undefined ? "" : ` since ${formatClock(c.failingSince)}`;
      return (
        <Text color="red">
          ✖ offline{since}, retrying{retry} · {data}
        </Text>
      );
    }
    case "retrying":
      return (
        <Text color="yellow">
          ◐ {c.reason ? `${c.reason}: ` : ""}retrying{retry} · {data}
        </Text>
      );
  }
}

const AGE_STEPS = [
  [60, 1],
  [3600, 60],
  [86_400, 3600],
] as const;

/** ms until formatAge(now - since) changes: seconds under a minute, then minutes, hours, days. */
function ageChangeIn(since: number, nowWall: number): number {
  const age = Math.max(0, nowWall - since);
  const step = (AGE_STEPS.find(([below]) => age < below * 1000)?.[1] ?? 86_400) * 1000;
  return (Math.floor(age / step) + 1) * step - age;
}

/**
 * ms until the ticking cell's text changes (an age, the countdown, the pause, fresh data turning
 * late), or undefined: never.
 */
export function nextChangeIn(
  c: Connection,
  nowWall: number,
  nowMono: number,
  pausedSince?: number,
  freshMs = 0,
): number | undefined {
  let next: number | undefined;
  const sooner = (t: number) => {
    next = next === undefined ? t : Math.min(next, t);
  };
  if (pausedSince !== undefined) {
    sooner(ageChangeIn(pausedSince, nowWall));
    if (c.okWall !== undefined) sooner(ageChangeIn(c.okWall, nowWall));
  } else if (c.state === "ok" && isFresh(c, nowWall, freshMs) && c.okWall !== undefined) {
    sooner(c.okWall + freshMs - nowWall); // then the age appears, and ticks
  } else if (c.state !== "loading") {
    if (c.okWall !== undefined) sooner(ageChangeIn(c.okWall, nowWall));
    if (c.state !== "ok" && c.retryAt !== undefined) {
      // "in Ns", N rounded up: it changes as the time left crosses each whole second.
      const left = c.retryAt - nowMono;
      if (left > 0) sooner(left - (Math.ceil(left / 1000) - 1) * 1000);
    }
  }
  // A millisecond past the change, so that the new text is there when it renders.
  return next === undefined ? undefined : Math.ceil(next) + 1;
}
