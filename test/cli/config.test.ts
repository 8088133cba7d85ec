// The config file as a user meets it, through the built CLI: a file alone runs jobtop on their
// service with their status names; --profile switches service; every problem in it is exit 2
// and one line with the file and line; `jobtop config path | check | init`.
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/server.js";
import { runCli } from "../helpers/cli.js";
import { writeConfig } from "../helpers/config-file.js";

let prod: DemoServer;
let staging: DemoServer;
beforeAll(async () => {
  prod = await startDemoServer({ port: 0, tickMs: 0, token: "prod-token-1" });
  staging = await startDemoServer({ port: 0, tickMs: 0, token: "staging-token-2", jobCount: 7, seed: 7 });
});
afterAll(async () => {
  await prod.close();
  await staging.close();
});

function twoProfiles(extra = "") {
  const cfg = writeConfig("");
  const prodTok = cfg.file("prod.token", "prod-token-1\n");
  const stagingTok = cfg.file("staging.token", "staging-token-2\n");
  writeFileSync(
    cfg.path,
    `profile = "prod"
per_page = 100
${extra}
[status]
6 = "queued"
1 = "starting"
2 = "running"
3 = "stopped"

[profiles.prod]
base_url = "${prod.url}"
token_file = "${prodTok}"

[profiles.prod.status]
3 = "done"

[profiles.staging]
base_url = "${staging.url}"
token_file = "staging.token"
`,
  );
  void stagingTok;
  return cfg;
}

function expectConfigError(r: { code: number | null; stderr: string; stdout: string }, pattern: RegExp) {
  expect(r.stdout).toBe("");
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  expect(r.stderr).toMatch(/^jobtop: /);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/); // no stack trace
}

describe("a config file alone", () => {
  it("runs jobtop on the default profile's service, with the user's status names", async () => {
    const cfg = twoProfiles();
    const r = await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/· 120 jobs ·/);
    const statuses = r.stdout
      .split("\n")
      .slice(1, -2)
      .map((l) => /^\S+ (\S+)/.exec(l)?.[1]);
    // The profile renames 3; the file's names cover the other codes; no bare number is left.
    expect(new Set(statuses)).toEqual(new Set(["queued", "starting", "running", "done"]));
  });

  it("--profile staging switches service (and JOBTOP_PROFILE does too)", async () => {
    const cfg = twoProfiles();
    for (const [args, env] of [
      [["--once", "--profile", "staging"], {}],
      [["--once"], { JOBTOP_PROFILE: "staging" }],
    ] as const) {
      const r = await runCli([...args], { XDG_CONFIG_HOME: cfg.home, ...env });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/· 7 jobs ·/);
      expect(r.stdout).toMatch(/ stopped /); // staging has no "done": the file's name for 3
      expect(r.stdout).not.toMatch(/ done /);
    }
  });

  it("--status-labels names codes for one run, over the file's names", async () => {
    const cfg = twoProfiles();
    const r = await runCli(["--once", "--status-labels", "2=crunching, 6=waiting"], {
      XDG_CONFIG_HOME: cfg.home,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ crunching /);
    expect(r.stdout).toMatch(/ waiting /);
    expect(r.stdout).toMatch(/ done /);
    expect(r.stdout).not.toMatch(/ running | queued /);
  });

  it("--config FILE and JOBTOP_CONFIG name another file", async () => {
    const cfg = twoProfiles();
    for (const [args, env] of [
      [["--once", "--config", cfg.path], {}],
      [["--once"], { JOBTOP_CONFIG: cfg.path }],
    ] as const) {
      const r = await runCli([...args], env);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/· 120 jobs ·/);
    }
  });

  it("reads the token from token_command, run without a shell", async () => {
    const cfg = writeConfig(
      `[profiles.p]\nbase_url = "${prod.url}"\ntoken_command = ["node", "-e", "process.stdout.write('prod-token-1\\\\n')"]\n`,
    );
    const r = await runCli(["--once", "--profile", "p"], { XDG_CONFIG_HOME: cfg.home });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });

  it("--demo shows the demo's names through its built-in profile, and the file can rename them", async () => {
    const plain = await runCli(["--demo", "--once"]);
    expect(plain.stdout).toMatch(/ running /);
    const cfg = writeConfig('[profiles.demo.status]\n2 = "busy"\n');
    const r = await runCli(["--demo", "--once"], { XDG_CONFIG_HOME: cfg.home });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ busy /);
    expect(r.stdout).toMatch(/ queued /);
    expect(r.stdout).not.toMatch(/ running /);
  });

  it("a missing default file is fine", async () => {
    const r = await runCli(["--demo", "--once"], { XDG_CONFIG_HOME: "/nonexistent/config/home" });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
  });
});

describe("every problem is exit 2 with one line naming the file and line", () => {
  const cases: [string, string, RegExp][] = [
    ["syntax", 'per_page = 50\nbase_url = "http://x\n', /config\.toml:2: .*\(not valid TOML\)$/m],
    [
      "unknown key",
      'per_page = 50\n[profiles.prod]\nintervall = "2s"\n',
      /config\.toml:3: profiles\.prod\.intervall: unknown key \(did you mean "interval"\?\)/,
    ],
    ["wrong type", '\nper_page = "lots"\n', /config\.toml:2: per_page: expected a whole number/],
    [
      "missing profile",
      'per_page = 5\nprofile = "prdo"\n[profiles.prod]\n',
      /config\.toml:2: profile: no profile "prdo" in this file \(did you mean "prod"\?\); profiles: prod/,
    ],
    [
      "a token in the file",
      'token = "s3cret-value"\n',
      /config\.toml:1: token: unknown key: a token does not belong/,
    ],
    [
      "a port name for no port",
      '[ports]\n6006 = "tensorboard"\nhttp = "web"\n',
      /config\.toml:3: ports\.http: "http" is not a port: use a number from 1 to 65535, like 6006$/m,
    ],
    [
      "a port name that is not a string",
      "[profiles.prod.ports]\n8888 = true\n",
      /config\.toml:2: profiles\.prod\.ports\.8888: expected a name in quotes, like "tensorboard", got true$/m,
    ],
  ];
  it.each(cases)("%s", async (_, text, pattern) => {
    const cfg = writeConfig(text);
    const r = await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home });
    expectConfigError(r, pattern);
    expect(r.stderr).toContain(cfg.path);
    expect(r.stderr).not.toContain("s3cret-value");
  });

  it("--profile and JOBTOP_PROFILE naming no profile", async () => {
    const cfg = twoProfiles();
    expectConfigError(
      await runCli(["--once", "--profile", "stagign"], { XDG_CONFIG_HOME: cfg.home }),
      /--profile: no profile "stagign" in \S+config\.toml \(did you mean "staging"\?\); profiles: prod, staging$/m,
    );
    expectConfigError(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home, JOBTOP_PROFILE: "qa" }),
      /JOBTOP_PROFILE: no profile "qa" in/,
    );
    expectConfigError(
      await runCli(["--once", "--profile", "prod"], { XDG_CONFIG_HOME: "/nonexistent" }),
      /--profile: no config file at \/nonexistent\/jobtop\/config\.toml/,
    );
  });

  it("an unreadable token file", async () => {
    const cfg = writeConfig(`[profiles.p]\nbase_url = "${prod.url}"\ntoken_file = "missing.token"\n`);
    expectConfigError(
      await runCli(["--once", "--profile", "p"], { XDG_CONFIG_HOME: cfg.home }),
      /config\.toml:3: profiles\.p\.token_file: cannot read \S+missing\.token \(ENOENT\)$/m,
    );
  });

  it("a token file with spaces or control characters in the token, never echoed", async () => {
    const cfg = writeConfig(`base_url = "${prod.url}"\ntoken_file = "t"\n`);
    cfg.file("t", "abc def-s3cret\n");
    const r = await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home });
    expectConfigError(r, /config\.toml:2: token_file: \S+: the token contains a space/);
    expect(r.stderr).not.toContain("s3cret");
  });

  it("a failing token command, with what it said on stderr (sanitised), never its output", async () => {
    const cfg = writeConfig("");
    const helper = cfg.file(
      "helper.sh",
      "echo half-s3cret\nprintf 'gpg: decryption failed: \\033[31mNo secret key\\n' >&2\nexit 2\n",
    );
    writeFileSync(cfg.path, `base_url = "${prod.url}"\n\ntoken_command = ["sh", "${helper}"]\n`);
    const r = await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home });
    expectConfigError(
      r,
      /config\.toml:3: token_command: "sh [^"]+" failed \(exit 2\): gpg: decryption failed: \^\[\[31mNo secret key$/m,
    );
    expect(r.stderr).not.toContain("half-s3cret");
    expect(r.stderr).not.toContain("\u001b");
  });

  it("a token command that is not there, or prints more than a token", async () => {
    const missing = writeConfig(`base_url = "${prod.url}"\ntoken_command = "no-such-helper-xyz get"\n`);
    expectConfigError(
      await runCli(["--once"], { XDG_CONFIG_HOME: missing.home }),
      /config\.toml:2: token_command: cannot run "no-such-helper-xyz" \(command not found\)/,
    );
    const chatty = writeConfig(
      `base_url = "${prod.url}"\ntoken_command = ["printf", "line-one\\nline-two-s3cret\\n"]\n`,
    );
    const r = await runCli(["--once"], { XDG_CONFIG_HOME: chatty.home });
    expectConfigError(r, /config\.toml:2: token_command: its output: the token has more than one line/);
    expect(r.stderr).not.toContain("s3cret");
  });

  it("will not run a token command from a file others can change (the file is refused whole)", async () => {
    const cfg = writeConfig(`base_url = "${prod.url}"\ntoken_command = ["printf", "prod-token-1"]\n`);
    chmodSync(cfg.path, 0o666);
    expectConfigError(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }),
      /config\.toml: refused: group and others can write it \(mode 0666\); fix: chmod go-w /,
    );
  });

  it("an unreadable ca_file", async () => {
    const cfg = writeConfig(`[profiles.p]\nbase_url = "${prod.url}"\nca_file = "nope.pem"\n`);
    expectConfigError(
      await runCli(["--once", "--profile", "p"], { XDG_CONFIG_HOME: cfg.home, JOBTOP_TOKEN: "x" }),
      /config\.toml:3: profiles\.p\.ca_file: cannot read \S+nope\.pem \(ENOENT\)/,
    );
  });

  it("a --config file that is not there, and bad flags", async () => {
    expectConfigError(
      await runCli(["--once", "--config", "/nonexistent/c.toml"]),
      /--config: cannot read \/nonexistent\/c\.toml \(ENOENT\)/,
    );
    expectConfigError(
      await runCli(["--once"], { JOBTOP_CONFIG: "/nonexistent/c.toml" }),
      /JOBTOP_CONFIG: cannot read/,
    );
    expectConfigError(
      await runCli(["--demo", "--once", "--status-labels", "queued"]),
      /--status-labels: expected CODE=NAME pairs/,
    );
    expectConfigError(
      await runCli(["--demo", "--once", "--columns", "status,nod"]),
      /--columns: unknown column "nod" \(did you mean "node"\?\)/,
    );
    expectConfigError(
      await runCli(["--demo", "--once", "--profile", "x"]),
      /--profile: --demo uses its own built-in profile/,
    );
    expectConfigError(await runCli(["--once", "--profile"]), /--profile: give a profile's name/);
    expectConfigError(await runCli(["--once", "--config="]), /--config: give a file/);
  });

  it("a device or a file far too large, as config, token file or CA", async () => {
    expectConfigError(
      await runCli(["--once", "--config", "/dev/zero"]),
      /^jobtop: \/dev\/zero: not a regular file \(a device\)$/m,
    );
    const cfg = writeConfig(
      `base_url = "${prod.url}"\ntoken_file = "/dev/zero"\n[profiles.ca]\nca_file = "/dev/zero"\n`,
    );
    expectConfigError(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }),
      /config\.toml:2: token_file: \/dev\/zero: not a regular file \(a device\)/,
    );
    expectConfigError(
      await runCli(["--once", "--profile", "ca"], { XDG_CONFIG_HOME: cfg.home }),
      /config\.toml:4: profiles\.ca\.ca_file: \/dev\/zero: not a regular file \(a device\)/,
    );
    const big = cfg.file("big.toml", `# ${"x".repeat(2 * 1024 * 1024)}\n`);
    expectConfigError(
      await runCli(["--once", "--config", big]),
      /^jobtop: \S+big\.toml: larger than 1024 kB; is this the right file\?$/m,
    );
    const bigToken = cfg.file("big.token", "x".repeat(100_000));
    writeFileSync(cfg.path, `base_url = "${prod.url}"\ntoken_file = "${bigToken}"\n`);
    expectConfigError(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }),
      /config\.toml:2: token_file: \S+big\.token: larger than 64 kB/,
    );
  });

  it("says a file with profiles but none chosen needs one", async () => {
    const cfg = writeConfig(`[profiles.a]\nbase_url = "${prod.url}"\n[profiles.b]\n`);
    expectConfigError(
      await runCli(["--once"], { XDG_CONFIG_HOME: cfg.home }),
      /no service given: .*has profiles a, b: choose one with --profile NAME/,
    );
  });
});

describe("jobtop config", () => {
  it("path prints where the file is looked for", async () => {
    const r = await runCli(["config", "path"], { XDG_CONFIG_HOME: "/somewhere/cfg" });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("/somewhere/cfg/jobtop/config.toml\n");
    expect(r.stderr).toMatch(/no file there yet/);
    const home = await runCli(["config", "path"], { XDG_CONFIG_HOME: undefined, HOME: "/home/someone" });
    expect(home.stdout).toBe("/home/someone/.config/jobtop/config.toml\n");
    const named = await runCli(["config", "path", "--config", "/etc/jt.toml"]);
    expect(named.stdout).toBe("/etc/jt.toml\n");
  });

  it("check prints the chosen profile's settings and where each comes from, never the token", async () => {
    const cfg = twoProfiles('interval = "5s"');
    const r = await runCli(["config", "check", "--per-page", "9"], { XDG_CONFIG_HOME: cfg.home });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^profile +prod +\(config file\)$/m);
    expect(r.stdout).toMatch(new RegExp(`^base_url +${prod.url} +\\(profile prod\\)$`, "m"));
    expect(r.stdout).toMatch(/^token +token_file \S+prod\.token +\(profile prod\)$/m);
    expect(r.stdout).toMatch(/^interval +5s +\(config file\)$/m);
    expect(r.stdout).toMatch(/^per_page +9 +\(flags\)$/m);
    expect(r.stdout).toMatch(/^list_interval +10s +\(default\)$/m);
    // Every name apart from its value: it read "index_interval30s".
    expect(r.stdout).toMatch(/^index_interval +30s +\(default\)$/m);
    expect(r.stdout).toMatch(
      /^status +1=starting \(config file\), 2=running \(config file\), 3=done \(profile prod\), 6=queued \(config file\)$/m,
    );
    expect(r.stdout).toMatch(/^ports +\(none: ports show as numbers\)$/m);
    expect(r.stdout).toMatch(/^ok: settings valid, token read$/m);
    expect(r.stdout).not.toContain("prod-token-1");
    const named = twoProfiles(
      '[ports]\n6006 = "tensorboard"\n8888 = "jupyter"\n[profiles.prod.ports]\n8888 = "lab"\n',
    );
    const ports = await runCli(["config", "check"], { XDG_CONFIG_HOME: named.home });
    expect(ports.code).toBe(0);
    expect(ports.stdout).toMatch(/^ports +6006=tensorboard \(config file\), 8888=lab \(profile prod\)$/m);

    const env = await runCli(["config", "check", "--profile", "staging"], {
      XDG_CONFIG_HOME: cfg.home,
      JOBTOP_TOKEN: "env-s3cret-token",
    });
    expect(env.code).toBe(0);
    expect(env.stdout).toMatch(/^token +given by JOBTOP_TOKEN \(not shown\) +\(environment\)$/m);
    expect(env.stdout).not.toContain("env-s3cret-token");
  });

  it("check lists the pins in force: the profile's (or the file's), --pin's added, each once", async () => {
    const file = twoProfiles('pins = ["1", "2"]');
    const text = readFileSync(file.path, "utf8");
    writeFileSync(
      file.path,
      text.replace("\n[profiles.prod.status]", '\npins = [7, "8"]\n[profiles.prod.status]'),
    );
    const top = await runCli(["config", "check", "--profile", "staging", "--pin", "2", "--pin", "3"], {
      XDG_CONFIG_HOME: file.home,
    });
    expect(top.stderr).toBe("");
    expect(top.stdout).toMatch(/^pins +1, 2, 3 +\(config file \+ --pin\)$/m);
    const prodPins = await runCli(["config", "check"], { XDG_CONFIG_HOME: file.home });
    expect(prodPins.stdout).toMatch(/^pins +7, 8 +\(profile prod\)$/m);
    const none = await runCli(["config", "check", "--demo"]);
    expect(none.stdout).toMatch(/^pins +\(none\)$/m);
  });

  it("refuses more than 20 pins in one line, at start and in config check", async () => {
    const pins = (n: number, from = 1) => Array.from({ length: n }, (_, i) => String(from + i));
    const flags = pins(21).flatMap((id) => ["--pin", id]);
    for (const args of [
      ["--once", "--demo"],
      ["config", "check", "--demo"],
    ]) {
      expectConfigError(
        await runCli(args.concat(flags)),
        /^jobtop: --pin: 21 jobs pinned, at most 20 \(each one off the page costs a request per list interval\)\n$/,
      );
    }
    const many = writeConfig(`base_url = "${prod.url}"\npins = ${JSON.stringify(pins(21))}\n`);
    expectConfigError(
      await runCli(["--once"], { XDG_CONFIG_HOME: many.home, JOBTOP_TOKEN: "prod-token-1" }),
      /config\.toml:2: pins: 21 jobs pinned, at most 20 /,
    );
    const some = writeConfig(`base_url = "${prod.url}"\npins = ${JSON.stringify(pins(15))}\n`);
    const env = { XDG_CONFIG_HOME: some.home, JOBTOP_TOKEN: "prod-token-1" };
    const more = pins(6, 100).flatMap((id) => ["--pin", id]);
    expectConfigError(
      await runCli(["--once"].concat(more), env),
      /^jobtop: config file \+ --pin: 21 jobs pinned/,
    );
    const check = await runCli(["config", "check"].concat(more), env);
    expect(check.code).toBe(2);
    expect(check.stderr).toMatch(/^jobtop: config file \+ --pin: 21 jobs pinned, at most 20 [^\n]*\n$/);
    // Twenty, a duplicate counted once: fine.
    const ok = await runCli(["--once", "--pin", "1", "--pin", "100"].concat(more.slice(4)), env);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
  });

  it("check fails like a run would, after showing what it found", async () => {
    const cfg = writeConfig(`base_url = "${prod.url}"\ntoken_file = "gone"\n`);
    const r = await runCli(["config", "check"], { XDG_CONFIG_HOME: cfg.home });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^token +token_file \S+gone/m);
    expect(r.stderr).toMatch(/config\.toml:2: token_file: cannot read/);
    const broken = writeConfig("bell = maybe\n");
    const b = await runCli(["config", "check"], { XDG_CONFIG_HOME: broken.home });
    expectConfigError(b, /config\.toml:1: .*not valid TOML/);
  });

  it("init writes a commented starter file, private, and will not overwrite it", async () => {
    const cfg = writeConfig("");
    const path = join(cfg.home, "fresh", "jobtop", "config.toml");
    const env = { XDG_CONFIG_HOME: join(cfg.home, "fresh") };
    const r = await runCli(["config", "init"], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`wrote ${path}`);
    const text = readFileSync(path, "utf8");
    expect(text).toMatch(/^\[status\]$/m);
    expect(text).toMatch(/^# 6 = "queued"$/m);
    expect(text).toMatch(/^# \[profiles\.prod\]$/m);
    // An example of each kind of action, commented out: none exists unless the user writes it.
    expect(text).toMatch(/^# \[\[actions\]\]\n# name = "cancel"$/m);
    expect(text).toMatch(
      /^# http = \{ method = "DELETE", path = "\/v1\/job", query = \{ id = "\{id\}" \} \}$/m,
    );
    expect(text).toMatch(/^# command = \["my-tool", "logs", "\{id\}"/m);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    // The starter is valid as it stands; it only lacks a service.
    const check = await runCli(["config", "check"], env);
    expect(check.code).toBe(2);
    expect(check.stderr).toMatch(/no service given/);
    const again = await runCli(["config", "init"], env);
    expectConfigError(again, /already exists; not overwriting it/);
    expect(readFileSync(path, "utf8")).toBe(text);
  });

  it("the starter, uncommented, is a working file", async () => {
    const cfg = writeConfig("");
    const env = { XDG_CONFIG_HOME: join(cfg.home, "u") };
    await runCli(["config", "init"], env);
    const path = join(cfg.home, "u", "jobtop", "config.toml");
    const uncommented = readFileSync(path, "utf8")
      .replace(/^# ([a-z_]+ = .*|\[.*\]|\d+ = .*)$/gm, "$1")
      .replace("https://jobs.example.com", prod.url)
      .replace("~/.config/jobtop/prod.token", cfg.file("p.token", "prod-token-1"))
      .replace(/^proxy = .*$/m, "")
      .replace(/^ca_file = .*$/m, "");
    writeFileSync(path, uncommented);
    const r = await runCli(["--once"], env);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ done /);
    expect(existsSync(path)).toBe(true);
    // Its actions are valid as they stand, and config check lists them.
    const check = await runCli(["config", "check"], env);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(
      /^action +cancel: key "C", DELETE \/v1\/job\?id=\{id\}, on queued, starting, running, confirm type/m,
    );
    expect(check.stdout).toMatch(
      /^action +logs: key "L", command my-tool logs \{id\} --out \/tmp\/\{displayID\}\.log \(background\), on every status, confirm no/m,
    );
  });

  it("rejects unknown config commands", async () => {
    expectConfigError(
      await runCli(["config", "edit"]),
      /config: unknown command "edit": jobtop config path \| check \| init/,
    );
    expectConfigError(await runCli(["config"]), /config: say what to do/);
  });
});
