// --per-page auto: the page size follows the rows the list pane can show. On a resize, the page
// asked for is the one that holds the selected job under the new size, so it stays selected.
import { useEffect, useRef } from "react";
import type { Monitor, MonitorSnapshot } from "../poll/monitor.js";
import type { View } from "../render/view.js";

/** A resize comes as a burst of events while the window is dragged: one new page at the end. */
const SETTLE_MS = 250;

export function useAutoPerPage(o: {
  enabled: boolean;
  monitor: Monitor;
  snap: MonitorSnapshot;
  view: View;
  perPage: number;
}): void {
  const { enabled, monitor, perPage } = o;
  // The latest snapshot and view, read when the timer fires (not when the resize began).
  const latest = useRef(o);
  latest.current = o;
  useEffect(() => {
    if (!enabled) return;
    const t = setTimeout(() => {
      const { snap, view } = latest.current;
      if (perPage === snap.perPage) return;
      // The selected job's place in the service's order: its row on the page as sent.
      const items = snap.list.data?.items ?? [];
      const id = view.selection.id;
      const row = id === undefined ? -1 : items.findIndex((i) => i.ok && i.job.id === id);
      // A service may cap the page size (the demo's is 100): its pages are the size it says.
      const said = snap.list.data?.pagination.perPage ?? 0;
      const per = Number.isSafeInteger(said) && said >= 1 ? said : snap.perPage;
      const anchor = (snap.page - 1) * per + Math.max(0, row);
      monitor.setPerPage(perPage, anchor);
    }, SETTLE_MS);
    return () => clearTimeout(t);
  }, [enabled, monitor, perPage]);
}
