// Where a scrolled view is, for the right end of its title line: "↑↓ 12–40/80 ".

/** Empty when everything fits. */
export function scrollPosition(top: number, shown: number, total: number): string {
  if (total <= shown) return "";
  const up = top > 0 ? "↑" : " ";
  const down = top + shown < total ? "↓" : " ";
  return ` ${up}${down} ${top + 1}–${top + shown}/${total} `;
}
