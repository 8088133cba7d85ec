// A response body's bytes → the JSON text. JSON is UTF-8 (RFC 8259 §8.1), but services in the
// wild send a UTF-8 byte order mark, or declare another charset: each is accepted when it can be
// read, and named in words when it cannot, rather than called "malformed JSON".

import { sanitize } from "../model/sanitize.js";
import { ApiError } from "./errors.js";
import { parseJson } from "./json.js";

const UTF8 = /^(utf-?8|us-ascii|ascii)$/i;

export function charsetOf(contentType: string | null): string | undefined {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "");
  return m?.[1]?.slice(0, 40).toLowerCase();
}

/**
 * The parsed JSON. UTF-8 first (leading BOM dropped): a service that declares ISO-8859-1 and
 * sends UTF-8 is common and reads right that way. Only bytes that are not UTF-8 JSON are decoded
 * with the declared charset (Node knows the WHATWG ones: latin1, windows-125x, UTF-16, Shift_JIS…).
 */
export function parseJsonBody(bytes: Buffer, contentType: string | null, status: number): unknown {
  const charset = charsetOf(contentType);
  const utf8 = dropBom(bytes.toString("utf8"));
  const first = tryParse(utf8, charset === undefined || UTF8.test(charset) ? undefined : bytes);
  if (first.ok) return first.value;
  if (charset !== undefined && !UTF8.test(charset)) {
    let decoded: string;
    try {
      decoded = new TextDecoder(charset).decode(bytes); // drops a BOM of its own encoding
    } catch {
      throw new ApiError(
        "parse",
        `service declared charset "${sanitize(charset)}", which jobtop cannot read (HTTP ${status})`,
        {
          status,
        },
      );
    }
    const second = tryParse(decoded);
    if (second.ok) return second.value;
    throw new ApiError(
      "parse",
      `server sent malformed JSON in charset ${sanitize(charset)} (HTTP ${status})`,
      {
        status,
      },
    );
  }
  const what = /html/i.test(contentType ?? "") || /^\s*</.test(utf8) ? "an HTML page" : "malformed JSON";
  throw new ApiError("parse", `server sent ${what} instead of JSON (HTTP ${status})`, { status });
}

function dropBom(s: string): string {
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

/** Parses; with `strictBytes`, only when those bytes are valid UTF-8 (else the declared charset decides). */
function tryParse(text: string, strictBytes?: Buffer): { ok: true; value: unknown } | { ok: false } {
  if (strictBytes) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(strictBytes);
    } catch {
      return { ok: false };
    }
  }
  try {
    return { ok: true, value: parseJson(text) };
  } catch {
    return { ok: false };
  }
}
