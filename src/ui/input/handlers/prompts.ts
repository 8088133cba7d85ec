// The prompts (/ filter, : jump) and what is typed at them or at a typed confirmation: every
// printable key is text there (typeText, called before the keymap); submit, cancel and erase are
// rows of the keymap like any key.
import type { KeyCommand } from "../../../keys/rows.js";
import { indexRows, pageRows } from "../../../render/view.js";
import type { Handler, KeyContext } from "../context.js";
import { cancelConfirmation, submitConfirmation } from "./job-actions.js";

/** Most a prompt keeps; a typed confirmation keeps room for its whole text and one more character. */
const PROMPT_MAX = 80;

/** A printable key at a prompt or a typed confirmation: added to its text. */
export function typeText(c: KeyContext, text: string): void {
  const q = c.ui.confirm;
  if (q)
    // Room for the whole expected text and one more character (which makes it not match).
    c.dispatch({
      type: "confirmInput",
      text: (q.text + text).slice(0, Math.max(PROMPT_MAX, q.expect.length + 1)),
    });
  else if (c.ui.prompt)
    c.dispatch({ type: "promptInput", text: (c.ui.prompt.text + text).slice(0, PROMPT_MAX) });
}

/** Enter at the jump prompt: a displayID is looked up on the page first, then among every indexed job. */
function submitPrompt(c: KeyContext): void {
  const index = c.snap.index && c.snap.index.seq > 0 ? c.snap.index.index : undefined;
  const page = pageRows(c.snap.list.data);
  const rows = index ? page.concat(indexRows(index)) : page;
  c.dispatch({ type: "promptSubmit", rows, everywhere: index !== undefined });
}

export const PROMPTS = {
  filter: { run: (c) => c.dispatch({ type: "prompt", kind: "filter" }) },
  jump: { run: (c) => c.dispatch({ type: "prompt", kind: "jump" }) },
  // A y/n confirmation waits for its y or n (the status line asks; a message would not show).
  submit: { run: (c) => (c.ui.confirm ? submitConfirmation(c) : submitPrompt(c)) },
  dismiss: { run: (c) => (c.ui.confirm ? cancelConfirmation(c) : c.dispatch({ type: "promptCancel" })) },
  erase: {
    run: (c) => {
      const q = c.ui.confirm;
      if (q?.mode === "type") c.dispatch({ type: "confirmInput", text: q.text.slice(0, -1) });
      else if (c.ui.prompt) c.dispatch({ type: "promptInput", text: c.ui.prompt.text.slice(0, -1) });
    },
  },
} satisfies Partial<Record<KeyCommand, Handler>>;
