// What every key's handler gets (KeyContext), what a handler is, and the one way they speak (say):
// shared by the handlers of src/ui/input/handlers/ and the mouse (mouse.ts).
import type { JobAction } from "../../actions/definitions.js";
import type { Job } from "../../api/schema.js";
import type { Config } from "../../config/types.js";
import type { KeyName } from "../../keys/key-names.js";
import type { Binding, Keymap } from "../../keys/keymap.js";
import type { Context } from "../../keys/rows.js";
import type { SshTarget } from "../../model/ssh.js";
import type { Monitor, MonitorSnapshot } from "../../poll/monitor.js";
import type { Layout } from "../../render/layout.js";
import type { UiState } from "../../render/ui-state.js";
import type { View } from "../../render/view.js";
import type { UiChange } from "./ui-reducer.js";

export interface KeyContext {
  /** The UI state as of this key (not as last rendered: keys can come faster than frames). */
  ui: UiState;
  /** The monitor's data as of this key. */
  snap: MonitorSnapshot;
  /** The rows, the selection and the selected job, for `ui` and `snap`. */
  view: View;
  layout: Layout;
  /** The keymap in force (src/keys/keymap.ts: the defaults, [keys], the actions' keys). */
  keymap: Keymap;
  /** Where the key was pressed (contextOf). */
  context: Context;
  /** How far the detail pane can scroll, as last drawn. */
  detailMaxScroll: number;
  /** How far the open overlay's position can go, as last drawn (JSON view: scroll; picker: last entry). */
  overlayMax: number;
  monitor: Monitor;
  /** The jobs that break a stuck rule now (issue 32): `f` offers "stuck" while there are some. */
  stuck?: ReadonlyMap<string, unknown>;
  config: Config;
  dispatch: (change: UiChange) => void;
  /** Raw terminal writes (OSC 52), outside Ink's frame. */
  writeRaw: (s: string) => void;
  quit: () => void;
  /** Ctrl+Z: stops jobtop until `fg`; returns why not, when it cannot. */
  suspend: () => string | undefined;
  /** Runs ssh in the foreground with the terminal; says how it ended. */
  connect: (target: SshTarget, jobId: string) => string;
  /** Runs a configured action on these jobs (src/ui/action-runner.ts); absent: none can run. */
  runAction?: (a: JobAction, jobs: readonly Job[]) => void;
  /** The name of the action under way, if one is. */
  actionRunning?: () => string | undefined;
  /** The row the key pressed is a key of, and its name as that row has it (pick's "3"). */
  binding?: Binding;
  pressed?: KeyName;
}

/**
 * What a command does (run), and why it does nothing now (disabled: said on the status line when
 * its key is pressed, and shown in the help beside the key; undefined when it works), as lazygit's
 * Binding has its Handler and GetDisabledReason.
 */
export interface Handler {
  run: (c: KeyContext) => void;
  disabled?: (c: KeyContext) => string | undefined;
}

/** Where a key is pressed, from the UI state: the confirmation, a prompt, an overlay, else the pane with focus. */
export function contextOf(ui: UiState): Context {
  if (ui.confirm) return "confirm";
  if (ui.prompt) return "prompt";
  if (ui.overlay === "picker" || ui.overlay === "connect") return "picker";
  if (ui.overlay === "json" || ui.overlay === "help" || ui.overlay === "stats") return ui.overlay;
  return ui.focus === "list" ? "main" : ui.focus;
}

/** A line in the status line. */
export const say = (c: Pick<KeyContext, "dispatch">, text: string, tone: "info" | "warn" = "info") =>
  c.dispatch({ type: "message", text, tone });

/** A command's first key in force, as the help shows it ("p"), for a message that names it. */
export { firstKey } from "../../keys/keymap.js";
