// The renderer over generated and mutated Job payloads: no exception, no control byte or escape
// sequence from the data in any frame, no bidi control, and no line wider than the pane.
import fc from "fast-check";
import { renderToString } from "ink";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import { DEMO_STATUS_LABELS } from "../../src/demo/data.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { displayWidth } from "../../src/model/format.js";
import { chooseColumns } from "../../src/render/columns.js";
import { detailLines } from "../../src/render/detail-lines.js";
import { JobDetail } from "../../src/ui/JobDetail.js";
import { JobList } from "../../src/ui/JobList.js";
import { FORBIDDEN } from "../helpers/forbidden.js";
import { jobArb, nastyString } from "./arbitraries.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
/** Our own styling is SGR only (colour, bold, inverse, dim); anything else came from data. */
const SGR = /\x1b\[[0-9;]*m/g;

let demo: DemoServer;
let realJobs: Job[] = [];
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
  const res = await fetch(`${demo.url}/v1/job/jobs?per_page=100`, {
    headers: { authorization: `Bearer ${demo.token}` },
  });
  realJobs = ((await res.json()) as { job: Job[] }).job;
});
afterAll(async () => {
  await demo.close();
});

let frames = 0;
function renderScreen(job: Job, width: number, showSecrets: boolean, scroll: number): void {
  const listWidth = Math.max(20, Math.floor(width * 0.55));
  const detailWidth = Math.max(10, width - listWidth - 2);
  const cols = chooseColumns(listWidth, DEMO_STATUS_LABELS);
  const lines = detailLines(job, {
    width: detailWidth,
    nowSec: 1_800_000_000,
    labels: DEMO_STATUS_LABELS,
    showSecrets,
    isNewEntry: (id) => Number(id.slice(-1)) % 2 === 0,
  });
  const list = renderToString(
    <JobList
      items={[{ ok: true, job }]}
      cursor={0}
      width={listWidth}
      height={4}
      columns={cols}
      labels={DEMO_STATUS_LABELS}
      changed={() => true}
      nowSec={1_800_000_000}
      focused
      emptyText="none"
    />,
    { columns: listWidth },
  );
  const detail = renderToString(
    <JobDetail lines={lines} scroll={scroll} width={detailWidth} height={24} focused={false} title="Job" />,
    { columns: detailWidth },
  );
  // Every line of the detail is checked as text; a 24-row window of it goes through Ink.
  // (Plain checks, one expect on failure: an expect per line was a tenth of the run time.)
  const bad = (what: string, text: string) => expect.fail(`${what}: ${JSON.stringify(text)}`);
  for (const l of lines) {
    if (FORBIDDEN.test(l.text)) bad("forbidden character in a detail line", l.text);
    if (displayWidth(l.text) > detailWidth) bad(`detail line wider than ${detailWidth}`, l.text);
  }
  for (const [frame, w] of [
    [list, listWidth],
    [detail, detailWidth],
  ] as const) {
    const plain = frame.replace(SGR, "");
    if (FORBIDDEN.test(plain)) bad("forbidden character in a frame", plain);
    for (const line of plain.split("\n")) if (displayWidth(line) > w) bad(`frame line wider than ${w}`, line);
  }
  frames++;
}

/** A real demo job with one string field replaced by a nasty one. */
const mutatedReal = fc.tuple(fc.nat(), fc.nat(), nastyString).map(([i, f, v]) => {
  const job = structuredClone(realJobs[i % realJobs.length] as Job);
  const setters: ((j: Job) => void)[] = [
    (j) => {
      j.app.remark = v;
    },
    (j) => {
      j.displayID = v;
    },
    (j) => {
      j.app.cmd = v;
    },
    (j) => {
      j.app.envs = `${j.app.envs};${v}=${v}`;
    },
    (j) => {
      j.app.urls.port_22 = { urls: [v] };
    },
    (j) => {
      j.desc = v;
    },
    (j) => {
      j.res.gpuName = v;
    },
    (j) => {
      j.ctx.nodeDisplayID = v;
    },
  ];
  setters[f % setters.length]?.(job);
  return job;
});

describe("renderer fuzz", () => {
  it(`renders ${RUNS} generated and mutated jobs safely`, async () => {
    const widths = fc.integer({ min: 40, max: 220 });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(jobArb, mutatedReal),
        widths,
        fc.boolean(),
        fc.nat(60),
        async (job, width, secrets, scroll) => {
          // Only what the client would accept reaches the screen.
          const parsed = JobSchema.safeParse(JSON.parse(JSON.stringify(job)));
          if (!parsed.success) return;
          renderScreen(parsed.data, width, secrets, scroll);
          // React drops a finished root from its schedule in a microtask; in one long synchronous
          // loop every renderToString root stays listed and each render walks them all
          // (quadratic: 10 000 payloads took over 300 s). Let the microtasks run.
          await new Promise(setImmediate);
        },
      ),
      { numRuns: RUNS },
    );
    console.log(`renderer fuzz: ${frames} payloads rendered, 0 exceptions, 0 escape sequences from data`);
    expect(frames).toBeGreaterThan(RUNS * 0.9);
  }, 900_000);
});
