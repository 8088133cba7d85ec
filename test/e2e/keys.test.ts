// Every key of the keymap, pressed in a real pseudo-terminal against the demo service over HTTP,
// and checked by what the screen (or the byte stream, for the clipboard) shows.
import { describe, expect, it } from "vitest";
import { type Job, JobSchema } from "../../src/api/schema.js";
import { KEYS, type Session } from "./pty.js";
import { demoSessions } from "./sessions.js";

const PER_PAGE = 20;

const { demo, start } = await demoSessions();

function open(opts: { cols?: number; rows?: number; env?: Record<string, string> } = {}) {
  return start(
    [
      "--base-url",
      demo.url,
      "--interval",
      "300ms",
      "--list-interval",
      "600ms",
      "--per-page",
      String(PER_PAGE),
    ],
    { ...opts, env: { JOBTOP_TOKEN: demo.token, ...opts.env } },
  );
}

async function page(n: number, order = "desc"): Promise<{ jobs: Job[]; numPages: number }> {
  const res = await fetch(`${demo.url}/v1/job/jobs?page=${n}&per_page=${PER_PAGE}&order=${order}`, {
    headers: { authorization: `Bearer ${demo.token}` },
  });
  const body = (await res.json()) as { job: unknown[]; pagination: { numPages: number } };
  return { jobs: body.job.map((j) => JobSchema.parse(j)), numPages: body.pagination.numPages };
}

const selectedId = (screen: string) => /Job (\d+)/.exec(screen)?.[1];
const urlsOf = (j: Job) => Object.values(j.app.urls).flatMap((u) => u.urls);

/** The OSC 52 payloads (decoded) in the raw output, plain or wrapped for tmux. */
function osc52Payloads(raw: string, tmux = false): string[] {
  const re = tmux
    ? /\x1bPtmux;\x1b\x1b\]52;c;([A-Za-z0-9+/=]*)\x07\x1b\\/g
    : /(?<!\x1b)\x1b\]52;c;([A-Za-z0-9+/=]*)\x07/g;
  return [...raw.matchAll(re)].map((m) => Buffer.from(m[1] ?? "", "base64").toString("utf8"));
}

/** Moves the selection down to the row of `id` (rows are in page order). */
async function selectRow(t: Session, jobs: Job[], id: string) {
  const index = jobs.findIndex((j) => j.id === id);
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < index; i++) t.press(KEYS.down);
  await t.waitFor((sc) => selectedId(sc) === id);
}

describe("keys in a real terminal", () => {
  it("pages with End, ←, PgUp, PgDn and Home", async () => {
    const { numPages } = await page(1);
    expect(numPages).toBeGreaterThan(2);
    const t = open();
    await t.waitFor(/Job \d+/, 5000);
    t.press(KEYS.end);
    await t.waitFor(`page ${numPages}/${numPages}`);
    const last = await page(numPages);
    await t.waitFor((sc) => selectedId(sc) === last.jobs[0]?.id);
    t.press(KEYS.left);
    await t.waitFor(`page ${numPages - 1}/${numPages}`);
    t.press(KEYS.pgup);
    await t.waitFor(`page ${numPages - 2}/${numPages}`);
    t.press(KEYS.pgdn);
    await t.waitFor(`page ${numPages - 1}/${numPages}`);
    t.press(KEYS.home);
    await t.waitFor(`page 1/${numPages}`);
    // Past the ends nothing happens.
    t.press(KEYS.left);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.text()).toContain(`page 1/${numPages}`);
  });

  it("moves the selection and the detail pane follows", async () => {
    const { jobs } = await page(1);
    const [a, b] = jobs as [Job, Job];
    const t = open();
    await t.waitFor((sc) => selectedId(sc) === a.id, 5000);
    t.press(KEYS.down);
    let sc = await t.waitFor((x) => selectedId(x) === b.id);
    // The detail pane shows the second job's own fields.
    expect(sc).toContain(`${b.displayID} · status`);
    t.press("k");
    sc = await t.waitFor((x) => selectedId(x) === a.id);
    expect(sc).toContain(`${a.displayID} · status`);
  });

  it("highlights a status change and lets the highlight fade", async () => {
    const { jobs } = await page(1);
    const target = jobs.find((j) => j.status !== 3 && j.id !== jobs[0]?.id);
    expect(target).toBeDefined();
    const job = target as Job;
    const t = open();
    await t.waitFor(/Job \d+/, 5000);
    demo.advance(Number(job.id));
    const rowOf = (sc: string) => sc.split("\n").find((l) => l.includes(job.displayID)) ?? "";
    await t.waitFor((sc) => /^[ ›]✱/.test(rowOf(sc)), 3000);
    // About ten seconds later the mark is gone; the header keeps counting the change.
    const after = await t.waitFor((sc) => rowOf(sc) !== "" && !/✱/.test(rowOf(sc)), 14_000);
    expect(after).toMatch(/✱ 1 change/);
  }, 25_000);

  it("marks a pinned job that changes with both ✱ and ★, and its current state with both ▶ and ✱", async () => {
    const { jobs } = await page(1);
    // The demo's jobs go 6 → 1 → 2 → 3: one that can change twice more.
    const job = jobs.find((j) => j.status === 6 || j.status === 1) as Job;
    expect(job).toBeDefined();
    const t = open();
    await t.waitFor(/Job \d+/, 5000);
    await selectRow(t, jobs, job.id);
    t.press("w");
    const rowOf = (sc: string) => sc.split("\n").find((l) => l.includes(job.displayID)) ?? "";
    const detailOf = (sc: string) =>
      sc
        .split("\n")
        .map((l) => l.split("│").at(-1) ?? "")
        .join("\n");
    await t.waitFor((sc) => /^› ★/.test(rowOf(sc)));
    demo.advance(Number(job.id));
    // ✱ took the place of ★ in the row, and of ▶ in the timeline, for ten seconds after each
    // change: a job that changes every few seconds never showed either. (The row changes with the
    // page's answer, the timeline with the job's: either may come first.)
    const marked = (x: string) => /^›✱★/.test(rowOf(x)) && /^ *▶✱ /m.test(detailOf(x));
    await t.waitFor(marked, 5000);
    // Again: both marks stay, now on the newer state.
    const next = demo.advance(Number(job.id))?.status;
    await t.waitFor((x) => marked(x) && new RegExp(`status . ${next}\\b`).test(detailOf(x)), 5000);
  }, 25_000);

  it("copies one URL of several with the picker, then all with a; Esc cancels", async () => {
    const { jobs } = await page(1);
    const job = jobs.find((j) => urlsOf(j).length >= 2);
    expect(job).toBeDefined();
    const urls = urlsOf(job as Job);
    const t = open();
    await t.waitFor(/Job \d+/, 5000);
    await selectRow(t, jobs, (job as Job).id);

    t.press("c");
    await t.waitFor("Copy which?");
    t.press("2");
    await t.waitFor(/URL \[2\].*sent to the terminal clipboard/);
    expect(osc52Payloads(t.raw())).toEqual([urls[1]]);

    t.press("c");
    await t.waitFor("Copy which?");
    t.press(KEYS.esc);
    await t.waitFor((sc) => !sc.includes("Copy which?"));
    expect(osc52Payloads(t.raw())).toHaveLength(1);

    t.press("c");
    await t.waitFor("Copy which?");
    t.press("a");
    await t.waitFor(`${urls.length} URLs: sent to the terminal clipboard`);
    expect(osc52Payloads(t.raw())).toEqual([urls[1], urls.join("\n")]);
    // The real URL, token and all, went to the clipboard; the screen never showed the token.
    expect(t.text()).not.toMatch(/token=(?!•)/);
  });

  it("sends the OSC 52 sequence wrapped for tmux passthrough and plain when TMUX is set", async () => {
    const { jobs } = await page(1);
    const job = jobs.find((j) => urlsOf(j).length === 1);
    expect(job).toBeDefined();
    const t = open({ env: { TMUX: "/tmp/tmux-1000/default,4242,0" } });
    await t.waitFor(/Job \d+/, 5000);
    await selectRow(t, jobs, (job as Job).id);
    t.press("c");
    await t.waitFor("Copy which?"); // its URL, the ssh command, the password
    t.press("1");
    await t.waitFor("sent to the terminal clipboard");
    expect(osc52Payloads(t.raw(), true)).toEqual(urlsOf(job as Job));
    // The plain form as well: tmux's `set-clipboard on` takes that one (see tmux-clipboard.test.ts).
    expect(osc52Payloads(t.raw())).toEqual(urlsOf(job as Job));
  });

  it("s reveals the selected job's secrets and hides them again", async () => {
    const { jobs } = await page(1);
    const job = jobs.find((j) => j.app.SSHAuths.length > 0);
    expect(job).toBeDefined();
    const password = (job as Job).app.SSHAuths[0]?.BaseOn.Cred.password ?? "";
    expect(password.length).toBeGreaterThan(5);
    const t = open({ cols: 160, rows: 45 });
    await t.waitFor(/Job \d+/, 5000);
    await selectRow(t, jobs, (job as Job).id);
    await t.waitFor("State timeline");
    expect(t.text()).not.toContain(password);
    expect(t.text()).toContain("••••••");
    t.press("s");
    const shown = await t.waitFor("secrets shown");
    expect(shown).toContain(password);
    t.press("s");
    const hidden = await t.waitFor((sc) => !sc.includes("secrets shown"));
    expect(hidden).not.toContain(password);
  });

  it("/ filters the page and Esc clears it", async () => {
    const { jobs } = await page(1);
    const job = jobs[5] as Job;
    const others = jobs.filter((j) => j.id !== job.id && !j.displayID.includes(job.displayID));
    const t = open();
    await t.waitFor(/Job \d+/, 5000);
    t.press("/");
    await t.waitFor("filter: ");
    t.press(job.displayID);
    t.press(KEYS.enter);
    const sc = await t.waitFor((x) => selectedId(x) === job.id);
    for (const o of others.slice(0, 5)) expect(sc).not.toContain(o.displayID);
    t.press(KEYS.esc);
    await t.waitFor((x) => others.slice(0, 5).every((o) => x.includes(o.displayID)));
  });

  it(": jumps to a job by id, even one on another page", async () => {
    const { jobs } = await page(3);
    const job = jobs[2] as Job;
    const t = open();
    await t.waitFor(/Job \d+/, 5000);
    t.press(":");
    await t.waitFor("jump to job id or displayID: ");
    // Digits and Enter in one write, as a paste or a fast typist over SSH delivers them.
    t.press(`${job.id}${KEYS.enter}`);
    await t.waitFor((x) => selectedId(x) === job.id);
    await t.waitFor(`${job.displayID} · status`); // its details, once fetched
  });

  it("? shows every key and closes again", async () => {
    const t = open();
    await t.waitFor(/Job \d+/, 5000);
    t.press("?");
    const help = await t.waitFor(" Keys");
    for (const words of [
      "next page",
      "previous page",
      "first page",
      "last page",
      "toggle order",
      "refresh now",
      "copy the job's URL",
      "show / hide secrets",
      "filter the list",
      "jump to a job by id",
      "focus list",
      "quit",
    ])
      expect(help).toContain(words);
    t.press(KEYS.esc);
    await t.waitFor("State timeline");
  });

  it("reflows at 80×24 and 200×50 with no line wider than the terminal", async () => {
    const t = open({ cols: 120, rows: 30 });
    await t.waitFor("State timeline", 5000);
    for (const [cols, rows] of [
      [80, 24],
      [200, 50],
      [50, 12],
      [120, 30],
    ] as const) {
      t.resize(cols, rows);
      const sc = await t.waitFor(
        (x) => x.split("\n")[rows - 2]?.includes("? help") === true && x.startsWith("jobtop page"),
      );
      const lines = sc.split("\n");
      expect(lines[0]).toMatch(/^jobtop page 1\//);
      expect(lines[rows - 1]).toBe(""); // the frame is rows - 1 tall
      expect(t.wrapped()).toBe(0);
      // Wide: list and detail side by side; narrow: one above the other.
      if (cols >= 100) expect(lines[2]).toContain("│");
      else if (rows >= 24) expect(lines[2]).not.toContain("│");
    }
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
  });

  it("Ctrl+C quits with the terminal restored", async () => {
    const t = open();
    await t.waitFor(/Job \d+/, 5000);
    t.press(KEYS.ctrlC);
    expect((await t.exited()).exitCode).toBe(0);
    const raw = t.raw();
    expect(raw.lastIndexOf("\x1b[?1049l")).toBeGreaterThan(raw.lastIndexOf("\x1b[?1049h"));
    expect(raw.lastIndexOf("\x1b[?25h")).toBeGreaterThan(raw.lastIndexOf("\x1b[?25l"));
  });

  it("renders live even when CI is set in the environment", async () => {
    const t = open({ env: { CI: "true", CONTINUOUS_INTEGRATION: "1" } });
    await t.waitFor("State timeline", 5000);
    t.press(KEYS.right);
    await t.waitFor(/page 2\//);
  });
});
