// A configured action's key (issue 25): on the tagged jobs or the selected one, after the
// confirmation the action asks for (confirmKeys), never while another runs. The running itself is
// src/ui/action-runner.ts's; the keys' rows are added to the keymap at start (keymap.ts).
import { appliesTo } from "../../actions/definitions.js";
import type { Job } from "../../api/schema.js";
import { sanitize } from "../../model/sanitize.js";
import { statusStyle } from "../../model/status.js";
import { arrivedTogether } from "../../terminal/paste.js";
import { type ActionContext, type ModalKeys, say } from "./context.js";

/** How many job names a bulk confirmation shows. */
const NAMES_SHOWN = 3;
const jobName = (j: Job) => sanitize(j.displayID) || `job ${j.id}`;

/**
 * A configured action's key: on the tagged jobs when there are tags (those of a status it does
 * not apply to are left out, and said), else on the selected job. Confirmed as the action says;
 * never while another action runs.
 */
export function act(c: ActionContext): void {
  const a = c.config.actions.find((x) => x.key === c.pressed);
  if (!a) return;
  if (!c.runAction) {
    say(c, `${a.name}: actions cannot run here`, "warn");
    return;
  }
  const running = c.actionRunning?.();
  if (running !== undefined) {
    say(c, `${running} is still running: ${a.name} not started`, "warn");
    return;
  }
  const label = (code: number) => sanitize(statusStyle(code, c.config.statusLabels).label);
  const only = () => (a.statuses ?? []).map(label).join(", ");
  let jobs: Job[];
  let skipped = 0;
  if (c.ui.tags.size > 0) {
    jobs = [];
    const rows = rowsById(c);
    for (const tagged of c.ui.tags.values()) {
      const job = freshest(c, rows, tagged);
      if (appliesTo(a, job.status)) jobs.push(job);
      else skipped++;
    }
    if (jobs.length === 0) {
      say(c, `${a.name}: none of the ${skipped} tagged jobs is ${only()} (U clears the tags)`, "warn");
      return;
    }
  } else {
    const job = c.view.selected;
    if (!job) {
      say(c, `${a.name}: no job selected`, "warn");
      return;
    }
    if (!appliesTo(a, job.status)) {
      say(c, `${a.name}: not for a ${label(job.status)} job (only ${only()})`, "warn");
      return;
    }
    jobs = [job];
  }
  if (a.confirm === "no") {
    c.runAction(a, jobs);
    return;
  }
  const first = jobs[0] as Job;
  const bulk = c.ui.tags.size > 0;
  const names = jobs.slice(0, NAMES_SHOWN).map(jobName).join(", ") + (jobs.length > NAMES_SHOWN ? ", …" : "");
  const left = skipped > 0 ? `; ${skipped} tagged not ${only()}, left out` : "";
  const question = bulk
    ? `${a.name} ${jobs.length} tagged job${jobs.length === 1 ? "" : "s"} (${names})${left}?`
    : `${a.name} ${jobName(first)}?`;
  // Typing for several: their count. A fixed word is typed from habit; the count is read first.
  const expect = bulk ? String(jobs.length) : sanitize(first.displayID) || first.id;
  c.dispatch({
    type: "confirm",
    confirm: { action: a.name, jobs, mode: a.confirm, expect, text: "", question },
  });
}

/** The rows' jobs by id, made once per key: a walk of every row per tag froze T's 50 000 for seconds. */
function rowsById(c: ActionContext): Map<string, Job> {
  const rows = new Map<string, Job>();
  for (const i of c.view.items) if (i.ok && !rows.has(i.job.id)) rows.set(i.job.id, i.job);
  return rows;
}

/** A tagged job's newest copy: the selected job's own, else its row's, else the copy tagged. */
function freshest(c: ActionContext, rows: ReadonlyMap<string, Job>, tagged: Job): Job {
  if (c.snap.job.data?.id === tagged.id) return c.snap.job.data;
  return rows.get(tagged.id) ?? tagged;
}

/** The confirmation takes every key: y/n, or the text to type and Enter; Esc cancels. */
export const confirmKeys: ModalKeys = (input, key, c) => {
  const q = c.ui.confirm;
  if (!q) return;
  const a = c.config.actions.find((x) => x.name === q.action);
  const cancelled = `${q.action}: cancelled, ${a?.kind === "command" ? "nothing run" : "nothing sent"}`;
  const close = (said?: string) => {
    c.dispatch({ type: "confirm", confirm: undefined });
    if (said) say(c, said, "warn");
  };
  const go = () => {
    close();
    if (a) c.runAction?.(a, q.jobs);
  };
  if (key.escape) {
    close(cancelled);
    return;
  }
  if (q.mode === "yes") {
    if (input === "y" || input === "Y") go();
    else if (input === "n" || input === "N" || input === "q") close(cancelled);
    return;
  }
  if (key.return) {
    // An Enter pasted, or read with other text (a paste without bracketed paste): no confirmation.
    if (arrivedTogether()) return;
    if (q.text === q.expect) go();
    else close(`"${sanitize(q.text)}" is not ${q.expect}: ${cancelled}`);
  } else if (key.backspace || key.delete) c.dispatch({ type: "confirmInput", text: q.text.slice(0, -1) });
  else if (input && !key.ctrl && !key.meta && !/[\u0000-\u001f\u007f]/.test(input))
    // Room for the whole expected text and one more character (which makes it not match).
    c.dispatch({ type: "confirmInput", text: (q.text + input).slice(0, Math.max(80, q.expect.length + 1)) });
};
