// How keys change the UI's state (src/render/ui-state.ts) as a reducer: each key command's handler
// (src/ui/input/handlers/) dispatches one of these, a UiChange; data lives in the Monitor, not in this state.

import type { Job } from "../../api/schema.js";
import { parseJobId } from "../../model/ids.js";
import { sanitize } from "../../model/sanitize.js";
import type { SortColumn } from "../../model/sort.js";
import {
  type Confirmation,
  clamp,
  eventRow,
  type Focus,
  type Overlay,
  selectionOf,
  type UiState,
} from "../../render/ui-state.js";

export type UiChange =
  /** `ids`: the job id of each row as shown; the move starts from the cursor's row among them. */
  | { type: "move"; delta: number; ids: readonly (string | undefined)[]; maxScroll: number }
  /** g / G: the first or last row (the detail's top or bottom when it has focus). */
  | { type: "moveTo"; to: "first" | "last"; ids: readonly (string | undefined)[]; maxScroll: number }
  /** A row chosen directly (a mouse click). */
  | { type: "select"; row: number; ids: readonly (string | undefined)[] }
  /** The rows changed. `fresh`: they answer the page and order asked for (not the last page's, kept while loading). */
  | { type: "follow"; ids: readonly (string | undefined)[]; fresh: boolean }
  | { type: "pageChanged" }
  /** The list's scope (`a`): the cursor stays on its job, wherever it is listed now. */
  | { type: "scope"; scope: UiState["scope"] }
  /** `panes`: the panes on screen, in Tab order (list and detail unless said). */
  | { type: "focus"; panes?: readonly Focus[] }
  /** Opens or closes the events pane; open, it takes the focus. */
  | { type: "events"; open?: boolean }
  /** `seqs`: the events' seqs as listed, newest first. */
  | { type: "eventMove"; delta: number; seqs: readonly number[] }
  /** Selects a job wherever it is (an event's), as a jump does; `closeEvents` when the pane hides its detail. */
  | { type: "selectJob"; id: string; closeEvents: boolean }
  | { type: "overlay"; overlay: Overlay }
  /** The stats view's grouping or window (src/ui/input/handlers/stats.ts). */
  | { type: "statsView"; stats: UiState["stats"] }
  /** Moves the open overlay's position by `delta` or to `to`, within 0…max. */
  | { type: "overlayScroll"; delta?: number; to?: number; max: number }
  | { type: "statusFilter"; status: number | undefined }
  | { type: "sort"; column: SortColumn | undefined }
  | { type: "expand" }
  | { type: "secrets"; show?: boolean }
  | { type: "prompt"; kind: "filter" | "jump" }
  | { type: "promptInput"; text: string }
  | { type: "promptCancel" }
  /** `rows`: the page's jobs (unfiltered), to find a displayID typed at the jump prompt. */
  | { type: "promptSubmit"; rows?: readonly { id: string; displayID: string }[]; everywhere?: boolean }
  | { type: "escape" }
  /** space: tags the job, or untags it when tagged. */
  | { type: "tag"; job: Job }
  /** T: tags all of these (the jobs the filter shows). */
  | { type: "tagAll"; jobs: readonly Job[] }
  | { type: "untagAll" }
  | { type: "confirm"; confirm: Confirmation | undefined }
  | { type: "confirmInput"; text: string }
  | { type: "message"; text: string; tone?: "info" | "warn" }
  | { type: "clearMessage"; seq: number }
  /** Clears the message if it still says `text` (a "refreshing…" whose requests have ended). */
  | { type: "clearMessageText"; text: string };

let messageSeq = 0;

/** Back to the first row (of rows a new filter leaves), with no job taken yet. */
const TOP = { cursor: 0, cursorId: undefined, scroll: 0 } as const;

export function uiReducer(s: UiState, a: UiChange): UiState {
  switch (a.type) {
    case "move": {
      if (s.focus === "detail") return { ...s, scroll: clamp(s.scroll + a.delta, 0, a.maxScroll) };
      const sel = selectionOf(s, a.ids);
      const last = Math.max(0, a.ids.length - 1);
      // Back from a job followed off the page: to the row it left, the nearest there is. From a job
      // reached with ":": from its row when it is on this page, else from the cursor's row.
      const cursor =
        sel.away === "moved"
          ? clamp(s.cursor, 0, last)
          : clamp((sel.away === "jumped" ? cursorRow(s, a.ids) : sel.row) + a.delta, 0, last);
      return { ...s, jumpedId: undefined, scroll: 0, cursor, cursorId: a.ids[cursor] };
    }
    case "moveTo": {
      if (s.focus === "detail") return { ...s, scroll: a.to === "first" ? 0 : Math.max(0, a.maxScroll) };
      const cursor = a.to === "first" ? 0 : Math.max(0, a.ids.length - 1);
      return { ...s, jumpedId: undefined, scroll: 0, cursor, cursorId: a.ids[cursor] };
    }
    case "select": {
      if (a.row < 0 || a.row >= a.ids.length) return s;
      return { ...s, jumpedId: undefined, scroll: 0, cursor: a.row, cursorId: a.ids[a.row], focus: "list" };
    }
    case "follow": {
      if (s.cursorId === undefined) {
        // No job yet (first data, a new page, a new filter): take the cursor row's, once the rows
        // are the ones asked for; the last page's rows stay on screen while the next one loads.
        if (!a.fresh) return s;
        const row = clamp(s.cursor, 0, Math.max(0, a.ids.length - 1));
        const id = a.ids[row];
        return id === undefined ? s : { ...s, cursorId: id, cursor: row };
      }
      // Keep the row in step with the job, so that if the job leaves, "the row it left" is right.
      const row = a.ids.indexOf(s.cursorId);
      return row >= 0 && row !== s.cursor ? { ...s, cursor: row } : s;
    }
    case "scope":
      return { ...s, scope: a.scope, scroll: 0 };
    case "pageChanged":
      return { ...s, cursor: 0, cursorId: undefined, scroll: 0, jumpedId: undefined };
    case "focus": {
      const panes = a.panes ?? ["list", "detail"];
      const at = panes.indexOf(s.focus);
      return { ...s, focus: panes[(at + 1) % panes.length] ?? "list" };
    }
    case "events": {
      const open = a.open ?? !s.events;
      if (open) return { ...s, events: true, focus: "events", eventSeq: undefined };
      return { ...s, events: false, focus: s.focus === "events" ? "list" : s.focus };
    }
    case "eventMove": {
      if (a.seqs.length === 0) return s;
      const row = clamp(eventRow(a.seqs, s.eventSeq) + a.delta, 0, a.seqs.length - 1);
      return { ...s, eventSeq: a.seqs[row] };
    }
    case "selectJob":
      return {
        ...s,
        jumpedId: a.id,
        scroll: 0,
        focus: "list",
        events: a.closeEvents ? false : s.events,
      };
    case "overlay":
      return { ...s, overlay: a.overlay, overlayScroll: 0 };
    case "statsView":
      return { ...s, stats: a.stats };
    case "overlayScroll": {
      const to = a.to ?? s.overlayScroll + (a.delta ?? 0);
      return { ...s, overlayScroll: clamp(to, 0, Math.max(0, a.max)) };
    }
    case "statusFilter":
      return { ...s, statusFilter: a.status, ...TOP };
    case "sort":
      // The cursor stays on its job, wherever the sort puts it.
      return { ...s, sort: a.column };
    case "expand":
      return { ...s, expanded: !s.expanded };
    case "secrets":
      return { ...s, showSecrets: a.show ?? !s.showSecrets };
    case "prompt":
      return { ...s, prompt: { kind: a.kind, text: a.kind === "filter" ? s.filter : "" } };
    case "promptInput":
      if (!s.prompt) return s;
      // The filter applies as it is typed, from the first row of what it leaves.
      if (s.prompt.kind === "filter")
        return a.text === s.filter
          ? { ...s, prompt: { ...s.prompt, text: a.text } }
          : { ...s, prompt: { ...s.prompt, text: a.text }, filter: a.text, ...TOP };
      return { ...s, prompt: { ...s.prompt, text: a.text } };
    case "promptCancel":
      // Esc at the filter prompt clears the filter; the cursor stays on its job.
      return s.prompt?.kind === "filter"
        ? { ...s, prompt: undefined, filter: "" }
        : { ...s, prompt: undefined };
    case "promptSubmit": {
      if (!s.prompt) return s;
      if (s.prompt.kind === "filter") return { ...s, prompt: undefined };
      const text = s.prompt.text.trim();
      if (text === "") return { ...s, prompt: undefined };
      // A number is an id. Anything else may be a displayID: the service cannot be searched by
      // one (no such request in the spec; scanning every page would cost a request per page), so
      // it is looked up on this page only, and the user is told to type the id otherwise.
      const id = parseJobId(text) ?? findDisplayId(a.rows ?? [], text);
      if (id === undefined) {
        const what = /^[\w.:-]{1,40}$/.test(text) ? `displayID "${text}"` : `"${sanitize(text)}"`;
        return {
          ...s,
          prompt: undefined,
          message: msg(
            a.everywhere
              ? `no job of the account has the ${what}`
              : `${what} not on this page — type its numeric id`,
            "warn",
          ),
        };
      }
      return { ...s, prompt: undefined, jumpedId: id, scroll: 0 };
    }
    case "escape":
      if (s.overlay !== "none") return { ...s, overlay: "none" };
      if (s.focus === "events") return { ...s, events: false, focus: "list" };
      if (s.focus === "detail") return { ...s, focus: "list" };
      if (s.jumpedId !== undefined) return { ...s, jumpedId: undefined };
      // Filters clear one at a time, the text first; the cursor stays on its job.
      if (s.filter) return { ...s, filter: "" };
      return s.statusFilter !== undefined ? { ...s, statusFilter: undefined } : s;
    case "tag": {
      const tags = new Map(s.tags);
      if (tags.has(a.job.id)) tags.delete(a.job.id);
      else tags.set(a.job.id, a.job);
      return { ...s, tags };
    }
    case "tagAll": {
      const tags = new Map(s.tags);
      for (const j of a.jobs) tags.set(j.id, j);
      return { ...s, tags };
    }
    case "untagAll":
      return s.tags.size === 0 ? s : { ...s, tags: new Map() };
    case "confirm":
      return { ...s, confirm: a.confirm };
    case "confirmInput":
      return s.confirm ? { ...s, confirm: { ...s.confirm, text: a.text } } : s;
    case "message":
      return { ...s, message: msg(a.text, a.tone ?? "info") };
    case "clearMessage":
      return s.message?.seq === a.seq ? { ...s, message: undefined } : s;
    case "clearMessageText":
      return s.message?.text === a.text ? { ...s, message: undefined } : s;
  }
}

function msg(text: string, tone: "info" | "warn") {
  messageSeq += 1;
  return { text, tone, seq: messageSeq };
}

/** The cursor's own row (under a job reached with ":"): its job's row, else the remembered one. */
function cursorRow(s: UiState, ids: readonly (string | undefined)[]): number {
  const byId = s.cursorId === undefined ? -1 : ids.indexOf(s.cursorId);
  return byId >= 0 ? byId : clamp(s.cursor, 0, Math.max(0, ids.length - 1));
}

/** The id of the job with this displayID on the page: exact first, then ignoring case. */
function findDisplayId(rows: readonly { id: string; displayID: string }[], text: string): string | undefined {
  const exact = rows.find((r) => r.displayID === text);
  if (exact) return exact.id;
  const lower = text.toLowerCase();
  return rows.find((r) => r.displayID.toLowerCase() === lower)?.id;
}
