// The line of each key in a TOML text, so that a problem found after parsing (an unknown key, a
// wrong type, an action's field) can say where it is: the parser gives lines only for syntax
// errors. This reads table headers and `key = value` lines, skipping comments and multi-line
// strings. An array of tables ([[actions]], [[profiles.prod.actions]]) has each element's index
// in its path (["actions", 1, "key"]), so the second action's `key` is found at its own line;
// keys of inline tables and arrays map to the line of the key that holds them.

const BARE = "[A-Za-z0-9_-]+";
const BASIC = '"(?:[^"\\\\]|\\\\.)*"';
const LITERAL = "'[^']*'";
const PART = `(?:${BARE}|${BASIC}|${LITERAL})`;
const PATH = `${PART}(?:\\s*\\.\\s*${PART})*`;
const HEADER = new RegExp(`^(\\[\\[?)\\s*(${PATH})\\s*\\]\\]?`);
const KEY = new RegExp(`^(${PATH})\\s*=\\s*(.*)$`);
const PARTS = new RegExp(PART, "g");

/** Maps each key path (parts joined by \u0001, indexes as digits) to the 1-based line where it first appears. */
export function keyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  /** How many elements each array of tables has so far (its path joined by \u0001, without indexes). */
  const counts = new Map<string, number>();
  const record = (path: (string | number)[], line: number) => {
    for (let n = 1; n <= path.length; n++) {
      const k = path.slice(0, n).join("\u0001");
      if (!lines.has(k)) lines.set(k, line);
    }
  };
  /** A header's parts with the current index after each array of tables it passes through. */
  const indexed = (names: string[], upTo: number): (string | number)[] => {
    const out: (string | number)[] = [];
    for (let i = 0; i < names.length; i++) {
      out.push(names[i] as string);
      const n = counts.get(names.slice(0, i + 1).join("\u0001"));
      if (n !== undefined && i < upTo) out.push(n - 1);
    }
    return out;
  };
  let table: (string | number)[] = [];
  let openString: string | undefined;
  const all = text.split(/\r?\n/);
  for (let i = 0; i < all.length; i++) {
    const line = (all[i] as string).trim();
    if (openString) {
      if (line.includes(openString)) openString = undefined;
      continue;
    }
    if (!line || line.startsWith("#")) continue;
    const header = HEADER.exec(line);
    if (header) {
      const names = parts(header[2] as string);
      if (header[1] === "[[") {
        const k = names.join("\u0001");
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      table = indexed(names, names.length);
      record(table, i + 1);
      continue;
    }
    const key = KEY.exec(line);
    if (!key) continue;
    record([...table, ...parts(key[1] as string)], i + 1);
    const value = (key[2] as string).trimStart();
    for (const delim of ['"""', "'''"]) {
      if (value.startsWith(delim) && !value.slice(3).includes(delim)) openString = delim;
    }
  }
  return lines;
}

function parts(path: string): string[] {
  return (path.match(PARTS) ?? []).map(unquote);
}

function unquote(p: string): string {
  if (p.startsWith("'")) return p.slice(1, -1);
  if (!p.startsWith('"')) return p;
  try {
    return JSON.parse(p) as string;
  } catch {
    return p.slice(1, -1);
  }
}
