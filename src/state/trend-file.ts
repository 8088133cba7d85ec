// The trend of the stats view (issue 32, src/model/trend.ts), kept across restarts beside the
// profile's state file: $XDG_STATE_HOME/jobtop/<profile@host>.trend.json, mode 600, written whole
// and renamed (away-file.ts's writePrivateText), at most once per 5-minute slot and on the way
// out. At most 1 MB: a larger, damaged or untrusted file is ignored (the trend starts empty,
// one line says why) and written anew.
import { MAX_TREND_BYTES, parseTrend, serialiseTrend, type Trend } from "../model/trend.js";
import { awayPath, readPrivateText, writePrivateText } from "./away-file.js";

/** The trend's file for the state file's name (away-session.ts's stateName). */
export function trendPath(name: string, env: Record<string, string | undefined>): string {
  return awayPath(name, env).replace(/\.json$/, ".trend.json");
}

export function readTrend(path: string): { trend: Trend | undefined; warning: string | undefined } {
  const r = readPrivateText(path, MAX_TREND_BYTES);
  const ignored = (why: string) => ({
    trend: undefined,
    warning: `trend file ${path} ignored: ${why}; it will be written anew`,
  });
  if (r.why !== undefined) return ignored(r.why);
  if (r.text === undefined) return { trend: undefined, warning: undefined };
  const trend = parseTrend(r.text);
  return trend ? { trend, warning: undefined } : ignored("it is damaged");
}

export function writeTrend(path: string, trend: Trend): string | undefined {
  const text = serialiseTrend(trend);
  if (text.length > MAX_TREND_BYTES) return `trend file not saved: larger than ${MAX_TREND_BYTES} bytes`;
  return writePrivateText(path, text);
}
