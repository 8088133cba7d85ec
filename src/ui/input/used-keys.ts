// The one-character keys jobtop's monitor answers to, for the check of an action's key
// (src/actions/keys.ts): read from the keymap itself, so a key added there is taken here too.
import { KEYMAP, PLAIN } from "./keymap.js";

/** Keys set aside for what is being added beside the keymap: tags (space, T, U) and the scope key. */
const RESERVED: readonly [string, string][] = [
  [" ", "tag the job"],
  ["T", "tag every job shown"],
  ["U", "clear the tags"],
  ["a", "the scope of the list"],
];

/** Each printable ASCII key the monitor uses → what it does (the keymap's help, shortened). */
export function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  for (let c = 0x21; c < 0x7f; c++) {
    const ch = String.fromCharCode(c);
    const key = { ...PLAIN, shift: /[A-Z]/.test(ch) };
    const b = KEYMAP.find((row) => row.match(ch, key));
    if (b) used.set(ch, b.help.split(/[:;(,]/)[0]?.trim() || b.action);
  }
  for (const [k, what] of RESERVED) if (!used.has(k)) used.set(k, what);
  return used;
}
