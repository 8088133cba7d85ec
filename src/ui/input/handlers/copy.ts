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

/** c's picker ("picker") or x's ("connect"). */
type Picker = "picker" | "connect";

/** What a picker offers: what c copies or what x connects to. */
const offered = (c: KeyContext, which: Picker): readonly unknown[] =>
  which === "connect" ? targets(c) : copyable(c);

/** The picker open. */
const picker = (c: KeyContext): Picker => (c.ui.overlay === "connect" ? "connect" : "picker");

const close = (c: KeyContext) => c.dispatch({ type: "overlay", overlay: "none" });

/** ↑↓ in a picker: the cursor over its entries. */
export function movePicker(c: KeyContext, delta: 1 | -1): void {
  c.dispatch({ type: "overlayScroll", delta, max: offered(c, picker(c)).length - 1 });
}

/** Takes entry `n` (1-based) of what c (the "picker") or x ("connect") offers: copies it, or connects to it. */
function take(c: KeyContext, which: Picker, n: number): void {
  const entry = offered(c, which)[n - 1];
  if (entry === undefined) return;
  if (c.context === "picker") close(c);
  if (which === "connect") say(c, c.connect(entry as SshTarget, c.view.selected?.id ?? ""));
  else copy(c, entry as CopyEntry);
}

/** c or x: one entry taken at once, several in its picker, none said; in its own picker, it closes it. */
function opener(which: Picker, none: string): Handler {
  return {
    run: (c) => {
      if (c.context === "picker") {
        if (c.ui.overlay === which) close(c);
      } else if (offered(c, which).length === 1) take(c, which, 1);
      else c.dispatch({ type: "overlay", overlay: which });
    },
    disabled: (c) => (c.context !== "picker" && offered(c, which).length === 0 ? none : undefined),
  };
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
  copy: opener("picker", "this job has no URLs to copy"),
  connect: opener("connect", "this job has no ssh:// URL to connect to"),
  // The n-th key of the row takes the n-th entry: 1–9 by default, whatever keys [keys] gives it.
  pick: { run: (c) => take(c, picker(c), (c.binding?.keys.indexOf(c.pressed ?? "") ?? -1) + 1) },
  choose: { run: (c) => take(c, picker(c), c.ui.overlayScroll + 1) },
  copy_all: {
    run: (c) => {
      copyPlan(c, planCopy(c.view.urls));
      if (copyable(c).length > 0) close(c);
    },
    disabled: (c) => (c.ui.overlay === "picker" ? undefined : "only in the copy picker"),
  },
} satisfies Partial<Record<KeyCommand, Handler>>;
