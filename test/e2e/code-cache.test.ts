// The bin keeps V8's code cache of the bundle (src/boot.ts). What a user can see of it: a file in
// their cache directory after the first run, and starts that work whatever state it is in.
import { execFile, spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, NODE, runCli } from "../helpers/cli.js";
import { KEYS, type Session, startCli, startPty } from "./pty.js";

let demo: DemoServer;
let s: Session | undefined;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0 });
});
afterAll(async () => {
  await demo.close();
});
afterEach(() => {
  s?.kill("SIGKILL");
  s = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the monitor with its cache in `cacheHome` until the first job's details are on screen. */
async function run(cacheHome: string, env: Record<string, string | undefined> = {}) {
  s = startCli(["--base-url", demo.url], {
    env: { JOBTOP_TOKEN: demo.token, XDG_CACHE_HOME: cacheHome, ...env },
  });
  await s.waitFor("State timeline", 8000);
  return s;
}

function cacheFiles(cacheHome: string): string[] {
  try {
    return readdirSync(join(cacheHome, "jobtop")).filter((f) => f.endsWith(".v8cache"));
  } catch {
    return [];
  }
}

/** The first cache file (of either kind) whose bytes pass `test`, once there is one. */
async function waitForCache(cacheHome: string, test: (bytes: Buffer) => boolean, ms = 6000) {
  const until = Date.now() + ms;
  for (;;) {
    for (const f of cacheFiles(cacheHome)) {
      const path = join(cacheHome, "jobtop", f);
      if (test(readFileSync(path))) return path;
    }
    if (Date.now() > until) throw new Error(`no code cache in ${cacheHome}: ${cacheFiles(cacheHome)}`);
    await sleep(100);
  }
}

describe("code cache", () => {
  it("is written once, private to the user, and used by the next start", async () => {
    const home = mkdtempSync(join(tmpdir(), "jobtop-cache-"));
    let t = await run(home);
    const path = await waitForCache(home, (b) => b.length > 100_000);
    expect(statSync(join(home, "jobtop")).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    t.kill("SIGKILL");
    const written = statSync(path).mtimeMs;
    t = await run(home);
    t.press("j");
    await sleep(2500); // past the moment a start without a usable cache writes one
    expect(statSync(path).mtimeMs).toBe(written); // accepted, so not rewritten
    expect(cacheFiles(home)).toHaveLength(1);
  });

  it("starts normally from a damaged, foreign-writable or linked cache, and replaces it", async () => {
    const home = mkdtempSync(join(tmpdir(), "jobtop-cache-"));
    s = await run(home);
    const path = await waitForCache(home, (b) => b.length > 100_000);
    s.kill("SIGKILL");
    const good = readFileSync(path);
    const replaced = (b: Buffer) => b.length > 100_000 && !b.equals(good);

    // Bytes flipped in the middle: V8 itself would crash on these; the file's own hash catches it.
    const damaged = Buffer.from(good);
    for (let i = 0; i < 64; i++)
      damaged.writeUInt8((damaged.readUInt8(500_000 + i) ^ 0xff) & 0xff, 500_000 + i);
    writeFileSync(path, damaged);
    let t = await run(home);
    await waitForCache(home, replaced);
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);

    // Writable by others: not trusted, so not read (and written again, private).
    writeFileSync(path, good);
    chmodSync(path, 0o666);
    t = await run(home);
    await waitForCache(home, (b) => b.length > 100_000 && (statSync(path).mode & 0o777) === 0o600);
    t.kill("SIGKILL");

    // A symlink where the cache should be: not followed, and what it points to is left alone.
    const victim = join(home, "victim");
    writeFileSync(victim, "keep me");
    rmSync(path);
    symlinkSync(victim, path);
    t = await run(home);
    await waitForCache(home, (b) => b.length > 100_000 && !lstatSync(path).isSymbolicLink());
    expect(readFileSync(victim, "utf8")).toBe("keep me");
  });

  it("runs when the cache cannot be written, and not at all with NODE_DISABLE_COMPILE_CACHE", async () => {
    const dir = mkdtempSync(join(tmpdir(), "jobtop-cache-"));
    const notADir = join(dir, "file");
    writeFileSync(notADir, "");
    let t = await run(notADir);
    await sleep(2500);
    t.press("j");
    await t.waitFor("State timeline");
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);

    t = await run(dir, { NODE_DISABLE_COMPILE_CACHE: "1" });
    await sleep(2500);
    expect(cacheFiles(dir)).toEqual([]);
    t.kill("SIGKILL");

    // No home directory at all: no cache, and no crash.
    t = await run(dir, { HOME: undefined, XDG_CACHE_HOME: undefined });
    t.press("q");
    expect((await t.exited()).exitCode).toBe(0);
  });

  it("is written by a command for scripts as it ends, partial, in a file apart from the monitor's", async () => {
    const home = mkdtempSync(join(tmpdir(), "jobtop-cache-"));
    const env = { JOBTOP_TOKEN: demo.token, XDG_CACHE_HOME: home };
    // A command that fails writes none: it may have run little of the program.
    expect((await runCli(["get", "999999", "--base-url", demo.url], env)).code).toBe(4);
    expect(cacheFiles(home)).toEqual([]);

    expect((await runCli(["--once", "--base-url", demo.url], env)).code).toBe(0);
    const [f] = cacheFiles(home);
    expect(f).toMatch(/-cmd\.v8cache$/);
    const path = join(home, "jobtop", f ?? "none");
    const partial = readFileSync(path);
    expect(partial.subarray(0, 8).toString()).toBe("jobtopP8");
    expect(statSync(path).mode & 0o777).toBe(0o600);

    // Used by the next command as it is, not written again.
    const written = statSync(path).mtimeMs;
    expect((await runCli(["get", "5", "--base-url", demo.url], env)).code).toBe(0);
    expect(statSync(path).mtimeMs).toBe(written);

    // The monitor keeps a file of its own, whole (the UI's code, and the entry's as the monitor
    // runs it), which commands never read: theirs is a quarter of its size (src/boot.ts).
    s = await run(home);
    const ui = await waitForCache(home, (b) => b.subarray(0, 8).toString() === "jobtopV8");
    expect(ui).toMatch(/-ui\.v8cache$/);
    expect(readFileSync(ui).length).toBeGreaterThan(2 * partial.length);
    s.kill("SIGKILL");
    s = undefined;
    expect((await runCli(["--once", "--base-url", demo.url], env)).code).toBe(0);
    expect(statSync(path).mtimeMs).toBe(written);
    expect(readFileSync(path).equals(partial)).toBe(true);
    expect(cacheFiles(home)).toHaveLength(2);
  });

  it("makes a command's partial cache whole when a monitor reads it (a monitor taken for a command)", async () => {
    // The kind of run is guessed from the command line's words: a monitor on a profile named
    // "watch" is taken for a command and reads the commands' file, which it then completes.
    const home = mkdtempSync(join(tmpdir(), "jobtop-cache-"));
    const config = join(home, "config.toml");
    writeFileSync(config, `[profiles.watch]\nbase_url = "${demo.url}"\n`);
    const env = { JOBTOP_TOKEN: demo.token, XDG_CACHE_HOME: home };
    expect((await runCli(["--once", "--base-url", demo.url], env)).code).toBe(0);
    const [f] = cacheFiles(home);
    const path = join(home, "jobtop", f ?? "none");
    const partial = readFileSync(path);
    expect(partial.subarray(0, 8).toString()).toBe("jobtopP8");
    s = startCli(["--config", config, "--profile", "watch"], { env });
    await s.waitFor("State timeline", 8000);
    await waitForCache(home, (b) => b.subarray(0, 8).toString() === "jobtopV8");
    expect(cacheFiles(home)).toEqual([f]);
    expect(readFileSync(path).length).toBeGreaterThan(partial.length);
  });

  it("compiles the chunks a run needs: --once none of the UI's, the monitor Ink's after its first frame; neither loads node:crypto nor node:perf_hooks, --once nor node:child_process", async () => {
    // The bundle is chunks in groups, a script and a code cache section a group (scripts/build.js):
    // a command for scripts deserialises and compiles none of the UI, and the monitor its first
    // frame's code before the frame and Ink, React and Yoga only once the frame is on screen.
    const home = mkdtempSync(join(tmpdir(), "jobtop-cache-"));
    const record = join(home, "record");
    const fixture = fileURLToPath(new URL("./fixtures/record-chunks.cjs", import.meta.url));
    const env = {
      JOBTOP_TOKEN: demo.token,
      XDG_CACHE_HOME: home,
      NODE_OPTIONS: `--require ${fixture}`,
      JOBTOP_RECORD: record,
      JOBTOP_RECORD_DIST: dirname(CLI),
    };
    const lines = () => readFileSync(record, "utf8").trim().split("\n");
    // Each twice: without a code cache, then with the one the first run wrote.
    for (const round of ["first", "cached"]) {
      writeFileSync(record, "");
      // Nor node:child_process (a token command's): ~1 ms of every start on Node 24; nor node:os
      // while XDG_CONFIG_HOME and XDG_CACHE_HOME say where the files are (~0.15 ms).
      const once = { ...env, JOBTOP_RECORD_MODULES: "crypto,perf_hooks,child_process,os" };
      expect((await runCli(["--once", "--base-url", demo.url], once)).code).toBe(0);
      expect(lines(), round).toEqual(["script cli.js"]);
      expect(cacheFiles(home)).toHaveLength(1);
    }
    // With no code cache at all, not even node:zlib (the cache's checksum) is loaded.
    writeFileSync(record, "");
    const bare = { ...env, NODE_DISABLE_COMPILE_CACHE: "1", JOBTOP_RECORD_MODULES: "zlib,crypto,perf_hooks" };
    expect((await runCli(["--once", "--base-url", demo.url], bare)).code).toBe(0);
    expect(lines()).toEqual(["script cli.js"]);
    for (const round of ["first", "cached"]) {
      writeFileSync(record, "");
      s = await run(home, env);
      for (let i = 0; i < 50 && !lines().some((l) => l.startsWith("script run-")); i++) await sleep(100);
      await waitForCache(home, (b) => b.subarray(0, 8).toString() === "jobtopV8");
      s.kill("SIGKILL");
      const seen = lines().map((l) => l.replace(/-[A-Z0-9]+\.js$/, ".js"));
      // After the first frame: the state file's reader ("while away", a chunk of its own, read
      // before Ink's so that the first sweep's baseline is there), the insight's watch (stuck
      // rules, flapping, the trend: it reads the trend file beside the state file), then Ink's.
      expect(seen, round).toEqual([
        "script cli.js",
        "script start.js",
        "frame",
        "script away-session.js",
        "script insight-start.js",
        "script run.js",
      ]);
    }
  });

  it("never runs a bundle of another build, nor none", async () => {
    // A bin and a bundle of two builds (an upgrade half done): the code cache the bin accepts was
    // made for its own bundle's text, and V8 would run it over another text of the same length.
    const home = mkdtempSync(join(tmpdir(), "jobtop-cache-"));
    const dir = mkdtempSync(join(tmpdir(), "jobtop-mixed-"));
    const bin = join(dir, "jobtop.js");
    const bundle = join(dir, "jobtop.bundle");
    copyFileSync(CLI, bin);
    copyFileSync(join(dirname(CLI), "jobtop.bundle"), bundle);
    // Not spawnSync: the demo service answers from this process.
    const once = () =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const env = { XDG_CACHE_HOME: home, JOBTOP_TOKEN: demo.token };
        execFile(NODE, [bin, "--once", "--base-url", demo.url], { env }, (e, _out, stderr) =>
          resolve({ status: e ? (typeof e.code === "number" ? e.code : -1) : 0, stderr }),
        );
      });
    expect((await once()).status).toBe(0);
    await waitForCache(home, (b) => b.length > 10_000);
    // Another build's bundle: the same text but for its first line, which names the build.
    const text = readFileSync(bundle, "latin1");
    const other = text.replace(
      /^\/\/jobtop ([0-9a-f])/,
      (_m, c: string) => `//jobtop ${c === "0" ? "1" : "0"}`,
    );
    expect(other.length).toBe(text.length);
    writeFileSync(bundle, other, "latin1");
    // Each in one line and exit 1, as any error jobtop cannot get past: no stack trace, and no
    // page of minified code from a compile error.
    const oneLine = (r: { status: number | null; stderr: string }, says: string) => {
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(`jobtop: ${bundle} ${says}; reinstall jobtop\n`);
    };
    oneLine(await once(), `is from another build of jobtop than ${bin}`);
    // Cut short (a copy or a download that stopped), in the first line or in the UI's code, which
    // only the monitor would have compiled, after its first frame.
    writeFileSync(bundle, text.slice(0, 100), "latin1");
    oneLine(await once(), "is damaged");
    writeFileSync(bundle, text.slice(0, text.length - 1000), "latin1");
    oneLine(await once(), "is damaged");
    rmSync(bundle);
    const r = await once();
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`jobtop: cannot read ${bundle} (ENOENT); reinstall jobtop\n`);
  });

  it("refuses a bundle rewritten in place under a running command, and runs through a replaced one", async () => {
    // A command reads each group of the bundle when it needs it (src/boot.ts). Copied over in
    // place meanwhile, the file would give it another build's code for the cache of its own:
    // one line and exit 1. Replaced by a new file (npm's way), the open file is still its own.
    const rewrite = fileURLToPath(new URL("./fixtures/rewrite-bundle.cjs", import.meta.url));
    for (const mode of ["inplace", "rename"]) {
      const dir = mkdtempSync(join(tmpdir(), "jobtop-rewrite-"));
      const bin = join(dir, "jobtop.js");
      const bundle = join(dir, "jobtop.bundle");
      copyFileSync(CLI, bin);
      copyFileSync(join(dirname(CLI), "jobtop.bundle"), bundle);
      const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const env = {
          JOBTOP_TOKEN: demo.token,
          NODE_DISABLE_COMPILE_CACHE: "1",
          NODE_OPTIONS: `--require ${rewrite}`,
          JOBTOP_REWRITE: mode,
          JOBTOP_REWRITE_BUNDLE: bundle,
        };
        execFile(NODE, [bin, "--once", "--base-url", demo.url], { env }, (e, stdout, stderr) =>
          resolve({ status: e ? (typeof e.code === "number" ? e.code : -1) : 0, stdout, stderr }),
        );
      });
      // The fixture did change the file under it.
      expect(readFileSync(bundle).equals(readFileSync(join(dirname(CLI), "jobtop.bundle")))).toBe(false);
      if (mode === "inplace") {
        expect(r.status).toBe(1);
        expect(r.stderr).toBe(`jobtop: ${bundle} changed while jobtop ran; run it again\n`);
      } else {
        expect([r.status, r.stderr]).toEqual([0, ""]);
        expect(r.stdout).toContain("page 1/");
      }
    }
  });

  it("finds its bundle through a symlinked bin, also under --preserve-symlinks-main", () => {
    // npm links node_modules/.bin/jobtop to dist/jobtop.js; Node resolves the link for its main
    // module unless told --preserve-symlinks-main, and then the bin's own path is the link's.
    const link = join(mkdtempSync(join(tmpdir(), "jobtop-bin-")), "jobtop");
    symlinkSync(CLI, link);
    const { version } = JSON.parse(readFileSync(join(dirname(CLI), "..", "package.json"), "utf8"));
    for (const flags of [[], ["--preserve-symlinks-main"]]) {
      const r = spawnSync(NODE, [...flags, link, "--version"], { encoding: "utf8" });
      expect(`${r.status} ${r.stdout}${r.stderr}`).toBe(`0 ${version}\n`);
    }
  });

  it("names its own file in stack traces, next to another install sharing the cache", async () => {
    // Node 20's V8 takes a script's name from the code cache: a copy of the same build elsewhere
    // (another checkout, a global and a local install) reported the first one's path.
    const home = mkdtempSync(join(tmpdir(), "jobtop-cache-"));
    const [a, b] = ["a", "b"].map((n) => join(mkdtempSync(join(tmpdir(), `jobtop-${n}-`)), "jobtop.js"));
    // The crash (test/e2e/fixtures/crash-on-usr2.cjs) is loaded the same way into both, so both
    // run under the same NODE_OPTIONS, as the cache requires.
    const crash = fileURLToPath(new URL("./fixtures/crash-on-usr2.cjs", import.meta.url));
    const run = (bin: string) => {
      copyFileSync(CLI, bin);
      copyFileSync(join(dirname(CLI), "jobtop.bundle"), join(dirname(bin), "jobtop.bundle"));
      s = startPty(NODE, [bin, "--base-url", demo.url], {
        env: { JOBTOP_TOKEN: demo.token, XDG_CACHE_HOME: home, NODE_OPTIONS: `--require ${crash}` },
      });
      return s;
    };
    let t = run(a as string);
    await t.waitFor("State timeline", 8000);
    await waitForCache(home, (bytes) => bytes.length > 100_000);
    t.kill("SIGKILL");

    t = run(b as string);
    await t.waitFor("State timeline", 8000);
    process.kill(t.pid, "SIGUSR2");
    // An idle monitor writes nothing: a key makes the write that crashes.
    await new Promise((r) => setTimeout(r, 200));
    t.press(KEYS.down);
    await t.exited();
    const trace = t.raw().slice(t.raw().indexOf("jobtop crashed"));
    const bundleB = join(dirname(b as string), "jobtop.bundle");
    expect(trace).toContain(`(${bundleB}:`);
    expect(trace).not.toContain(dirname(a as string));
    // The frames name the bundle's own lines: the write that crashed is Ink's, whose group starts
    // hundreds of lines into the file (counted from its group's start, as before, they would
    // name the file's first lines).
    const text = readFileSync(bundleB, "latin1");
    const head = JSON.parse(text.slice(text.indexOf("{"), text.indexOf("\n"))) as {
      groups: Record<string, [number, number, number]>;
    };
    const ink = Object.entries(head.groups).find(([name]) => name.startsWith("run-"))?.[1];
    const last = text.split("\n").length;
    const frames = [...trace.replace(/\r?\n/g, "").matchAll(/jobtop\.bundle:(\d+):\d+\)/g)].map((m) =>
      Number(m[1]),
    );
    expect(frames.length).toBeGreaterThan(2);
    expect(frames.some((l) => l > (ink?.[2] ?? last) && l <= last)).toBe(true);
    for (const l of frames) expect(l).toBeLessThanOrEqual(last);
  });
});
