// r's "refreshing…": the requests a refresh started, watched until each has ended (answered or
// failed) or no longer can, so that the line goes then, not seconds later. The Monitor asks
// after each change of its snapshot (check).

/** What a refresh asks again: a poller. */
export interface Refreshable {
  getSnapshot(): { requests: number; inFlight: boolean };
  /** `urgent`: r asks at once, even while the service holds every other request (poller.ts). */
  refreshNow(urgent?: boolean): void;
}

export class RefreshWatch {
  /** The last refresh still under way: `over` says when its requests have ended, `done` is told so. */
  private current: { over: () => boolean; done: () => void } | undefined;

  /**
   * Asks each of `polled` again now; `done` is called once each request this started has ended or
   * `gone` says it no longer counts. A newer refresh takes the place of one under way: only its
   * `done` is called.
   */
  start<P extends Refreshable>(
    polled: readonly P[],
    done: (() => void) | undefined,
    gone: (p: P) => boolean,
  ): void {
    // A request in flight now is not this refresh's: the poller asks again once it ends.
    const from = polled.map((p) => p.getSnapshot().requests);
    for (const p of polled) p.refreshNow(true);
    this.current = undefined;
    if (!done) return;
    const ended = (p: P, i: number) => {
      const s = p.getSnapshot();
      return s.requests > (from[i] as number) && !s.inFlight;
    };
    const over = () => polled.every((p, i) => ended(p, i) || gone(p));
    this.current = { over, done };
  }

  /** Calls the refresh's `done` if its requests have ended now. */
  check(): void {
    const r = this.current;
    if (r?.over()) {
      this.current = undefined;
      r.done();
    }
  }

  /** The monitor stops: nothing is told. */
  cancel(): void {
    this.current = undefined;
  }
}
