// The whole program in a real pseudo-terminal against the demo service over HTTP.
import { type AddressInfo, createServer, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { KEYS } from "./pty.js";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

function open(
  extra: string[] = [],
  opts: { cols?: number; rows?: number; env?: Record<string, string> } = {},
) {
  return start(["--base-url", demo.url, "--interval", "300ms", "--list-interval", "600ms", ...extra], {
    ...opts,
    env: { JOBTOP_TOKEN: demo.token, ...opts.env },
  });
}

function selectedId(screen: string): number {
  const m = /Job (\d+)/.exec(screen);
  if (!m) throw new Error(`no selected job on screen:\n${screen}`);
  return Number(m[1]);
}

/** The lines that differ, numbered, for a failure message. */
function diffLines(a: string, b: string): string {
  const al = a.split("\n");
  const bl = b.split("\n");
  const out: string[] = [];
  for (let i = 0; i < Math.max(al.length, bl.length); i++)
    if (al[i] !== bl[i]) out.push(`${i + 1}- ${al[i] ?? ""}`, `${i + 1}+ ${bl[i] ?? ""}`);
  return out.join("\n");
}

/** OSC 52 payloads (decoded) found in the raw output. */
function osc52Payloads(raw: string): string[] {
  const out: string[] = [];
  for (const m of raw.matchAll(/\x1b\]52;c;([A-Za-z0-9+/=]*)\x07/g))
    out.push(Buffer.from(m[1] ?? "", "base64").toString("utf8"));
  return out;
}

describe("the monitor in a real terminal", () => {
  it("shows the first page and the selected job, pages, flips order, and quits cleanly", async () => {
    const t = open();
    const first = await t.waitFor(/page 1\/\d+ · desc · \d+ jobs/, 5000);
    await t.waitFor(/Job \d+/);
    expect(t.alternateScreen()).toBe(true);
    expect(first).toMatch(/STATUS/);
    const id1 = selectedId(t.text());
    expect(t.text()).toContain("State timeline");

    t.press(KEYS.right);
    await t.waitFor(/page 2\/\d+/);
    await t.waitFor((sc) => /Job (\d+)/.test(sc) && selectedId(sc) !== id1);

    t.press(KEYS.home);
    await t.waitFor(/page 1\/\d+/);

    t.press("o");
    await t.waitFor(/page 1\/\d+ · asc/);

    t.press("q");
    const e = await t.exited();
    expect(e.exitCode).toBe(0);
    const raw = t.raw();
    expect(raw.lastIndexOf("\x1b[?1049l")).toBeGreaterThan(raw.lastIndexOf("\x1b[?1049h"));
    expect(raw.lastIndexOf("\x1b[?25h")).toBeGreaterThan(raw.lastIndexOf("\x1b[?25l"));
  });

  it("highlights a status change of a visible job within one interval", async () => {
    const t = open();
    await t.waitFor(/Job \d+/, 5000);
    // The first page (newest first) shows the 20 highest ids; pick one that can still advance.
    let target: number | undefined;
    for (let id = 200; id > 0 && target === undefined; id--) {
      const j = demo.getJob(id);
      if (j && j.status !== 3 && t.text().includes(j.displayID)) target = id;
    }
    expect(target).toBeDefined();
    const displayID = demo.getJob(target as number)?.displayID ?? "";
    demo.advance(target);
    // The list polls every 600 ms here: the row is marked and the header counts it.
    const screen = await t.waitFor(/✱ 1 change/, 3000);
    const row = screen.split("\n").find((l) => l.includes(displayID)) ?? "";
    expect(row).toMatch(/^[ ›]✱/);
  });

  it("copies the selected job's URL with OSC 52", async () => {
    const t = open();
    await t.waitFor(/Job \d+/, 5000);
    // find a job with URLs
    for (let i = 0; i < 20; i++) {
      const j = demo.getJob(selectedId(t.text()));
      if (j && Object.values(j.app.urls).some((u) => u.urls.length > 0)) break;
      t.press(KEYS.down);
      await new Promise((r) => setTimeout(r, 80));
    }
    const job = demo.getJob(selectedId(t.text()));
    const urls = Object.values(job?.app.urls ?? {}).flatMap((u) => u.urls);
    expect(urls.length).toBeGreaterThan(0);
    t.press("c");
    // Several URLs, or an ssh one (its command and password are offered too): the picker.
    const sc = await t.waitFor(
      (x) => x.includes("Copy which?") || x.includes("sent to the terminal clipboard"),
    );
    if (sc.includes("Copy which?")) t.press("1");
    await t.waitFor("sent to the terminal clipboard");
    const sent = osc52Payloads(t.raw());
    expect(sent).toHaveLength(1);
    expect(urls).toContain(sent[0]);
    // The status line shows it masked.
    expect(t.text()).not.toMatch(/token=(?!•)/);
  });

  it("survives a resize to 50×12 and back, with no line wider than the terminal", async () => {
    const t = open([], { cols: 120, rows: 30 });
    await t.waitFor(/Job \d+/, 5000);
    t.resize(50, 12);
    // The frame drawn for 50×12, its status line on its last row (rows - 2): the 120-column frame
    // cut to 50 has a job there, and a line wider than the terminal would wrap and push it down.
    const small = (
      await t.waitFor((sc) => t.redrawn() && /\? help/.test(sc.split("\n")[10] ?? ""), 10_000)
    ).split("\n");
    expect(small[0]).toMatch(/^jobtop page 1\//);
    expect(small[11]).toBe("");
    expect(t.wrapped()).toBe(0);
    t.resize(120, 30);
    await t.waitFor(
      (sc) => t.redrawn() && /\? help/.test(sc.split("\n")[28] ?? "") && sc.includes("State timeline"),
      10_000,
    );
    expect(t.wrapped()).toBe(0);
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
  });

  it("leaves the screen exactly as a full redraw would, after many partial updates", async () => {
    // jobtop rewrites only the changed part of each changed line (a patch to Ink): after a
    // session of moves, pages, order flips, secrets and a status change, the screen must equal
    // what a full redraw (forced by a resize there and back) draws.
    const t = open([], { cols: 120, rows: 30 });
    await t.waitFor("State timeline", 5000);
    for (const k of ["j", "j", "j", KEYS.right, "j", KEYS.left, "o", "j", "o", "s", "j", "s", "k"]) {
      t.press(k);
      await new Promise((r) => setTimeout(r, 120));
    }
    let movable: number | undefined;
    for (let id = 200; id > 0 && movable === undefined; id--) {
      const j = demo.getJob(id);
      if (j && j.status !== 3 && t.text().includes(j.displayID)) movable = id;
    }
    expect(movable).toBeDefined();
    demo.advance(movable);
    await t.waitFor(/✱ \d+ change/, 3000);
    await new Promise((r) => setTimeout(r, 700)); // a few more polls and ticks
    const body = () => t.screen().slice(1).join("\n"); // the header's age ticks; the rest must match
    // The screen may also change by itself between the two reads (a poll moves a "for 3s" on);
    // so on a mismatch the partial updates are made again and compared again. A renderer that
    // leaves wrong cells behind fails every time.
    const mismatches: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0) {
        for (const k of ["j", "j", KEYS.right, "k", KEYS.left, "s", "s"]) {
          t.press(k);
          await new Promise((r) => setTimeout(r, 120));
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      const before = body();
      t.resize(121, 30);
      await t.waitFor(() => t.redrawn(), 10_000);
      t.resize(120, 30);
      await t.waitFor((sc) => t.redrawn() && sc.split("\n")[28]?.includes("? help") === true, 10_000);
      await new Promise((r) => setTimeout(r, 300));
      const after = body();
      if (after === before) break;
      mismatches.push(diffLines(before, after));
    }
    if (mismatches.length > 0) console.warn(`partial vs full redraw differed:\n${mismatches.join("\n--\n")}`);
    expect(mismatches.length).toBeLessThan(3);
  });

  it("rings the bell on a status change with --bell, and only then", async () => {
    const bells = (raw: string) => raw.replace(/\x1b\][^\x07]*\x07/g, "").split("\x07").length - 1;
    for (const [flags, expected] of [
      [["--bell"], 1],
      [[], 0],
    ] as const) {
      const t = open([...flags]);
      await t.waitFor("State timeline", 5000);
      let target: number | undefined;
      for (let id = 200; id > 0 && target === undefined; id--) {
        const j = demo.getJob(id);
        if (j && j.status !== 3 && t.text().includes(j.displayID)) target = id;
      }
      expect(target).toBeDefined();
      expect(bells(t.raw())).toBe(0);
      demo.advance(target);
      await t.waitFor(/✱ 1 change/, 3000);
      expect(bells(t.raw())).toBe(expected);
      t.kill("SIGKILL");
    }
  });

  it("draws no colour with NO_COLOR set, and still marks the selected row", async () => {
    const t = open([], { env: { NO_COLOR: "1" } });
    const sc = await t.waitFor("State timeline", 5000);
    expect(sc).toMatch(/^›/m);
    const colours = [...t.raw().matchAll(/\x1b\[([0-9;]*)m/g)].filter((m) =>
      /(^|;)(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;|$)/.test(m[1] ?? ""),
    );
    expect(colours).toEqual([]);
  });

  it("says so when the service accepts connections but never answers, from the first request on", async () => {
    // A half-open link after a network drop looks like this. It used to show "loading…" for
    // ever: a garbage collection (Ink's start-up makes one) cut requests off from their deadline.
    const held: Socket[] = [];
    const silent = createServer((c) => void held.push(c));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const { port } = silent.address() as AddressInfo;
    try {
      // Two requests unanswered make "offline"; a failure is retried at the interval (the page's here).
      const t = start(
        ["--base-url", `http://127.0.0.1:${port}`, "--timeout", "1s", "--list-interval", "2s"],
        {
          env: { JOBTOP_TOKEN: "t" },
        },
      );
      await t.waitFor(
        (x) => /offline since .*retrying/.test(x) && /no answer from \S+ within 1s/.test(x),
        8000,
      );
      t.press("q");
      expect((await t.exited()).exitCode).toBe(0);
    } finally {
      for (const c of held) c.destroy();
      silent.close();
    }
  });

  it("restores the terminal on SIGTERM", async () => {
    const t = open();
    await t.waitFor(/Job \d+/, 5000);
    t.kill("SIGTERM");
    await t.exited();
    const raw = t.raw();
    expect(raw.lastIndexOf("\x1b[?1049l")).toBeGreaterThan(raw.lastIndexOf("\x1b[?1049h"));
    expect(raw.lastIndexOf("\x1b[?25h")).toBeGreaterThan(raw.lastIndexOf("\x1b[?25l"));
  });
});
