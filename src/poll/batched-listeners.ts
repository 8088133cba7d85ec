// The Monitor's listeners (the UI's useSyncExternalStore, the insight, the state file's writer),
// told of each change to its snapshot, except while a batch runs (atOnce): a page's answer and
// what follows from it (changes, pins, the follow, the page count) are told once, as one snapshot,
// not as a render per half-applied step. Moved out of monitor.ts to keep it short (house limit
// ~400 lines); `after` runs after each telling (the Monitor checks r's refresh then: refresh.ts).
export class BatchedListeners {
  private readonly listeners = new Set<() => void>();
  /** Batches under way (atOnce), and whether a change came meanwhile. */
  private holding = 0;
  private held = false;

  constructor(private readonly after: () => void) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The snapshot changed: told now, or once at the end of the batch under way. */
  changed(): void {
    if (this.holding > 0) this.held = true;
    else this.tell();
  }

  /**
   * Runs `fn` with its changes told once, at the end. When it throws, the batch still ends: its
   * changes are told with the next change, not held for ever.
   */
  atOnce(fn: () => void): void {
    this.holding++;
    try {
      fn();
    } finally {
      this.holding--;
    }
    if (this.holding === 0 && this.held) {
      this.held = false;
      this.tell();
    }
  }

  private tell(): void {
    for (const l of this.listeners) l();
    this.after();
  }
}
