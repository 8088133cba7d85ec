// The flags of the demo, the commands for scripts, help and version.
// One row per setting; src/config/settings.ts puts the groups together, in the order of --help and README.
import { boolean, text } from "./kinds.js";
import type { SettingRow } from "./setting-row.js";

export const COMMAND_SETTINGS = [
  {
    name: "demo",
    kind: boolean(),
    flag: "demo",
    applies: ["monitor", "commands"],
    help: [["Other", "", "start the demo service in-process and monitor it"]],
    readme: { default: "", text: "start the demo service in-process and monitor it" },
  },
  {
    name: "tick",
    // Read by cli.tsx for the demo service ("0" is never, which no duration setting takes).
    kind: text(),
    flag: "tick",
    arg: "DUR",
    applies: ["monitor", "commands"],
    help: [["Other", "", "how often the demo's jobs change (default 3s; 0 = never)"]],
    readme: {
      default: "`3s`",
      text: "with `--demo` or `demo-server`: how often the demo's jobs change (`0` = never)",
    },
  },
  { name: "port", kind: text(), flag: "port", applies: [] },
  {
    name: "once",
    kind: boolean(),
    flag: "once",
    applies: ["commands"],
    help: [["Other", "", "print one page as a plain table and exit"]],
    readme: { default: "", text: 'print the first page as a plain table and exit (see "Scripting")' },
  },
  {
    // Flag-only: no config key, a run of --once asks for it.
    name: "all",
    kind: boolean(),
    flag: "all",
    applies: ["commands"],
    help: [["Scripts", "", "--once: every job of the account (all pages, each id once)"]],
    readme: { default: "", text: "`--once`: every job of the account, all pages, each id once" },
  },
  {
    // Flag-only: the config file's `status` is the [status] table of names (settings-service.ts).
    name: "status_filter",
    kind: text(),
    flag: "status",
    arg: "S,...",
    applies: ["commands"],
    help: [["Scripts", "", "--once: only jobs in these statuses (codes or names)"]],
    readme: {
      usage: "`--status S[,S…]`",
      default: "",
      text: "`--once`: only the jobs in these statuses (codes or names)",
    },
  },
  {
    // Flag-only (issue 32): --once --all --stuck lists the jobs that break an [[alerts]] rule.
    name: "stuck",
    kind: boolean(),
    flag: "stuck",
    applies: ["commands"],
    help: [["Scripts", "", "--once --all: the jobs that break an [[alerts]] rule (exit 6 if any)"]],
    readme: {
      default: "",
      text: "`--once --all`: only the jobs that break an `[[alerts]]` rule, with the rule and for how long; exit 6 when there is one",
    },
  },
  {
    name: "since",
    kind: text(),
    flag: "since",
    arg: "DUR",
    applies: ["commands"],
    help: [["Scripts", "", "stats: the transitions of the last DUR (default 24h; up to 30d)"]],
    readme: { default: "`24h`", text: "`stats`: count the transitions of the last DUR (`90m`, `24h`, `7d`)" },
  },
  {
    name: "by",
    kind: text(),
    flag: "by",
    arg: "gpu|node|class",
    applies: ["commands"],
    help: [["Scripts", "", "stats: one group per GPU, node or class (the job's ctx.class)"]],
    readme: { default: "", text: "`stats`: one group per GPU name, node or class (`ctx.class`)" },
  },
  {
    name: "json",
    kind: boolean(),
    flag: "json",
    applies: ["commands"],
    help: [["Scripts", "", "JSON: one document (--once, get, wait), one object a line (watch)"]],
    readme: { default: "", text: "`--once`, `get`, `wait`: one JSON document; `watch`: one object per line" },
  },
  {
    name: "until",
    kind: text(),
    flag: "until",
    arg: "STATUS,...",
    applies: ["commands"],
    help: [["Scripts", "", "codes, or names from [status] or --status-labels (watch, wait)"]],
    readme: {
      usage: "`--until S[,S…]`",
      default: "",
      text: "`watch`, `wait`: the statuses (codes or names) to end on",
    },
  },
  {
    // --timeout read by the commands for scripts: the time they may take (parseCommand).
    name: "deadline",
    kind: text(),
    flag: "timeout",
    arg: "DUR",
    applies: ["commands"],
    help: [
      [
        "Scripts",
        "",
        "get, --once: keep retrying up to DUR (default 10s; --all: each page)",
        "watch, wait: give up after DUR (default never)",
      ],
    ],
  },
  {
    name: "show_secrets",
    kind: boolean(),
    flag: "showSecrets",
    applies: ["commands"],
    help: [["Scripts", "", "do not mask passwords, URL tokens and secret env values"]],
    readme: { default: "", text: "`--once`, `get`, `watch`, `wait`: do not mask secrets" },
  },
  {
    name: "yes",
    kind: boolean(),
    flag: "yes",
    applies: ["commands"],
    help: [["Scripts", "", "act: do not ask for confirmation (needed when stdin is not a terminal)"]],
    readme: { default: "", text: "`act`: do not ask for confirmation (needed when stdin is not a terminal)" },
  },
  {
    name: "help",
    kind: boolean(),
    flag: "help",
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
    kind: boolean(),
    flag: "version",
    short: "v",
    applies: [],
    help: [["Other", "-v, --version", "the version"]],
  },
] as const satisfies readonly SettingRow[];
