// The monitor screen, composed: data from the Monitor (outside React) through
// useSyncExternalStore; the UI's own state from the reducer (ui-state.ts); what the screen shows
// from view.ts; keys → the keymap in force (src/keys/keymap.ts, built here from the config) → a
// handler per command (src/ui/input/handle-key.ts); each pane its own component.
import { Box, type Key, Text, useApp, useInput } from "ink";
import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { Config } from "../config/types.js";
import {
  type Binding,
  type Keymap,
  type KeyWords,
  keysShown,
  keyWords,
  lookup,
  makeKeymap,
  rowOf,
} from "../keys/keymap.js";
import { durationWords } from "../model/alerts.js";
import type { SshTarget } from "../model/ssh.js";
import type { InsightWatch } from "../poll/insight.js";
import type { Monitor } from "../poll/monitor.js";
import { alertLine, withStuck } from "../render/alert-marks.js";
import { withEventsPane } from "../render/events-layout.js";
import { byTimeShown } from "../render/events-order.js";
import { headerHost, headerProps } from "../render/header-props.js";
import { autoPerPage, computeLayout } from "../render/layout.js";
import { viewMaxScroll } from "../render/scroll-position.js";
import { paneLineOptions } from "../render/selected-lines.js";
import { actionHints } from "../render/status-line-text.js";
import { tooSmallLines } from "../render/too-small.js";
import { createView } from "../render/view.js";
import type { ActionRunner } from "./action-runner.js";
import { DetailColumn } from "./DetailColumn.js";
import { DetailPane } from "./DetailPane.js";
import { EventsPane } from "./EventsPane.js";
import { Header } from "./Header.js";
import { HelpOverlay, helpLines } from "./HelpOverlay.js";
import type { KeyContext } from "./input/context.js";
import { handleKey } from "./input/handle-key.js";
import { handlerOf } from "./input/handlers/index.js";
import { pressNames, splitKeys } from "./input/key-press.js";
import { handleMouse, parseMouse } from "./input/mouse.js";
import { maxScroll } from "./JobDetail.js";
import { JsonView } from "./JsonView.js";
import { ListPane } from "./ListPane.js";
import { Panes } from "./Panes.js";
import { StatusLine } from "./StatusLine.js";
import { UrlPicker } from "./UrlPicker.js";
import { useAutoPerPage } from "./use-auto-per-page.js";
import { useDetailLines } from "./use-detail-lines.js";
import { useInsight } from "./use-insight.js";
import { useJsonLines } from "./use-json-lines.js";
import { useNowSec } from "./use-now-sec.js";
import { usePickerLines } from "./use-picker-lines.js";
import { useStatsLines } from "./use-stats-lines.js";
import { useTerminalSize } from "./use-terminal-size.js";
import { useUiEffects } from "./use-ui-effects.js";
import { useUiState } from "./use-ui-state.js";

export { WIDE_COLUMNS } from "../render/layout.js";
export { SECRETS_HIDE_MS } from "./use-ui-effects.js";

export interface AppProps {
  monitor: Monitor;
  config: Config;
  /** Raw terminal writes (OSC 52), outside Ink's frame. */
  writeRaw: (s: string) => void;
  onQuit?: () => void;
  /** Ctrl+Z: stops jobtop until `fg`; returns why not, when it cannot. */
  onSuspend?: () => string | undefined;
  /** `x`: runs ssh in the foreground with the terminal; returns how it ended. */
  onConnect?: (target: SshTarget, jobId: string) => string;
  /** Write the detail pane's URLs as OSC 8 links (--hyperlinks, resolved for this terminal). */
  links?: boolean;
  /** Runs the configured actions (config.actions); absent, their keys say they cannot run. */
  actions?: ActionRunner;
  /** Stuck jobs, flapping, the stats view's data (issue 32). */
  insight?: InsightWatch;
}

export function App({
  monitor,
  config,
  writeRaw,
  onQuit,
  onSuspend,
  onConnect,
  links = false,
  actions,
  insight,
}: AppProps) {
  const snap = useSyncExternalStore(monitor.subscribe, monitor.getSnapshot);
  const insightState = useInsight(insight);
  const { ui, current, dispatch } = useUiState();
  const { columns, rows } = useTerminalSize();
  const layout = useMemo(
    () => withEventsPane(computeLayout(columns, rows), ui.events),
    [columns, rows, ui.events],
  );
  const { exit } = useApp();
  const [viewOf] = useState(() => createView(config.statusLabels, config.order));
  // The keymap in force, for this App's life: the defaults, [keys], the actions' keys (checked at start).
  const [keymap] = useState(() => makeKeymap(config.keys, config.actions));
  // Each command's key as the hints on screen name it (the status line, the prompts, the titles).
  const [words] = useState(() => keyWords(keymap));
  const view = viewOf(snap, ui, insightState?.stuck);
  const nowSec = useNowSec(snap);

  useUiEffects({ monitor, config, snap, ui, dispatch, ids: view.ids, selectedId: view.selection.id });
  useAutoPerPage({
    enabled: config.perPage === "auto",
    monitor,
    snap,
    view,
    perPage: autoPerPage(columns, rows),
  });

  const lines = useDetailLines(
    view.selected,
    paneLineOptions(
      {
        width: layout.detailWidth,
        nowSec,
        links,
        keys: words,
        alert: alertLine(insightState, view.selected?.id, durationWords(config.flapWindowMs / 1000)),
      },
      config,
      ui,
      snap,
    ),
  );
  const jobJson = useJsonLines(ui.overlay === "json" ? view.selected : undefined, columns, ui.showSecrets);
  // The stats view (`i`) is drawn as the JSON view is: a title and lines that scroll.
  const stats = useStatsLines(ui.overlay === "stats", insight, ui.stats, config.statusLabels, columns);
  const json = jobJson ?? stats;
  const pickerLines = usePickerLines(ui.overlay, view.selected, ui.showSecrets, {
    protocols: config.protocolLabels,
    ports: config.portNames,
  });
  // What the key handlers clamp to: as last drawn.
  const drawn = useRef({ lines, overlayMax: 0 });
  drawn.current = {
    lines,
    overlayMax: json ? viewMaxScroll(json.lines.length, layout.bodyHeight) : pickerLines.length - 1,
  };

  const quitNow = () => {
    onQuit?.();
    exit();
  };
  const say = (text: string, tone: "info" | "warn") => dispatch({ type: "message", text, tone });
  // Each key sees the state the previous one made, even before a frame shows it.
  const baseContext = (): Omit<KeyContext, "context"> => {
    const ui = current();
    const snap = monitor.getSnapshot();
    const base: Omit<KeyContext, "context"> = {
      ui,
      snap,
      view: viewOf(snap, ui, insight?.getMarks().stuck),
      stuck: insight?.getMarks().stuck,
      layout,
      keymap,
      detailMaxScroll: maxScroll(drawn.current.lines, layout.detailHeight),
      overlayMax: drawn.current.overlayMax,
      monitor,
      config,
      dispatch,
      writeRaw,
      quit: () => {
        if (actions && !actions.mayQuit(say, words)) return;
        quitNow();
      },
      suspend: () => onSuspend?.(),
      connect: (t, id) => onConnect?.(t, id) ?? "connecting needs jobtop's own terminal",
      runAction: actions ? (a, jobs) => actions.run(a, jobs, say) : undefined,
      actionRunning: actions?.running,
    };
    return base;
  };
  const context = (): Omit<KeyContext, "context"> => {
    const base = baseContext();
    // The help's length as of this key: also for a key typed with the ? that opened it.
    return base.ui.overlay === "help"
      ? { ...base, overlayMax: viewMaxScroll(helpNow(base).length, layout.bodyHeight) }
      : base;
  };
  /** The help's lines, with why a key of the pane it was opened from does nothing there now. */
  const helpNow = (c: Omit<KeyContext, "context">) => {
    const pane = c.ui.focus === "list" ? "main" : c.ui.focus;
    return helpLines(
      columns,
      config.statusLabels,
      keymap,
      (b: Binding) =>
        b.context.includes(pane) || b.context.includes("global")
          ? handlerOf(b.command)?.disabled?.({ ...c, context: pane, binding: b, pressed: b.keys[0] })
          : undefined,
      c.ui.scope,
    );
  };
  const help = ui.overlay === "help" ? helpNow(baseContext()) : undefined;
  // One input listener for the App's life, calling this render's handler: Ink re-subscribes a
  // new useInput callback in a passive effect after every render, and a key can come between a
  // frame and that effect (keys are drawn at once: scripts/patches/ink-keys-at-once.js).
  const onInput = useRef(context);
  onInput.current = context;
  const quitAnswer = useRef((_input: string, _key: Key): boolean => false);
  // Its answers are keys of the "quitting" context (quit's, leave_running's, stay's).
  quitAnswer.current = (input, key) =>
    actions?.quitKey(lookup(keymap, "quitting", pressNames(input, key))?.command, quitNow, say) ?? false;
  useInput(
    useCallback(
      (input: string, key: Key) => {
        // Quitting with actions under way asked first: this key may be the answer (action-runner.ts).
        if (quitAnswer.current(input, key)) return;
        // A mouse report is one input, never split into keys ("[<64;…" holds a "<").
        const mouse = config.mouse ? parseMouse(input) : undefined;
        if (mouse) handleMouse(mouse, onInput.current());
        else for (const [i, k] of splitKeys(input, key)) handleKey(i, k, onInput.current());
      },
      [config.mouse],
    ),
  );

  const host = useMemo(() => headerHost(config.baseUrl), [config.baseUrl]);
  if (layout.tiny) {
    return (
      <Box flexDirection="column">
        {tooSmallLines(columns, rows).map((l) => (
          <Text key={l} wrap="truncate">
            {l}
          </Text>
        ))}
      </Box>
    );
  }

  const panes = { view, snap, ui, layout };
  return (
    <Box flexDirection="column" width={columns} height={layout.height}>
      <Header
        {...withStuck(
          headerProps(snap, config, ui, view, { host, width: columns, now: Date.now() }),
          insightState,
        )}
      />
      {help ? (
        <HelpOverlay
          lines={help}
          closeKeys={`${words.help} or ${words.close}`}
          scroll={ui.overlayScroll}
          width={columns}
          height={layout.bodyHeight}
        />
      ) : json ? (
        <JsonView
          lines={json.lines}
          scroll={ui.overlayScroll}
          width={columns}
          height={layout.bodyHeight}
          title={json.title}
        />
      ) : (
        <Panes
          layout={layout}
          list={<ListPane {...panes} config={config} nowSec={nowSec} keys={words} insight={insightState} />}
          detail={
            ui.overlay === "picker" || ui.overlay === "connect" ? (
              <UrlPicker
                title={pickerTitle(ui.overlay, keymap, words)}
                lines={pickerLines}
                cursor={ui.overlayScroll}
                width={layout.detailWidth}
                height={layout.detailHeight}
              />
            ) : (
              <DetailColumn
                layout={layout}
                detail={<DetailPane {...panes} monitor={monitor} lines={lines} />}
                events={
                  ui.events ? (
                    <EventsPane
                      events={byTimeShown(snap.events)}
                      pins={snap.pins}
                      cursorSeq={ui.eventSeq}
                      focused={ui.focus === "events"}
                      width={layout.detailWidth}
                      height={layout.eventsHeight}
                      labels={config.statusLabels}
                      onShown={monitor.setEventsShown}
                    />
                  ) : undefined
                }
              />
            )
          }
        />
      )}
      <StatusLine
        ui={ui}
        snap={snap}
        width={columns}
        hints={actionHints(config, view.selected, ui.tags.size)}
        keys={words}
      />
    </Box>
  );
}

/** " Copy which? 1–9 or ↑↓ Enter · a all URLs · Esc cancel", with the keys in force. */
function pickerTitle(overlay: "picker" | "connect", keymap: Keymap, k: KeyWords): string {
  const pick = keysShown(rowOf(keymap, "pick")?.keys ?? []);
  const choose = [pick, `${k.up}${k.down} ${k.choose}`.trim()].filter(Boolean).join(" or ");
  const all = overlay === "picker" && k.copy_all ? ` · ${k.copy_all} all URLs` : "";
  const close = k.close ? ` · ${k.close} cancel` : "";
  return `${overlay === "picker" ? " Copy which?" : " Connect with ssh: which?"} ${choose}${all}${close}`;
}
