// One paint for a run of styled text, in the two ways jobtop writes SGR:
// - "nested", as Ink's <Text> does through chalk: each attribute opened and closed by its own
//   code, innermost first (dim, colour, bold, inverse), a close met inside re-opened, a newline
//   closed and re-opened around. The first frame (first-frame.ts) paints so, byte for byte, so
//   that Ink's first frame lands on the same cells (test/render/paint.test.ts compares with chalk).
// - "reset", for the commands for scripts (--once, get): one SGR with every code, then a full
//   reset; whether to colour at all is theirs to decide (--color, NO_COLOR, a terminal).
// No chalk here: the commands for scripts do not load it, and its colour level is the caller's.

/** A run of text in one style, as an Ink <Text> paints it. */
export interface Styled {
  text: string;
  /** A foreground colour by name ("red", "gray"…); another name paints no colour. */
  color?: string;
  bold?: boolean;
  dim?: boolean;
  inverse?: boolean;
}

export type Sgr = "nested" | "reset";

/** Foreground colours by name, as chalk names them. */
const COLORS: Record<string, number> = {
  black: 30,
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
  white: 37,
  gray: 90,
  grey: 90,
  blackBright: 90,
  redBright: 91,
  greenBright: 92,
  yellowBright: 93,
  blueBright: 94,
  magentaBright: 95,
  cyanBright: 96,
  whiteBright: 97,
};

export function paint(s: Styled, sgr: Sgr): string {
  const color = s.color === undefined ? undefined : COLORS[s.color];
  if (sgr === "reset") {
    const codes = [s.bold ? "1" : "", color ?? ""].filter(Boolean).join(";");
    return codes ? `\x1b[${codes}m${s.text}\x1b[0m` : s.text;
  }
  let t = s.text;
  if (t === "") return t;
  if (s.dim) t = nest(t, 2, 22);
  if (color !== undefined) t = nest(t, color, 39);
  if (s.bold) t = nest(t, 1, 22);
  if (s.inverse) t = nest(t, 7, 27);
  return t;
}

/** chalk's applyStyle for one style. */
function nest(t: string, open: number, close: number): string {
  const o = `\x1b[${open}m`;
  const c = `\x1b[${close}m`;
  let s = t.includes("\x1b") ? t.replaceAll(c, c + o) : t;
  if (s.includes("\n")) s = s.replace(/\r?\n/g, (lf) => c + lf + o);
  return o + s + c;
}
