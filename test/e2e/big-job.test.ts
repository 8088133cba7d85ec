// A job the service made huge, in a real terminal: a 10 MB description, a long state.log, a
// long command and environment. The monitor stays up, the pane shows capped text with a note of
// what is left out, and keys are still handled (a 150 000-entry log used to end the process with
// "Maximum call stack size exceeded"; a 10 MB desc took over a second per key press).
// Each response stays under the client's 16 MB cap, so the job is made huge in two ways in turn.
import { describe, expect, it } from "vitest";
import type { DemoJob as Job, DemoLogEntry as LogEntry } from "../../src/demo/data.js";
import { CAPS, COLLAPSED, TIMELINE_MAX } from "../../src/render/detail-lines.js";
import { KEYS } from "./pty.js";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

function longLog(job: Job, n: number): LogEntry[] {
  const log: LogEntry[] = [];
  const start = job.createTime.seconds;
  for (let i = 0; i < n; i++)
    log.push({
      id: 10_000_000 + i,
      status: [6, 1, 2, 3][i % 4] as number,
      ts: { seconds: start + i },
      sourceId: job.id,
    });
  return log;
}

const selectedId = (screen: string) => Number(/Job (\d+)/.exec(screen)?.[1]);
const count = (n: number) => n.toLocaleString("en").replace(/,/g, " ");

/** The monitor on the first page (newest first: job 120, then 119), tall enough for the whole pane. */
function open() {
  return start(["--base-url", demo.url, "--interval", "500ms", "--list-interval", "2s"], {
    cols: 140,
    rows: 220,
    env: { JOBTOP_TOKEN: demo.token },
  });
}

/** Runs `body` with job `id` changed by `change`, then puts the job back. */
async function withJob(id: number, change: (j: Job) => void, body: (j: Job) => Promise<void>) {
  const job = demo.getJob(id);
  if (!job) throw new Error(`no demo job ${id}`);
  const saved = structuredClone(job);
  change(job);
  try {
    await body(job);
  } finally {
    Object.assign(job, saved);
  }
}

// The job is huge before jobtop first sees it: its entries are not "new" (a change of 150 000
// entries between two polls is src/poll/monitor.ts's to survive, and tested there).
describe("a huge job", () => {
  it("shows a 10 MB desc capped, with the lines left out counted, and keeps handling keys", async () => {
    const descLines = 400_000;
    await withJob(
      120,
      (j) => {
        j.desc = `${"lorem ipsum dolor sit amet\n".repeat(descLines - 1)}the very end`; // 10.8 MB
        j.state = { status: j.status, log: longLog(j, 50_000) };
      },
      async () => {
        const t = open();
        let sc = await t.waitFor((x) => selectedId(x) === 120 && x.includes("Description"), 20_000);
        expect(sc).toContain("… 49 950 earlier");
        const rows = (x: string) =>
          x.split("\n").filter((l) => l.includes("lorem ipsum dolor sit amet")).length;
        // Collapsed to a few lines at first …
        expect(rows(sc)).toBe(COLLAPSED.rows);
        expect(sc).toContain(`… ${count(descLines - COLLAPSED.rows)} more lines · Enter expands`);
        // … and expanded with Enter on the detail, still capped.
        t.press(KEYS.tab);
        t.press(KEYS.enter);
        sc = await t.waitFor((x) => rows(x) === CAPS.desc.rows, 10_000);
        expect(sc).toContain(`… ${count(descLines - CAPS.desc.rows)} more lines`);
        expect(sc).not.toContain("the very end");
        // Keys are handled while it is selected, and coming back to it shows the same capped pane.
        t.press(KEYS.tab);
        t.press(KEYS.down);
        await t.waitFor((x) => selectedId(x) === 119, 10_000);
        t.press(KEYS.up);
        sc = await t.waitFor((x) => selectedId(x) === 120 && x.includes("more lines"), 10_000);
        expect(sc).toContain("… 49 950 earlier");
        t.press("q");
        expect((await t.exited()).exitCode).toBe(0);
      },
    );
  }, 90_000);

  it("shows the last entries of a 150 000-entry log, and a long command and environment, capped", async () => {
    await withJob(
      120,
      (j) => {
        j.state = { status: j.status, log: longLog(j, 150_000) };
        j.app.cmd = "python train.py ".repeat(100_000);
        j.app.envs = "A=1;B=2;".repeat(200_000);
      },
      async () => {
        const t = open();
        const sc = await t.waitFor((x) => selectedId(x) === 120 && x.includes("… 149 950 earlier"), 20_000);
        const timelineRows = sc.split("\n").filter((l) => /[◌◔●■] [0-9]\s+\d{4}-\d\d-\d\d /.test(l));
        expect(timelineRows).toHaveLength(TIMELINE_MAX);
        expect(sc).toContain("… 1 600 000 characters in all");
        expect(sc).toContain(`… ${count(400_000 - COLLAPSED.vars)} more variables · Enter expands`);
        t.press(`${KEYS.tab}${KEYS.enter}`);
        await t.waitFor(`… ${count(400_000 - CAPS.envs.vars)} more variables`, 10_000);
        t.press("o"); // a key that needs the service: handled, and the process is still there
        await t.waitFor(/page 1\/\d+ · asc/, 10_000);
        t.press("q");
        expect((await t.exited()).exitCode).toBe(0);
      },
    );
  }, 90_000);
});
