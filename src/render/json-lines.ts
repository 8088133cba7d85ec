// The `y` view's lines: a job as indented JSON, every field the service sent (unknown ones too),
// coloured by kind, sanitised, secrets masked as on the detail pane until `s`, and capped so a
// job with a 10 MB desc or 140 000 log entries costs what a screen of it costs.
import { displayWidth, formatCount } from "../model/format.js";
import { sanitize } from "../model/sanitize.js";
import { isSecretArgName, MASK, maskSecrets, maskValue, parseEnvs } from "../model/secrets.js";
import { graphemes } from "../model/width.js";

export interface Seg {
  text: string;
  color?: string;
  dim?: boolean;
}
export type JsonLine = Seg[];

export const JSON_CAPS = {
  /** Characters of one string shown. */
  string: 2000,
  /** Elements of an array shown: its first and its last halves of this. */
  array: 200,
  depth: 32,
} as const;

const KEY = "cyan";
const STRING = "green";
const NUMBER = "yellow";
const LITERAL = "magenta";

/** Fields whose whole value is a secret, wherever they are. */
const SECRET_KEYS = new Set(["password", "creds", "token", "secret"]);

export function jsonLines(value: unknown, o: { width: number; showSecrets: boolean }): JsonLine[] {
  const flat: { indent: number; segs: Seg[] }[] = [];
  const walk = (v: unknown, key: string | undefined, indent: number, comma: boolean, depth: number) => {
    const head: Seg[] =
      key === undefined ? [] : [{ text: sanitize(JSON.stringify(key)), color: KEY }, { text: ": " }];
    const tail: Seg[] = comma ? [{ text: "," }] : [];
    const line = (segs: Seg[], at = indent) => flat.push({ indent: at, segs });
    if (v !== null && typeof v === "object" && !(v instanceof Masked)) {
      const isArray = Array.isArray(v);
      const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
      // An array is read by index, never copied: it may hold 140 000 log entries.
      const keys = isArray ? undefined : Object.keys(v);
      const n = isArray ? (v as unknown[]).length : (keys as string[]).length;
      if (n === 0) return line(head.concat([{ text: open + close }], tail));
      if (depth >= JSON_CAPS.depth)
        return line(head.concat([{ text: `${open} … ${close}`, dim: true }], tail));
      line(head.concat([{ text: open }]));
      const half = JSON_CAPS.array / 2;
      const cut = isArray && n > JSON_CAPS.array;
      for (let i = 0; i < n; i++) {
        if (cut && i === half) {
          line([{ text: `… ${formatCount(n - JSON_CAPS.array)} more`, dim: true }], indent + 2);
          i = n - half;
        }
        const k = keys?.[i];
        const x = isArray ? (v as unknown[])[i] : (v as Record<string, unknown>)[k as string];
        walk(secretFor(k, x, o.showSecrets), k, indent + 2, i < n - 1, depth + 1);
      }
      return line([{ text: close }].concat(tail));
    }
    line(head.concat(scalar(v), tail));
  };
  walk(value, undefined, 0, false, 0);
  const out: JsonLine[] = [];
  for (const l of flat) for (const w of wrapSegs(l.segs, l.indent, o.width)) out.push(w);
  return out;
}

/** A scalar, masked by the key it is under (a password, creds, envs) before it is shown. */
function secretFor(key: string | undefined, v: unknown, show: boolean): unknown {
  if (show || typeof v !== "string" || v === "") return v;
  if (key !== undefined && (SECRET_KEYS.has(key.toLowerCase()) || isSecretArgName(key)))
    return new Masked(maskValue(v));
  if (key === "envs") {
    const head = v.slice(0, JSON_CAPS.string);
    const envs = parseEnvs(head)
      .map((e) => `${e.name}=${e.secret ? MASK : maskSecrets(e.value)}`)
      .join(";");
    return new Masked(envs + (v.length > head.length ? TAIL(v.length) : ""));
  }
  return new Masked(maskSecrets(cap(v)) + (v.length > JSON_CAPS.string ? TAIL(v.length) : ""));
}

/** A string already masked and capped (shown as a string). */
class Masked {
  constructor(readonly text: string) {}
}

const TAIL = (n: number) => `… (${formatCount(n)} characters in all)`;
const cap = (s: string) => s.slice(0, JSON_CAPS.string);

function scalar(v: unknown): Seg[] {
  if (v instanceof Masked) return [{ text: sanitize(JSON.stringify(v.text)), color: STRING }];
  if (typeof v === "string") {
    const shown = sanitize(JSON.stringify(cap(v)));
    return v.length > JSON_CAPS.string
      ? [
          { text: shown, color: STRING },
          { text: ` ${TAIL(v.length)}`, dim: true },
        ]
      : [{ text: shown, color: STRING }];
  }
  if (typeof v === "number") return [{ text: String(v), color: NUMBER }];
  if (typeof v === "boolean" || v === null) return [{ text: String(v), color: LITERAL }];
  return [{ text: sanitize(String(v)), dim: true }];
}

/** One logical line as screen lines: indented, cut at the width, continued 4 cells further in. */
function wrapSegs(segs: Seg[], indent: number, width: number): JsonLine[] {
  const w = Math.max(4, width);
  const first = Math.min(indent, Math.floor(w / 2));
  const out: JsonLine[] = [];
  let line: Seg[] = [{ text: " ".repeat(first) }];
  let used = first;
  const cont = Math.min(first + 4, Math.floor(w / 2));
  for (const seg of segs) {
    if (used + displayWidth(seg.text) <= w) {
      line.push(seg);
      used += displayWidth(seg.text);
      continue;
    }
    let piece = "";
    for (const g of graphemes(seg.text)) {
      const gw = displayWidth(g);
      if (used + gw > w) {
        line.push({ ...seg, text: piece });
        out.push(line);
        line = [{ text: " ".repeat(cont) }];
        used = cont;
        piece = "";
      }
      piece += g;
      used += gw;
    }
    if (piece) line.push({ ...seg, text: piece });
  }
  out.push(line);
  return out;
}

/** Plain text of a line (for tests and width checks). */
export function lineText(l: JsonLine): string {
  return l.map((s) => s.text).join("");
}
