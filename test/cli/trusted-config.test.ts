// Issue 29.1: a config file that others could have written was obeyed in full: its command
// actions ran, its base_url with token_file sent the user's token where it said, and `config
// check` said ok (only token_command was checked). Now such a file, and any file it names
// (token_file, ca_file, an action's body_file), is refused whole, as ssh refuses ~/.ssh/config:
// exit 2 and one line naming the file, what is wrong and the fix, in every command. Through the
// built CLI against the demo service; "another user" is a made-up uid given with chown, which
// needs root (CI runs the tests as root; elsewhere those cases are skipped, saying so).
import {
  chmodSync,
  chownSync,
  existsSync,
  lchownSync,
  mkdirSync,
  mkdtempSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onlyOwnersGroup } from "../../src/config/user-groups.js";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { CLI, NODE, type RunResult, runCli, runCommand } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";

const TOKEN = "trust-test-token-4q8z";
/** No such user: only root can give a file to it. */
const STRANGER = 4242;
/** The user's primary group is theirs alone (user-groups.ts): group-writable is then theirs. */
const privateGroup = onlyOwnersGroup(process.getgid?.() ?? -1, process.getuid?.() ?? -1);
const root = process.getuid?.() === 0;
const needsRoot = "giving a file to another user (chown) needs root; these tests run as root in CI";

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, tickMs: 0, token: TOKEN });
});
afterAll(async () => {
  await demo.close();
});

/** A config with base_url, token_file and a command action that leaves a mark when it runs. */
function hostileConfig(extra = "") {
  const cfg = writeConfig("");
  const tok = cfg.file("token", `${TOKEN}\n`);
  const mark = join(cfg.home, "ran");
  writeFileSync(
    cfg.path,
    `base_url = "${demo.url}"\ntoken_file = "${tok}"\n${extra}\n[[actions]]\nname = "mark"\nkey = "M"\nconfirm = "no"\ncommand = ["touch", "${mark}"]\n`,
    { mode: 0o600 },
  );
  return { ...cfg, mark, dir: dirname(cfg.path), tok };
}

/** Exit 2 and one line on stderr; nothing on stdout but, from `config check`, its table. */
function oneLine(r: RunResult, pattern: RegExp, table = false) {
  if (!table) expect(r.stdout).toBe("");
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  expect(r.stderr.trim()).toMatch(pattern);
  expect(r.code).toBe(2);
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every command that reads the config, each as a user would run it. */
const COMMANDS: string[][] = [
  [], // the monitor: refused before it asks for a terminal
  ["--once"],
  ["get", "5"],
  ["watch", "5", "--until", "running", "--timeout", "1s"],
  ["wait", "5", "--until", "running", "--timeout", "1s"],
  ["act", "mark", "5", "--yes"],
  ["config", "check"],
];

describe("a config file others can write is refused whole, in every command", () => {
  it("world-writable (0666): exit 2, one line with the fix; no request, no command run", async () => {
    const cfg = hostileConfig();
    chmodSync(cfg.path, 0o666);
    const want = new RegExp(
      `^jobtop: ${esc(cfg.path)}: refused: group and others can write it \\(mode 0666\\); fix: chmod go-w ${esc(cfg.path)}$`,
    );
    const before = demo.requestCount();
    for (const args of COMMANDS) oneLine(await runCli(args, { XDG_CONFIG_HOME: cfg.home }), want);
    expect(demo.requestCount()).toBe(before);
    expect(existsSync(cfg.mark)).toBe(false);
    // config path still prints where the file is (to fix it), and says why it is refused.
    const p = await runCli(["config", "path"], { XDG_CONFIG_HOME: cfg.home });
    expect(p.stdout).toBe(`${cfg.path}\n`);
    expect(p.stderr.trim()).toMatch(want);
    expect(p.code).toBe(2);
    // Fixed as the line says: the same commands work.
    chmodSync(cfg.path, 0o644);
    const ok = await runCli(["act", "mark", "5", "--yes"], { XDG_CONFIG_HOME: cfg.home });
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(existsSync(cfg.mark)).toBe(true);
  });

  it.skipIf(!root)("group-writable (0620) too, through --config and JOBTOP_CONFIG as well", async () => {
    const cfg = hostileConfig();
    // A group others may be in (root's own group is root's alone: that one is root, user-groups.ts).
    chownSync(cfg.path, 0, STRANGER);
    chmodSync(cfg.path, 0o620);
    const want =
      /config\.toml: refused: the group can write it \(mode 0620\); fix: chmod go-w \S+config\.toml$/;
    oneLine(await runCli(["--once", "--config", cfg.path]), want);
    oneLine(await runCli(["--once"], { JOBTOP_CONFIG: cfg.path }), want);
    oneLine(await runCli(["act", "mark", "5", "--yes", "--config", cfg.path]), want);
    expect(existsSync(cfg.mark)).toBe(false);
  });

  it.skipIf(!root)("in a folder others can write (no sticky bit), or one higher up", async () => {
    const cfg = hostileConfig();
    chownSync(cfg.dir, 0, STRANGER);
    chmodSync(cfg.dir, 0o775);
    oneLine(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }),
      new RegExp(
        `refused: the group can write its folder ${esc(cfg.dir)} \\(mode 0775\\), and so replace it; fix: chmod go-w ${esc(cfg.dir)}$`,
      ),
    );
    chmodSync(cfg.dir, 0o700);
    chmodSync(cfg.home, 0o777);
    oneLine(
      await runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home }),
      new RegExp(`refused: group and others can write its folder ${esc(cfg.home)} \\(mode 0777\\)`),
    );
  });

  it.skipIf(!privateGroup)(
    "umask 002 under a user private group: 0664 in folders of 0775 loads, as ssh on Debian takes it; a group others are in does not (attacked after the merge)",
    async () => {
      // Made with an editor under umask 002 (Debian's and Fedora's user private groups), a config
      // was refused: "the group can write it (mode 0664)", though the group is the user's alone.
      const cfg = hostileConfig();
      chmodSync(cfg.path, 0o664);
      chmodSync(cfg.dir, 0o775);
      chmodSync(cfg.home, 0o775);
      const r = await runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home });
      expect(r.stderr).toBe("");
      expect(r.stdout).toMatch(/^ok: settings valid, token read$/m);
      expect(r.code).toBe(0);
      if (!root) return;
      // A group-shared home: the group has someone else in it (or is one /etc/group does not name).
      chownSync(cfg.dir, 0, STRANGER);
      oneLine(
        await runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home }),
        new RegExp(`refused: the group can write its folder ${esc(cfg.dir)} \\(mode 0775\\)`),
      );
    },
  );

  it("folders above the home directory are not the user's to fix, as with ssh; the home directory is", async () => {
    const shared = mkdtempSync(join(tmpdir(), "jobtop-shared-"));
    chmodSync(shared, 0o777);
    const home = join(shared, "me");
    mkdirSync(join(home, ".config", "jobtop"), { recursive: true, mode: 0o700 });
    const path = join(home, ".config", "jobtop", "config.toml");
    writeFileSync(path, 'interval = "2s"\n', { mode: 0o600 });
    const ok = await runCli(["config", "check", "--demo"], { HOME: home, XDG_CONFIG_HOME: undefined });
    expect(ok.stderr).toBe("");
    expect(ok.stdout).toContain(path);
    chmodSync(home, 0o757);
    oneLine(
      await runCli(["config", "check", "--demo"], { HOME: home, XDG_CONFIG_HOME: undefined }),
      new RegExp(`refused: others can write its folder ${esc(home)} \\(mode 0757\\)`),
    );
  });

  it("reached through a symlink in a folder others can write, or to a file in one", async () => {
    const cfg = hostileConfig();
    const open = join(cfg.home, "open");
    mkdirSync(open, { mode: 0o777 });
    chmodSync(open, 0o777);
    const mine = join(cfg.home, "mine");
    mkdirSync(mine, { mode: 0o700 });
    // The link's own folder.
    symlinkSync(cfg.path, join(open, "link.toml"));
    oneLine(
      await runCli(["--once", "--config", join(open, "link.toml")]),
      new RegExp(`link\\.toml: refused: group and others can write its folder ${esc(open)} `),
    );
    // The target's folder, through a link in a private folder.
    writeFileSync(join(open, "real.toml"), `base_url = "${demo.url}"\n`, { mode: 0o600 });
    symlinkSync(join(open, "real.toml"), join(mine, "to-open.toml"));
    oneLine(
      await runCli(["--once", "--config", join(mine, "to-open.toml")]),
      new RegExp(`to-open\\.toml: refused: group and others can write its folder ${esc(open)} `),
    );
    // A private link to a private file is fine.
    symlinkSync(cfg.path, join(mine, "ok.toml"));
    const ok = await runCli(["--once", "--config", join(mine, "ok.toml")]);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
  });

  it.skipIf(!root)(
    `owned by another user, or reached through another user's symlink (${needsRoot})`,
    async () => {
      const cfg = hostileConfig();
      chownSync(cfg.path, STRANGER, STRANGER);
      oneLine(
        await runCli(["act", "mark", "5", "--yes"], { XDG_CONFIG_HOME: cfg.home }),
        /config\.toml: refused: it belongs to another user \(uid 4242\); fix: use a copy of your own$/,
      );
      expect(existsSync(cfg.mark)).toBe(false);
      chownSync(cfg.path, 0, 0);
      const mine = join(cfg.home, "mine");
      mkdirSync(mine, { mode: 0o700 });
      const link = join(mine, "link.toml");
      symlinkSync(cfg.path, link);
      lchownSync(link, STRANGER, STRANGER);
      oneLine(
        await runCli(["--once", "--config", link]),
        /link\.toml: refused: \S+link\.toml is another user's symlink \(uid 4242\), who can point it elsewhere/,
      );
    },
  );

  it("a sticky folder others can write (as /tmp) is fine for the user's own file", async () => {
    const cfg = hostileConfig();
    chmodSync(cfg.dir, 0o1777);
    const ok = await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home });
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
  });

  it.skipIf(!root)(`… and not for another user's file there, even a private one (${needsRoot})`, async () => {
    const cfg = hostileConfig();
    chmodSync(cfg.dir, 0o1777);
    chownSync(cfg.path, STRANGER, STRANGER);
    chmodSync(cfg.path, 0o644);
    oneLine(await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }), /refused: it belongs to another user/);
    // A folder of another user on the way: they can rename or replace what is in it.
    chownSync(cfg.path, 0, 0);
    chmodSync(cfg.dir, 0o755);
    chownSync(cfg.dir, STRANGER, STRANGER);
    oneLine(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }),
      /refused: its folder \S+\/jobtop belongs to another user \(uid 4242\), who can replace it; fix: move it to a folder of your own$/,
    );
  });
});

describe("the files a config names: the same rule, named by file:line and key", () => {
  it("token_file", async () => {
    const cfg = hostileConfig();
    chmodSync(cfg.tok, 0o622);
    oneLine(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }),
      /config\.toml:2: token_file: \S+\/token: refused: group and others can write it \(mode 0622\); fix: chmod go-w \S+\/token$/,
    );
  });

  it("ca_file", async () => {
    const cfg = hostileConfig();
    const ca = cfg.file("ca.pem", "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    writeFileSync(cfg.path, `ca_file = "${ca}"\nbase_url = "${demo.url}"\ntoken_file = "${cfg.tok}"\n`);
    chmodSync(ca, 0o666);
    oneLine(
      await runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home }),
      /config\.toml:1: ca_file: \S+\/ca\.pem: refused: group and others can write it \(mode 0666\); fix: chmod go-w /,
      true,
    );
  });

  it("an action's body_file: at load, in config check and at start", async () => {
    const cfg = hostileConfig();
    const body = cfg.file("body.json", '{ "id": "{id}" }');
    writeFileSync(
      cfg.path,
      `base_url = "${demo.url}"\ntoken_file = "${cfg.tok}"\n\n[[actions]]\nname = "post"\nkey = "P"\nhttp = { method = "POST", path = "/v1/job/x", body_file = "${body}" }\n`,
    );
    const ok = await runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home });
    expect(ok.stderr).toBe("");
    chmodSync(body, 0o666);
    const want =
      /config\.toml:7: actions\[0\]\.http\.body_file: \S+\/body\.json: refused: group and others can write it \(mode 0666\)/;
    oneLine(await runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home }), want, true);
    oneLine(await runCli(["act", "post", "5", "--yes"], { XDG_CONFIG_HOME: cfg.home }), want);
  });
});

describe("config init", () => {
  /** `jobtop config init` under umask 000: the modes are jobtop's own, not the umask's. */
  const init = (env: Record<string, string>, args: string[] = []) =>
    runCommand("sh", ["-c", 'umask 000; exec "$0" "$@"', NODE, CLI, "config", "init", ...args], env);

  it("writes the file 600 in a folder 700, even one that was there already", async () => {
    const home = mkdtempSync(join(tmpdir(), "jobtop-init-"));
    mkdirSync(join(home, "jobtop"), { mode: 0o755 });
    chmodSync(join(home, "jobtop"), 0o755);
    const r = await init({ XDG_CONFIG_HOME: home });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(statSync(join(home, "jobtop", "config.toml")).mode & 0o7777).toBe(0o600);
    expect(statSync(join(home, "jobtop")).mode & 0o7777).toBe(0o700);
    // And the file it wrote is one jobtop then reads.
    const check = await runCli(["config", "check", "--demo"], { XDG_CONFIG_HOME: home });
    expect(check.stderr).toBe("");
    expect(check.code).toBe(0);
  });

  it("writes no file where it would then be refused (--config in a folder others can write)", async () => {
    const open = mkdtempSync(join(tmpdir(), "jobtop-init-open-"));
    chmodSync(open, 0o777);
    const path = join(open, "c.toml");
    const r = await init({}, ["--config", path]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      new RegExp(
        `^jobtop: config init: ${esc(path)}: refused: group and others can write its folder ${esc(open)} `,
      ),
    );
    expect(existsSync(path)).toBe(false);
  });
});
