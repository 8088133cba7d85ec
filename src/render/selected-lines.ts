// The selected job's detail lines, as the pane shows them: head, body and the "More" section,
// each from its own options. The hook (use-detail-lines.ts) rebuilds them part by part; the first
// frame (first-frame.ts) builds them whole, from the same parts.
import { rawOf } from "../api/raw.js";
import type { Job } from "../api/schema.js";
import { unknownFields } from "../api/unknown-fields.js";
import type { Config } from "../config/types.js";
import type { KeyWords } from "../keys/keymap.js";
import { type Highlights, isHighlighted } from "../model/highlights.js";
import type { MonitorSnapshot } from "../poll/monitor.js";
import {
  type BodyOptions,
  type DetailOptions,
  detailBody,
  detailHead,
  detailMore,
  type Line,
} from "./detail-lines.js";
import type { UiState } from "./ui-state.js";

export interface DetailLinesOptions extends Omit<DetailOptions, "isNewEntry"> {
  highlights: Highlights;
  /** Monotonic ms now (model/monotonic.ts), for the new log entries' highlight: render/ reads no clock. */
  monoMs: number;
}

export function headLines(job: Job, o: DetailLinesOptions): Line[] {
  const { width, nowSec, labels, showSecrets, highlights, monoMs, alert } = o;
  return detailHead(job, {
    width,
    nowSec,
    labels,
    showSecrets,
    alert,
    isNewEntry: (id) => isHighlighted(highlights, `entry:${job.id}:${id}`, monoMs),
  });
}

export function bodyLines(job: Job, o: BodyOptions): Line[] {
  const { width, protocolLabels, portNames, showSecrets, expanded, links, keyHints } = o;
  return detailBody(job, { width, protocolLabels, portNames, showSecrets, expanded, links, keyHints });
}

export function moreLines(job: Job, o: Pick<DetailOptions, "width" | "showSecrets" | "keyHints">): Line[] {
  return detailMore(job, unknownFields(rawOf(job)), {
    width: o.width,
    showSecrets: o.showSecrets,
    keyHints: o.keyHints,
  });
}

export function selectedLines(job: Job | undefined, o: DetailLinesOptions): Line[] {
  return job ? headLines(job, o).concat(bodyLines(job, o), moreLines(job, o)) : [];
}

/** The options the monitor builds the pane with, from its state. */
export function paneLineOptions(
  s: { width: number; nowSec: number; links: boolean; keys?: KeyWords; alert?: string },
  config: Pick<Config, "statusLabels" | "protocolLabels" | "portNames">,
  ui: Pick<UiState, "showSecrets" | "expanded">,
  snap: Pick<MonitorSnapshot, "highlights">,
): Omit<DetailLinesOptions, "monoMs"> {
  return {
    width: s.width,
    nowSec: s.nowSec,
    labels: config.statusLabels,
    protocolLabels: config.protocolLabels,
    portNames: config.portNames,
    showSecrets: ui.showSecrets,
    highlights: snap.highlights,
    expanded: ui.expanded,
    links: s.links,
    keyHints: s.keys,
    alert: s.alert,
  };
}
