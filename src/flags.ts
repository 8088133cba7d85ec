// jobtop's flags, for meow (src/cli.tsx), and the same flags read without meow for the plain
// command lines nearly every start has: `--base-url URL --once`, `--demo`, `get 5 --json`.
// meow (with yargs-parser, its help text and its checks) took ~2.5 ms of every start, its module
// included (Node 24, code cache); it is now loaded only when quickFlags declines.
import type { Result } from "meow";
import { flagsSpec, kebab } from "./config/from-settings.js";

/** The flags as meow is told them (src/cli.tsx): those of the settings table's rows. */
export const FLAGS = flagsSpec();

type Spec = typeof FLAGS;
type Name = keyof Spec;
/** What meow gives for these flags. */
export type Flags = Result<Spec>["flags"];

const BY_OPTION = new Map<string, Name>(Object.keys(FLAGS).map((n) => [kebab(n), n as Name]));

/**
 * A negative number: yargs-parser's own pattern. meow reads it as a word or a flag's value, not
 * as a short flag: `get -5` (a service may use negative job ids), `--pin -5`.
 */
export const NEGATIVE_NUMBER = /^-([0-9]+(\.[0-9]+)?|\.[0-9]+)$/;

/**
 * The flags and the words (`input`) of a command line, as meow would read them, or undefined when
 * it is not one of the plain forms read here: `--name value` and `--name=value` for a string flag
 * (a value that does not start with "-", but for a negative number, or a quote), `--name` and `--no-name` for a boolean, each flag once
 * (--pin as often as given), and words. Anything else (--help, --version, `--`, short flags, a
 * repeated flag, a value that looks like a flag, "true" or "false" after a boolean…) is meow's, with
 * its behaviour and its messages. test/cli/flags.test.ts checks that both read the same.
 */
export function quickFlags(argv: readonly string[]): { input: string[]; flags: Flags } | undefined {
  const flags: Record<string, unknown> = {};
  const input: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith("--")) {
      if (a.startsWith("-") && !NEGATIVE_NUMBER.test(a)) return;
      input.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const option = eq < 0 ? a.slice(2) : a.slice(2, eq);
    const negated = option.startsWith("no-") && !BY_OPTION.has(option);
    const name = BY_OPTION.get(negated ? option.slice(3) : option);
    if (!name || name === "help" || name === "version" || name in flags) return;
    const spec: { type: string; isMultiple?: boolean } = FLAGS[name];
    if (spec.type === "boolean") {
      // yargs-parser takes a "true" or "false" after a boolean flag as its value.
      if (eq >= 0 || argv[i + 1] === "true" || argv[i + 1] === "false") return;
      flags[name] = !negated;
      continue;
    }
    if (negated) return;
    let value: string;
    if (eq >= 0) value = a.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined) return;
      value = next;
      i++;
    }
    // yargs-parser takes the quotes off `--name="value"` (a Dockerfile's exec form, cmd.exe and
    // systemd pass them on): a value that starts with a quote is meow's.
    if (value === "" || (value.startsWith("-") && !NEGATIVE_NUMBER.test(value)) || /^[\s"']|\s$/.test(value))
      return;
    if (spec.isMultiple) {
      const list = (flags[`${name}\0`] as string[] | undefined) ?? [];
      list.push(value);
      flags[`${name}\0`] = list;
    } else flags[name] = value;
  }
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(FLAGS) as [Name, (typeof FLAGS)[Name]][]) {
    if ("isMultiple" in spec) out[name] = flags[`${name}\0`] ?? [];
    else if (name in flags) out[name] = flags[name];
    else if ("default" in spec) out[name] = spec.default;
    else if (spec.type === "boolean") out[name] = false; // meow's booleanDefault
  }
  return { input, flags: out as Flags };
}
