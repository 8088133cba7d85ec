// What is made from the settings table (./settings.ts): meow's flags, the types and defaults,
// the config file's keys, --help's options, README's table of flags, the starter file's settings.
import { SETTINGS, type SettingRow } from "./settings.js";

/** The sections of `--help`, in order. */
export const SECTIONS = [
  { name: "Service", title: "Service" },
  { name: "Config file", title: "Config file (~/.config/jobtop/config.toml; see the README)" },
  { name: "Monitor", title: "Monitor" },
  { name: "Other", title: "Other" },
  {
    name: "Scripts",
    title: "Scripts (--once, get, watch, wait, act, stats)",
    after: [
      "Exit codes: 0 done, 1 service unreachable or failing until the deadline,",
      "2 bad usage or config, 3 wait timed out, 4 no such job, 5 token rejected,",
      "6 --stuck found a stuck job, 130/143 interrupted (watch: 0); act: 1 when it failed for a job",
    ],
  },
] as const;
export type Section = (typeof SECTIONS)[number]["name"];

/** Environment variables jobtop reads that are no setting of its own: README's table names them too. */
const ENVIRONMENT = [
  {
    name: "no_color",
    env: "NO_COLOR",
    applies: ["monitor", "commands"],
    readme: { default: "", text: "no colour (the monitor keeps its `›` and `✱` markers)" },
  },
  {
    name: "https_proxy",
    env: "HTTPS_PROXY",
    applies: ["monitor", "commands"],
    readme: {
      env: "`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`",
      default: "",
      text: 'the proxy to reach the service through (see "Behind a proxy")',
    },
  },
  {
    name: "node_extra_ca_certs",
    env: "NODE_EXTRA_CA_CERTS",
    applies: ["monitor", "commands"],
    readme: { default: "", text: "a PEM file of extra CAs to trust" },
  },
  {
    name: "xdg_config_home",
    env: "XDG_CONFIG_HOME",
    applies: ["monitor", "commands"],
    readme: { default: "`~/.config`", text: "where the config file is looked for (`jobtop/config.toml`)" },
  },
  {
    name: "xdg_cache_home",
    env: "XDG_CACHE_HOME",
    applies: ["monitor", "commands"],
    readme: {
      default: "`~/.cache`",
      text: "where jobtop keeps V8's code cache of itself (`jobtop/`, ~1.3 MB per version, private to you)",
    },
  },
  {
    name: "node_disable_compile_cache",
    env: "NODE_DISABLE_COMPILE_CACHE",
    applies: ["monitor", "commands"],
    readme: { default: "", text: "`1`: no code cache (every start compiles jobtop afresh)" },
  },
] as const satisfies readonly SettingRow[];

type Row = (typeof SETTINGS)[number];
type FileRow = Extract<Row, { file: true }>;
/** The names of the settings a config file holds, at its top level and in a profile alike. */
export type SettingKey = {
  [R in FileRow as R["name"]]: "profile" extends R["applies"][number] ? R["name"] : never;
}[FileRow["name"]];

type FlagRow = Extract<Row, { flag: string }>;
type FlagSpec<R> = R extends { type: "boolean"; short: infer S }
  ? { readonly type: "boolean"; readonly shortFlag: S }
  : R extends { type: "boolean" }
    ? { readonly type: "boolean"; readonly default: false }
    : R extends { multiple: true }
      ? { readonly type: "string"; readonly isMultiple: true }
      : { readonly type: "string" };
/** The flags as meow is told them: a boolean is false unless given (but -h, -v), --pin repeats. */
export type FlagsSpec = { readonly [R in FlagRow as R["flag"]]: FlagSpec<R> };

/** meow's flags, from the rows that have one (src/flags.ts, src/cli.tsx). */
export function flagsSpec(): FlagsSpec {
  const out: Record<string, object> = {};
  for (const r of SETTINGS as readonly SettingRow[]) {
    if (!r.flag || r.flag in out) continue;
    out[r.flag] =
      r.type === "boolean"
        ? r.short
          ? { type: "boolean", shortFlag: r.short }
          : { type: "boolean", default: false }
        : r.multiple
          ? { type: "string", isMultiple: true }
          : { type: "string" };
  }
  return out as FlagsSpec;
}

/** The values of the setting `name` (the clipboard's modes, …), as a type. */
export type ValuesOf<N extends Row["name"]> = Extract<
  Row,
  { name: N; values: readonly string[] }
>["values"][number];

/** The values of the setting `name`, from its row. */
export function valuesOf<N extends Extract<Row, { values: readonly string[] }>["name"]>(
  name: N,
): readonly ValuesOf<N>[] {
  return (SETTINGS as readonly SettingRow[]).find((r) => r.name === name)?.values as readonly ValuesOf<N>[];
}

/** The config-file keys of a profile (and of the top level, with `profile` and `profiles`). */
export const SETTING_KEYS = SETTINGS.filter((r: SettingRow) => r.file && r.applies.includes("profile")).map(
  (r) => r.name,
) as SettingKey[];

/** The settings `jobtop config check` shows (commands.ts has a row for each). */
export type CheckName = Extract<Row, { check: true }>["name"];

/** The Settings fields (types.ts) the rows set. */
export type RowSetting = Extract<Row, { setting: string }>["setting"];

type WithDefault = Extract<Row, { setting: string; default: unknown }>;
/** The Config's defaults, by Settings field. */
export type Defaults = { readonly [R in WithDefault as R["setting"]]: R["default"] };
export const DEFAULTS = Object.fromEntries(
  SETTINGS.flatMap((r: SettingRow) => (r.setting && "default" in r ? [[r.setting, r.default]] : [])),
) as Defaults;

/** "perPage" → "per-page". A loop, not a replace with a function: it runs ~35 times at every start, cold. */
export function kebab(name: string): string {
  let out = "";
  for (const c of name) out += c >= "A" && c <= "Z" ? `-${c.toLowerCase()}` : c;
  return out;
}

/** The options part of `--help`, section by section, in the table's order. */
export function optionsHelp(): string {
  const out: string[] = [];
  for (const s of SECTIONS) {
    out.push("", `  ${s.title}`);
    for (const r of SETTINGS as readonly SettingRow[])
      for (const [section, usage, first, ...more] of r.help ?? []) {
        if (section !== s.name) continue;
        const typed = usage || `--${kebab(r.flag ?? r.name)}${r.arg ? ` ${r.arg}` : ""}`;
        out.push(`    ${typed.padEnd(22)}${first}`);
        for (const line of more) out.push(`${" ".repeat(26)}${line}`);
      }
    for (const line of "after" in s ? s.after : []) out.push(`    ${line}`);
  }
  return out.join("\n");
}

/** README's table of flags and environment variables (test/config/readme-flags.test.ts). */
export function flagsTable(): string {
  const cell = (s: string) => s.replaceAll("|", "\\|");
  const rows = ["| flag | env | default | meaning |", "|---|---|---|---|"];
  for (const r of (SETTINGS as readonly SettingRow[]).concat(ENVIRONMENT)) {
    if (!r.readme) continue;
    const flag = r.flag ? `\`${cell(`--${kebab(r.flag)}${r.arg ? ` ${r.arg}` : ""}`)}\`` : "";
    const env = r.readme.env ?? (r.env ? `\`${r.env}\`` : "");
    const line = `| ${r.readme.usage ?? flag} | ${env} | ${r.readme.default} | ${r.readme.text} |`;
    rows.push(line.replace(/\| {2}(?=\|)/g, "| "));
  }
  return rows.join("\n");
}

/** The starter file's settings (`jobtop config init`), each line commented out. */
export function starterSettings(): string {
  return (SETTINGS as readonly SettingRow[])
    .flatMap((r) => r.starter ?? [])
    .map((l) => `# ${l}`)
    .join("\n");
}
