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

/** The codes with a symbol of their own, in the order a job passes through them. */
export const STYLED_CODES: readonly number[] = [6, 1, 2, 3];

/** "◌ 6 queued · ◔ 1 starting · … · ? other": which symbol is which code, and the code's name. */
export function statusLegend(labels: Record<number, string> = {}): string {
  const parts = STYLED_CODES.map((code) => {
    const s = statusStyle(code, labels);
    return s.label === String(code) ? `${s.symbol} ${code}` : `${s.symbol} ${code} ${s.label}`;
  });
  return [...parts, `${UNKNOWN.symbol} other`].join(" · ");
}

export function statusStyle(code: number, labels: Record<number, string> = {}): StatusStyle {
  const s = STYLES[code] ?? UNKNOWN;
  return { label: labels[code] ?? String(code), symbol: s.symbol, color: s.color };
}
