// The config file's parser and checks: every problem is one ConfigError, "file:line: key:
// what", the first one in the file; nothing a file holds makes it throw anything else.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keyLines } from "../../src/config/key-lines.js";
import { parseConfigFile } from "../../src/config/parse-file.js";
import { ConfigError } from "../../src/config/types.js";
import { FILE, problem } from "../helpers/config-problem.js";

describe("a valid file", () => {
  it("reads the issue's example", () => {
    const f = parseConfigFile(
      FILE,
      `profile = "prod"                 # the default profile
[status]                         # names for status codes, for every profile
6 = "queued"
1 = "starting"
2 = "running"
3 = "stopped"
[protocols]
1 = "tcp"
[profiles.prod]
base_url = "https://jobs.example.com"
token_file = "~/.config/jobtop/prod.token"
interval = "2s"
list_interval = "10s"
per_page = 50
order = "desc"
columns = ["status", "display", "remark", "gpu", "age", "id"]
[profiles.prod.status]
3 = "done"
[profiles.staging]
base_url = "https://staging.example.com"
token_command = "pass show 'jobs/staging token'"
[ports]
6006 = "tensorboard"
8888 = "jupyter"
[profiles.prod.ports]
8888 = "lab"
`,
    );
    expect(f.defaultProfile).toEqual({ name: "prod", line: 1 });
    expect(f.top.statusLabels).toEqual({ 6: "queued", 1: "starting", 2: "running", 3: "stopped" });
    expect(f.top.protocolLabels).toEqual({ 1: "tcp" });
    expect(f.top.portNames).toEqual({ 6006: "tensorboard", 8888: "jupyter" });
    expect(f.profiles.get("prod")?.portNames).toEqual({ 8888: "lab" });
    const prod = f.profiles.get("prod");
    expect(prod?.baseUrl).toBe("https://jobs.example.com");
    expect(prod?.token).toMatchObject({ kind: "file", from: `${FILE}:11: profiles.prod.token_file` });
    expect(prod?.token?.kind === "file" && prod.token.path).toMatch(/^\/.*\/\.config\/jobtop\/prod\.token$/);
    expect(prod?.intervalMs).toBe(2000);
    expect(prod?.listIntervalMs).toBe(10_000);
    expect(prod?.perPage).toBe(50);
    expect(prod?.columns).toEqual(["status", "displayID", "remark", "gpu", "age", "id"]);
    expect(prod?.statusLabels).toEqual({ 3: "done" });
    expect(f.profiles.get("staging")?.token).toMatchObject({
      kind: "command",
      argv: ["pass", "show", "jobs/staging token"],
    });
  });

  it("takes durations as numbers of seconds too, and paths relative to the file", () => {
    const f = parseConfigFile(FILE, 'interval = 1.5\ntimeout = 30\nca_file = "certs/ca.pem"\n');
    expect(f.top.intervalMs).toBe(1500);
    expect(f.top.timeoutMs).toBe(30_000);
    expect(f.top.caFile).toBe("/home/me/.config/jobtop/certs/ca.pem");
  });

  it("accepts an empty file, comments only, a BOM and CRLF line ends", () => {
    expect(parseConfigFile(FILE, "").profiles.size).toBe(0);
    expect(parseConfigFile(FILE, "# nothing yet\n").top).toBeDefined();
    expect(parseConfigFile(FILE, '\ufeffbell = true\r\n[status]\r\n2 = "up"\r\n').top).toMatchObject({
      bell: true,
      statusLabels: { 2: "up" },
    });
  });
});

describe("every problem is one line with the file, the line and the key", () => {
  it.each([
    // syntax
    ['interval = "2s"\nper_page = \n', /^\S+config\.toml:2: .*\(not valid TOML\)$/],
    ['[status]\n6 = "queued"\n6 = "again"\n', /config\.toml:3: .*not valid TOML/],
    ['name = "unterminated\n', /config\.toml:1: .*not valid TOML/],
    // unknown keys, with a suggestion
    ['intervall = "2s"\n', /config\.toml:1: intervall: unknown key \(did you mean "interval"\?\)$/],
    [
      '[profiles.prod]\nbase_url = "https://x"\nbaseurl = "https://y"\n',
      /:3: profiles\.prod\.baseurl: unknown key \(did you mean "base_url"\?\)/,
    ],
    ['[statuses]\n6 = "queued"\n', /:1: statuses: unknown key \(did you mean "status"\?\)/],
    [
      'token = "abc"\n',
      /:1: token: unknown key: a token does not belong in a config file; use token_file or token_command/,
    ],
    ['[profiles.a]\nprofile = "b"\n', /:2: profiles\.a\.profile: unknown key \(profiles cannot be nested/],
    ["frobnicate = 1\n", /:1: frobnicate: unknown key$/],
    // wrong types
    [
      'per_page = "fifty"\n',
      /:1: per_page: expected a whole number from 1 to 500, or "auto", got a string \("fifty"\)/,
    ],
    ["per_page = 0\n", /:1: per_page: expected a whole number from 1 to 500, or "auto", got a number \(0\)/],
    [
      '\n\n[profiles.x]\ninterval = "soon"\n',
      /:4: profiles\.x\.interval: expected a duration like 2s or 500ms, got "soon"/,
    ],
    ['interval = "1ms"\n', /:1: interval: must be between 0\.2s and 3600s/],
    ["bell = 1\n", /:1: bell: expected true or false, got a number \(1\)/],
    ['order = "newest"\n', /:1: order: expected "desc" or "asc"/],
    ['clipboard = "pigeon"\n', /:1: clipboard: expected "auto", "osc52", "native" or "off"/],
    ['base_url = "ftp://x"\n', /:1: base_url: must start with http:\/\/ or https:\/\//],
    [
      'base_url = "https://u:p@x"\n',
      /:1: base_url: put credentials in token_file or token_command, not in the URL/,
    ],
    ["base_url = 5\n", /:1: base_url: expected a URL in quotes, got a number \(5\)/],
    ['columns = "status"\n', /:1: columns: expected a list like/],
    [
      'columns = ["status", "dispaly"]\n',
      /:1: columns: unknown column "dispaly" \(did you mean "display"\?\)/,
    ],
    [
      'proxy = "socks5://p:1080"\n',
      /:1: proxy: socks5:\/\/ proxies are not supported, only http:\/\/ and https:\/\/ ones \(or "none"\)/,
    ],
    ["token_command = []\n", /:1: token_command: the command is empty/],
    ['token_command = "pass show x | head -1"\n', /:1: token_command: runs without a shell, so "\|"/],
    ['token_command = "pass \'x"\n', /:1: token_command: unbalanced ' in the command/],
    ['token_file = ""\n', /:1: token_file: the path is empty/],
    ['token_command = ["pass", "show\\u0000x"]\n', /:1: token_command: the command holds a NUL character/],
    ['[status]\nsix = "queued"\n', /:2: status\.six: "six" is not a code/],
    ["[status]\n6 = 6\n", /:2: status\.6: expected a name in quotes/],
    ['[status]\n6 = ""\n', /:2: status\.6: the name is empty/],
    ['[status]\n6 = "que\\u001b[2Jued"\n', /:2: status\.6: the name holds control characters/],
    ['[status]\n6 = "a name far too long for any column"\n', /:2: status\.6: the name is longer than 24/],
    ['status = "queued"\n', /:1: status: expected a table of code = "name"/],
    ['[ports]\nssh = "x"\n', /:2: ports\.ssh: "ssh" is not a port: use a number from 1 to 65535, like 6006$/],
    ['[ports]\n0 = "x"\n', /:2: ports\.0: "0" is not a port/],
    ['[ports]\n65536 = "x"\n', /:2: ports\.65536: "65536" is not a port/],
    ['[ports]\n-22 = "x"\n', /:2: ports\.-22: "-22" is not a port/],
    ["[ports]\n6006 = 1\n", /:2: ports\.6006: expected a name in quotes, like "tensorboard", got 1$/],
    ['[ports]\n6006 = " "\n', /:2: ports\.6006: the name is empty/],
    ['[ports]\n6006 = "tb\\u202e"\n', /:2: ports\.6006: the name holds control characters/],
    ["ports = [6006]\n", /:1: ports: expected a table of port = "name", got a list$/],
    ['[profiles.p.ports]\nx = "y"\n', /:2: profiles\.p\.ports\.x: "x" is not a port/],
    [
      '[profile.prod]\nbase_url = "https://x"\n',
      /:1: profile: expected the default profile's name in quotes; a profile's own settings go under \[profiles\.NAME\]/,
    ],
    ['[profiles."has space"]\n', /:1: profiles\."has space": a profile's name is up to 32 letters/],
    ['profiles = "prod"\n', /:1: profiles: expected tables like \[profiles\.prod\]/],
    [
      '[profiles.p]\ntoken_file = "t"\ntoken_command = "c"\n',
      /:3: profiles\.p\.token_command: set token_file or token_command, not both/,
    ],
    ["interval = 1979-05-27\n", /:1: interval: expected a duration like 2s or 500ms, got a date$/],
    // a path that is not a string: one line, exit 2 (it crashed on the value's .trim())
    ["ca_file = 1\n", /:1: ca_file: expected a file path in quotes, got a number \(1\)$/],
    [
      "[profiles.p]\ntoken_file = 2\n",
      /:2: profiles\.p\.token_file: expected a file path in quotes, got a number/,
    ],
    ["ca_file = 1979-05-27T07:32:00Z\n", /:1: ca_file: expected a file path in quotes, got a date$/],
  ])("%j", (text, pattern) => {
    const msg = problem(text);
    expect(msg).toMatch(pattern);
    expect(msg.startsWith(FILE)).toBe(true);
    expect(msg).not.toContain("\n");
  });

  it("names the first problem in the file when there are several", () => {
    expect(problem('per_page = "x"\nbell = 2\nintervall = 1\n')).toMatch(/:1: per_page/);
    expect(problem('[profiles.b]\nbell = 2\n[profiles.a]\norder = "x"\n')).toMatch(/:2: profiles\.b\.bell/);
  });

  it("finds keys in quoted and dotted forms, and after multi-line strings", () => {
    expect(problem('"per_page" = "x"\n')).toMatch(/:1: per_page/);
    expect(problem('profiles.prod.bell = "yes"\n')).toMatch(/:1: profiles\.prod\.bell/);
    expect(problem('[profiles.prod]\ntoken_command = """\nbell = 3\n"""\nbell = "x"\n')).toMatch(
      /:5: profiles\.prod\.bell: expected true or false/,
    );
  });
});

describe("no file makes it throw anything but a ConfigError", () => {
  const fragments = fc.constantFrom(
    "[status]",
    "[profiles.p]",
    "[profiles.p.status]",
    "[[profiles]]",
    'profile = "p"',
    "6 = ",
    '"x"',
    "= 1",
    "interval = ",
    "[",
    "]",
    "{",
    "}",
    '"""',
    "'''",
    "1979-05-27T07:32:00Z",
    "inf",
    "nan",
    "0x10",
    "1e999",
    "99999999999999999999",
    "true",
    "[1, [2, [3]]]",
    "{ a = { b = 1 } }",
    "\u001b[2J",
    "\u0000",
    "\ud800",
    "#",
    "\n",
    ".",
    "columns = [",
    'token_command = "',
  );
  it("holds for random files", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fragments, fc.string({ maxLength: 8 })), { maxLength: 40 }), (parts) => {
        try {
          parseConfigFile(FILE, parts.join(" "));
        } catch (e) {
          if (!(e instanceof ConfigError)) throw e;
          expect(e.message).not.toContain("\n");
          expect(e.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("holds for deep nesting and a huge file", () => {
    expect(() => parseConfigFile(FILE, `a = ${"[".repeat(100_000)}`)).toThrow(ConfigError);
    expect(() => parseConfigFile(FILE, `# ${"x".repeat(2 * 1024 * 1024)}`)).toThrow(/larger than 1024 kB/);
    const many = Array.from({ length: 1001 }, (_, i) => `${i} = "s${i}"`).join("\n");
    expect(() => parseConfigFile(FILE, `[status]\n${many}\n`)).toThrow(/:1: status: more than 1000 names$/);
  });
});

describe("key lines", () => {
  it("maps tables, dotted and quoted keys to their lines", () => {
    const lines = keyLines('a = 1\n[t.u]\n"q.k" = 2\nv.w = """\nx = 3\n"""\n[[arr]]\ny = 4\n');
    const at = (...k: (string | number)[]) => lines.get(k.join("\u0001"));
    expect(at("a")).toBe(1);
    expect(at("t")).toBe(2);
    expect(at("t", "u", "q.k")).toBe(3);
    expect(at("t", "u", "v", "w")).toBe(4);
    expect(at("t", "u", "x")).toBeUndefined(); // inside a multi-line string
    expect(at("arr", 0, "y")).toBe(8); // an array of tables: each element's keys under its index
  });
});

describe("per_page and mouse", () => {
  it('take "auto" and true/false, at the top level and in a profile', () => {
    const f = parseConfigFile(
      FILE,
      'per_page = "auto"\nmouse = true\n[profiles.p]\nper_page = 30\nmouse = false\n',
    );
    expect(f.top.perPage).toBe("auto");
    expect(f.top.mouse).toBe(true);
    expect(f.profiles.get("p")?.perPage).toBe(30);
    expect(f.profiles.get("p")?.mouse).toBe(false);
  });
});

describe("[[actions]]", () => {
  const CANCEL = `[[actions]]
name = "cancel"
key = "C"
statuses = ["running"]
http = { method = "DELETE", path = "/v1/job", query = { id = "{id}" } }
`;

  it("reads the top level's and each profile's, status names from the file's [status] tables", () => {
    const f = parseConfigFile(
      FILE,
      `[status]
2 = "running"
${CANCEL}
[profiles.prod]
base_url = "https://jobs.example.com"
[profiles.prod.status]
6 = "waiting"
[[profiles.prod.actions]]
name = "logs"
key = "L"
statuses = ["waiting", "running"]
command = ["my-tool", "logs", "{id}"]
`,
    );
    expect(f.top.actions?.map((a) => [a.name, a.key, a.kind, a.statuses, a.from])).toEqual([
      ["cancel", "C", "http", [2], `${FILE}:5: actions[0].key`],
    ]);
    expect(f.profiles.get("prod")?.actions?.map((a) => [a.name, a.statuses, a.from])).toEqual([
      ["logs", [6, 2], `${FILE}:15: profiles.prod.actions[0].key`],
    ]);
    expect(f.profiles.get("prod")?.baseUrl).toBe("https://jobs.example.com");
  });

  it("a problem names the element's own line, and the first problem in the file wins", () => {
    const byCode = CANCEL.replace('["running"]', "[2]");
    expect(problem(`${byCode}\n[[actions]]\nname = "b"\nkey = "C"\ncommand = ["x"]\n`)).toBe(
      `${FILE}:9: actions[1].key: key "C" is given twice (also action "cancel")`,
    );
    expect(problem(`bell = 3\n${CANCEL.replace('"running"', '"nope"')}`)).toMatch(
      new RegExp(`^${FILE}:1: bell: `),
    );
    expect(problem(`${CANCEL.replace('"running"', '"nope"')}\n[profiles.x]\nbell = 3\n`)).toMatch(
      new RegExp(`^${FILE}:4: actions\\[0\\]\\.statuses: unknown status "nope"`),
    );
    expect(problem("action = 1\n")).toBe(`${FILE}:1: action: unknown key (did you mean "actions"?)`);
  });
});
