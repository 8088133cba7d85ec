// The UI's own state (selection, focus, overlays, prompts, secrets, messages) as a reducer:
// keys become actions here; data lives in the Monitor, not in this state.
import { parseJobId } from "../model/ids.js";

export type Overlay = "none" | "help" | "picker";

export interface UiState {
  cursor: number;
  /**
   * The job the cursor is on. When the page's rows shift under it (a new job on top, a job gone),
   * the cursor follows this job rather than staying on a row that now shows another one.
   */
  cursorId: string | undefined;
  /** A job chosen with `:` that may not be on this page; cleared when the cursor moves. */
  pinnedId: string | undefined;
  focus: "list" | "detail";
  scroll: number;
  overlay: Overlay;
  prompt: { kind: "filter" | "jump"; text: string } | undefined;
  filter: string;
  showSecrets: boolean;
  message: { text: string; tone: "info" | "warn"; seq: number } | undefined;
}

export const initialUi: UiState = {
  cursor: 0,
  cursorId: undefined,
  pinnedId: undefined,
  focus: "list",
  scroll: 0,
  overlay: "none",
  prompt: undefined,
  filter: "",
  showSecrets: false,
  message: undefined,
};

export type UiAction =
  /** `ids`: the job id of each row as shown; the move starts from the cursor's row among them. */
  | { type: "move"; delta: number; ids: readonly (string | undefined)[]; maxScroll: number }
  | { type: "follow"; ids: readonly (string | undefined)[]; index: number }
  | { type: "pageChanged" }
  | { type: "focus" }
  | { type: "overlay"; overlay: Overlay }
  | { type: "secrets"; show?: boolean }
  | { type: "prompt"; kind: "filter" | "jump" }
  | { type: "promptInput"; text: string }
  | { type: "promptCancel" }
  | { type: "promptSubmit" }
  | { type: "escape" }
  | { type: "message"; text: string; tone?: "info" | "warn" }
  | { type: "clearMessage"; seq: number };

let messageSeq = 0;

export function uiReducer(s: UiState, a: UiAction): UiState {
  switch (a.type) {
    case "move": {
      if (s.focus === "detail") return { ...s, scroll: clamp(s.scroll + a.delta, 0, a.maxScroll) };
      // From the job reached with ":" when it is on this page, else from the cursor's row.
      const pinned = s.pinnedId === undefined ? -1 : a.ids.indexOf(s.pinnedId);
      const from = pinned >= 0 ? pinned : cursorIndex(s, a.ids);
      const cursor = clamp(from + a.delta, 0, Math.max(0, a.ids.length - 1));
      return { ...s, pinnedId: undefined, scroll: 0, cursor, cursorId: a.ids[cursor] };
    }
    case "follow": {
      // Remember the job on the cursor's row when none is remembered yet (first data, a new page)
      // or the remembered one has left the page. Only if that row is still the cursor's: an
      // effect from an older render must not undo a move made since.
      const id = a.ids[a.index];
      const known = s.cursorId !== undefined && a.ids.includes(s.cursorId);
      return id === undefined || known || cursorIndex(s, a.ids) !== a.index ? s : { ...s, cursorId: id };
    }
    case "pageChanged":
      return { ...s, cursor: 0, cursorId: undefined, scroll: 0, pinnedId: undefined };
    case "focus":
      return { ...s, focus: s.focus === "list" ? "detail" : "list" };
    case "overlay":
      return { ...s, overlay: a.overlay };
    case "secrets":
      return { ...s, showSecrets: a.show ?? !s.showSecrets };
    case "prompt":
      return { ...s, prompt: { kind: a.kind, text: a.kind === "filter" ? s.filter : "" } };
    case "promptInput":
      return s.prompt ? { ...s, prompt: { ...s.prompt, text: a.text } } : s;
    case "promptCancel":
      return { ...s, prompt: undefined };
    case "promptSubmit": {
      if (!s.prompt) return s;
      if (s.prompt.kind === "filter")
        return { ...s, prompt: undefined, filter: s.prompt.text, cursor: 0, cursorId: undefined, scroll: 0 };
      const id = parseJobId(s.prompt.text);
      if (id === undefined) {
        return { ...s, prompt: undefined, message: msg(`not a job id: "${s.prompt.text}"`, "warn") };
      }
      return { ...s, prompt: undefined, pinnedId: id, scroll: 0 };
    }
    case "escape":
      if (s.overlay !== "none") return { ...s, overlay: "none" };
      if (s.focus === "detail") return { ...s, focus: "list" };
      if (s.pinnedId !== undefined) return { ...s, pinnedId: undefined };
      return s.filter ? { ...s, filter: "" } : s; // the cursor stays on its job
    case "message":
      return { ...s, message: msg(a.text, a.tone ?? "info") };
    case "clearMessage":
      return s.message?.seq === a.seq ? { ...s, message: undefined } : s;
  }
}

function msg(text: string, tone: "info" | "warn") {
  messageSeq += 1;
  return { text, tone, seq: messageSeq };
}

/** The row the cursor is on: its job's row if that job is still listed, else the remembered row. */
export function cursorIndex(s: UiState, ids: readonly (string | undefined)[]): number {
  const byId = s.cursorId === undefined ? -1 : ids.indexOf(s.cursorId);
  return byId >= 0 ? byId : Math.min(s.cursor, Math.max(0, ids.length - 1));
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}
