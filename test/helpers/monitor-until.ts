// Waits on a poller's own snapshots (the Monitor's, the index's Sweeper's), not on the clock:
// resolves with the first snapshot that passes `test` (the one at hand, or one published later),
// rejects after `ms`.
export interface Watched<S> {
  getSnapshot(): S;
  subscribe(listener: () => void): () => void;
}

export function until<S>(m: Watched<S>, test: (s: S) => boolean, ms = 15_000): Promise<S> {
  return new Promise((resolve, reject) => {
    if (test(m.getSnapshot())) return resolve(m.getSnapshot());
    const timer = setTimeout(() => {
      off();
      reject(new Error("timed out"));
    }, ms);
    const off = m.subscribe(() => {
      if (!test(m.getSnapshot())) return;
      clearTimeout(timer);
      off();
      resolve(m.getSnapshot());
    });
  });
}
