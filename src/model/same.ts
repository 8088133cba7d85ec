// Equality of two parsed JSON values by content. Every poll brings new objects for the same
// job; what is built from them (the detail pane) is rebuilt only when this says they differ.
// It is exact, and cheap next to building: two equal strings compare as one length check and
// one memory compare (a 10 MB `desc` in about a millisecond), and it stops at the first
// difference. Iterative with its own stack, so no nesting the service sends can overflow ours.

export function sameJson(a: unknown, b: unknown): boolean {
  const stack: unknown[] = [a, b];
  while (stack.length > 0) {
    const y = stack.pop();
    const x = stack.pop();
    if (x === y) continue;
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) {
        const xi: unknown = x[i];
        const yi: unknown = y[i];
        if (xi === yi) continue;
        if (typeof xi !== "object" || typeof yi !== "object") return false;
        stack.push(xi, yi);
      }
      continue;
    }
    if (Array.isArray(y)) return false;
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    let keys = 0;
    for (const k in xo) {
      if (!Object.hasOwn(yo, k)) return false;
      keys++;
      const xv = xo[k];
      const yv = yo[k];
      if (xv === yv) continue;
      if (typeof xv !== "object" || typeof yv !== "object") return false;
      stack.push(xv, yv);
    }
    for (const _ in yo) keys--;
    if (keys !== 0) return false;
  }
  return true;
}
