// Leaving jobtop for a while or for good: Ctrl+Z (fg resumes) and q / Ctrl+C, from every context.
import type { KeyCommand } from "../../../keys/rows.js";
import { type Handler, say } from "../context.js";

export const LEAVE = {
  suspend: {
    run: (c) => {
      const refused = c.suspend();
      if (refused) say(c, refused, "warn");
    },
  },
  quit: { run: (c) => c.quit() },
} satisfies Partial<Record<KeyCommand, Handler>>;
