// The index's events and "while away", in a real terminal against the demo service (120 jobs, 6
// pages of 20) over HTTP (issue 24): a job on page 4, which neither the page nor a pin watches,
// goes 6 → 1 → 2 between two sweeps and the events pane shows both changes, each at its
// state.log entry's time; a restart after changes lists them "while away" and the header says
// how many changed while away, since when; the state file is mode 600 and holds ids and numbers only.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { KEYS } from "./pty.js";
import { demoSessions } from "./sessions.js";

let stateHome: string;
// Registered first, so it runs after the sessions are killed (after-hooks run last first).
afterEach(() => {
  rmSync(stateHome, { recursive: true, force: true });
});
const { demo, start } = await demoSessions();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function open(extra: string[] = []) {
  return start(["--base-url", demo.url, "--index", "on", "--index-interval", "1s", ...extra], {
    cols: 140,
    rows: 34,
    env: { JOBTOP_TOKEN: demo.token, XDG_STATE_HOME: stateHome, TZ: "UTC" },
  });
}

/** The state file of a run without a profile: named after the service's host. */
const stateFile = () =>
  join(
    stateHome,
    "jobtop",
    `host%40${new URL(demo.url).host.replace(/[^A-Za-z0-9_-]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}.json`,
  );

/** A job of page 4 (ids 60–41, newest first) that can still take two steps: status 6 or 1. */
function twoStepsLeft(but: number[] = []): number {
  for (let id = 60; id >= 41; id--) {
    const j = demo.getJob(id);
    if (j && !but.includes(id) && (j.status === 6 || j.status === 1)) return id;
  }
  throw new Error("no job of page 4 can take two steps");
}

const hms = (sec: number) => new Date(sec * 1000).toISOString().slice(11, 19);
/** A sweep has ended: the header counts the account's jobs per status. */
const indexed = (screen: string) => / · \d+ [◌◔●■] \d/.test(screen.split("\n")[0] ?? "");

async function waitForFile(path: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!existsSync(path)) {
    if (Date.now() > end) throw new Error(`no ${path}`);
    await sleep(100);
  }
}

/**
 * Waits until the file has not been written for `quietMs` (its bytes and mtime the same): the first
 * sweeps of a run may still add what they learn (a job's log id the page's answer brought after the
 * first sweep ended, under load), and only then does "nothing changed" hold.
 */
async function waitForQuietFile(path: string, quietMs = 2500, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  const look = () => (existsSync(path) ? `${statSync(path).mtimeMs} ${readFileSync(path, "utf8")}` : "");
  let last = look();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > end) throw new Error(`${path} kept changing for ${timeoutMs} ms`);
    await sleep(100);
    const now = look();
    if (now !== last) [last, since] = [now, Date.now()];
  }
}

describe("the index's events", () => {
  beforeAll(() => undefined);

  it("shows a job on page 4 going 6 → 1 → 2 within one sweep as two events, each at its log entry's time", async () => {
    stateHome = mkdtempSync(join(tmpdir(), "jobtop-state-"));
    const t = open(["--no-state"]);
    await t.waitFor(/Job \d+/, 15_000);
    // A sweep has ended (the header counts the account): the index has seen the job as it is.
    await t.waitFor(indexed, 15_000);
    const id = twoStepsLeft();
    const name = demo.getJob(id)?.displayID as string;
    // Paused, no sweep runs: both steps, seconds apart, come to the next sweep together.
    t.press("p");
    await t.waitFor(/paused/, 5000);
    const first = demo.advance(id);
    await sleep(2100);
    const second = demo.advance(id);
    await sleep(1100);
    t.press("p");
    t.press("e");
    const sc = await t.waitFor((x) => x.split("\n").filter((l) => l.includes(name)).length >= 2, 15_000);
    const rows = sc.split("\n").filter((l) => l.includes(name));
    const from = first && second ? [first, second] : [];
    expect(from).toHaveLength(2);
    // Newest first: 1 → 2 at the second entry's time, 6 → 1 (or 1 → 2 → 3) at the first's.
    expect(rows[0]).toContain(hms(second?.ts.seconds as number));
    expect(rows[1]).toContain(hms(first?.ts.seconds as number));
    expect(rows[0]).toMatch(new RegExp(`${first?.status} → \\S+ ${second?.status}\\b`));
    expect(rows[1]).toMatch(new RegExp(`→ \\S+ ${first?.status}\\b`));
    expect(hms(first?.ts.seconds as number)).not.toBe(hms(second?.ts.seconds as number));
  }, 60_000);
});

/** OSC 9 notifications written, their text. */
const osc9 = (raw: string) => Array.from(raw.matchAll(/\x1b\]9;([^\x07\x1b]*)\x07/g), (m) => m[1]);

describe("notify_scope", () => {
  it("all: a change of a job on page 4 notifies; page (the default): it is listed, not notified", async () => {
    stateHome = mkdtempSync(join(tmpdir(), "jobtop-state-"));
    for (const scope of ["all", "page"]) {
      const t = open(["--no-state", "--notify", "osc9", "--notify-scope", scope]);
      await t.waitFor(/Job \d+/, 15_000);
      await t.waitFor(indexed, 15_000);
      const id = twoStepsLeft();
      const name = demo.getJob(id)?.displayID as string;
      demo.advance(id);
      t.press("e");
      await t.waitFor((x) => x.split("\n").some((l) => l.includes(name) && l.includes("→")), 15_000);
      const sent = () => osc9(t.raw()).filter((n) => n?.includes(name));
      if (scope === "all") await t.waitFor(() => sent().length > 0, 10_000);
      await sleep(1000); // the notifier gathers for 300 ms: no other comes
      expect(sent().length, scope).toBe(scope === "all" ? 1 : 0);
      t.kill("SIGKILL");
    }
  }, 90_000);
});

describe("while away", () => {
  it("lists after a restart the changes state.log recorded meanwhile, says how many in the header; the file is 600, ids only", async () => {
    stateHome = mkdtempSync(join(tmpdir(), "jobtop-state-"));
    const id = twoStepsLeft();
    const other = twoStepsLeft([id]);
    // A remark that looks like a secret: it must not reach the file.
    const job = demo.getJob(other);
    if (job) job.app.remark = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
    let t = open();
    await t.waitFor(/Job \d+/, 15_000);
    await waitForFile(stateFile());
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
    const first = demo.advance(id);
    demo.advance(id);
    demo.advance(other);
    await sleep(1100);

    t = open();
    // Saved a moment ago: today, by its time alone; no ✱, which counts the run's own changes.
    const sc = await t.waitFor(/ 2 changed while away \(since \d\d:\d\d\)/, 20_000);
    expect(sc).not.toMatch(/✱/); // old news, not unseen live changes
    t.press("e");
    const pane = await t.waitFor((x) => (x.match(/while away · /g) ?? []).length >= 3, 10_000);
    const name = demo.getJob(id)?.displayID as string;
    expect(pane.split("\n").filter((l) => l.includes(`while away · ${name}`))).toHaveLength(2);
    expect(pane).toContain(hms(first?.ts.seconds as number));
    // Seen: the header's line goes.
    await t.waitFor((x) => !/changed while away/.test(x), 5000);

    const st = statSync(stateFile());
    expect(st.mode & 0o777).toBe(0o600);
    expect(statSync(join(stateHome, "jobtop")).mode & 0o777).toBe(0o700);
    const text = readFileSync(stateFile(), "utf8");
    expect(text).toMatch(/^\{"v":1,"savedSec":\d+,"jobs":\[\n(\["\d+",-?\d+,("\d+"|null)\],?\n)+\]\}\n$/);
    expect(text).not.toMatch(/ghp_|http|token|remark|jb/i);
    expect(text).not.toContain(demo.token);
  }, 90_000);

  it("writes the file on the way out, SIGTERM and a terminal that hangs up alike", async () => {
    stateHome = mkdtempSync(join(tmpdir(), "jobtop-state-"));
    for (const end of ["SIGTERM", "hangup"] as const) {
      const t = open();
      await t.waitFor(/Job \d+/, 15_000);
      await waitForFile(stateFile());
      await waitForQuietFile(stateFile());
      unlinkSync(stateFile());
      await sleep(1500); // sweeps with nothing changed write nothing
      expect(existsSync(stateFile())).toBe(false);
      if (end === "SIGTERM") t.kill("SIGTERM");
      else t.destroy();
      await t.exited();
      expect(existsSync(stateFile()), end).toBe(true);
    }
  }, 90_000);

  it("ignores a damaged file with one line, and a first run shows nothing extra", async () => {
    stateHome = mkdtempSync(join(tmpdir(), "jobtop-state-"));
    mkdirSync(join(stateHome, "jobtop"), { mode: 0o700 });
    writeFileSync(stateFile(), "{not json", { mode: 0o600 });
    chmodSync(stateFile(), 0o600);
    const t = open();
    await t.waitFor(/state file .*ignored/, 15_000);
    await waitForFile(stateFile());
    await t.waitFor(() => readFileSync(stateFile(), "utf8").startsWith('{"v":1'), 10_000);
    expect(t.text()).not.toMatch(/changed while away/);
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
    void KEYS;
  }, 60_000);
});
