// How a status code looks. The spec does not say what the codes mean, so the default label is
// the bare code; each known code still gets its own colour and symbol, so states differ at a glance.

export interface StatusStyle {
  label: string;
  symbol: string;
  color: string;
}

const STYLES: Record<number, { symbol: string; color: string }> = {
  6: { symbol: "◌", color: "gray" },
  1: { symbol: "◔", color: "yellow" },
  2: { symbol: "●", color: "green" },
  3: { symbol: "■", color: "blue" },
};
const UNKNOWN = { symbol: "?", color: "magenta" };
/** The codes with a symbol of their own, in the order a job moves through them (for the legend). */
export const KNOWN_STATUS_CODES: readonly number[] = [6, 1, 2, 3];

/**
 * The one order of statuses wherever they are listed (the header's counts, `f`'s cycle, the
 * legend): the known codes in a job's life order (queued first), then the others by code.
 */
export function compareStatuses(a: number, b: number): number {
  const rank = (code: number) => {
    const i = KNOWN_STATUS_CODES.indexOf(code);
    return i < 0 ? KNOWN_STATUS_CODES.length : i;
  };
  return rank(a) - rank(b) || a - b;
}

export function statusStyle(code: number, labels: Record<number, string> = {}): StatusStyle {
  const s = STYLES[code] ?? UNKNOWN;
  return { label: labels[code] ?? String(code), symbol: s.symbol, color: s.color };
}

/**
 * "running,3" → [2, 3]: status codes, or names from the configured labels (any case). The
 * error is one line naming what is known, for a usage error.
 */
export function parseStatusList(
  text: string,
  labels: Record<number, string> = {},
): { codes: number[] } | { error: string } {
  const codes: number[] = [];
  const names = Object.entries(labels);
  for (const raw of text.split(",")) {
    const word = raw.trim();
    if (word === "") continue;
    if (/^-?\d{1,9}$/.test(word)) {
      codes.push(Number(word));
      continue;
    }
    const found = names.find(([, label]) => label.toLowerCase() === word.toLowerCase());
    if (!found) {
      const known = names.map(([code, label]) => `${label} (${code})`).join(", ");
      return {
        error: `unknown status "${word}": use a status code${known ? ` or one of ${known}` : " (no status names are configured)"}`,
      };
    }
    codes.push(Number(found[0]));
  }
  if (codes.length === 0) return { error: "expected one or more statuses, like running or 2,3" };
  return { codes };
}
