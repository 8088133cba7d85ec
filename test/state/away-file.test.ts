// The "while away" file: mode 600 in a 700 directory, ids and numbers only (a remark holding a
// token and the jobs' URLs never reach it), replaced whole by rename, and a damaged, foreign or
// linked file ignored with one line. Then a restart: the first sweep's changes since the save,
// from state.log, at the log's times.
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import {
  type AwayState,
  awayBaseline,
  awayLine,
  awayStateOf,
  SAVED_PINS_MAX,
  whileAway,
} from "../../src/model/while-away.js";
import { PINS_MAX } from "../../src/poll/pins.js";
import { Sweeper, type SweepSnapshot } from "../../src/poll/sweep.js";
import { awayPath, readAway, writeAway } from "../../src/state/away-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "jobtop-away-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const state = (jobs: [string, number, string | undefined][], savedSec = 1_700_000_000): AwayState => ({
  savedSec,
  jobs: new Map(jobs.map(([id, status, entryId]) => [id, { status, entryId }])),
});

describe("awayPath", () => {
  it("is per profile under $XDG_STATE_HOME/jobtop, else ~/.local/state/jobtop; odd names stay one file", () => {
    expect(awayPath("prod", { XDG_STATE_HOME: "/x/state" })).toBe("/x/state/jobtop/prod.json");
    expect(awayPath(undefined, { XDG_STATE_HOME: "/x/state" })).toBe("/x/state/jobtop/default.json");
    expect(awayPath("prod", { XDG_STATE_HOME: "relative" })).toMatch(/\/\.local\/state\/jobtop\/prod\.json$/);
    expect(awayPath("../../etc/passwd", { XDG_STATE_HOME: "/x" })).toBe(
      "/x/jobtop/%2e%2e%2f%2e%2e%2fetc%2fpasswd.json",
    );
  });
});

describe("writeAway / readAway", () => {
  it("writes mode 600 in a new directory of mode 700, and reads it back", () => {
    const path = join(dir, "state", "jobtop", "p.json");
    const s = state([
      ["12", 2, "1005"],
      ["9007199254740993", 6, undefined],
    ]);
    expect(writeAway(path, s)).toBeUndefined();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "state", "jobtop")).mode & 0o777).toBe(0o700);
    expect(readAway(path)).toEqual({ state: s, warning: undefined });
    expect(readdirSync(join(dir, "state", "jobtop"))).toEqual(["p.json"]);
  });

  it("a job whose id is too long to read back is left out of the file, not the file's end", () => {
    // The service's ids are any run of digits; the file reads back up to 40. One job with a
    // longer id made every later start say "damaged" and list nothing while away, for good.
    const path = join(dir, "long", "p.json");
    const long = "1".repeat(60);
    expect(
      writeAway(
        path,
        state([
          ["12", 2, "1005"],
          [long, 6, undefined],
          ["13", 3, long],
        ]),
      ),
    ).toBeUndefined();
    expect(readAway(path)).toEqual({ state: state([["12", 2, "1005"]]), warning: undefined });
  });

  it("keeps the pins (ids only, each once, SAVED_PINS_MAX at most), and a file without them reads as before", () => {
    const path = join(dir, "pins", "p.json");
    const many = Array.from({ length: 30 }, (_, i) => String(100 + i));
    expect(
      writeAway(path, { ...state([["12", 2, "1005"]]), pins: ["7", "7", "-3", ...many] }),
    ).toBeUndefined();
    const text = readFileSync(path, "utf8");
    expect(text).toMatch(/^\{"v":1,"savedSec":\d+,"pins":\["7","-3","100",/);
    const back = readAway(path).state;
    expect(back?.pins).toHaveLength(SAVED_PINS_MAX);
    expect(back?.pins?.slice(0, 3)).toEqual(["7", "-3", "100"]);
    expect(SAVED_PINS_MAX).toBe(PINS_MAX);
    // Written without pins: no key at all, as a file of before pins were kept.
    writeAway(path, state([["12", 2, "1005"]]));
    expect(readFileSync(path, "utf8")).not.toContain("pins");
    // A pin that is not an id is a damaged file, as a job that is not one.
    for (const pins of ['"7"', '["x"]', "[7]", '["1;rm -rf"]']) {
      writeFileSync(path, `{"v":1,"savedSec":1,"pins":${pins},"jobs":[]}`, { mode: 0o600 });
      expect(readAway(path).warning).toMatch(/damaged \((the pins are not a list|a pin is not a job id)\)/);
    }
  });

  it("says nothing on a first run (no file)", () => {
    expect(readAway(join(dir, "none.json"))).toEqual({ state: undefined, warning: undefined });
  });

  it("ignores a damaged file with one line, never a throw", () => {
    const path = join(dir, "p.json");
    for (const text of [
      "{",
      "",
      "null",
      '{"v":2,"savedSec":1,"jobs":[]}',
      '{"v":1,"savedSec":1,"jobs":[["x",1,null]]}',
      '{"v":1,"savedSec":1,"jobs":[["1","2",null]]}',
      '{"v":1,"savedSec":1,"jobs":[["1",2,"remark"]]}',
      "\u0000\u0001binary",
    ]) {
      writeFileSync(path, text, { mode: 0o600 });
      const r = readAway(path);
      expect(r.state).toBeUndefined();
      expect(r.warning).toMatch(
        /^state file .*p\.json ignored: it is damaged \(.+\); it will be written anew$/,
      );
      expect(r.warning).not.toContain("\n");
    }
  });

  it("ignores a file others can write, another user's, a symlink, a directory, a huge one", () => {
    const path = join(dir, "p.json");
    writeAway(path, state([["1", 2, "3"]]));
    chmodSync(path, 0o622);
    expect(readAway(path).warning).toMatch(/ignored: others can change it/);
    chmodSync(path, 0o600);
    if (process.getuid?.() === 0) {
      chownSync(path, 4321, 4321);
      expect(readAway(path).warning).toMatch(/ignored: it belongs to another user \(uid 4321\)/);
      chownSync(path, 0, 0);
    }
    const link = join(dir, "link.json");
    symlinkSync(path, link);
    expect(readAway(link).warning).toMatch(/ignored: a symlink/);
    mkdirSync(join(dir, "d.json"));
    expect(readAway(join(dir, "d.json")).warning).toMatch(/ignored: (not a regular file|cannot read it)/);
    const big = join(dir, "big.json");
    writeFileSync(big, "", { mode: 0o600 });
    execFileSync("truncate", ["-s", `${17 * 1024 * 1024}`, big]);
    expect(readAway(big).warning).toMatch(/ignored: it is too large/);
  });

  it("replaces the file whole by rename: a reader of the old one reads it all; a failed write leaves it", () => {
    const path = join(dir, "p.json");
    const old = state([["1", 2, "3"]]);
    writeAway(path, old);
    const before = statSync(path).ino;
    const fd = openSync(path, "r");
    const big = new Map<string, { status: number; entryId: string | undefined }>();
    for (let i = 1; i <= 50_000; i++) big.set(String(i), { status: 2, entryId: String(i * 10) });
    expect(writeAway(path, { savedSec: 1_700_000_500, jobs: big })).toBeUndefined();
    // A new inode at the path; the old one, still open, holds the old text complete.
    expect(statSync(path).ino).not.toBe(before);
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    closeSync(fd);
    expect(buf.subarray(0, n).toString()).toContain('["1",2,"3"]');
    expect(readAway(path).state?.jobs.size).toBe(50_000);
    // The temporary file cannot be made (a directory in its way): the old file stays, one line says so.
    const now = readFileSync(path, "utf8");
    mkdirSync(`${path}.${process.pid}.tmp`);
    const w = writeAway(path, old);
    expect(w).toMatch(/^state file not saved: .*p\.json \(E[A-Z]+\)$/);
    expect(readFileSync(path, "utf8")).toBe(now);
  });
});

describe("while away, against the demo service", () => {
  let demo: DemoServer | undefined;
  const sweepers: Sweeper[] = [];
  afterEach(async () => {
    for (const s of sweepers.splice(0)) s.stop();
    await demo?.close();
  });

  function sweepOnce(baseline?: AwayState): Promise<SweepSnapshot> {
    const d = demo as DemoServer;
    const s = new Sweeper({
      client: createClient({ baseUrl: d.url, token: d.token }),
      mode: "on",
      intervalMs: 60_000,
      baseline: baseline && awayBaseline(baseline),
    });
    sweepers.push(s);
    return new Promise((resolve) => {
      s.subscribe(() => {
        if (s.getSnapshot().seq >= 1) resolve(s.getSnapshot());
      });
      s.start();
    });
  }

  it("saves no remark, URL or secret; on restart, the changes since, from state.log, at its times", async () => {
    demo = await startDemoServer({ port: 0, tickMs: 0, token: "bearer-SECRET-0b7e" });
    const planted = demo.getJob(70);
    if (!planted) throw new Error("no job 70");
    planted.app.remark = "run --token tok_PLANTED_9f3c https://user:pw@example.com/x";
    const first = await sweepOnce();
    expect(first.index.entries.size).toBe(120);
    const path = awayPath("demo", { XDG_STATE_HOME: join(dir, "state") });
    expect(writeAway(path, awayStateOf(first.index, 1_700_000_000))).toBeUndefined();
    const text = readFileSync(path, "utf8");
    for (const bad of [
      "tok_PLANTED",
      "https://",
      "ssh://",
      "example",
      "SECRET",
      "token",
      "remark",
      "HF_TOKEN",
    ])
      expect(text).not.toContain(bad);
    // Nothing but ids and numbers.
    expect(text.replace(/[\d",[\]\s:-]|null|v|savedSec|jobs|[{}]/g, "")).toBe("");
    expect(statSync(path).mode & 0o777).toBe(0o600);

    // Away: a queued job on a later page moves twice, a running one stops.
    let queued = 0;
    for (let id = 50; id > 0 && queued === 0; id--) if (demo.getJob(id)?.status === 6) queued = id;
    const e1 = demo.advance(queued);
    const e2 = demo.advance(queued);
    let running = 0;
    for (let id = 1; id <= 120 && running === 0; id++) if (demo.getJob(id)?.status === 2) running = id;
    const e3 = demo.advance(running);
    demo.addJob(); // new since: not a change of a job we knew

    const saved = readAway(path);
    expect(saved.warning).toBeUndefined();
    const next = await sweepOnce(saved.state);
    const away = whileAway(saved.state, next);
    expect(away?.changed).toBe(2);
    const byJob = (id: number) =>
      away?.events.filter((e) => e.id === String(id)).map((e) => [e.from, e.to, e.ts]);
    expect(byJob(queued)).toEqual([
      [6, 1, e1?.ts.seconds],
      [1, 2, e2?.ts.seconds],
    ]);
    expect(byJob(running)).toEqual([[2, 3, e3?.ts.seconds]]);
    // A minute after it was saved: the same day, by its time alone (issue 29, a newcomer's trips, 6).
    expect(awayLine(away, (saved.state?.savedSec ?? 0) + 60)).toMatch(
      /^2 changed while away \(since \d\d:\d\d\)$/,
    );
  });

  it("shows nothing extra on a first run", async () => {
    demo = await startDemoServer({ port: 0, tickMs: 0 });
    const snap = await sweepOnce(undefined);
    expect(whileAway(undefined, snap)).toBeUndefined();
    expect(awayLine(undefined, 0)).toBeUndefined();
  });
});
