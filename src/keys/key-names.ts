// The names of keys, as the config file's [keys] writes them and the help shows them: one
// grammar, so that what a user writes, what a key press is called and what the help prints are
// the same words. A name is a character ("q", "G", "?", "<"), or a named key (up down left right
// pgup pgdn home end enter esc tab backspace delete space), with modifiers before it: ctrl+ (a
// letter, or a named key), alt+ (a character or a named key), shift+ (a named key: a capital is
// its own character, "G"). Canonical: lower-case words, modifiers in the order ctrl, alt, shift.

/** A key's canonical name ("ctrl+c", "G", "pgdn", "shift+tab"). */
export type KeyName = string;

/** The keys with a name of their own, as [keys] writes them, and as the help shows each. */
const NAMED_KEYS: Readonly<Record<string, string>> = {
  up: "↑",
  down: "↓",
  left: "←",
  right: "→",
  pgup: "PgUp",
  pgdn: "PgDn",
  home: "Home",
  end: "End",
  enter: "Enter",
  esc: "Esc",
  tab: "Tab",
  backspace: "Backspace",
  delete: "Delete",
  space: "space",
};

/** Other words for the named keys, taken as the named key. */
const ALIASES: Readonly<Record<string, string>> = {
  escape: "esc",
  return: "enter",
  pageup: "pgup",
  pagedown: "pgdn",
  page_up: "pgup",
  page_down: "pgdn",
  pgdown: "pgdn",
  del: "delete",
  bs: "backspace",
  arrowup: "up",
  arrowdown: "down",
  arrowleft: "left",
  arrowright: "right",
  " ": "space",
};

/**
 * Ctrl+ a letter that a terminal sends as another key: Ctrl+H is Backspace, Ctrl+I Tab, Ctrl+J
 * and Ctrl+M Enter. Bound, such a key could never be told apart, so it is refused.
 */
const SAME_AS: Readonly<Record<string, string>> = { h: "backspace", i: "tab", j: "enter", m: "enter" };

const MODIFIERS = ["ctrl", "alt", "shift"] as const;

/** What the user wrote, quoted for a message: printable, short (a name may hold any character). */
function echo(s: string): string {
  const shown = [...s].map((ch) => (/[\p{L}\p{N}\p{P}\p{S} ]/u.test(ch) ? ch : "?")).join("");
  return JSON.stringify(shown.length > 40 ? `${shown.slice(0, 39)}…` : shown);
}

/** One printable character a key press can be: a letter, digit, punctuation or symbol, one code point. */
export function isKeyChar(s: string): boolean {
  return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(s);
}

/** A name as written in [keys], canonical; or why it is not one. */
export function parseKeyName(written: string): { name: KeyName } | { error: string } {
  const text = written.length > 1 ? written.trim() : written;
  if (text === "") return { error: "an empty key name" };
  const mods = new Set<string>();
  let rest = text;
  for (;;) {
    const m = /^(ctrl|control|alt|meta|option|shift)\+(?=.)/i.exec(rest);
    if (!m) break;
    const word = (m[1] as string).toLowerCase();
    const mod = word === "control" ? "ctrl" : word === "meta" || word === "option" ? "alt" : word;
    if (mods.has(mod)) return { error: `${mod}+ is given twice` };
    mods.add(mod);
    rest = rest.slice(m[0].length);
  }
  const lower = rest.toLowerCase();
  const named = NAMED_KEYS[lower] !== undefined ? lower : ALIASES[lower];
  let base: string;
  if (named !== undefined) base = named;
  else if ([...rest].length === 1 && isKeyChar(rest)) base = rest;
  else if (rest === " ") base = "space";
  else return { error: `unknown key ${echo(rest)}` };
  if (named === undefined) {
    if (mods.has("shift"))
      return {
        error: `shift+ goes with a named key (shift+tab); a capital is its own key: write "${rest.toUpperCase()}"`,
      };
    if (mods.has("ctrl")) {
      const letter = base.toLowerCase();
      if (!/^[a-z]$/.test(letter)) return { error: `ctrl+ goes with a letter or a named key, not "${base}"` };
      const same = SAME_AS[letter];
      if (same !== undefined) return { error: `a terminal sends ctrl+${letter} as ${same}: bind ${same}` };
      base = letter;
    }
  }
  let name = "";
  for (const m of MODIFIERS) if (mods.has(m)) name += `${m}+`;
  return { name: name + base };
}

/** How the help and README show a key: "↑", "PgDn", "Ctrl+C", "Shift+Tab", "q". */
export function showKey(name: KeyName): string {
  const parts = name.split("+");
  // "+" itself, and "ctrl+…+" never: a name ends with its base, which may be "+".
  const base = name.endsWith("+") ? "+" : (parts.pop() as string);
  const mods = name.endsWith("+") ? parts.slice(0, -2) : parts;
  const shown = NAMED_KEYS[base] ?? base;
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const upper = mods.includes("ctrl") && /^[a-z]$/.test(base) ? base.toUpperCase() : shown;
  return mods.map((m) => `${cap(m)}+`).join("") + upper;
}

/** A plain printable key, as typed at a prompt: one character, no ctrl+ or alt+ (not "space"). */
export function isTypedKey(name: KeyName): boolean {
  return isKeyChar(name);
}

/** Every name a user might mean, for "did you mean …?" after an unknown one. */
export function knownKeyWords(): string[] {
  return Object.keys(NAMED_KEYS).concat(Object.keys(ALIASES).filter((a) => a !== " "));
}
