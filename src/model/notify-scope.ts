// Whose status changes notify (the desktop notification, the bell, the title's ✱ count):
// notify_scope. "page", the default, is what jobtop watched before the index: the page on screen,
// the selected job and the pins; "pinned" only the pins; "all" every job the index holds. The
// changes of the time jobtop was away never notify: they are old news, said once in the header.
import type { ChangeEvent } from "./events.js";

export type NotifyScope = "pinned" | "page" | "all";

export function inNotifyScope(
  e: Pick<ChangeEvent, "id" | "watched" | "away" | "note">,
  scope: NotifyScope,
  pinned: (id: string) => boolean,
): boolean {
  // An action's result is the user's own doing, said on the status line: no notification.
  if (e.away || e.note !== undefined) return false;
  if (scope === "all") return true;
  if (scope === "pinned") return pinned(e.id);
  return e.watched === true;
}
