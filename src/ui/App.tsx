// The monitor screen: layout, and keys → actions. Data comes from the Monitor (outside React)
// through useSyncExternalStore; the UI's own state is the reducer in ui-state.ts.
import { Box, type Key, Text, useApp, useInput } from "ink";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { JobPage, PageItem } from "../api/client.js";
import { describeError } from "../api/errors.js";
import type { Job } from "../api/schema.js";
import type { Config } from "../config.js";
import { planCopy } from "../model/copy-plan.js";
import { fit } from "../model/format.js";
import { isHighlighted } from "../model/highlights.js";
import { sanitize } from "../model/sanitize.js";
import { jobUrls } from "../model/urls.js";
import { connectionState } from "../poll/connection.js";
import type { Monitor, MonitorSnapshot } from "../poll/monitor.js";
import { copyText } from "../terminal/clipboard.js";
import { chooseColumns } from "./columns.js";
import { detailTitle, missingLines } from "./detail-title.js";
import { Header } from "./Header.js";
import { HelpOverlay } from "./HelpOverlay.js";
import { JobDetail, maxScroll } from "./JobDetail.js";
import { JobList } from "./JobList.js";
import { actionFor, splitKeys } from "./keymap.js";
import { UrlPicker } from "./UrlPicker.js";
import { initialUi, selectionOf, type UiAction, uiReducer } from "./ui-state.js";
import { useDetailLines } from "./use-detail-lines.js";
import { useTerminalSize } from "./use-terminal-size.js";

export const WIDE_COLUMNS = 100;
export const SECRETS_HIDE_MS = 30_000;
const MESSAGE_MS = 8_000;

export interface AppProps {
  monitor: Monitor;
  config: Config;
  /** Raw terminal writes (OSC 52), outside Ink's frame. */
  writeRaw: (s: string) => void;
  onQuit?: () => void;
  /** Ctrl+Z: stops jobtop until `fg`; returns why not, when it cannot. */
  onSuspend?: () => string | undefined;
}

export function App({ monitor, config, writeRaw, onQuit, onSuspend }: AppProps) {
  const snap = useSyncExternalStore(monitor.subscribe, monitor.getSnapshot);
  // The UI state also lives in a ref, updated as each key is handled: keys typed or pasted
  // faster than React re-renders (a "/" then "note") must see the state the previous key made.
  const [ui, setUi] = useState(initialUi);
  const uiRef = useRef(ui);
  const dispatch = useCallback((a: UiAction) => {
    uiRef.current = uiReducer(uiRef.current, a);
    setUi(uiRef.current);
  }, []);
  const { columns, rows } = useTerminalSize();
  const { exit } = useApp();

  const nowSec = useNowSec(snap);
  const items = useMemo(
    () => visibleItems(snap.list.data, snap.job.data, ui.filter),
    [snap.list.data, snap.job.data, ui.filter],
  );
  const ids = useMemo(() => items.map((i) => (i.ok ? i.job.id : undefined)), [items]);
  // The selected job and its row (-1: on no row; the detail title says why).
  const selection = selectionOf(ui, ids);
  const selectedId = selection.id;
  const selected: Job | undefined =
    snap.job.data?.id === selectedId && selectedId !== undefined
      ? snap.job.data
      : items.find((i): i is PageItem & { ok: true } => i.ok && i.job.id === selectedId)?.job;

  useEffect(() => monitor.select(selectedId), [monitor, selectedId]);
  // Remember the job on the cursor's row before any move too, so it stays selected when rows shift.
  const page = snap.list.data;
  const fresh = page !== undefined && page.asked.page === snap.page && page.asked.order === snap.order;
  useEffect(() => dispatch({ type: "follow", ids, fresh }), [ids, fresh, dispatch]);
  // What the monitor did by itself (the page went away) is said on the status line.
  useEffect(() => {
    if (snap.notice) dispatch({ type: "message", text: snap.notice.text, tone: "warn" });
  }, [snap.notice, dispatch]);

  // Secrets hide again by themselves: this screen is left open unattended.
  useEffect(() => {
    if (!ui.showSecrets) return;
    const t = setTimeout(() => dispatch({ type: "secrets", show: false }), SECRETS_HIDE_MS);
    return () => clearTimeout(t);
  }, [ui.showSecrets, dispatch]);
  // Start-up warnings went to stderr too, but the full screen hides that until exit.
  useEffect(() => {
    if (config.warnings.length > 0)
      dispatch({ type: "message", text: sanitize(`⚠ ${config.warnings.join(" · ")}`), tone: "warn" });
  }, [config.warnings, dispatch]);
  useEffect(() => {
    const seq = ui.message?.seq;
    if (seq === undefined) return;
    const t = setTimeout(() => dispatch({ type: "clearMessage", seq }), MESSAGE_MS);
    return () => clearTimeout(t);
  }, [ui.message?.seq, dispatch]);

  // Layout: header and status line, then list beside (wide) or above (narrow) the detail.
  const height = Math.max(1, rows - 1);
  const tiny = columns < 40 || rows < 10;
  const wide = columns >= WIDE_COLUMNS;
  const bodyHeight = Math.max(0, height - 2);
  const listWidth = wide ? Math.floor(columns * 0.55) : columns;
  const detailWidth = wide ? columns - listWidth - 2 : columns;
  const listHeight = wide ? bodyHeight : Math.max(3, Math.floor(bodyHeight * 0.45));
  const detailHeight = wide ? bodyHeight : bodyHeight - listHeight;
  const cols = useMemo(
    () => chooseColumns(listWidth, config.statusLabels, config.columns),
    [listWidth, config.statusLabels, config.columns],
  );

  const lines = useDetailLines(selected, {
    width: detailWidth,
    nowSec,
    labels: config.statusLabels,
    protocolLabels: config.protocolLabels,
    showSecrets: ui.showSecrets,
    highlights: snap.highlights,
  });

  const urls = useMemo(() => (selected ? jobUrls(selected) : []), [selected]);

  const copy = useCallback(
    (chosen: { n: number; url: string }[]) => {
      const { text, what } = planCopy(chosen);
      if (text === undefined) return dispatch({ type: "message", text: what, tone: "warn" });
      copyText(text, { mode: config.clipboard, write: writeRaw }).then(
        (r) => dispatch({ type: "message", text: `${what}: ${r.message}`, tone: r.ok ? "info" : "warn" }),
        (e: unknown) => dispatch({ type: "message", text: `copy failed: ${describeError(e)}`, tone: "warn" }),
      );
    },
    [config.clipboard, writeRaw, dispatch],
  );

  const onKey = (input: string, key: Key) => {
    const ui = uiRef.current;
    const snap = monitor.getSnapshot();
    // Ctrl+Z suspends from anywhere, prompts and overlays included, as Ctrl+C quits.
    if (actionFor(input, key) === "suspend") {
      const refused = onSuspend?.();
      if (refused) dispatch({ type: "message", text: refused, tone: "warn" });
      return;
    }
    // Prompts (filter, jump) take every key until Enter or Esc.
    if (ui.prompt) {
      if (key.return) dispatch({ type: "promptSubmit", rows: pageRows(snap.list.data) });
      else if (key.escape) dispatch({ type: "promptCancel" });
      else if (key.backspace || key.delete)
        dispatch({ type: "promptInput", text: ui.prompt.text.slice(0, -1) });
      else if (input && !key.ctrl && !key.meta && !/[\u0000-\u001f\u007f]/.test(input)) {
        dispatch({ type: "promptInput", text: (ui.prompt.text + input).slice(0, 80) });
      }
      if (key.ctrl && input === "c") quit();
      return;
    }
    if (ui.overlay === "picker") {
      const n = Number(input);
      const chosen = urls.find((u) => u.n === n);
      if (chosen) copy([chosen]);
      else if (input === "a") copy(urls);
      if (chosen || input === "a" || key.escape || input === "q" || input === "c")
        dispatch({ type: "overlay", overlay: "none" });
      if (key.ctrl && input === "c") quit();
      return;
    }
    if (ui.overlay === "help") {
      // The overlay takes the keys while open (it scrolls with the move keys itself).
      if (key.escape || input === "?" || input === "q") dispatch({ type: "overlay", overlay: "none" });
      if (key.ctrl && input === "c") quit();
      return;
    }
    if (key.escape) {
      dispatch({ type: "escape" });
      return;
    }
    const action = actionFor(input, key);
    const ms = maxScroll(lines, detailHeight);
    switch (action) {
      case "up":
        dispatch({ type: "move", delta: -1, ids, maxScroll: ms });
        break;
      case "down":
        dispatch({ type: "move", delta: 1, ids, maxScroll: ms });
        break;
      case "nextPage":
      case "prevPage":
      case "firstPage":
      case "lastPage": {
        const target = {
          nextPage: snap.page + 1,
          prevPage: snap.page - 1,
          firstPage: 1,
          lastPage: monitor.numPages(),
        }[action];
        if (target !== snap.page && target >= 1 && target <= monitor.numPages()) {
          monitor.setPage(target);
          dispatch({ type: "pageChanged" });
        }
        break;
      }
      case "toggleOrder":
        monitor.setOrder(snap.order === "desc" ? "asc" : "desc");
        dispatch({ type: "pageChanged" });
        break;
      case "refresh":
        monitor.refresh();
        dispatch({ type: "message", text: "refreshing…" });
        break;
      case "copy":
        if (urls.length === 0)
          dispatch({ type: "message", text: "this job has no URLs to copy", tone: "warn" });
        else if (urls.length === 1) copy(urls);
        else dispatch({ type: "overlay", overlay: "picker" });
        break;
      case "secrets":
        dispatch({ type: "secrets" });
        break;
      case "filter":
        dispatch({ type: "prompt", kind: "filter" });
        break;
      case "jump":
        dispatch({ type: "prompt", kind: "jump" });
        break;
      case "focus":
        dispatch({ type: "focus" });
        break;
      case "help":
        dispatch({ type: "overlay", overlay: "help" });
        break;
      case "quit":
        quit();
        break;
      case "suspend": // handled first, above
      case undefined:
        break;
    }
  };

  useInput((input, key) => {
    for (const [i, k] of splitKeys(input, key)) onKey(i, k);
  });

  function quit() {
    onQuit?.();
    exit();
  }

  if (tiny) {
    return (
      <Text wrap="truncate">
        {fit(`jobtop needs at least 40×10 (now ${columns}×${rows})`, Math.max(1, columns))}
      </Text>
    );
  }

  const facts = snap.list.data?.facts;
  const connection = connectionState(snap.list, snap.selectedId === undefined ? undefined : snap.job);
  const host = sanitize(hostOf(config.baseUrl));
  const title = detailTitle({
    selection,
    shownId: selected?.id,
    missing: selected ? undefined : snap.missing,
    hiddenByFilter:
      selection.away !== undefined &&
      ui.filter !== "" &&
      pageRows(snap.list.data).some((r) => r.id === selectedId),
    lastSeenPage: selectedId === undefined ? undefined : monitor.lastSeenPage(selectedId),
    page: snap.page,
    showSecrets: ui.showSecrets,
  });
  const duplicates = snap.list.data?.duplicates ?? 0;
  const emptyText = snap.list.data
    ? ui.filter
      ? "no job on this page matches the filter"
      : "no jobs"
    : "loading…";

  const list = (
    <JobList
      items={items}
      cursor={selection.row}
      width={listWidth}
      height={wide ? bodyHeight : listHeight}
      columns={cols}
      labels={config.statusLabels}
      changed={(id) => isHighlighted(snap.highlights, `job:${id}`, performance.now())}
      nowSec={nowSec}
      focused={ui.focus === "list"}
      emptyText={emptyText}
      note={duplicates > 0 ? `${duplicates} duplicate row${duplicates === 1 ? "" : "s"} hidden` : undefined}
    />
  );
  const detail =
    ui.overlay === "picker" ? (
      <UrlPicker urls={urls} width={detailWidth} height={detailHeight} showSecrets={ui.showSecrets} />
    ) : (
      <JobDetail
        lines={
          !selected && snap.missing ? missingLines(snap.missing, monitor.jobIntervalMs(), detailWidth) : lines
        }
        scroll={ui.scroll}
        width={detailWidth}
        height={detailHeight}
        focused={ui.focus === "detail"}
        title={title}
      />
    );

  return (
    <Box flexDirection="column" width={columns} height={height}>
      <Header
        host={host}
        profile={config.profile}
        page={snap.page}
        numPages={facts?.numPages ?? 1}
        order={snap.order}
        total={facts ? (facts.total ?? "?") : undefined}
        doubts={facts?.doubts.join(" ")}
        intervalMs={config.intervalMs}
        listIntervalMs={config.listIntervalMs}
        changes={snap.changeCount}
        connection={connection}
        width={columns}
        filter={ui.filter}
      />
      {ui.overlay === "help" ? (
        <HelpOverlay width={columns} height={bodyHeight} labels={config.statusLabels} />
      ) : wide ? (
        <Box flexDirection="row" height={bodyHeight}>
          {list}
          <Box width={2} height={bodyHeight} flexDirection="column">
            <Text dimColor>{" │\n".repeat(bodyHeight).slice(0, -1)}</Text>
          </Box>
          {detail}
        </Box>
      ) : (
        <Box flexDirection="column" height={bodyHeight}>
          {list}
          {detail}
        </Box>
      )}
      <StatusLine ui={ui} snap={snap} width={columns} />
    </Box>
  );
}

function StatusLine({ ui, snap, width }: { ui: typeof initialUi; snap: MonitorSnapshot; width: number }) {
  if (ui.prompt) {
    const label = ui.prompt.kind === "filter" ? "filter: " : "jump to job id: ";
    return (
      <Text wrap="truncate">
        {fit(`${label}${sanitize(ui.prompt.text)}▏  (Enter apply, Esc cancel)`, width)}
      </Text>
    );
  }
  // (The job poller's last error is no longer news once no job is selected.)
  const err = snap.list.error ?? (snap.selectedId === undefined ? undefined : snap.job.error);
  // An error always wins over an info message ("refreshing…" must not hide the refresh failing);
  // a warning answers a key just pressed, and the error is back once it goes.
  if (ui.message && (ui.message.tone === "warn" || err === undefined)) {
    return (
      <Text color={ui.message.tone === "warn" ? "yellow" : "green"} wrap="truncate">
        {fit(ui.message.text, width)}
      </Text>
    );
  }
  if (err !== undefined) {
    const which = snap.list.error !== undefined ? "page" : "job";
    // The ticking age is in the header; a second clock here would re-render this line too.
    const stale = (which === "page" ? snap.list.data : snap.job.data) ? "; keeping the last good data" : "";
    return (
      <Text color="red" wrap="truncate">
        {fit(`⚠ ${which}: ${sanitize(describeError(err))}${stale}`, width)}
      </Text>
    );
  }
  return (
    <Text dimColor wrap="truncate">
      {fit(
        "? help · ↑↓ select · ←→ page · o order · c copy URL · s secrets · / filter · : jump · q quit",
        width,
      )}
    </Text>
  );
}

/** The page's items, the selected job's fresher copy swapped in, and the filter applied. */
function visibleItems(page: JobPage | undefined, fresh: Job | undefined, filter: string): PageItem[] {
  let items = page?.items ?? [];
  if (fresh)
    items = items.map((i) =>
      i.ok && i.job.id === fresh.id && i.job !== fresh ? { ok: true, job: fresh } : i,
    );
  const f = filter.trim().toLowerCase();
  if (!f) return items;
  return items.filter(
    (i) =>
      i.ok &&
      [String(i.job.id), i.job.displayID, i.job.app.remark, i.job.app.cmd].some((v) =>
        v.toLowerCase().includes(f),
      ),
  );
}

/** The page's jobs (unfiltered), for a displayID typed at the jump prompt. */
function pageRows(page: JobPage | undefined): { id: string; displayID: string }[] {
  const rows: { id: string; displayID: string }[] = [];
  for (const i of page?.items ?? []) if (i.ok) rows.push({ id: i.job.id, displayID: i.job.displayID });
  return rows;
}

/** Ages are computed against the time the data arrived, so they change with data, not every second. */
function useNowSec(snap: MonitorSnapshot): number {
  // biome-ignore lint/correctness/useExhaustiveDependencies: recompute exactly when new data arrives
  return useMemo(() => Math.floor(Date.now() / 1000), [snap.list.data, snap.job.data]);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
