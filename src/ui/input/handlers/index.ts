// Every key command's handler, by command: the keymap (src/keys/) says which key runs which
// command where; each file here holds the handlers of one concern.
import type { KeyCommand } from "../../../keys/rows.js";
import type { Handler } from "../context.js";
import { COPY } from "./copy.js";
import { INTERVALS } from "./intervals.js";
import { JOB_ACTIONS } from "./job-actions.js";
import { LEAVE } from "./leave.js";
import { LIST } from "./list.js";
import { OVERLAYS } from "./overlays.js";
import { PAGING } from "./paging.js";
import { PROMPTS } from "./prompts.js";
import { SELECTION } from "./selection.js";
import { TAGS } from "./tags.js";

/** A command without its handler here (or a handler for no command) does not compile. */
export const HANDLERS: Readonly<Record<KeyCommand, Handler>> = {
  ...SELECTION,
  ...PAGING,
  ...LIST,
  ...COPY,
  ...PROMPTS,
  ...OVERLAYS,
  ...INTERVALS,
  ...TAGS,
  ...JOB_ACTIONS,
  ...LEAVE,
} satisfies Record<KeyCommand, Handler>;
