// A pin of a job the service says is not there (`--pin 999`, a job since deleted) was said only in
// the events pane, when open: the list and the status line showed nothing, which reads as "no
// news". The list now has its row ("★ 999 not found", render/index-rows.ts pinsOnTop); this says
// it once on the status line, when a pin is first seen missing, and again only after it was found.
import type { PinState } from "./pins.js";

export class MissingPins {
  private readonly said = new Set<string>();

  /** The status line's words for pins newly missing in `pins`, or undefined when none is news. */
  news(pins: readonly PinState[]): string | undefined {
    const notFound: string[] = [];
    const unavailable: string[] = [];
    for (const p of pins) {
      if (p.job !== undefined || p.missing === undefined) {
        if (p.job !== undefined) this.said.delete(p.id);
        continue;
      }
      if (this.said.has(p.id)) continue;
      this.said.add(p.id);
      (p.missing.notFound ? notFound : unavailable).push(p.id);
    }
    const parts: string[] = [];
    if (notFound.length > 0) parts.push(`★ ${notFound.join(", ")} not found`);
    if (unavailable.length > 0) parts.push(`★ ${unavailable.join(", ")} not available`);
    if (parts.length === 0) return undefined;
    const one = notFound.length + unavailable.length === 1;
    return `${parts.join(" · ")}: pinned, the service has no such job now (${one ? "its row" : "their rows"} on top; w unpins)`;
  }
}
