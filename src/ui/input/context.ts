// What every key's function gets (ActionContext) and the one way they speak (say): shared by the
// keymap's actions (actions.ts), the configured actions' keys (act.ts) and the mouse (mouse.ts).
import type { Key } from "ink";
import type { JobAction as ConfiguredAction } from "../../actions/definitions.js";
import type { Job } from "../../api/schema.js";
import type { Config } from "../../config/types.js";
import type { SshTarget } from "../../model/ssh.js";
import type { Monitor, MonitorSnapshot } from "../../poll/monitor.js";
import type { Layout } from "../../render/layout.js";
import type { UiState } from "../../render/ui-state.js";
import type { View } from "../../render/view.js";
import type { UiChange } from "./ui-reducer.js";

export interface ActionContext {
  /** The UI state as of this key (not as last rendered: keys can come faster than frames). */
  ui: UiState;
  /** The monitor's data as of this key. */
  snap: MonitorSnapshot;
  /** The rows, the selection and the selected job, for `ui` and `snap`. */
  view: View;
  layout: Layout;
  /** How far the detail pane can scroll, as last drawn. */
  detailMaxScroll: number;
  /** How far the open overlay's position can go, as last drawn (JSON view: scroll; picker: last entry). */
  overlayMax: number;
  monitor: Monitor;
  config: Config;
  dispatch: (a: UiChange) => void;
  /** Raw terminal writes (OSC 52), outside Ink's frame. */
  writeRaw: (s: string) => void;
  quit: () => void;
  /** Ctrl+Z: stops jobtop until `fg`; returns why not, when it cannot. */
  suspend: () => string | undefined;
  /** Runs ssh in the foreground with the terminal; says how it ended. */
  connect: (target: SshTarget, jobId: string) => string;
  /** Runs a configured action on these jobs (src/ui/action-runner.ts); absent: none can run. */
  runAction?: (a: ConfiguredAction, jobs: readonly Job[]) => void;
  /** The name of the action under way, if one is. */
  actionRunning?: () => string | undefined;
  /** The key pressed, for an "act" row (the configured action of that key). */
  pressed?: string;
}

export type Run = (c: ActionContext) => void;

/** The keys of a prompt or an overlay: every key goes to it while it is open. */
export type ModalKeys = (input: string, key: Key, c: ActionContext) => void;

/** A line in the status line. */
export const say = (c: ActionContext, text: string, tone: "info" | "warn" = "info") =>
  c.dispatch({ type: "message", text, tone });
