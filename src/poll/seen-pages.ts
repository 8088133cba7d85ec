// "Last seen on page N": the page each job was last seen on in this order, for the detail's title
// when the selected job has left the page.
import type { ShownPage } from "../model/page.js";

/** Jobs whose page is remembered (bounded: the monitor runs for days). */
const SEEN_PAGES_MAX = 2_000;

export class SeenPages {
  /** The page each job was last seen on, in this order, oldest first. */
  private pages = new Map<string, number>();

  remember(data: ShownPage): void {
    for (const item of data.items) {
      if (!item.ok) continue;
      this.pages.delete(item.job.id); // re-inserted last: the map stays in order of last sight
      this.pages.set(item.job.id, data.asked.page);
    }
    for (const id of this.pages.keys()) {
      if (this.pages.size <= SEEN_PAGES_MAX) break;
      this.pages.delete(id);
    }
  }

  /** The page the job was on when last seen, if it was seen since the order last changed. */
  get(id: string): number | undefined {
    return this.pages.get(id);
  }

  /** Another order: the pages seen are no longer where the jobs are. */
  clear(): void {
    this.pages.clear();
  }
}
