// The renderer patch's helper (scripts/patches/ink-changed-tail.js puts it into Ink's log-update.js).
// `changedTail(previous, next)`: the cursor move and text that turn the previous line into the
// next one, from the first cell that differs. It must be cheap, since it runs for every changed
// line of every frame (tokenizing both lines cost ~1 ms a line): the common prefix is found on the
// raw strings, moved back out of any escape sequence or grapheme it cuts, measured with
// string-width (as Ink's own layout is), and the colour codes it held are replayed before the
// tail. A short common prefix, or one that ends where a character could still combine with what
// follows, rewrites the whole line.
import stringWidth from "string-width";

const SGR = /\u001B\[[0-9;]*m/g;
const JOINS =
  /[\u200D\uFE00-\uFE0F\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F]|\uD83C[\uDDE6-\uDDFF\uDFFB-\uDFFF]|\uDB40[\uDC20-\uDC7F]/;
export function changedTail(previous, next) {
  const whole = `\u001B[1G${next}`;
  if (!previous) return whole;
  const n = Math.min(previous.length, next.length);
  let p = 0;
  while (p < n && previous.charCodeAt(p) === next.charCodeAt(p)) p++;
  if (p === next.length && p === previous.length) return whole;
  // Not inside an escape sequence (a colour that changed: start at its code).
  const esc = next.lastIndexOf("\u001B", p - 1);
  if (esc >= 0 && !/^\u001B\[[0-9;]*m/.test(next.slice(esc, p))) p = esc;
  const prefix = next.slice(0, p);
  const plain = prefix.replace(SGR, "");
  // Only text whose width every terminal agrees on before the seam (no CJK, no emoji, so no
  // surrogate pair cut in two either); and worth a cursor move.
  if (plain.length < 8 || /[^\u0020-\u007e\u00a0-\u02ff\u2000-\u2bff]/.test(plain)) return whole;
  // A joiner, variation selector, combining mark, skin tone or flag half at the seam, in the
  // new line or the old one, joins with the character before it: rewrite that one too.
  const seam = next.slice(p, p + 2) + previous.slice(p, p + 2) + plain.slice(-2);
  if (JOINS.test(seam)) return whole;
  const codes = activeStyle(prefix.match(SGR) || []);
  return `\u001B[${stringWidth(plain) + 1}G${codes}${next.slice(p)}`;
}

/** Which style each SGR parameter sets, and the parameters that end a style. */
const SLOT = { 1: "bold", 2: "dim", 3: "italic", 4: "underline", 7: "inverse", 9: "strike" };
const ENDS = { 22: ["bold", "dim"], 23: ["italic"], 24: ["underline"], 27: ["inverse"], 29: ["strike"] };

/**
 * The codes that are still in effect after `codes`, one per style: replaying only those is the
 * same terminal state as replaying them all, in fewer bytes. Anything unusual (several
 * parameters in one code) is replayed as it came.
 */
function activeStyle(codes) {
  const on = new Map();
  for (const code of codes) {
    const params = code.slice(2, -1);
    if (!/^\d*$/.test(params) && !/^[34]8;(5;\d+|2;\d+;\d+;\d+)$/.test(params)) return codes.join("");
    const n = Number.parseInt(params || "0", 10);
    if (n === 0) on.clear();
    else if (n === 39) on.delete("fg");
    else if (n === 49) on.delete("bg");
    else if (ENDS[n]) for (const slot of ENDS[n]) on.delete(slot);
    else if ((n >= 30 && n <= 38) || (n >= 90 && n <= 97)) on.set("fg", code);
    else if ((n >= 40 && n <= 48) || (n >= 100 && n <= 107)) on.set("bg", code);
    else if (SLOT[n]) on.set(SLOT[n], code);
    else return codes.join("");
  }
  return [...on.values()].join("");
}
