// Where a scrolled view (the JSON view, the help) is, for the right end of its title line:
// "↑↓ 12–40/80 "; and how far it scrolls.

/** Empty when everything fits. */
export function scrollPosition(top: number, shown: number, total: number): string {
  if (total <= shown) return "";
  const up = top > 0 ? "↑" : " ";
  const down = top + shown < total ? "↓" : " ";
  return ` ${up}${down} ${top + 1}–${top + shown}/${total} `;
}

/** Largest useful scroll offset for `n` lines in a view of `height` rows (one is the title). */
export function viewMaxScroll(n: number, height: number): number {
  return Math.max(0, n - Math.max(0, height - 1));
}
