// Node re-reads a terminal's size only on SIGWINCH. A resize whose signal went elsewhere (to the
// shell while jobtop was stopped) or is still pending (during a synchronous load) leaves
// `columns`/`rows` stale. Node's own re-read (private, hence guarded) asks the kernel now and
// emits "resize" if the size changed.

/** Brings `out.columns` / `out.rows` up to date with the kernel's. */
export function refreshTerminalSize(out: NodeJS.WriteStream): void {
  try {
    (out as { _refreshSize?: () => void })._refreshSize?.();
  } catch {
    // Not a terminal after all, or a Node without it: the size as known.
  }
}
