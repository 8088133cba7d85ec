// The detail pane's lines for the selected job, rebuilt only as far as something changed.
// Every poll brings a new job object, equal to the last one most of the time. The head (ages,
// durations, highlights) changes with the clock and is small whatever the job, so it is rebuilt
// with each poll. The body is where service-sized fields land; it is rebuilt only when its
// content changed: compared field by field (sameBody), which is exact, and costs a length check
// and a memory compare per long string where building would wrap and sanitise them.
import { useMemo, useRef } from "react";
import type { Job } from "../api/schema.js";
import { monotonicMs } from "../model/monotonic.js";
import { type Line, sameBody } from "../render/detail-lines.js";
import { bodyLines, type DetailLinesOptions, headLines, moreLines } from "../render/selected-lines.js";

export function useDetailLines(job: Job | undefined, o: Omit<DetailLinesOptions, "monoMs">): Line[] {
  const {
    width,
    nowSec,
    labels,
    protocolLabels,
    portNames,
    showSecrets,
    highlights,
    expanded,
    links,
    keyHints,
    alert,
  } = o;
  // The first job object with this body content: its identity changes only when the content does.
  const bodyJob = useRef<Job | undefined>(undefined);
  if (job !== bodyJob.current && (!job || !bodyJob.current || !sameBody(bodyJob.current, job)))
    bodyJob.current = job;
  const stable = bodyJob.current;
  const body = useMemo(
    () =>
      stable
        ? bodyLines(stable, { width, protocolLabels, portNames, showSecrets, expanded, links, keyHints })
        : [],
    [stable, width, protocolLabels, portNames, showSecrets, expanded, links, keyHints],
  );
  // Small whatever the job (every value capped): rebuilt with each poll, like the head.
  const more = useMemo(
    () => (job ? moreLines(job, { width, showSecrets, keyHints }) : []),
    [job, width, showSecrets, keyHints],
  );
  const head = useMemo(
    // The highlights' clock is read here (render/ reads none); the monitor drops an expired
    // highlight from the map, so a new map (a dependency) comes when one fades.
    () =>
      job
        ? headLines(job, { width, nowSec, labels, showSecrets, highlights, alert, monoMs: monotonicMs() })
        : [],
    [job, width, nowSec, labels, showSecrets, highlights, alert],
  );
  return useMemo(() => head.concat(body, more), [head, body, more]);
}
