// Tags (issue 25): space tags or untags the job and moves on (so space space space tags three, as
// htop), T tags every job the filter shows, U clears them; an action's key then runs on them all.
import type { Job } from "../../../api/schema.js";
import type { KeyCommand } from "../../../keys/rows.js";
import { firstKey, type Handler, type KeyContext, say } from "../context.js";
import { move } from "./selection.js";

const shownJobs = (c: KeyContext): Job[] => {
  const jobs: Job[] = [];
  for (const i of c.view.items) if (i.ok) jobs.push(i.job);
  return jobs;
};

export const TAGS = {
  tag: {
    run: (c) => {
      const job = c.view.selected;
      if (!job) return;
      c.dispatch({ type: "tag", job });
      if (c.ui.focus === "list") move(c, 1);
    },
    disabled: (c) => (c.view.selected ? undefined : "no job selected to tag"),
  },
  tag_all: {
    run: (c) => {
      const jobs = shownJobs(c);
      c.dispatch({ type: "tagAll", jobs });
      say(
        c,
        `tagged the ${jobs.length} job${jobs.length === 1 ? "" : "s"} shown (${firstKey(c.keymap, "untag_all")} clears the tags)`,
      );
    },
    // Any row will do: the first job shown answers as well as all of them.
    disabled: (c) => (c.view.items.some((i) => i.ok) ? undefined : "no job shown to tag"),
  },
  untag_all: {
    run: (c) => {
      c.dispatch({ type: "untagAll" });
      say(c, "tags cleared");
    },
    disabled: (c) => (c.ui.tags.size === 0 ? "no job is tagged" : undefined),
  },
} satisfies Partial<Record<KeyCommand, Handler>>;
