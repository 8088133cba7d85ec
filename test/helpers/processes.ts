// Processes a test started, seen through /proc (Linux): whether one still runs, and waiting for it.
import { readFileSync } from "node:fs";

/** There and not a zombie (the container's init may never reap an orphan). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Resolves once `test()` holds; throws after `ms`. */
export async function until(test: () => boolean, what: string, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !test(); ) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
