// The command line, read by Node's util.parseArgs with the options of the settings table
// (src/config/settings.ts): one reader for every line, in place of meow (and of a second reader
// for the plain lines that kept meow off most starts). What users saw of odd lines is kept, as
// yargs-parser (meow's) read them: a value flag followed by nothing or by another option gets ""
// (not the option as its value); `true` or `false` after a switch is its value; the quotes come
// off `--name="value"` (a Dockerfile's exec form, cmd.exe and systemd pass them on); a negative
// number is a word (`get -5`) or a flag's value (`--pin -5`); `--no-bell` for every switch, read
// here (parseArgs' allowNegative is from Node 20.16; jobtop runs on 20.0); a value flag given
// twice is "can only be set once". test/cli/flags.test.ts holds meow's readings of 3 000 lines.
import { parseArgs } from "node:util";
import { type Flags, kebab } from "./config/from-settings.js";
import type { FlagForm } from "./config/kinds.js";
import type { SettingRow } from "./config/setting-row.js";
import { SETTINGS } from "./config/settings.js";

/** Each option as typed (base-url) → its flag (baseUrl) and how it is typed. */
const OPTIONS = new Map<string, { flag: keyof Flags; form: FlagForm; short?: string }>();
for (const r of SETTINGS as readonly SettingRow[])
  if (r.flag && !OPTIONS.has(kebab(r.flag)))
    OPTIONS.set(kebab(r.flag), { flag: r.flag as keyof Flags, form: r.kind.flag, short: r.short });

/** A negative number (yargs-parser's pattern): a word or a flag's value, never a short option. */
export const NEGATIVE_NUMBER = /^-([0-9]+(\.[0-9]+)?|\.[0-9]+)$/;

/** Starts like an option: yargs-parser gave the value flag before it "" and read it as an option. */
const optionLike = (a: string) => a.startsWith("-") && !NEGATIVE_NUMBER.test(a);

export type ReadArgs = { input: string[]; flags: Flags } | { error: string };

/** The words and flags of a command line, or the one line that says what is wrong with it. */
export function readArgs(argv: readonly string[]): ReadArgs {
  const end = argv.indexOf("--");
  const options = end < 0 ? argv : argv.slice(0, end);
  for (const a of options) {
    const unknown = unknownOption(a);
    if (unknown) return { error: `unknown option ${unknown} (see jobtop --help)` };
  }
  // A value flag with no value after it: given "" here, so that parseArgs does not take the next
  // option as its value. Repeated flags (--pin) get nothing from it.
  const args = argv.slice();
  const empty = new Set<number>();
  for (let i = 0; i < options.length; i++) {
    const o = /^--([^=]+)$/.exec(args[i] as string)?.[1];
    const form = o === undefined ? undefined : OPTIONS.get(o)?.form;
    if (form && form !== "switch" && (i + 1 >= options.length || optionLike(args[i + 1] as string))) {
      args[i] = `--${o}=`;
      empty.add(i);
    }
  }
  const config: Record<string, { type: "string" | "boolean"; short?: string }> = {};
  for (const [name, o] of OPTIONS) {
    config[name] = { type: o.form === "switch" ? "boolean" : "string" };
    if (o.short) config[name].short = o.short;
  }
  const { tokens } = parseArgs({
    args,
    options: config,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });

  const flags: Record<string, unknown> = {};
  const input: string[] = [];
  const taken = new Set<number>(); // the index of a word read as a switch's value, or a negative number's
  const twice = new Set<string>();
  for (const t of tokens) {
    if (t.kind === "option-terminator") continue;
    if (
      t.kind === "positional" ||
      (t.index < options.length && NEGATIVE_NUMBER.test(argv[t.index] as string))
    ) {
      if (taken.has(t.index)) continue;
      taken.add(t.index);
      input.push(argv[t.index] as string);
      continue;
    }
    const negated = !OPTIONS.has(t.name) && t.name.startsWith("no-");
    const o = OPTIONS.get(negated ? t.name.slice(3) : t.name) ?? { flag: t.name, form: "switch" as const };
    if (o.form === "switch") {
      const next = argv[t.index + 1];
      let on = !negated;
      if (t.value !== undefined) on = t.value === "true";
      else if (!negated && t.index + 1 < options.length && (next === "true" || next === "false")) {
        on = next === "true";
        taken.add(t.index + 1);
      }
      flags[o.flag] = on;
      continue;
    }
    const value = t.inlineValue ? unquote(t.value ?? "") : (t.value ?? "");
    if (o.form === "repeated") {
      const list = (flags[o.flag] as string[] | undefined) ?? [];
      if (!empty.has(t.index)) list.push(value);
      flags[o.flag] = list;
      continue;
    }
    if (o.flag in flags) twice.add(t.name);
    flags[o.flag] = value;
  }
  // The first in the table's order, as meow said it.
  for (const name of OPTIONS.keys())
    if (twice.has(name)) return { error: `The flag --${name} can only be set once.` };
  return { input, flags: flags as Flags };
}

/**
 * The option as typed, when it is none of jobtop's: `--frobnicate`, `--no-color` (named so, not
 * "color"), `--no-interval` (only a switch has a `--no-`), `-x` (but -h, -v and a negative number).
 */
function unknownOption(a: string): string | undefined {
  if (a.startsWith("--")) {
    const name = a.slice(2).split("=")[0] as string;
    const form = OPTIONS.get(name.startsWith("no-") && !OPTIONS.has(name) ? name.slice(3) : name)?.form;
    const ok = OPTIONS.has(name) || (name.startsWith("no-") && form === "switch");
    return ok ? undefined : name ? `--${name}` : a;
  }
  if (a.length > 1 && a.startsWith("-") && a !== "-h" && a !== "-v" && !NEGATIVE_NUMBER.test(a)) return a;
  return undefined;
}

/** `--name="value"` or `--name='value'`: the quotes a shell would have taken off (yargs-parser did). */
function unquote(v: string): string {
  return v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.at(-1) === v[0] ? v.slice(1, -1) : v;
}
