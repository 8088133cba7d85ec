// The header line. Everything in it changes only when data changes, except the ticking
// "refreshed Ns ago" / "retrying in Ns" cell, which is its own component so the tick
// re-renders that text alone.
import { Box, Text } from "ink";
import { memo, useEffect, useState } from "react";
import { formatAge, formatClock } from "../model/format.js";
import type { Connection } from "../poll/connection.js";

export interface HeaderProps {
  host: string;
  page: number;
  numPages: number;
  order: string;
  total: number | undefined;
  intervalMs: number;
  listIntervalMs: number;
  changes: number;
  connection: Connection;
  width: number;
  filter: string;
}

export const Header = memo(function Header(p: HeaderProps) {
  const parts = [
    `page ${p.page}/${p.numPages}`,
    p.order,
    p.total === undefined ? "… jobs" : `${p.total} jobs`,
  ];
  // The poll intervals are the least needed; they go first when the line is short.
  if (p.width >= 110) parts.push(`↻ ${p.intervalMs / 1000}s/${p.listIntervalMs / 1000}s`);
  if (p.filter) parts.push(`filter "${p.filter}"`);
  // Most wanted first, so a narrow terminal cuts the endpoint host, not the connection state.
  return (
    <Box width={p.width} height={1}>
      <Text wrap="truncate">
        <Text bold color="cyan">
          jobtop
        </Text>
        <Text> {parts.join(" · ")} · </Text>
        <Ticker connection={p.connection} />
        {p.changes > 0 ? (
          <Text bold color="yellow">
            {" "}
            · ✱ {p.changes} change{p.changes === 1 ? "" : "s"}
          </Text>
        ) : null}
        <Text dimColor> · {p.host}</Text>
      </Text>
    </Box>
  );
});

/**
 * Re-renders itself when its text changes, and only then: the age ("ok 12s ago") each second
 * for a minute, then each minute; the retry countdown each second. No timer runs without work
 * (none while loading), and nothing else on screen is rendered for the clock.
 */
function Ticker({ connection: c }: { connection: Connection }) {
  const [, setTick] = useState(0);
  const wall = Date.now();
  const mono = performance.now();
  const wait = nextChangeIn(c, wall, mono);
  useEffect(() => {
    if (wait === undefined) return;
    const t = setTimeout(() => setTick((n) => n + 1), wait);
    return () => clearTimeout(t);
  });
  const ago = c.okWall === undefined ? "never" : `${formatAge((wall - c.okWall) / 1000)} ago`;
  const retry = c.retryAt === undefined ? "" : ` in ${Math.max(0, Math.ceil((c.retryAt - mono) / 1000))}s`;
  switch (c.state) {
    case "ok":
      return <Text color="green">● ok {ago}</Text>;
    case "loading":
      return <Text dimColor>◌ loading…</Text>;
    case "auth":
      return (
        <Text color="red">
          ✖ token rejected, retrying{retry} · data from {ago}
        </Text>
      );
    case "offline": {
      const since = c.failingSince === undefined ? "" : ` since ${formatClock(c.failingSince)}`;
      return (
        <Text color="red">
          ✖ offline{since}, retrying{retry} · data from {ago}
        </Text>
      );
    }
    case "retrying":
      return (
        <Text color="yellow">
          ◐ retrying{retry} · data from {ago}
        </Text>
      );
  }
}

const AGE_STEPS = [
  [60, 1],
  [3600, 60],
  [86_400, 3600],
] as const;

/** ms until the ticking cell's text changes (its age or its countdown), or undefined: never. */
export function nextChangeIn(c: Connection, nowWall: number, nowMono: number): number | undefined {
  if (c.state === "loading") return undefined;
  let next: number | undefined;
  if (c.okWall !== undefined) {
    // formatAge: seconds under a minute, minutes under an hour, hours under a day, then days.
    const age = Math.max(0, nowWall - c.okWall);
    const step = (AGE_STEPS.find(([below]) => age < below * 1000)?.[1] ?? 86_400) * 1000;
    next = (Math.floor(age / step) + 1) * step - age;
  }
  if (c.state !== "ok" && c.retryAt !== undefined) {
    // "in Ns", N rounded up: it changes as the time left crosses each whole second.
    const left = c.retryAt - nowMono;
    if (left > 0) {
      const t = left - (Math.ceil(left / 1000) - 1) * 1000;
      next = next === undefined ? t : Math.min(next, t);
    }
  }
  // A millisecond past the change, so that the new text is there when it renders.
  return next === undefined ? undefined : Math.ceil(next) + 1;
}
