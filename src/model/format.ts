// Width-aware text fitting (CJK and emoji take two cells) and compact times for the screen.
import { displayWidth, graphemes } from "./width.js";
import { NAMED_ZONES, OFFSET_ZONES } from "./zone-names.js";

export { displayWidth };

/** Cuts `s` to at most `width` cells, ending with `…` when cut. Never splits a grapheme. */
export function truncate(s: string, width: number): string {
  if (width <= 0) return "";
  if (displayWidth(s) <= width) return s;
  let out = "";
  let used = 0;
  for (const segment of graphemes(s)) {
    const w = displayWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

/** Exactly `width` cells: truncated, then padded with spaces. */
export function fit(s: string, width: number): string {
  if (width <= 0) return "";
  const t = truncate(s, width);
  const w = displayWidth(t);
  return w < width ? t + " ".repeat(width - w) : t;
}

/**
 * Word-wraps to lines of at most `width` cells, breaking words longer than a line.
 * `hard` breaks anywhere instead (URLs and tokens read better unbroken by word rules).
 */
export function wrap(s: string, width: number, opts: { hard?: boolean } = {}): string[] {
  const w = Math.max(1, width);
  if (displayWidth(s) <= w) return [s];
  if (opts.hard) return hardWrap(s, w);
  const lines: string[] = [];
  let line = "";
  let lineWidth = 0;
  const flush = () => {
    lines.push(line.trimEnd());
    line = "";
    lineWidth = 0;
  };
  for (const word of s.split(/(\s+)/)) {
    if (word === "") continue;
    const ww = displayWidth(word);
    if (lineWidth + ww <= w) {
      line += word;
      lineWidth += ww;
      continue;
    }
    if (/^\s+$/.test(word)) {
      flush();
      continue;
    }
    if (lineWidth > 0) flush();
    if (ww <= w) {
      line = word;
      lineWidth = ww;
      continue;
    }
    for (const segment of graphemes(word)) {
      const sw = displayWidth(segment);
      if (lineWidth + sw > w) flush();
      line += segment;
      lineWidth += sw;
    }
  }
  if (line.trim() !== "" || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

function hardWrap(s: string, w: number): string[] {
  const lines: string[] = [];
  let line = "";
  let used = 0;
  for (const segment of graphemes(s)) {
    const sw = displayWidth(segment);
    if (used + sw > w && line !== "") {
      lines.push(line);
      line = "";
      used = 0;
    }
    line += segment;
    used += sw;
  }
  lines.push(line);
  return lines;
}

/** "123 950": a count with its thousands apart, for the sizes of things left out. */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

/** "45s", "12m", "3h", "5d": how long ago, never negative. */
export function formatAge(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "0s";
  const s = Math.floor(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  if (s < 86_400 * 1000) return `${Math.floor(s / 86_400)}d`;
  return "999d+";
}

/**
 * "12s", "3m 05s", "1h 02m", "2d 4h": time spent in a state. `coarse` drops the seconds past the
 * first minute, for a duration still running: it then changes once a minute, not at every poll.
 */
export function formatDuration(seconds: number, opts: { coarse?: boolean } = {}): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "0s";
  const s = Math.floor(seconds);
  const pad = (n: number) => String(n).padStart(2, "0");
  if (s < 60) return `${s}s`;
  if (s < 3600) return opts.coarse ? `${Math.floor(s / 60)}m` : `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

/**
 * Local time with its zone, "2026-11-23 15:06:37 CET"; "?" for a time the server got wrong. The
 * zone is named as English names it where it has a name (EST, CET, BST: en-US knows the
 * Americas', en-GB Europe's), else by its offset ("GMT+8"), or "UTC".
 */
export function formatTime(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  if (!Number.isFinite(unixSeconds) || Number.isNaN(d.getTime())) return "?";
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())} ${zoneName(d)}`;
}

/** Zone names by UTC offset, for the zone in effect (process.env.TZ, which Node follows live). */
let zones: {
  tz: string | undefined;
  names: Map<number, string>;
  us?: Intl.DateTimeFormat;
  gb?: Intl.DateTimeFormat;
} = {
  tz: undefined,
  names: new Map(),
};

/** The names and formatters of the zone in effect now (process.env.TZ). */
function zonesNow(): typeof zones {
  const tz = process.env.TZ;
  if (tz !== zones.tz) zones = { tz, names: new Map() };
  return zones;
}

function zoneName(d: Date): string {
  const zones = zonesNow();
  const offset = d.getTimezoneOffset();
  let name = zones.names.get(offset);
  if (name === undefined) {
    name = zoneNameWithoutIcu(d) ?? zoneNameByIcu(d);
    zones.names.set(offset, name);
  }
  return name;
}

/** The zone's name as English names it, from ICU's formatters. */
export function zoneNameByIcu(d: Date): string {
  const zones = zonesNow();
  // Two formatters per zone, made on first use (not at start-up) and kept: none per call.
  zones.us ??= new Intl.DateTimeFormat("en-US", { timeZoneName: "short" });
  zones.gb ??= new Intl.DateTimeFormat("en-GB", { timeZoneName: "short" });
  const of = (f: Intl.DateTimeFormat) =>
    f.formatToParts(d).find((x) => x.type === "timeZoneName")?.value ?? "";
  const us = of(zones.us);
  const gb = /^GMT[+-]/.test(us) ? of(zones.gb) : "";
  return (gb && !/^GMT[+-]/.test(gb) ? gb : us) || "local";
}

/** The same name without ICU, when zone-names.ts knows the zone; else undefined. */
export function zoneNameWithoutIcu(d: Date): string | undefined {
  const offset = d.getTimezoneOffset();
  const long = /\(([^()]+)\)$/.exec(d.toString())?.[1];
  if (long === undefined) return undefined;
  const key = `${long}|${offset}`;
  const named = Object.hasOwn(NAMED_ZONES, key) ? NAMED_ZONES[key] : undefined;
  if (named !== undefined || !OFFSET_ZONES.has(key)) return named;
  if (offset === 0) return "GMT";
  const m = Math.abs(offset);
  return `GMT${offset < 0 ? "+" : "-"}${Math.floor(m / 60)}${m % 60 ? `:${String(m % 60).padStart(2, "0")}` : ""}`;
}

/** Local "14:03:05" for a wall-clock time in ms. */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** Local ISO 8601 with the UTC offset, "2026-11-23T15:06:37+01:00": sortable, and says its zone. */
export function formatIsoLocal(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  if (!Number.isFinite(unixSeconds) || Number.isNaN(d.getTime())) return "?";
  const p = (n: number) => String(n).padStart(2, "0");
  const off = -d.getTimezoneOffset();
  const sign = off < 0 ? "-" : "+";
  const abs = Math.abs(off);
  return (
    `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:` +
    `${p(d.getSeconds())}${sign}${p(Math.floor(abs / 60))}:${p(abs % 60)}`
  );
}
