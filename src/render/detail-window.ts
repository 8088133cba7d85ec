// The detail pane's rows as text: its title line (with where it is scrolled to) and the lines
// in view. Pure: JobDetail paints these with Ink, and the first frame (first-frame.ts) paints the
// same text before Ink has loaded.
import { fit } from "../model/format.js";
import { linked } from "../terminal/hyperlinks.js";
import type { Line } from "./detail-lines.js";
import { scrollPosition } from "./scroll-position.js";

/** What the pane shows: JobDetail's props. */
export interface DetailWindowInput {
  lines: Line[];
  scroll: number;
  width: number;
  height: number;
  focused: boolean;
  title: string;
}

export function detailWindow(o: DetailWindowInput) {
  const { lines, width, focused } = o;
  const body = Math.max(0, o.height - 1);
  const top = Math.max(0, Math.min(o.scroll, lines.length - body));
  const shown = lines.slice(top, top + body);
  // Where the pane is scrolled to, at the right end of the title line, apart from the title.
  const where = scrollPosition(top, shown.length, lines.length);
  const title = fit(
    `${o.title}${focused ? "  (↑↓ scroll, Enter expand, Tab back)" : ""}`,
    Math.max(0, width - where.length),
  );
  return { title, where: where.length <= width ? where : "", shown };
}

/** One line's text, fitted to the pane; a URL line as an OSC 8 link. */
export function detailLineText(l: Line, width: number): string {
  return l.link ? withLink(fit(l.text, width), l.link) : fit(l.text, width);
}

/** The line's text as a link; the padding after it stays outside (no underlined blanks). */
function withLink(text: string, target: string): string {
  const body = text.trimEnd();
  return linked(body, target) + text.slice(body.length);
}
