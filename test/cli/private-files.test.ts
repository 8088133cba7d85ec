// Files that decide what jobtop runs or sends, through the built CLI: a config file (here one that
// names a token_command), and token files, are read from one descriptor whose owner and mode are
// checked, in directories others cannot write (or sticky ones), and refused whole otherwise
// (test/cli/trusted-config.test.ts has the rest of issue 29.1); a FIFO, a device or a socket as a config
// or token file is one line and exit 2, never a hang. Only --token-file may be a pipe, on purpose:
// `--token-file <(pass show x)`. Tests run as root: "another user" is a file chown'ed to nobody.
import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  closeSync,
  constants,
  existsSync,
  lchownSync,
  mkdirSync,
  openSync,
  renameSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, NODE, type RunResult, runCli, runCommand } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";

const NOBODY = 65534;
const root = process.getuid?.() === 0;

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, token: "tok-private-1" });
});
afterAll(async () => {
  await demo.close();
});

function oneLine(r: RunResult, pattern: RegExp) {
  expect(r.stdout).toBe("");
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  expect(r.stderr.trim()).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/);
}

/** A config whose token_command leaves a mark when it runs. */
function withCommand() {
  const cfg = writeConfig("");
  const mark = join(cfg.home, "ran");
  writeFileSync(
    cfg.path,
    `base_url = "${demo.url}"\ntoken_command = ["sh", "-c", "touch ${mark}; printf tok-private-1"]\n`,
  );
  return { ...cfg, mark, dir: dirname(cfg.path) };
}

const mkfifo = (path: string) => execFileSync("mkfifo", [path]);

describe("a config file naming a token_command is read only when no one else could have changed it", () => {
  it("not from a directory others can write (no sticky bit); from a sticky one it does", async () => {
    const cfg = withCommand();
    chmodSync(cfg.dir, 0o777);
    const r = await runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^jobtop: \S+config\.toml: refused: group and others can write its folder \S+\/jobtop \(mode 0777\), and so replace it; fix: chmod go-w \S+\/jobtop$/m,
    );
    expect(existsSync(cfg.mark)).toBe(false);

    chmodSync(cfg.dir, 0o1777); // as /tmp: others cannot rename what is not theirs
    const ok = await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home });
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(existsSync(cfg.mark)).toBe(true);
  });

  it("not from a directory higher up that others can write", async () => {
    const cfg = withCommand();
    chmodSync(cfg.home, 0o777);
    oneLine(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }),
      /config\.toml: refused: group and others can write its folder \S+ \(mode 0777\), and so replace it; fix: chmod go-w /,
    );
    expect(existsSync(cfg.mark)).toBe(false);
  });

  it.skipIf(!root)("not from a file, or a directory, that belongs to another user", async () => {
    const cfg = withCommand();
    chownSync(cfg.path, NOBODY, NOBODY);
    oneLine(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }),
      /\S+config\.toml: refused: it belongs to another user \(uid 65534\); fix: use a copy of your own$/,
    );
    chownSync(cfg.path, 0, 0);
    chownSync(cfg.dir, NOBODY, NOBODY);
    oneLine(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }),
      /config\.toml: refused: its folder \S+\/jobtop belongs to another user \(uid 65534\), who can replace it; fix: move it to a folder of your own$/,
    );
    expect(existsSync(cfg.mark)).toBe(false);
  });

  it("not through a symlink, or a linked directory, that sits in a directory others can write", async () => {
    // The private file is fine; the name used for it is not: whoever can write the directory
    // holding the symlink can point it elsewhere. Only the real file's directories were checked.
    const cfg = withCommand();
    const shared = join(cfg.home, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    symlinkSync(cfg.path, join(shared, "link.toml"));
    symlinkSync(cfg.dir, join(shared, "dirlink"));
    for (const via of [join(shared, "link.toml"), join(shared, "dirlink", "config.toml")])
      oneLine(
        await runCli(["--config", via, "--once"]),
        /(link\.toml|dirlink\/config\.toml): refused: group and others can write its folder \S+\/shared \(mode 0777\), and so replace it; fix: chmod go-w/,
      );
    expect(existsSync(cfg.mark)).toBe(false);
    // The same links in a private directory are fine.
    chmodSync(shared, 0o700);
    const ok = await runCli(["--config", join(shared, "dirlink", "config.toml"), "--once"]);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(existsSync(cfg.mark)).toBe(true);
  });

  it.skipIf(!root)("not through another user's symlink, even in a sticky directory", async () => {
    const cfg = withCommand();
    const sticky = join(cfg.home, "sticky");
    mkdirSync(sticky);
    chmodSync(sticky, 0o1777);
    const link = join(sticky, "link.toml");
    symlinkSync(cfg.path, link);
    lchownSync(link, NOBODY, NOBODY);
    oneLine(
      await runCli(["--config", link, "--once"]),
      /link\.toml: refused: \S+link\.toml is in the shared folder \S+\/sticky \(mode 1777\) but is not yours \(uid 65534\); fix: move it to a folder of your own$/,
    );
    expect(existsSync(cfg.mark)).toBe(false);
  });

  it("what is read is what is checked: a file swapped after the read cannot lend its owner to another's command", async () => {
    // The attack from issue 22, made deterministic: in a directory others can write, another
    // user's file at the path gives its text (here through a FIFO, so the "attacker" knows when
    // it was read), and is swapped for the user's own private file before the read ends. Checking
    // the path afterwards (as jobtop did) saw the private file and ran the other's command.
    const cfg = withCommand();
    const good = join(cfg.dir, "good.toml");
    writeFileSync(good, `base_url = "${demo.url}"\ntoken_command = ["printf", "tok-private-1"]\n`, {
      mode: 0o600,
    });
    const evil = `base_url = "${demo.url}"\ntoken_command = ["sh", "-c", "touch ${cfg.mark}; printf tok-private-1"]\n`;
    unlinkSync(cfg.path);
    mkfifo(cfg.path);
    if (root) chownSync(cfg.path, NOBODY, NOBODY);
    chmodSync(cfg.dir, 0o777);
    let done = false;
    const run = runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home }).finally(() => {
      done = true;
    });
    // Open the FIFO's other end once jobtop has opened its own (ENXIO until then).
    let fd: number | undefined;
    while (fd === undefined && !done) {
      try {
        fd = openSync(cfg.path, constants.O_WRONLY | constants.O_NONBLOCK);
      } catch {
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    if (fd !== undefined) {
      try {
        writeSync(fd, evil);
      } catch {
        // jobtop closed its end already: it did not read it
      }
      renameSync(good, cfg.path);
      closeSync(fd);
    }
    const r = await run;
    expect(existsSync(cfg.mark)).toBe(false);
    oneLine(r, /config\.toml: not a regular file \(a FIFO\)$/);
  });
});

describe("token files: the same rules, as they decide what is sent", () => {
  it("a config's token_file in a directory others can write is not read", async () => {
    const cfg = writeConfig("");
    const shared = join(cfg.home, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    const tok = join(shared, "tok");
    writeFileSync(tok, "tok-private-1\n", { mode: 0o600 });
    writeFileSync(cfg.path, `base_url = "${demo.url}"\ntoken_file = "${tok}"\n`);
    oneLine(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }),
      /config\.toml:2: token_file: \S+\/shared\/tok: refused: group and others can write its folder \S+\/shared \(mode 0777\)/,
    );
    chmodSync(shared, 0o1777);
    const ok = await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home });
    expect(ok.code).toBe(0);
  });

  it("--token-file that others can write, or that sits in a directory they can, is not read", async () => {
    const cfg = writeConfig("");
    const tok = cfg.file("tok", "tok-private-1\n");
    chmodSync(tok, 0o666);
    oneLine(
      await runCli(["--once", "--base-url", demo.url, "--token-file", tok]),
      /^jobtop: --token-file: \S+\/tok: refused: group and others can write it \(mode 0666\); fix: chmod go-w \S+\/tok$/m,
    );
    chmodSync(tok, 0o600);
    chmodSync(dirname(tok), 0o777);
    oneLine(
      await runCli(["--once", "--base-url", demo.url, "--token-file", tok]),
      /--token-file: \S+\/tok: refused: group and others can write its folder/,
    );
  });

  it.skipIf(!root)("a token file that belongs to another user is not read", async () => {
    const cfg = writeConfig("");
    const tok = cfg.file("tok", "tok-private-1\n");
    chownSync(tok, NOBODY, NOBODY);
    oneLine(
      await runCli(["--once", "--base-url", demo.url, "--token-file", tok]),
      /^jobtop: --token-file: \S+\/tok: refused: it belongs to another user \(uid 65534\); fix: use a copy of your own$/m,
    );
    writeFileSync(cfg.path, `base_url = "${demo.url}"\ntoken_file = "tok"\n`);
    oneLine(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }),
      /config\.toml:2: token_file: \S+\/tok: refused: it belongs to another user/,
    );
  });
});

describe("a FIFO or a device as a config or token file: one line, exit 2, no hang", () => {
  it("--config, JOBTOP_CONFIG and the default file", async () => {
    const cfg = writeConfig("");
    unlinkSync(cfg.path);
    mkfifo(cfg.path); // no one ever writes it: open(2) used to wait for ever
    const want = /^jobtop: \S+config\.toml: not a regular file \(a FIFO\)$/m;
    oneLine(await runCli(["--once", "--config", cfg.path], {}, 8000), want);
    oneLine(await runCli(["--once"], { JOBTOP_CONFIG: cfg.path }, 8000), want);
    oneLine(await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }, 8000), want);
    oneLine(await runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home }, 8000), want);
  });

  it("a config's token_file and ca_file", async () => {
    const cfg = writeConfig("");
    const fifo = join(dirname(cfg.path), "fifo");
    mkfifo(fifo);
    writeFileSync(
      cfg.path,
      `base_url = "${demo.url}"\ntoken_file = "fifo"\n[profiles.null]\ntoken_file = "/dev/null"\n[profiles.ca]\nca_file = "fifo"\n`,
    );
    oneLine(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }, 8000),
      /config\.toml:2: token_file: \S+\/fifo: not a regular file \(a FIFO\)$/,
    );
    oneLine(
      await runCli(["--once", "--profile", "null"], { XDG_CONFIG_HOME: cfg.home }, 8000),
      /config\.toml:4: profiles\.null\.token_file: \/dev\/null: not a regular file \(a device\)$/,
    );
    oneLine(
      await runCli(["--once", "--profile", "ca"], { XDG_CONFIG_HOME: cfg.home, JOBTOP_TOKEN: "x-tok" }, 8000),
      /config\.toml:6: profiles\.ca\.ca_file: \S+\/fifo: not a regular file \(a FIFO\)$/,
    );
  });

  it("--config /dev/null stays a way to say: no config file", async () => {
    const r = await runCli(["--once", "--config", "/dev/null", "--demo"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });

  it("--token-file may be a pipe: <(command) works, a FIFO no one writes is one line", async () => {
    const sub = await bash(
      `"${NODE}" "${CLI}" --once --base-url ${demo.url} --token-file <(sleep 0.3; printf tok-private-1)`,
    );
    expect(sub.stderr).toBe("");
    expect(sub.code).toBe(0);
    expect(sub.stdout).toMatch(/STATUS/);

    const cfg = writeConfig("");
    const fifo = join(dirname(cfg.path), "fifo");
    mkfifo(fifo);
    oneLine(
      await runCli(["--once", "--base-url", demo.url, "--token-file", fifo], {}, 8000),
      /^jobtop: --token-file: \S+\/fifo: the pipe gave nothing \(no writer, or it wrote nothing\)$/m,
    );
    // A writer that opens the FIFO a moment after jobtop does.
    const late = spawn("sh", ["-c", `sleep 0.3; printf tok-private-1 > ${fifo}`]);
    const r = await runCli(["--once", "--base-url", demo.url, "--token-file", fifo], {}, 8000);
    late.kill();
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });

  it("--token-file a terminal or a device is refused, not read", async () => {
    oneLine(
      await runCli(["--once", "--base-url", demo.url, "--token-file", "/dev/zero"], {}, 8000),
      /^jobtop: --token-file: \/dev\/zero: not a regular file \(a device\)$/m,
    );
  });
});

/** Runs a bash command line (process substitution is bash's) with the test's environment. */
function bash(line: string): Promise<RunResult> {
  return runCommand("bash", ["-c", line], {}, 15_000, `bash -c ${line}`);
}
