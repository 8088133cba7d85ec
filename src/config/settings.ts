// Every setting of jobtop, one row each: its flag, environment variable, config-file key, values,
// default, help line (and the help's section), README line and starter-file line, and where it
// applies. The flags (src/flags.ts), `--help`, the config file's keys and schema (parse-file.ts),
// the defaults and types (resolve.ts, types.ts), `config check` (commands.ts), `config init`
// (starter.ts) and README's table of flags (test/config/readme-flags.test.ts) are made from it,
// in ./from-settings.ts: adding a setting is a row here, then its use (docs/ARCHITECTURE.md,
// "Adding a setting"). Plain data: this module loads at every start.
import type { Section } from "./from-settings.js";

/** Where a setting applies: the live monitor, the commands for scripts, a config file's profile. */
export type Applies = "monitor" | "commands" | "profile";

export interface SettingRow {
  /** The setting's name: its key in the config file when it has one (`file`). */
  readonly name: string;
  /** The flag, named as meow names it (camelCase: --base-url is baseUrl); rows may share one. */
  readonly flag?: string;
  /** meow's type of the flag (a string unless said); a boolean is false unless given (but --help, --version). */
  readonly type?: "string" | "boolean";
  readonly multiple?: true;
  readonly short?: string;
  /** What follows the flag in the help and README (`--base-url URL`). */
  readonly arg?: string;
  readonly env?: string;
  /** The config file has the key `name`. */
  readonly file?: true;
  /** The field of a layer's Settings (types.ts) it sets, and the Config's. */
  readonly setting?: string;
  /** The Config's value when no layer sets it. */
  readonly default?: string | number | boolean | readonly never[];
  /** The values it takes, for a setting that is one of a few words. */
  readonly values?: readonly string[];
  readonly applies: readonly Applies[];
  /** Lines of `--help`: its section, what is typed (the flag and `arg` when ""), the text's lines. */
  readonly help?: readonly (readonly [Section, string, string, ...string[]])[];
  /** README's row: the default as written there, the meaning; `usage`, `env` replace the derived cells (as written). */
  readonly readme?: {
    readonly default: string;
    readonly text: string;
    readonly usage?: string;
    readonly env?: string;
  };
  /** Its lines in the starter file (`jobtop config init`), commented out. */
  readonly starter?: readonly string[];
  /** `jobtop config check` shows it. */
  readonly check?: true;
}

export const SETTINGS = [
  {
    name: "base_url",
    flag: "baseUrl",
    arg: "URL",
    env: "JOBTOP_BASE_URL",
    file: true,
    setting: "baseUrl",
    applies: ["monitor", "commands", "profile"],
    help: [["Service", "", "the job service (or JOBTOP_BASE_URL)"]],
    readme: { default: "—", text: "the job service" },
    check: true,
  },
  {
    name: "token_file",
    flag: "tokenFile",
    arg: "FILE",
    file: true,
    setting: "token",
    applies: ["monitor", "commands", "profile"],
    help: [["Service", "", "read the bearer token from FILE (or set JOBTOP_TOKEN)"]],
    readme: { default: "—", text: "bearer token; the file should be `chmod 600` (jobtop warns otherwise)" },
  },
  { name: "token_command", file: true, setting: "token", applies: ["monitor", "commands", "profile"] },
  {
    name: "token",
    flag: "token",
    arg: "TOKEN",
    env: "JOBTOP_TOKEN",
    setting: "token",
    applies: ["monitor", "commands"],
    help: [["Service", "", "the token itself (discouraged: it shows in ps)"]],
    readme: {
      default: "—",
      text: "the token itself: on the command line discouraged (it shows in `ps`), or in the environment",
    },
    check: true,
  },
  {
    name: "config",
    flag: "config",
    arg: "FILE",
    env: "JOBTOP_CONFIG",
    applies: ["monitor", "commands"],
    help: [["Config file", "", "read this config file instead (or JOBTOP_CONFIG)"]],
    readme: { default: "`~/.config/jobtop/config.toml`", text: 'the config file (see "Config file")' },
  },
  {
    name: "profile",
    flag: "profile",
    arg: "NAME",
    env: "JOBTOP_PROFILE",
    file: true,
    applies: ["monitor", "commands"],
    help: [["Config file", "", "use the file's [profiles.NAME] (or JOBTOP_PROFILE)"]],
    readme: { default: "the file's `profile`", text: "the config file's profile to use" },
  },
  {
    name: "status",
    flag: "statusLabels",
    arg: "LIST",
    file: true,
    setting: "statusLabels",
    applies: ["monitor", "commands", "profile"],
    help: [["Config file", "", 'names for status codes, e.g. "6=queued,1=starting,2=running"']],
    readme: { default: "", text: "names for status codes for this run: `6=queued,2=running`" },
    check: true,
  },
  {
    name: "protocols",
    file: true,
    setting: "protocolLabels",
    applies: ["monitor", "commands", "profile"],
    check: true,
  },
  {
    name: "ports",
    file: true,
    setting: "portNames",
    applies: ["monitor", "commands", "profile"],
    check: true,
  },
  {
    name: "interval",
    flag: "interval",
    arg: "DUR",
    file: true,
    setting: "intervalMs",
    default: 2_000,
    applies: ["monitor", "profile"],
    help: [["Monitor", "", "poll the selected job every DUR (default 2s)"]],
    readme: { default: "`2s`", text: "how often the selected job is polled" },
    starter: ['interval = "2s"           # poll the selected job this often (500ms, 2s, 1m)'],
    check: true,
  },
  {
    name: "list_interval",
    flag: "listInterval",
    arg: "DUR",
    file: true,
    setting: "listIntervalMs",
    default: 10_000,
    applies: ["monitor", "profile"],
    help: [["Monitor", "", "poll the page every DUR (default 10s)"]],
    readme: { default: "`10s`", text: "how often the page is polled (and at once on page/order change)" },
    starter: ['list_interval = "10s"     # poll the page of jobs this often'],
    check: true,
  },
  {
    name: "timeout",
    flag: "timeout",
    arg: "DUR",
    file: true,
    setting: "timeoutMs",
    default: 10_000,
    applies: ["monitor", "commands", "profile"],
    help: [["Service", "", "per-request deadline, body included (default 10s)"]],
    readme: {
      default: "`10s`",
      text: "per-request deadline, body included; `get`/`--once`: how long they retry; `wait`/`watch`: their deadline",
    },
    starter: ['timeout = "10s"           # deadline of one request, body included'],
    check: true,
  },
  {
    name: "per_page",
    flag: "perPage",
    arg: "N|auto",
    file: true,
    setting: "perPage",
    default: 20,
    applies: ["monitor", "commands", "profile"],
    help: [["Monitor", "", "jobs per page (default 20); auto: as many as the list shows"]],
    readme: {
      default: "`20`",
      text: "jobs per page (1–500); `auto`: as many as the list shows, following the terminal's size",
    },
    starter: ["per_page = 20             # jobs per page (1 to 500)"],
    check: true,
  },
  {
    name: "mouse",
    flag: "mouse",
    arg: "on|off",
    file: true,
    setting: "mouse",
    default: false,
    applies: ["monitor", "profile"],
    help: [["Monitor", "", "wheel scrolls, click selects (default off: keeps text selection)"]],
    readme: {
      default: "`off`",
      text: "wheel scrolls the focused pane, a click selects a row (off keeps the terminal's own text selection)",
    },
  },
  {
    name: "order",
    flag: "order",
    arg: "desc|asc",
    file: true,
    setting: "order",
    default: "desc",
    values: ["desc", "asc"],
    applies: ["monitor", "commands", "profile"],
    help: [["Monitor", "", "initial order (default desc)"]],
    readme: { default: "`desc`", text: "initial order" },
    starter: ['order = "desc"            # "desc" (newest first) or "asc"'],
    check: true,
  },
  {
    name: "columns",
    flag: "columns",
    arg: "LIST",
    file: true,
    setting: "columns",
    applies: ["monitor", "commands", "profile"],
    help: [["Config file", "", "list columns to choose from: status,display,remark,gpu,age,node,id,queue"]],
    readme: {
      default: "all that fit",
      text: "list columns to choose from: `status,display,remark,gpu,age,node,id,queue`",
    },
    starter: [
      'columns = ["status", "display", "remark", "gpu", "age", "node", "id", "queue"]',
      "                          # the list columns to choose from: those that fit are shown",
    ],
    check: true,
  },
  {
    name: "clipboard",
    flag: "clipboard",
    arg: "MODE",
    file: true,
    setting: "clipboard",
    default: "auto",
    values: ["auto", "osc52", "native", "off"],
    applies: ["monitor", "profile"],
    help: [["Monitor", "", "auto | osc52 | native | off (default auto)"]],
    readme: {
      default: "`auto`",
      text: "`auto` (OSC 52, through tmux inside tmux, plus a local tool when a display is present), `osc52` (the same, no tool), `native`, `off`",
    },
    starter: ['clipboard = "auto"        # "auto", "osc52", "native" or "off"'],
    check: true,
  },
  {
    name: "bell",
    flag: "bell",
    type: "boolean",
    file: true,
    setting: "bell",
    default: false,
    applies: ["monitor", "profile"],
    help: [["Monitor", "", "ring the terminal bell on a status change"]],
    readme: {
      default: "off",
      text: "ring the terminal bell on a status change (`--no-bell` overrides the config file)",
    },
    starter: ["bell = false              # ring the terminal bell on a status change"],
    check: true,
  },
  {
    name: "notify",
    flag: "notify",
    arg: "MODE",
    file: true,
    setting: "notify",
    default: "off",
    values: ["auto", "osc9", "osc777", "osc99", "bell", "off"],
    applies: ["monitor", "profile"],
    help: [
      [
        "Monitor",
        "",
        "desktop notifications: auto | osc9 | osc777 | osc99 | bell | off",
        '(default off; see "Getting notified" in the README)',
      ],
    ],
    readme: {
      default: "`off`",
      text: 'desktop notifications on a status change: `auto`, `osc9`, `osc777`, `osc99`, `bell`, `off` (see "Getting notified")',
    },
  },
  {
    name: "pins",
    flag: "pin",
    multiple: true,
    arg: "ID",
    file: true,
    setting: "pins",
    default: [],
    applies: ["monitor", "profile"],
    help: [["Monitor", "", "watch this job wherever it is (repeat for more)"]],
    readme: {
      default: "—",
      text: "watch this job wherever it is (repeat for more, at most 20); `w` pins and unpins in the monitor",
    },
    check: true,
  },
  {
    name: "title",
    flag: "title",
    arg: "on|off",
    file: true,
    setting: "title",
    default: true,
    applies: ["monitor", "profile"],
    help: [["Monitor", "", "show the monitor's state in the terminal's title (default on)"]],
    readme: {
      default: "`on`",
      text: "the terminal's title says `jobtop · host · 2 running · ✱3` (saved first, restored on exit and on Ctrl+Z)",
    },
  },
  {
    name: "hyperlinks",
    flag: "hyperlinks",
    arg: "MODE",
    file: true,
    setting: "hyperlinks",
    default: "auto",
    values: ["auto", "on", "off"],
    applies: ["monitor", "profile"],
    help: [["Monitor", "", "URLs as clickable links: auto | on | off (default auto)"]],
    readme: {
      default: "`auto`",
      text: "URLs in the detail pane as clickable OSC 8 links: `auto` (terminals known to support them, not in tmux or screen), `on`, `off`",
    },
  },
  {
    name: "proxy",
    file: true,
    setting: "proxy",
    applies: ["monitor", "commands", "profile"],
    starter: [
      'proxy = "http://proxy.example.com:3128"  # instead of HTTPS_PROXY/HTTP_PROXY; "none" ignores them',
    ],
    check: true,
  },
  {
    name: "ca_file",
    file: true,
    setting: "caFile",
    applies: ["monitor", "commands", "profile"],
    starter: [
      'ca_file = "~/.config/jobtop/company-ca.pem"  # a private CA to trust (PEM), besides the system\'s',
    ],
    check: true,
  },
  {
    name: "demo",
    flag: "demo",
    type: "boolean",
    applies: ["monitor", "commands"],
    help: [["Other", "", "start the demo service in-process and monitor it"]],
    readme: { default: "", text: "start the demo service in-process and monitor it" },
  },
  {
    name: "tick",
    flag: "tick",
    arg: "DUR",
    applies: ["monitor", "commands"],
    help: [["Other", "", "how often the demo's jobs change (default 3s; 0 = never)"]],
    readme: {
      default: "`3s`",
      text: "with `--demo` or `demo-server`: how often the demo's jobs change (`0` = never)",
    },
  },
  { name: "port", flag: "port", type: "string", applies: [] },
  {
    name: "once",
    flag: "once",
    type: "boolean",
    applies: ["commands"],
    help: [["Other", "", "print one page as a plain table and exit"]],
    readme: { default: "", text: 'print the first page as a plain table and exit (see "Scripting")' },
  },
  {
    name: "json",
    flag: "json",
    type: "boolean",
    applies: ["commands"],
    help: [["Scripts", "", "JSON: one document (--once, get, wait), one object a line (watch)"]],
    readme: { default: "", text: "`--once`, `get`, `wait`: one JSON document; `watch`: one object per line" },
  },
  {
    name: "until",
    flag: "until",
    arg: "STATUS,...",
    applies: ["commands"],
    help: [["Scripts", "", "status codes, or names from --status-labels (watch, wait)"]],
    readme: {
      usage: "`--until S[,S…]`",
      default: "",
      text: "`watch`, `wait`: the statuses (codes or names) to end on",
    },
  },
  {
    // --timeout read by the commands for scripts: the time they may take (parseCommand).
    name: "deadline",
    flag: "timeout",
    arg: "DUR",
    applies: ["commands"],
    help: [
      [
        "Scripts",
        "",
        "get, --once: keep retrying up to DUR (default 10s)",
        "watch, wait: give up after DUR (default never)",
      ],
    ],
  },
  {
    name: "show_secrets",
    flag: "showSecrets",
    type: "boolean",
    applies: ["commands"],
    help: [["Scripts", "", "do not mask passwords, URL tokens and secret env values"]],
    readme: { default: "", text: "`--once`, `get`, `watch`, `wait`: do not mask secrets" },
  },
  {
    name: "help",
    flag: "help",
    type: "boolean",
    short: "h",
    applies: [],
    help: [["Other", "-h, --help", "this help"]],
    readme: {
      usage: "`-h`, `--help` / `-v`, `--version`",
      default: "",
      text: "this help / the version, wherever they stand on the line",
    },
  },
  {
    name: "version",
    flag: "version",
    type: "boolean",
    short: "v",
    applies: [],
    help: [["Other", "-v, --version", "the version"]],
  },
] as const satisfies readonly SettingRow[];
