// The terminal title jobtop sets while it runs: where it is looking and what needs a look, short
// enough for a tab ("jobtop · gpu-prod · 2 running · ✱3"). Every part is sanitised: a title is
// an escape sequence of its own, and the service's text must not end it early.
import { truncate } from "./format.js";
import { sanitize } from "./sanitize.js";

export const TITLE_MAX = 80;

export interface TitleFacts {
  /** The profile's name, or the service's host. */
  where: string;
  /** Jobs in the state labelled "running": the account's from the index (as the header counts), else the page's; undefined when no state has that label. */
  running: number | undefined;
  /** Status changes not yet seen in the events pane. */
  unseen: number;
  paused: boolean;
  offline: boolean;
}

export function titleText(f: TitleFacts): string {
  const parts = ["jobtop", sanitize(f.where)];
  if (f.running !== undefined) parts.push(`${f.running} running`);
  if (f.unseen > 0) parts.push(`✱${f.unseen}`);
  if (f.paused) parts.push("paused");
  if (f.offline) parts.push("offline");
  // At most TITLE_MAX cells, cut between grapheme clusters (a 👩‍💻 in a profile's name stays whole).
  return truncate(parts.join(" · "), TITLE_MAX);
}

/**
 * The status code labelled "running" (any case), if one is: the spec does not say what the codes
 * mean, so without labels the title counts nothing rather than guess.
 */
export function runningCode(labels: Record<number, string>): number | undefined {
  for (const [code, label] of Object.entries(labels))
    if (/^running$/i.test(label.trim())) return Number(code);
  return undefined;
}
