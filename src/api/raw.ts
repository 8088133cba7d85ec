// The job as the service sent it, every field included: the schema (schema.ts) drops the ones it
// does not know, but a user needs to see what the service added (the `y` view). Kept only for a
// job fetched on its own (the selected one), and only as long as its parsed copy is alive: the
// map is weak, so a page of 500 jobs never holds a second copy of itself. The raw object shares
// its strings with the parsed one, so what it costs is its objects, not its text.
import type { Job } from "./schema.js";

const raws = new WeakMap<Job, unknown>();

export function keepRaw(job: Job, raw: unknown): void {
  raws.set(job, raw);
}

/** The job as sent, if it was fetched on its own; else undefined. */
export function rawOf(job: Job): unknown {
  return raws.get(job);
}
