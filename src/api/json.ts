// JSON.parse that keeps integers beyond 2^53 exact. A service with 64-bit ids sends them as JSON
// numbers; JSON.parse would round 9007199254740993 to …992, and the id sent back in `?id=` would
// name another job (or none). Such numbers are turned into strings of their exact digits before
// parsing; the schema accepts ids as numbers or digit strings and keeps them as strings.
//
// Node 20 has no JSON.parse source-text access, so this scans the text itself, but only when a
// run of 16 or more digits occurs at all: the usual body goes straight to JSON.parse.

const LONG_DIGITS = /\d{16}/;

export function parseJson(text: string): unknown {
  if (!LONG_DIGITS.test(text)) return JSON.parse(text);
  return JSON.parse(quoteUnsafeIntegers(text));
}

/** The same JSON text with every integer literal (outside strings) that a double cannot hold exactly quoted. */
export function quoteUnsafeIntegers(text: string): string {
  const parts: string[] = [];
  let last = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip a string, honouring backslash escapes.
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i += 2;
        else if (d === 0x22) break;
        else i++;
      }
      i++;
      continue;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      i++;
      while (i < n && isNumberChar(text.charCodeAt(i))) i++;
      const token = text.slice(start, i);
      // Quoted only when a number cannot hold it: 2^53 itself, or 10^20, round-trip exactly.
      if (/^-?\d{16,}$/.test(token) && String(Number(token)) !== token) {
        parts.push(text.slice(last, start), `"${token}"`);
        last = i;
      }
      continue;
    }
    i++;
  }
  if (last === 0) return text;
  parts.push(text.slice(last));
  return parts.join("");
}

function isNumberChar(c: number): boolean {
  // digits . e E + -
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}
