// Every key command's handler, by command: the keymap (src/keys/) says which key runs which
// command where; each file here holds the handlers of one concern.
import type { KeyCommand } from "../../../keys/rows.js";
import type { Handler } from "../context.js";
import { COPY } from "./copy.js";
import { FOLLOW } from "./follow.js";
import { INTERVALS } from "./intervals.js";
import { JOB_ACTIONS } from "./job-actions.js";
import { LEAVE } from "./leave.js";
import { LIST } from "./list.js";
import { OVERLAYS } from "./overlays.js";
import { PAGING } from "./paging.js";
import { PROMPTS } from "./prompts.js";
import { SELECTION } from "./selection.js";
import { STATS } from "./stats.js";
import { TAGS } from "./tags.js";

/**
 * The commands the question before quitting takes as its answers (src/ui/action-runner.ts's
 * quitKey, asked by the App before any handler): they have no handler of their own.
 */
type Answers = "leave_running" | "stay";

/** A command without its handler here (or a handler for no command) does not compile. */
export const HANDLERS: Readonly<Record<Exclude<KeyCommand, Answers>, Handler>> = {
  ...SELECTION,
  ...FOLLOW,
  ...PAGING,
  ...LIST,
  ...COPY,
  ...PROMPTS,
  ...OVERLAYS,
  ...STATS,
  ...INTERVALS,
  ...TAGS,
  ...JOB_ACTIONS,
  ...LEAVE,
} satisfies Record<Exclude<KeyCommand, Answers>, Handler>;

/** The handler of a command; undefined for an answer to the question before quitting. */
export function handlerOf(command: KeyCommand): Handler | undefined {
  return command === "leave_running" || command === "stay" ? undefined : HANDLERS[command];
}
