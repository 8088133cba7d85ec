// The service's pages and order: next, previous, first, last, PgUp/PgDn (a screen of the detail
// when it has focus), o. Under the "all" scope the list is every indexed job, paged here at the
// list's size: a page key moves the cursor a screen of rows. In the JSON view and the help the same
// keys scroll a screen, or to either end.
import type { KeyCommand } from "../../../keys/rows.js";
import { firstKey, type Handler, type KeyContext } from "../context.js";
import { inScrolledView, scrollScreens, scrollToEnd } from "./scrolling.js";
import { move, moveTo } from "./selection.js";

/** Scope "all" with an index: the list is every job, not a page of the service's. */
export const allScope = (c: KeyContext) => c.ui.scope === "all" && c.snap.index !== undefined;
const screenRows = (c: KeyContext) => Math.max(1, c.layout.listHeight - 1);

/** While paused no request goes out: a new page or order could not be shown, so it is refused. */
export const whilePaused = (c: KeyContext): string | undefined =>
  c.monitor.paused()
    ? `paused: press ${firstKey(c.keymap, "pause")} or ${firstKey(c.keymap, "refresh")} to poll again`
    : undefined;

/** A page of the service's, when it is another page that exists (else nothing happens, as before). */
const isNewPage = (c: KeyContext, target: number) =>
  target !== c.snap.page && target >= 1 && target <= c.monitor.numPages();

const goToPage = (c: KeyContext, target: number) => {
  if (!isNewPage(c, target)) return;
  c.monitor.setPage(target);
  c.dispatch({ type: "pageChanged" });
};

/**
 * A key that asks for a page of the service's: refused while paused, when that page is another;
 * on the list, under the "all" scope or in a scrolled view it moves on screen, and always works.
 */
const pageKey = (
  target: (c: KeyContext) => number,
  onScreen: (c: KeyContext) => boolean,
  other: (c: KeyContext) => void,
): Handler => ({
  run: (c) => (onScreen(c) ? other(c) : goToPage(c, target(c))),
  disabled: (c) => (!onScreen(c) && isNewPage(c, target(c)) ? whilePaused(c) : undefined),
});

const listOrView = (c: KeyContext) => allScope(c) || inScrolledView(c);
/** PgUp / PgDn: a screen of the detail when it has focus, else as ← →. */
const detailOrList = (c: KeyContext) => listOrView(c) || c.ui.focus === "detail";

/** ← →: a screen of the list's rows (under "all"; of the detail's lines when it has focus), or of a scrolled view. */
const listScreen = (step: 1 | -1) => (c: KeyContext) =>
  inScrolledView(c) ? scrollScreens(c, step) : move(c, step * screenRows(c));
/** PgUp PgDn: as ← →, but a screen of the detail's own height when it has focus. */
const paneScreen = (step: 1 | -1) => (c: KeyContext) => {
  if (inScrolledView(c)) scrollScreens(c, step);
  else if (c.ui.focus === "detail") move(c, step * Math.max(1, c.layout.detailHeight - 2));
  else move(c, step * screenRows(c));
};
const end = (to: "first" | "last") => (c: KeyContext) =>
  inScrolledView(c) ? scrollToEnd(c, to) : moveTo(c, to);

export const PAGING = {
  next_page: pageKey((c) => c.snap.page + 1, listOrView, listScreen(1)),
  prev_page: pageKey((c) => c.snap.page - 1, listOrView, listScreen(-1)),
  page_down: pageKey((c) => c.snap.page + 1, detailOrList, paneScreen(1)),
  page_up: pageKey((c) => c.snap.page - 1, detailOrList, paneScreen(-1)),
  first_page: pageKey(() => 1, listOrView, end("first")),
  last_page: pageKey((c) => c.monitor.numPages(), listOrView, end("last")),
  toggle_order: {
    run: (c) => {
      c.monitor.setOrder(c.snap.order === "desc" ? "asc" : "desc");
      c.dispatch({ type: "pageChanged" });
    },
    disabled: whilePaused,
  },
} satisfies Partial<Record<KeyCommand, Handler>>;
