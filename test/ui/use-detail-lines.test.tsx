// The detail pane's memo: the body is rebuilt only when the job's content changed, not for each
// equal copy a poll brings.
import { Text } from "ink";
import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import type { DetailOptions, Line } from "../../src/render/detail-lines.js";
import { useDetailLines } from "../../src/ui/use-detail-lines.js";
import { specJob } from "../helpers/payloads.js";

const opts: DetailOptions = {
  width: 60,
  nowSec: 1_800_000_000,
  labels: {},
  showSecrets: false,
  isNewEntry: () => false,
};
const texts = (lines: Line[]) => lines.map((l) => l.text);

describe("useDetailLines", () => {
  it("rebuilds the body only when the job's content changed, not for each new equal copy", () => {
    const seen: Line[][] = [];
    function Probe({ job, nowSec }: { job: Job; nowSec: number }) {
      const lines = useDetailLines(job, { ...opts, nowSec, highlights: new Map() });
      seen.push(lines);
      return <Text>{lines.length}</Text>;
    }
    const raw = specJob(101, { desc: "a long description\n".repeat(1000) });
    const r = render(<Probe job={JobSchema.parse(structuredClone(raw))} nowSec={1_800_000_000} />);
    // A poll: a new object with the same content, and a later clock.
    r.rerender(<Probe job={JobSchema.parse(structuredClone(raw))} nowSec={1_800_000_002} />);
    const changed = structuredClone(raw);
    changed.desc = "another description";
    r.rerender(<Probe job={JobSchema.parse(changed)} nowSec={1_800_000_004} />);
    r.unmount();
    const first = seen[0] ?? [];
    const second = seen.at(-2) ?? [];
    const third = seen.at(-1) ?? [];
    const bodyStart = (ls: Line[]) => ls.findIndex((l) => l.text === "Ports and URLs");
    // The body ends where the "More" section (rebuilt with each poll, like the head) begins.
    const body = (ls: Line[]) => ls.slice(bodyStart(ls), ls.findIndex((l) => l.text === "More") - 1);
    // The same Line objects: the body was not rebuilt for the equal copy …
    expect(body(second).every((l, i) => l === body(first)[i])).toBe(true);
    // … while the head was (its ages follow the clock).
    expect(second[0]).not.toBe(first[0]);
    // A changed description is a new body.
    expect(texts(body(third))).toContain("  another description");
    expect(body(third)[0]).not.toBe(body(first)[0]);
  });
});
