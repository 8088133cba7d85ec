// A key press as Ink reports it (input, Key) → the names of src/keys/key-names.ts that the keymap
// is looked up by; and a run of typed text split into one press per character.
import type { Key } from "ink";
import { isKeyChar, type KeyName } from "../../keys/key-names.js";

/** The named keys Ink reports by a flag of Key, in the order they are checked. */
const FLAGS: readonly [keyof Key, KeyName][] = [
  ["upArrow", "up"],
  ["downArrow", "down"],
  ["leftArrow", "left"],
  ["rightArrow", "right"],
  ["pageUp", "pgup"],
  ["pageDown", "pgdn"],
  ["home", "home"],
  ["end", "end"],
  ["return", "enter"],
  ["escape", "esc"],
  ["tab", "tab"],
  ["backspace", "backspace"],
  ["delete", "delete"],
];

/**
 * The names this press answers to, the most exact first: "shift+tab" then "tab", "alt+q" then
 * "q". A named key with modifiers no row names works as the key alone, and a character with Alt
 * as the character, as they always did; Ctrl with a character is its own key ("ctrl+c" is never
 * "c"). Empty for what no name covers (F keys, Insert).
 */
export function pressNames(input: string, key: Key): KeyName[] {
  const flag = FLAGS.find(([f]) => key[f] === true);
  if (flag) {
    const base = flag[1];
    // Ink marks Esc as meta (it is the ESC byte); that is no Alt.
    const mods = `${key.ctrl ? "ctrl+" : ""}${key.meta && base !== "esc" ? "alt+" : ""}${key.shift ? "shift+" : ""}`;
    return mods ? [mods + base, base] : [base];
  }
  if (input === " ") return key.meta ? ["alt+space", "space"] : ["space"];
  if (key.ctrl) return /^[a-z]$/i.test(input) ? [`ctrl+${input.toLowerCase()}`] : [];
  if (!isKeyChar(input)) return [];
  return key.meta ? [`alt+${input}`, input] : [input];
}

/** A character typed as text at a prompt: printable, no Ctrl or Alt (Ink's input for it). */
export function typedText(input: string, key: Key): string | undefined {
  if (!input || key.ctrl || key.meta || /[\u0000-\u001f\u007f]/.test(input)) return undefined;
  return input;
}

/** A key with no modifier and no special key: what a printable character arrives as. */
export const PLAIN: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** The control characters a chunk of typed text may hold, as the key Ink would report alone. */
const CONTROL: Record<string, Partial<Key>> = {
  "\r": { return: true },
  "\n": { return: true },
  "\t": { tab: true },
  "\x7f": { backspace: true },
  "\b": { backspace: true },
};

/**
 * One key press per character. Ink hands over a run of text that arrives in one read as a
 * single input: keys typed faster than we read them (over a slow SSH link, or pasted, as in
 * "123⏎" at the jump prompt) would otherwise be one unknown key, and the Enter in it lost.
 */
export function splitKeys(input: string, key: Key): [string, Key][] {
  const chars = [...input];
  if (chars.length < 2 || key.ctrl || key.meta || input.includes("\x1b")) return [[input, key]];
  return chars.map((ch): [string, Key] => {
    const control = CONTROL[ch];
    if (control) return ["", { ...PLAIN, ...control }];
    const code = ch.charCodeAt(0);
    // Ctrl+A … Ctrl+Z arrive as 0x01 … 0x1a; Ink reports them as the letter with ctrl set.
    if (code >= 1 && code <= 26) return [String.fromCharCode(code + 96), { ...PLAIN, ctrl: true }];
    return [ch, { ...PLAIN, shift: /[A-Z]/.test(ch) }];
  });
}
