// The one allowlist sanitiser for every string that comes from the server. Control characters,
// escape sequences, bidi controls and invisible characters are shown escaped and visible, never
// deleted: deleting could join two harmless halves into a live sequence. A job name must not be
// able to set the clipboard or the window title, clear the screen or move the cursor, reorder
// what is drawn around it, or hide a character from the reader.

// C0 (incl. ESC, \r, \b, BEL, \n, \t), DEL, C1 (0x80–0x9F: the one-byte CSI 0x9B, OSC 0x9D); the
// Arabic letter mark U+061C; zero-width space, non-joiner and joiner and the LRM/RLM marks
// U+200B–200F; the line and paragraph separators and the bidi embeddings/overrides U+2028–202E;
// the word joiner, invisible operators, bidi isolates and deprecated format controls U+2060–206F;
// the zero-width no-break space (BOM) U+FEFF; interlinear annotation marks U+FFF9–FFFB; and lone
// surrogates. Some terminals draw U+2028 as a line break, and the zero-width ones make two
// different names look the same ("prod" and "pro\u200bd").
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const UNSAFE_TEST = new RegExp(UNSAFE.source);

const ZWJ = 0x200d;
/** Made when a ZWJ is first seen (V8 builds \p{…} classes from ICU's tables: not at start). */
let pictographic: RegExp | undefined;

function isPictograph(cp: number | undefined): boolean {
  if (cp === undefined || cp < 0xa9) return false;
  pictographic ??= /^\p{Extended_Pictographic}$/u;
  return pictographic.test(String.fromCodePoint(cp));
}

/**
 * A ZWJ inside an emoji ZWJ sequence (👩‍💻, 🏳️‍🌈: a pictograph, its variation selector, skin tone or
 * tags, ZWJ, a pictograph) is kept: it draws one emoji, as the width functions measure it, and
 * hides nothing. Anywhere else it is invisible and is escaped like the other zero-width
 * characters (so is U+200C: terminals do not shape the scripts that use it consistently, and a
 * visible <U+200C> is honest where a wrong shape is not).
 */
function inEmojiSequence(s: string, i: number): boolean {
  if (!isPictograph(s.codePointAt(i + 1))) return false;
  for (let j = i - 1; j >= 0; ) {
    // The code point that ends at j (a surrogate pair is read from its high half).
    const hi = j > 0 ? s.charCodeAt(j - 1) : 0;
    const pair = s.charCodeAt(j) >= 0xdc00 && s.charCodeAt(j) <= 0xdfff && hi >= 0xd800 && hi <= 0xdbff;
    const cp = pair ? (s.codePointAt(j - 1) as number) : s.charCodeAt(j);
    // What a sequence may carry before its ZWJ: VS15/VS16, a skin tone, tags.
    const extend =
      cp === 0xfe0e || cp === 0xfe0f || (cp >= 0x1f3fb && cp <= 0x1f3ff) || (cp >= 0xe0020 && cp <= 0xe007f);
    if (!extend) return isPictograph(cp);
    j -= pair ? 2 : 1;
  }
  return false;
}

function escapeChar(ch: string, at: number, s: string, multiline: boolean): string {
  const c = ch.charCodeAt(0);
  if (multiline && c === 0x0a) return "\n";
  // A tab is spacing, not a control to show: one space in a line of its own (a cell, a value),
  // two where lines are kept. Multi-line fields expand tabs to stops first (src/model/excerpt.ts).
  if (c === 0x09) return multiline ? "  " : " ";
  if (c < 0x20) return `^${String.fromCharCode(c + 0x40)}`; // ESC → ^[, \r → ^M, BEL → ^G
  if (c === 0x7f) return "^?";
  if (c >= 0xd800 && c <= 0xdfff) return "\ufffd";
  if (c === ZWJ && inEmojiSequence(s, at)) return ch;
  return `<U+${c.toString(16).toUpperCase().padStart(4, "0")}>`;
}

export function sanitize(s: string, opts: { multiline?: boolean } = {}): string {
  if (!UNSAFE_TEST.test(s)) return s; // fast path: most strings are clean
  const multiline = opts.multiline === true;
  return s.replace(UNSAFE, (ch: string, at: number) => escapeChar(ch, at, s, multiline));
}

/** True if the string holds nothing that sanitize would change. */
export function isClean(s: string): boolean {
  return !UNSAFE_TEST.test(s) || sanitize(s) === s;
}
