// The pollers of one service (the page, the selected job, the pins; watch's jobs) share one fact:
// the service answers again. A request sent while it was silent may hang on a dead connection
// until its timeout (10 s by default), long after the service is back: when one poller gets an
// answer after silence, every other poller's request sent before that one is abandoned and asked
// again (poller.ts, wake). And its one backoff (src/api/service-gate.ts): while the service holds
// every request (a 429 or 503 to any of them), each poller of the group waits it out before it sends.
// Each poller keeps its own interval.
import type { ServiceGate } from "../api/service-gate.js";

export interface GroupMember {
  /** Another poller got an answer to a request sent at `sentAt` (monotonic ms), after silence. */
  wake(sentAt: number): void;
}

export class PollGroup {
  private readonly members = new Set<GroupMember>();

  /** `gate`: the service's hold, which every poller of the group obeys (the client's, JobClient.gate). */
  constructor(readonly gate?: ServiceGate) {}

  join(m: GroupMember): void {
    this.members.add(m);
  }

  leave(m: GroupMember): void {
    this.members.delete(m);
  }

  answered(from: GroupMember, sentAt: number): void {
    // A copy: a woken poller's listeners may start or stop pollers (the pins) on the way.
    for (const m of Array.from(this.members)) if (m !== from) m.wake(sentAt);
  }
}
