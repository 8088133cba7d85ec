// One key press: where it was pressed (the confirmation, a prompt, an overlay, the pane with focus),
// what is typed as text there, else the keymap's row for it in that context (then a global one),
// and that row's command run, or why it cannot run now said on the status line.
import type { Key } from "ink";
import { isTypedKey } from "../../keys/key-names.js";
import { lookup } from "../../keys/keymap.js";
import { contextOf, type KeyContext, say } from "./context.js";
import { handlerOf } from "./handlers/index.js";
import { typeText } from "./handlers/prompts.js";
import { pressNames, typedText } from "./key-press.js";

export function handleKey(input: string, key: Key, base: Omit<KeyContext, "context">): void {
  const context = contextOf(base.ui);
  const c: KeyContext = { ...base, context };
  // At a prompt or a typed confirmation a character is text, never a key of the keymap.
  const typing = context === "prompt" || (context === "confirm" && c.ui.confirm?.mode === "type");
  if (typing) {
    const text = typedText(input, key);
    if (text !== undefined) {
      typeText(c, text);
      return;
    }
  }
  // Alt+q there is not q either: only what types nothing is looked up.
  const names = pressNames(input, key).filter((n, i) => i === 0 || !typing || !isTypedKey(n));
  const binding = lookup(c.keymap, context, names);
  if (!binding) return;
  const pressed = names.find((n) => binding.keys.includes(n));
  const run: KeyContext = { ...c, binding, pressed };
  const handler = handlerOf(binding.command);
  const why = handler?.disabled?.(run);
  if (why !== undefined) say(run, why, "warn");
  else handler?.run(run);
}
