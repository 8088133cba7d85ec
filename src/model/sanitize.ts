// The one allowlist sanitiser for every string that comes from the server. Control characters,
// escape sequences and bidi overrides are shown escaped and visible, never deleted: deleting
// could join two harmless halves into a live sequence. A job name must not be able to set the
// clipboard or the window title, clear the screen or move the cursor.

// C0 (incl. ESC, \r, \b, BEL, \n, \t), DEL, C1 (0x80–0x9F: the one-byte CSI 0x9B, OSC 0x9D),
// bidi embeddings/overrides/isolates and marks, and lone surrogates.
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const UNSAFE_TEST = new RegExp(UNSAFE.source);

function escapeChar(ch: string, multiline: boolean): string {
  const c = ch.charCodeAt(0);
  if (multiline && c === 0x0a) return "\n";
  if (multiline && c === 0x09) return "  ";
  if (c < 0x20) return `^${String.fromCharCode(c + 0x40)}`; // ESC → ^[, \r → ^M, BEL → ^G
  if (c === 0x7f) return "^?";
  if (c >= 0xd800 && c <= 0xdfff) return "\ufffd";
  return `<U+${c.toString(16).toUpperCase().padStart(4, "0")}>`;
}

export function sanitize(s: string, opts: { multiline?: boolean } = {}): string {
  if (!UNSAFE_TEST.test(s)) return s; // fast path: most strings are clean
  const multiline = opts.multiline === true;
  return s.replace(UNSAFE, (ch) => escapeChar(ch, multiline));
}

/** True if the string holds nothing that sanitize would escape. */
export function isClean(s: string): boolean {
  return !UNSAFE_TEST.test(s);
}
