// What is made from the settings table (./settings.ts): the flags' types, the defaults, the
// config file's keys, --help's options, README's table of flags, the starter file's settings.
import type { Kind, ValueOf } from "./kinds.js";
import { SECTIONS, type SettingRow } from "./setting-row.js";
import { SETTINGS } from "./settings.js";

/** A line of README's table of flags and variables. */
type ReadmeRow = Pick<SettingRow, "flag" | "arg" | "env" | "readme">;

/** Environment variables jobtop reads that are no setting of its own: README's table names them too. */
const ENVIRONMENT: readonly ReadmeRow[] = [
  {
    env: "NO_COLOR",
    readme: { default: "", text: "no colour (the monitor keeps its `›` and `✱` markers)" },
  },
  {
    env: "HTTPS_PROXY",
    readme: {
      env: "`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`",
      default: "",
      text: 'the proxy to reach the service through (see "Behind a proxy")',
    },
  },
  {
    env: "NODE_EXTRA_CA_CERTS",
    readme: { default: "", text: "a PEM file of extra CAs to trust" },
  },
  {
    env: "XDG_CONFIG_HOME",
    readme: { default: "`~/.config`", text: "where the config file is looked for (`jobtop/config.toml`)" },
  },
  {
    env: "XDG_CACHE_HOME",
    readme: {
      default: "`~/.cache`",
      text: "where jobtop keeps V8's code cache of itself (`jobtop/`, ~1.3 MB per version, private to you)",
    },
  },
  {
    env: "NODE_DISABLE_COMPILE_CACHE",
    readme: { default: "", text: "`1`: no code cache (every start compiles jobtop afresh)" },
  },
];

type Row = (typeof SETTINGS)[number];
type FileRow = Extract<Row, { file: true }>;
/** The names of the settings a config file holds, at its top level and in a profile alike. */
export type SettingKey = {
  [R in FileRow as R["name"]]: "profile" extends R["applies"][number] ? R["name"] : never;
}[FileRow["name"]];

type FlagRow = Extract<Row, { flag: string }>;
type FlagValue<K> =
  K extends Kind<unknown, "switch"> ? boolean : K extends Kind<unknown, "repeated"> ? string[] : string;
/**
 * The flags of a command line as typed (src/flags.ts reads them), by the rows' flag names: a
 * switch's boolean, a repeated flag's values, any other's text, read by the row's kind later.
 */
export type Flags = { -readonly [R in FlagRow as R["flag"]]?: FlagValue<R["kind"]> };

/** The value of the setting `name` (the clipboard's modes, …), as a type. */
export type ValuesOf<N extends Row["name"]> = ValueOf<Extract<Row, { name: N }>["kind"]>;

/** The config-file keys of a profile (and of the top level, with `profile` and `profiles`). */
export const SETTING_KEYS = SETTINGS.filter((r: SettingRow) => r.file && r.applies.includes("profile")).map(
  (r) => r.name,
) as SettingKey[];

type WithDefault = Extract<Row, { setting: string; default: unknown }>;
/** The Config's defaults, by its field. */
export type Defaults = {
  readonly [R in WithDefault as R["setting"]]: R["default"] extends readonly unknown[]
    ? ValueOf<R["kind"]>
    : R["default"];
};
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
  for (const r of (SETTINGS as readonly ReadmeRow[]).concat(ENVIRONMENT)) {
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
