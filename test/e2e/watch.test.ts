// Never missing a change, in a real terminal against the demo service over HTTP: the events
// pane, pinned jobs on other pages with their desktop notification (OSC 9), focus reports,
// pause, + - and =, and OSC 8 links that never carry a hidden secret.
import { describe, expect, it } from "vitest";
import { writeConfig } from "../helpers/config-file.js";
import { INVISIBLE, INVISIBLE_SHOWN } from "../helpers/forbidden.js";
import { specJob } from "../helpers/payloads.js";
import { pageOf, startScriptedService } from "../helpers/scripted-service.js";
import { KEYS } from "./pty.js";
import { demoSessions } from "./sessions.js";

const { demo, start } = await demoSessions();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function open(extra: string[] = [], opts: { cols?: number; rows?: number } = {}) {
  return start(["--base-url", demo.url, "--interval", "300ms", "--list-interval", "600ms", ...extra], {
    ...opts,
    env: { JOBTOP_TOKEN: demo.token },
  });
}

const selectedId = (screen: string) => Number(/Job (\d+)/.exec(screen)?.[1]);

/** A job that can still change (not yet at the last status 3), among `ids`, not `but`. */
function changeable(ids: number[], but?: number): number {
  const id = ids.find((i) => i !== but && demo.getJob(i) !== undefined && demo.getJob(i)?.status !== 3);
  if (id === undefined) throw new Error("no job left that can change");
  return id;
}

/** OSC 9 notifications written, their text. */
const osc9 = (raw: string) => Array.from(raw.matchAll(/\x1b\]9;([^\x07\x1b]*)\x07/g), (m) => m[1]);

describe("the events pane", () => {
  it("lists a change of an unselected job, still there 15 s later, and counts it in the header until opened", async () => {
    const t = open();
    const sc = await t.waitFor(/Job \d+/, 10_000);
    const sel = selectedId(sc);
    const id = changeable([sel - 1, sel - 2, sel - 3, sel - 4, sel - 5], sel);
    const before = demo.getJob(id);
    demo.advance(id);
    const after = demo.getJob(id);
    await t.waitFor(/✱ 1 change\b/, 5000);
    // The row's highlight fades after 10 s; the header's count and the pane remember.
    await sleep(15_000);
    expect(t.text()).toMatch(/✱ 1 change\b/);
    expect(
      t
        .text()
        .split("\n")
        .find((l) => l.includes(before?.displayID ?? "?")),
    ).toMatch(/^[ ›] /);
    t.press("e");
    const pane = await t.waitFor("Events (1)");
    expect(pane).toMatch(
      new RegExp(
        `› \\d\\d:\\d\\d:\\d\\d ${before?.displayID}  ${before?.status} → . ${after?.status}  after \\d`,
      ),
    );
    expect(pane).not.toMatch(/✱ \d+ change/);
    expect(selectedId(pane)).toBe(sel);
    t.press(KEYS.enter);
    await t.waitFor((x) => selectedId(x) === id);
  }, 40_000);
});

describe("a pinned job on another page", () => {
  it("is polled, its change is an event and one OSC 9 notification; none while the terminal has the focus", async () => {
    // A queued job off page 1 (120 jobs, newest first, 20 a page): three changes ahead of it.
    const id = Array.from({ length: 100 }, (_, i) => 100 - i).find((i) => demo.getJob(i)?.status === 6);
    if (id === undefined) throw new Error("no queued job off page 1 in the demo's world");
    const job = () => demo.getJob(id);
    const t = open(["--pin", String(id), "--notify", "osc9"]);
    await t.waitFor(/page 1\/\d+/, 10_000);
    // Its first poll has answered (at once: it was never seen): it is listed on top, as it is now.
    await t.waitFor((x) => x.includes(job()?.displayID ?? "?"), 10_000);
    const from = job()?.status;
    demo.advance(id);
    const to = job()?.status;
    await t.waitFor(/✱ 1 change\b/, 5000);
    await sleep(1500); // any second notification would be out by now
    expect(osc9(t.raw())).toEqual([`jobtop: ${job()?.displayID} ${from} → ${to}`]);
    expect(t.raw()).toContain("\x1b[?1004h"); // focus reports asked for
    t.press("e");
    const pane = await t.waitFor("Events (1)");
    expect(pane).toContain(`pinned: ★ ${job()?.displayID} `);
    expect(pane).toMatch(new RegExp(`${job()?.displayID}  ${from} → . ${to}`));

    // The terminal says it has the focus: the next change shows on screen, with no notification.
    t.press("\x1b[I");
    demo.advance(id);
    await t.waitFor("Events (2)", 5000);
    await sleep(1000);
    expect(osc9(t.raw())).toHaveLength(1);
    // Focus gone: the next one is notified again (the 5 s per job are over by now).
    t.press("\x1b[O");
    await sleep(4000);
    demo.advance(id);
    await t.waitFor("Events (3)", 5000);
    await t.waitFor(() => osc9(t.raw()).length === 2, 3000);
  }, 40_000);

  it("polls the config file's pins as --pin's: the profile's, with --pin's added", async () => {
    const service = await startScriptedService({
      list: (q) => pageOf([specJob(8)], q),
      job: (id) => ({ code: 0, msg: "", job: specJob(Number(id)) }),
    });
    // The top level's pins belong to another service: the profile's replace them.
    const cfg = writeConfig(`pins = ["1"]\n[profiles.p]\nbase_url = "${service.url}"\npins = [7]\n`);
    const t = start(["--profile", "p", "--list-interval", "600ms", "--pin", "9"], {
      env: { JOBTOP_TOKEN: service.token, XDG_CONFIG_HOME: cfg.home },
    });
    try {
      await t.waitFor(/Job 8/, 10_000);
      t.press("e");
      await t.waitFor(/pinned: ★ j-7 \S+ \S+ · ★ j-9 /, 5000);
      const asked = (id: string) =>
        service.requests.filter((r) => r.path === "/v1/job" && r.query.get("id") === id).length;
      await t.waitFor(() => asked("7") >= 2 && asked("9") >= 2, 5000);
      expect(asked("1")).toBe(0);
    } finally {
      t.kill("SIGKILL");
      await service.close();
    }
  });

  it("takes focus reports out of the keys: none reaches an open prompt", async () => {
    const t = open(["--notify", "osc9"]);
    await t.waitFor(/Job \d+/, 10_000);
    t.press("/");
    await t.waitFor("filter:");
    t.press("\x1b[Ona");
    t.press("\x1b[I");
    t.press("\x1b[O\x1b[Ib");
    const sc = await t.waitFor(/filter: nab/);
    expect(sc).not.toContain("[I");
    expect(sc).not.toContain("[O");
    t.press(KEYS.enter);
    await t.waitFor("filter: nab");
  });
});

describe("pause and the job interval", () => {
  it("p: no request reaches the service while paused, the age keeps ticking; p polls again", async () => {
    const t = open();
    await t.waitFor(/Job \d+/, 10_000);
    t.press("p");
    await t.waitFor(/⏸ paused \ds · data from \ds ago/);
    const n = demo.requestCount();
    await sleep(3000); // five page intervals, ten job intervals
    expect(demo.requestCount()).toBe(n);
    await t.waitFor(/⏸ paused [3-9]s · data from [3-9]s ago/);
    t.press(KEYS.right); // a new page would need a request: refused
    await t.waitFor("paused: press p or r");
    expect(t.text()).toMatch(/page 1\//);
    expect(demo.requestCount()).toBe(n);
    t.press("p");
    await t.waitFor(/● ok(?! \d)/);
    expect(demo.requestCount()).toBeGreaterThan(n);
    t.press("p");
    await t.waitFor(/⏸ paused/);
    t.press("r");
    await t.waitFor(/● ok(?! \d)/);
  }, 20_000);

  it("- and + step the selected job's interval along 500ms 1s 2s 5s 10s 30s 60s and back; = returns to --interval", async () => {
    // The page every 60 s: the requests counted are the selected job's. --interval 300ms is a step
    // of its own, below the others.
    const t = start(["--base-url", demo.url, "--interval", "300ms", "--list-interval", "60s"], {
      cols: 90,
      env: { JOBTOP_TOKEN: demo.token },
    });
    await t.waitFor(/Job \d+/, 10_000);
    t.press("---"); // 500ms, 1s, 2s (halving and doubling made it 600ms, 1.2s, 2.4s)
    await t.waitFor(/polled every 2s\b/);
    expect(t.text()).toMatch(/↻ 2s\/60s/); // shown at 90 columns, once changed
    await sleep(2500);
    let n = demo.requestCount();
    await sleep(5000);
    expect(demo.requestCount() - n).toBeLessThanOrEqual(3);
    // Up to the slowest and back down: the same round values (doubling went 32s, 60s, 30s, 15s, 7.5s).
    t.press("-----"); // 5s, 10s, 30s, 60s, and no slower
    await t.waitFor(/polled every 60s: the slowest/);
    t.press("++++"); // 30s, 10s, 5s, 2s
    await t.waitFor(/polled every 2s\b/);
    expect(t.text()).toMatch(/↻ 2s\/60s/);
    t.press("=");
    const back = await t.waitFor(/polled every 300ms \(the configured interval\)/);
    expect(back).not.toMatch(/↻/); // the configured interval: shown only from 110 columns
    t.press("+"); // nothing faster than the configured 300ms
    await t.waitFor(/polled every 300ms: the fastest/);
    n = demo.requestCount();
    // Five more requests come (in 1.5 s at 300 ms; waited for, not slept on: under load they come later).
    await t.waitFor(() => demo.requestCount() >= n + 5, 10_000);
  }, 40_000);
});

describe("OSC 8 links", () => {
  /** A job on page 1 with an https URL (the demo's carry a token) and an ssh one. */
  function withBoth(): number {
    for (let id = 120; id > 100; id--) {
      const urls = Object.values(demo.getJob(id)?.app.urls ?? {}).flatMap((u) => u.urls);
      if (urls.some((u) => u.startsWith("https://")) && urls.some((u) => u.startsWith("ssh://"))) return id;
    }
    throw new Error("no demo job with both URL kinds on page 1");
  }
  const links = (raw: string) => Array.from(raw.matchAll(/\x1b\]8;;([^\x07]+)\x07/g), (m) => m[1]);

  it("on: the ssh URL is a link at once; the URL with a token only while secrets are shown", async () => {
    const id = withBoth();
    const urls = Object.values(demo.getJob(id)?.app.urls ?? {}).flatMap((u) => u.urls);
    const https = urls.find((u) => u.startsWith("https://")) as string;
    const ssh = urls.find((u) => u.startsWith("ssh://")) as string;
    const token = /token=([^&#]+)/.exec(https)?.[1] as string;
    const t = open(["--hyperlinks", "on"], { rows: 50 });
    await t.waitFor(/Job \d+/, 10_000);
    t.press(`:${id}\r`);
    await t.waitFor(new RegExp(`Job ${id}`));
    await t.waitFor(() => links(t.raw()).includes(ssh));
    await sleep(700);
    expect(t.raw()).not.toContain(token); // in no byte at all, link or text
    expect(links(t.raw())).not.toContain(https);
    t.press("s");
    await t.waitFor(() => links(t.raw()).includes(https));
    await t.waitFor(https.slice(0, 30)); // the text stays readable: the link is around it
    t.press("s");
    const hiddenAt = t.raw().length;
    await t.waitFor("••••••");
    await sleep(700);
    expect(t.raw().slice(hiddenAt)).not.toContain(token);
  }, 20_000);

  it("off (and auto on a terminal not known for them): no link at all", async () => {
    for (const mode of ["off", "auto"]) {
      const t = open(["--hyperlinks", mode]);
      await t.waitFor(/Job \d+/, 10_000);
      t.press("s");
      await t.waitFor("secrets shown");
      await sleep(300);
      expect(t.raw()).not.toContain("\x1b]8;");
      t.kill("SIGKILL");
    }
  });
});

describe("the terminal title", () => {
  const titles = (raw: string) => Array.from(raw.matchAll(/\x1b\]2;([^\x07]*)\x07/g), (m) => m[1] ?? "");

  it("says where and what is unseen, and is written only when that changes", async () => {
    const t = open();
    const sc = await t.waitFor(/Job \d+/, 10_000);
    const host = new URL(demo.url).host;
    expect(titles(t.raw())).toEqual([`jobtop · ${host}`]);
    await sleep(2000); // polls answered, the header ticking: the title stays as it is
    expect(titles(t.raw())).toHaveLength(1);
    const sel = selectedId(sc);
    demo.advance(changeable([sel - 1, sel - 2, sel - 3, sel - 4, sel - 5, sel - 6], sel));
    await t.waitFor(/✱ 1 change\b/, 5000);
    await t.waitFor(() => titles(t.raw()).at(-1) === `jobtop · ${host} · ✱1`);
    t.press("e");
    await t.waitFor(() => titles(t.raw()).at(-1) === `jobtop · ${host}`);
    // A change while the pane is open is seen as it comes: not counted, not even for a moment.
    const written = titles(t.raw()).length;
    demo.advance(changeable([sel - 7, sel - 8, sel - 9, sel - 10, sel - 11, sel - 12], sel));
    await t.waitFor("Events (2)", 5000);
    await sleep(300);
    expect(titles(t.raw()).length).toBe(written);
    t.press("p");
    await t.waitFor(() => titles(t.raw()).at(-1) === `jobtop · ${host} · paused`);
  });

  it("counts the page's running jobs where a status is labelled so (the demo's are)", async () => {
    const t = start(["--demo", "--tick", "0"]);
    await t.waitFor(/Job \d+/, 10_000);
    await t.waitFor(
      () => /^jobtop · demo · [1-9]\d* running$/.test(titles(t.raw()).at(-1) ?? ""), // --demo runs the demo profile
    );
    expect(titles(t.raw()).some((x) => x.includes(" 0 running"))).toBe(false); // never counted before the page came
  });

  it("saves the terminal's title as often as it restores it, a SIGSTOP/SIGCONT from outside included", async () => {
    const t = open();
    await t.waitFor(/Job \d+/, 10_000);
    process.kill(t.pid, "SIGSTOP");
    await sleep(300);
    process.kill(t.pid, "SIGCONT");
    await sleep(500);
    t.press("q");
    await t.exited();
    const count = (seq: string) => t.raw().split(seq).length - 1;
    expect(count("\x1b[22;2t")).toBe(1);
    expect(count("\x1b[23;2t")).toBe(1);
    expect(t.raw().lastIndexOf("\x1b]2;jobtop")).toBeGreaterThan(t.raw().indexOf("\x1b[22;2t"));
  });

  it("--title off: the terminal's title is left alone", async () => {
    const t = open(["--title", "off"]);
    await t.waitFor(/Job \d+/, 10_000);
    t.press("q");
    await t.exited();
    expect(t.raw()).not.toContain("\x1b]2;");
    expect(t.raw()).not.toContain("\x1b[22;2t");
    expect(t.raw()).not.toContain("\x1b[23;2t");
  });
});

describe("hostile text from the service", () => {
  it("reaches the events pane, the pins and the notification only sanitised", async () => {
    // A displayID that would set the title, end an OSC 777 early and clear the screen (C1 CSI).
    const evil = "\x1b]0;pwned\x07x;y\u009b2J\u202e";
    let status = 2;
    const jobOf = () =>
      specJob(7, {
        displayID: evil,
        status,
        state: { status, log: [{ id: 1, status, ts: { seconds: 1_700_000_000 }, sourceId: 7 }] },
      });
    const service = await startScriptedService({
      list: (q) => pageOf([specJob(8)], q),
      job: () => ({ code: 0, msg: "", job: jobOf() }),
    });
    const t = start(
      ["--base-url", service.url, "--list-interval", "600ms", "--pin", "7", "--notify", "osc777"],
      { env: { JOBTOP_TOKEN: service.token } },
    );
    try {
      await t.waitFor(/Job \d+/, 10_000);
      await sleep(800);
      status = 3;
      await t.waitFor(/✱ 1 change\b/, 5000);
      t.press("e");
      const pane = await t.waitFor("Events (1)");
      expect(pane).toContain("^[]0;pwned^Gx;y<U+009B>2J"); // shown escaped, and visible
      await t.waitFor(() => /\x1b\]777;notify;jobtop;/.test(t.raw()), 3000);
      const raw = t.raw();
      const body = /\x1b\]777;notify;jobtop;([^\x07]*)\x07/.exec(raw)?.[1] ?? "";
      // Escaped, no ";" to end a field early, and cut short.
      expect(body).toBe("^[]0,pwned^Gx,y<U+009B>… 2 → 3");
      expect(raw).not.toContain("\x1b]0;pwned");
      expect(raw).not.toContain("\u009b");
      expect(raw).not.toContain("\u202e");
    } finally {
      t.kill("SIGKILL");
      await service.close();
    }
  });

  it("shows invisible characters escaped on the screen and in the notification, never raw", async () => {
    // A zero-width space, a line separator, a BOM and a lone ZWJ in a name, a remark and a
    // description; a tab in the remark (a space in one line); an emoji's own ZWJ beside them.
    let status = 2;
    const jobOf = () =>
      specJob(7, {
        displayID: INVISIBLE,
        status,
        desc: `about ${INVISIBLE}`,
        state: { status, log: [{ id: 1, status, ts: { seconds: 1_700_000_000 }, sourceId: 7 }] },
        app: { ...(specJob(7).app as object), remark: `r\t${INVISIBLE} 👩‍💻` },
      });
    const service = await startScriptedService({
      list: (q) => pageOf([jobOf()], q),
      job: () => ({ code: 0, msg: "", job: jobOf() }),
    });
    const t = start(
      ["--base-url", service.url, "--list-interval", "600ms", "--pin", "7", "--notify", "osc777"],
      { cols: 160, rows: 40, env: { JOBTOP_TOKEN: service.token } },
    );
    try {
      const screen = await t.waitFor(`about ${INVISIBLE_SHOWN}`, 10_000); // the detail's description
      expect(screen).toContain(`r ${INVISIBLE_SHOWN}`.slice(0, 20)); // the list's remark, cut to its column
      expect(screen).toContain(`${INVISIBLE_SHOWN} · status`); // the detail's heading
      await sleep(800);
      status = 3;
      await t.waitFor(/✱ 1 change\b/, 5000);
      t.press("e");
      await t.waitFor(`${INVISIBLE_SHOWN}  `);
      await t.waitFor(() => /\x1b\]777;notify;jobtop;/.test(t.raw()), 3000);
      const raw = t.raw();
      const body = /\x1b\]777;notify;jobtop;([^\x07]*)\x07/.exec(raw)?.[1] ?? "";
      expect(body).toBe("a<U+200B>b<U+2028>c<U+F… 2 → 3"); // escaped, and cut to 24 characters
      expect(raw).not.toMatch(/[\u200b\u2028\ufeff]|[^\u{1f469}]\u200d/u);
      expect(raw).toContain("👩‍💻");
    } finally {
      t.kill("SIGKILL");
      await service.close();
    }
  });
});
