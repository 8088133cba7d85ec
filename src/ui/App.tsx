// The monitor screen: layout, and keys → actions. Data comes from the Monitor (outside React)
// through useSyncExternalStore; the UI's own state is the reducer in ui-state.ts.
import { Box, type Key, Text, useApp, useInput } from "ink";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { JobPage, PageItem } from "../api/client.js";
import { describeError, isApiError } from "../api/errors.js";
import type { Job } from "../api/schema.js";
import type { Config } from "../config.js";
import { fit } from "../model/format.js";
import { isHighlighted } from "../model/highlights.js";
import { sanitize } from "../model/sanitize.js";
import { maskUrl } from "../model/secrets.js";
import { jobUrls } from "../model/urls.js";
import type { Monitor, MonitorSnapshot } from "../poll/monitor.js";
import { copyText } from "../terminal/clipboard.js";
import { chooseColumns } from "./columns.js";
import { detailLines } from "./detail-lines.js";
import { type Connection, Header } from "./Header.js";
import { HelpOverlay } from "./HelpOverlay.js";
import { JobDetail, maxScroll } from "./JobDetail.js";
import { JobList } from "./JobList.js";
import { actionFor, splitKeys } from "./keymap.js";
import { UrlPicker } from "./UrlPicker.js";
import { cursorIndex, initialUi, type UiAction, uiReducer } from "./ui-state.js";
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
}

export function App({ monitor, config, writeRaw, onQuit }: AppProps) {
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
  const cursor = cursorIndex(ui, ids);
  const cursorJobId = ids[cursor];
  const selectedId = ui.pinnedId ?? cursorJobId;
  // A job reached with ":" is marked on its row when it is on this page; if not, its title says so.
  const pinnedRow = ui.pinnedId === undefined ? -1 : ids.indexOf(ui.pinnedId);
  const selected: Job | undefined =
    snap.job.data?.id === selectedId && selectedId !== undefined
      ? snap.job.data
      : items.find((i): i is PageItem & { ok: true } => i.ok && i.job.id === selectedId)?.job;

  useEffect(() => monitor.select(selectedId), [monitor, selectedId]);
  // Remember the job on the cursor's row before any move too, so it stays selected when rows shift.
  useEffect(() => dispatch({ type: "follow", ids, index: cursor }), [ids, cursor, dispatch]);

  // Secrets hide again by themselves: this screen is left open unattended.
  useEffect(() => {
    if (!ui.showSecrets) return;
    const t = setTimeout(() => dispatch({ type: "secrets", show: false }), SECRETS_HIDE_MS);
    return () => clearTimeout(t);
  }, [ui.showSecrets, dispatch]);
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

  const lines = useMemo(
    () =>
      selected
        ? detailLines(selected, {
            width: detailWidth,
            nowSec,
            labels: config.statusLabels,
            showSecrets: ui.showSecrets,
            isNewEntry: (id) => isHighlighted(snap.highlights, `entry:${id}`, performance.now()),
          })
        : [],
    [selected, detailWidth, nowSec, config.statusLabels, ui.showSecrets, snap.highlights],
  );

  const urls = useMemo(() => (selected ? jobUrls(selected) : []), [selected]);

  const copy = useCallback(
    (chosen: { n: number; url: string }[]) => {
      const text = chosen.map((u) => u.url).join("\n");
      const what =
        chosen.length === 1
          ? `URL [${chosen[0]?.n}] ${sanitize(maskUrl(chosen[0]?.url ?? ""))}`
          : `${chosen.length} URLs`;
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
    // Prompts (filter, jump) take every key until Enter or Esc.
    if (ui.prompt) {
      if (key.return) dispatch({ type: "promptSubmit" });
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
    if (ui.overlay === "help" && (key.escape || input === "?" || input === "q")) {
      dispatch({ type: "overlay", overlay: "none" });
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
        dispatch({ type: "overlay", overlay: ui.overlay === "help" ? "none" : "help" });
        break;
      case "quit":
        quit();
        break;
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

  const numPages = Math.max(1, snap.list.data?.pagination.numPages ?? 1);
  const connection = connectionOf(snap);
  const host = sanitize(hostOf(config.baseUrl));
  const offPage = ui.pinnedId !== undefined && pinnedRow < 0 ? " · not on this page (Esc: back)" : "";
  const detailTitle = selected
    ? `Job ${selected.id}${offPage}${ui.showSecrets ? " · secrets shown" : ""}`
    : selectedId !== undefined
      ? `Job ${selectedId} · loading…`
      : "No job selected";
  const emptyText = snap.list.data
    ? ui.filter
      ? "no job on this page matches the filter"
      : "no jobs"
    : "loading…";

  const list = (
    <JobList
      items={items}
      cursor={ui.pinnedId === undefined ? cursor : pinnedRow}
      width={listWidth}
      height={wide ? bodyHeight : listHeight}
      columns={cols}
      labels={config.statusLabels}
      changed={(id) => isHighlighted(snap.highlights, `job:${id}`, performance.now())}
      nowSec={nowSec}
      focused={ui.focus === "list"}
      emptyText={emptyText}
    />
  );
  const detail =
    ui.overlay === "picker" ? (
      <UrlPicker urls={urls} width={detailWidth} height={detailHeight} showSecrets={ui.showSecrets} />
    ) : (
      <JobDetail
        lines={lines}
        scroll={ui.scroll}
        width={detailWidth}
        height={detailHeight}
        focused={ui.focus === "detail"}
        title={detailTitle}
      />
    );

  return (
    <Box flexDirection="column" width={columns} height={height}>
      <Header
        host={host}
        profile={config.profile}
        page={snap.page}
        numPages={numPages}
        order={snap.order}
        total={snap.list.data?.pagination.total}
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
  if (ui.message) {
    return (
      <Text color={ui.message.tone === "warn" ? "yellow" : "green"} wrap="truncate">
        {fit(ui.message.text, width)}
      </Text>
    );
  }
  const err = snap.list.error ?? snap.job.error;
  if (err !== undefined) {
    const which = snap.list.error !== undefined ? "page" : "job";
    // The ticking age is in the header; a second clock here would re-render this line too.
    const stale = snap.list.data ? "; keeping the last good data" : "";
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

/** Ages are computed against the time the data arrived, so they change with data, not every second. */
function useNowSec(snap: MonitorSnapshot): number {
  // biome-ignore lint/correctness/useExhaustiveDependencies: recompute exactly when new data arrives
  return useMemo(() => Math.floor(Date.now() / 1000), [snap.list.data, snap.job.data]);
}

function connectionOf(snap: MonitorSnapshot): Connection {
  const l = snap.list;
  const failing = l.error !== undefined ? l : snap.job.error !== undefined ? snap.job : undefined;
  const base = { okWall: l.okWall, retryAt: failing?.retryAt, failingSince: failing?.failingSince };
  if (!failing) return { ...base, state: l.data ? "ok" : "loading" };
  const e = failing.error;
  if (isApiError(e) && e.kind === "auth") return { ...base, state: "auth" };
  if (isApiError(e) && (e.kind === "network" || e.kind === "timeout")) return { ...base, state: "offline" };
  return { ...base, state: "retrying" };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
