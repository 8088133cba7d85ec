// What the UI does by itself, not on a key: tells the monitor which job to poll, keeps the
// cursor on its job as rows shift, says on the status line what the monitor did and what start-up
// warned about, hides secrets again and clears old messages.
import { useEffect } from "react";
import type { Config } from "../config/types.js";
import { sanitize } from "../model/sanitize.js";
import type { Monitor, MonitorSnapshot } from "../poll/monitor.js";
import type { UiState } from "../render/ui-state.js";
import type { UiChange } from "./input/ui-reducer.js";

export const SECRETS_HIDE_MS = 30_000;
const MESSAGE_MS = 8_000;

export function useUiEffects(o: {
  monitor: Monitor;
  config: Config;
  snap: MonitorSnapshot;
  ui: UiState;
  dispatch: (a: UiChange) => void;
  ids: readonly (string | undefined)[];
  selectedId: string | undefined;
}): void {
  const { monitor, config, snap, ui, dispatch, ids, selectedId } = o;
  useEffect(() => monitor.select(selectedId), [monitor, selectedId]);
  // A job reached with `:` that the index places on another page: that page opens (src/poll/follow.ts).
  useEffect(() => {
    if (ui.jumpedId !== undefined && ui.scope === "page") monitor.follow(ui.jumpedId, { indexedOnly: true });
  }, [monitor, ui.jumpedId, ui.scope]);
  // Remember the job on the cursor's row before any move too, so it stays selected when rows shift.
  const page = snap.list.data;
  // Scope "all": the rows are the index's, there once its first sweep has ended.
  const fresh =
    ui.scope === "all" && snap.index !== undefined
      ? snap.index.seq > 0
      : page !== undefined &&
        page.asked.page === snap.page &&
        page.asked.order === snap.order &&
        page.asked.perPage === snap.perPage;
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
}
