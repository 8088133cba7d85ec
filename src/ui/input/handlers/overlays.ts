// What covers the panes or opens beside them: the JSON view (y), the help (?), the events pane
// (e), the secrets shown (s, in the JSON view too); close (Esc, q) and an overlay's own key close it.
import type { KeyCommand } from "../../../keys/rows.js";
import type { Handler } from "../context.js";

const closeOverlay: Handler["run"] = (c) => c.dispatch({ type: "overlay", overlay: "none" });

export const OVERLAYS = {
  json: {
    run: (c) => (c.context === "json" ? closeOverlay(c) : c.dispatch({ type: "overlay", overlay: "json" })),
    disabled: (c) => (c.context !== "json" && !c.view.selected ? "no job to show" : undefined),
  },
  help: {
    run: (c) => (c.context === "help" ? closeOverlay(c) : c.dispatch({ type: "overlay", overlay: "help" })),
  },
  close: { run: closeOverlay },
  secrets: { run: (c) => c.dispatch({ type: "secrets" }) },
  events: {
    run: (c) => {
      const open = !c.ui.events;
      if (open) c.monitor.markSeen();
      c.dispatch({ type: "events", open });
    },
  },
} satisfies Partial<Record<KeyCommand, Handler>>;
