// c and x, and their pickers: copy a URL, the ssh command or the password (several: a picker);
// ssh to the job (several targets: a picker). In a picker a key of `pick` takes the entry of its
// place (the third key, the third entry), `choose` the one under the cursor, copy_all every URL;
// c (x) closes its own picker.
import { describeError } from "../../../api/errors.js";
import type { KeyCommand } from "../../../keys/rows.js";
import { type CopyEntry, type CopyPlan, planCopy, planCopyEntry } from "../../../model/copy-plan.js";
import { type SshTarget, sshTargets } from "../../../model/ssh.js";
import { copyEntries } from "../../../render/copy-entries.js";
import { copyText } from "../../../terminal/clipboard.js";
import { type Handler, type KeyContext, say } from "../context.js";

const copyable = (c: KeyContext) => copyEntries(c.view.selected);
const targets = (c: KeyContext) => (c.view.selected ? sshTargets(c.view.selected) : []);

/** The open picker's entries: what c copies or what x connects to. */
const entries = (c: KeyContext): readonly unknown[] =>
  c.ui.overlay === "connect" ? targets(c) : copyable(c);

const close = (c: KeyContext) => c.dispatch({ type: "overlay", overlay: "none" });

/** ↑↓ in a picker: the cursor over its entries. */
export function movePicker(c: KeyContext, delta: 1 | -1): void {
  c.dispatch({ type: "overlayScroll", delta, max: entries(c).length - 1 });
}

/** Takes the picker's entry at `n` (1-based): copies it, or connects to it. */
function take(c: KeyContext, n: number): void {
  if (c.ui.overlay === "connect") {
    const t = targets(c)[n - 1];
    if (t === undefined) return;
    close(c);
    say(c, c.connect(t, c.view.selected?.id ?? ""));
    return;
  }
  const e = copyable(c)[n - 1];
  if (e === undefined) return;
  close(c);
  copy(c, e);
}

/** Copies one entry (a URL with control characters is refused) and says how on the status line. */
function copy(c: KeyContext, entry: CopyEntry): void {
  copyPlan(c, planCopyEntry(entry));
}

function copyPlan(c: KeyContext, { text, what }: CopyPlan): void {
  if (text === undefined) {
    say(c, what, "warn");
    return;
  }
  copyText(text, { mode: c.config.clipboard, write: c.writeRaw }).then(
    (r) => say(c, `${what}: ${r.message}`, r.ok ? "info" : "warn"),
    (e: unknown) => say(c, `copy failed: ${describeError(e)}`, "warn"),
  );
}

export const COPY = {
  copy: {
    run: (c) => {
      if (c.context === "picker") {
        if (c.ui.overlay === "picker") close(c);
        return;
      }
      const all = copyable(c);
      if (all.length === 1) copy(c, all[0] as CopyEntry);
      else c.dispatch({ type: "overlay", overlay: "picker" });
    },
    disabled: (c) =>
      c.context !== "picker" && copyable(c).length === 0 ? "this job has no URLs to copy" : undefined,
  },
  connect: {
    run: (c) => {
      if (c.context === "picker") {
        if (c.ui.overlay === "connect") close(c);
        return;
      }
      const all = targets(c);
      if (all.length === 1) say(c, c.connect(all[0] as SshTarget, c.view.selected?.id ?? ""));
      else c.dispatch({ type: "overlay", overlay: "connect" });
    },
    disabled: (c) =>
      c.context !== "picker" && targets(c).length === 0
        ? "this job has no ssh:// URL to connect to"
        : undefined,
  },
  // The n-th key of the row takes the n-th entry: 1–9 by default, whatever keys [keys] gives it.
  pick: { run: (c) => take(c, (c.binding?.keys.indexOf(c.pressed ?? "") ?? -1) + 1) },
  choose: { run: (c) => take(c, c.ui.overlayScroll + 1) },
  copy_all: {
    run: (c) => {
      copyPlan(c, planCopy(c.view.urls));
      if (copyable(c).length > 0) close(c);
    },
    disabled: (c) => (c.ui.overlay === "picker" ? undefined : "only in the copy picker"),
  },
} satisfies Partial<Record<KeyCommand, Handler>>;
