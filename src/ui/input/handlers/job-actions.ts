// A configured action's key (issue 25): on the tagged jobs or the selected one, after the
// confirmation the action asks for (y/n, or a text typed and Enter), never while another runs.
// The running itself is src/ui/action-runner.ts's; the keys' rows are the keymap's (src/keys/keymap.ts).
import { appliesTo, type JobAction } from "../../../actions/definitions.js";
import type { Job } from "../../../api/schema.js";
import type { KeyCommand } from "../../../keys/rows.js";
import { sanitize } from "../../../model/sanitize.js";
import { statusStyle } from "../../../model/status.js";
import { arrivedAlone, arrivedTogether } from "../../../terminal/paste.js";
import { firstKey, type Handler, type KeyContext, say } from "../context.js";

/** How many job names a bulk confirmation shows. */
const NAMES_SHOWN = 3;
const jobName = (j: Job) => sanitize(j.displayID) || `job ${j.id}`;

/** The action of the key pressed (its row names it). */
const actionOf = (c: KeyContext) => c.config.actions.find((x) => x.name === c.binding?.action);

/**
 * The jobs the action would run on now: the tagged ones when there are tags (those of a status it
 * does not apply to are left out, and counted), else the selected one; or why it cannot run.
 */
function plan(c: KeyContext, a: JobAction): { jobs: Job[]; skipped: number } | { why: string } {
  if (!c.runAction) return { why: `${a.name}: actions cannot run here` };
  const running = c.actionRunning?.();
  if (running !== undefined) return { why: `${running} is still running: ${a.name} not started` };
  const label = (code: number) => sanitize(statusStyle(code, c.config.statusLabels).label);
  const only = () => (a.statuses ?? []).map(label).join(", ");
  if (c.ui.tags.size > 0) {
    const jobs: Job[] = [];
    let skipped = 0;
    const rows = rowsById(c);
    for (const tagged of c.ui.tags.values()) {
      const job = freshest(c, rows, tagged);
      if (appliesTo(a, job.status)) jobs.push(job);
      else skipped++;
    }
    if (jobs.length === 0)
      return {
        why: `${a.name}: none of the ${skipped} tagged jobs is ${only()} (${firstKey(c.keymap, "untag_all")} clears the tags)`,
      };
    return { jobs, skipped };
  }
  const job = c.view.selected;
  if (!job) return { why: `${a.name}: no job selected` };
  if (!appliesTo(a, job.status))
    return { why: `${a.name}: not for a ${label(job.status)} job (only ${only()})` };
  return { jobs: [job], skipped: 0 };
}

/** Runs the action on the planned jobs, or asks first, as the action says. */
function start(c: KeyContext): void {
  const a = actionOf(c);
  if (!a || !c.runAction) return;
  const p = plan(c, a);
  if ("why" in p) return;
  const { jobs, skipped } = p;
  if (a.confirm === "no") {
    c.runAction(a, jobs);
    return;
  }
  const label = (code: number) => sanitize(statusStyle(code, c.config.statusLabels).label);
  const only = (a.statuses ?? []).map(label).join(", ");
  const first = jobs[0] as Job;
  const bulk = c.ui.tags.size > 0;
  const names = jobs.slice(0, NAMES_SHOWN).map(jobName).join(", ") + (jobs.length > NAMES_SHOWN ? ", …" : "");
  const left = skipped > 0 ? `; ${skipped} tagged not ${only}, left out` : "";
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
function rowsById(c: KeyContext): Map<string, Job> {
  const rows = new Map<string, Job>();
  for (const i of c.view.items) if (i.ok && !rows.has(i.job.id)) rows.set(i.job.id, i.job);
  return rows;
}

/** A tagged job's newest copy: the selected job's own, else its row's, else the copy tagged. */
function freshest(c: KeyContext, rows: ReadonlyMap<string, Job>, tagged: Job): Job {
  if (c.snap.job.data?.id === tagged.id) return c.snap.job.data;
  return rows.get(tagged.id) ?? tagged;
}

/** Closes the confirmation, saying `said` when given. */
function close(c: KeyContext, said?: string): void {
  c.dispatch({ type: "confirm", confirm: undefined });
  if (said) say(c, said, "warn");
}

const confirmed = (c: KeyContext) => c.config.actions.find((x) => x.name === c.ui.confirm?.action);

/** "cancel: cancelled, nothing sent" (a command: nothing run). */
const cancelled = (c: KeyContext) =>
  `${c.ui.confirm?.action}: cancelled, ${confirmed(c)?.kind === "command" ? "nothing run" : "nothing sent"}`;

function go(c: KeyContext): void {
  const q = c.ui.confirm;
  const a = confirmed(c);
  close(c);
  if (a && q) c.runAction?.(a, q.jobs);
}

/** Esc at a confirmation. */
export const cancelConfirmation = (c: KeyContext) => close(c, cancelled(c));

/** Enter at a typed confirmation: the text typed must be the one asked for. */
export function submitConfirmation(c: KeyContext): void {
  const q = c.ui.confirm;
  if (q?.mode !== "type") return;
  // An Enter pasted, or read with other text (a paste without bracketed paste): no confirmation.
  if (arrivedTogether()) return;
  if (q.text === q.expect) go(c);
  else close(c, `"${sanitize(q.text)}" is not ${q.expect}: ${cancelled(c)}`);
}

export const JOB_ACTIONS = {
  job_action: {
    run: start,
    disabled: (c) => {
      const a = actionOf(c);
      if (!a) return undefined;
      const p = plan(c, a);
      return "why" in p ? p.why : undefined;
    },
  },
  // Only a y typed alone: a paste (bracketed, or "y\r" and "yes…" in one burst) never confirms.
  yes: { run: (c) => (c.ui.confirm?.mode === "yes" && arrivedAlone() ? go(c) : undefined) },
  no: { run: (c) => (c.ui.confirm?.mode === "yes" ? close(c, cancelled(c)) : undefined) },
} satisfies Partial<Record<KeyCommand, Handler>>;
