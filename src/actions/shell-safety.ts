// Where job text may go in a command action. The command runs without a shell and each
// placeholder stays inside its own argument (placeholders.ts), but an argument can still be code
// to the program that gets it: `["sh", "-c", "echo {remark}"]` ran a remark as shell code, and
// `["{remark}"]` ran a program the service named. Refused at load, with where and why:
// - a placeholder anywhere in the program's name (argv[0], "/opt/{remark}" too);
// - a placeholder in what a shell or interpreter runs as code (sh -c's script, python -c's,
//   perl -e's, node -e's …: the table of ./code-runners.ts) or loads as a program (a script
//   file, -m module, -r lib), also behind the commands that run the rest of their arguments (env, sudo, nice, timeout,
//   xargs …), in every argument of ssh after its host (remote shell code), of watch (sh -c), su;
// - a placeholder at the start of an argument that such a program still reads options from (a
//   remark "-p process.exit()" after node -e CODE is an option of node's): "--" before it ends them;
// - job text naming an environment variable for env/sudo, or in LD_PRELOAD, PATH, BASH_ENV …;
// - job text in the code of a runner further on, after a program the table does not know
//   (`find . -exec sh -c CODE`, `docker run IMG python -c CODE`, `srun bash -c CODE`): every word
//   that names a runner is checked from there too, for code only (a word of another program's
//   that happens to be "python" may be followed by anything but code);
// - in a constant `sh -c` script, job text handed to it as $0, $1 … (or JOBTOP_DISPLAY_ID) where
//   a command starts or as eval's code (shell-script.ts).
// The safe way to hand job text to a script is its environment (src/actions/command.ts).
import { type Layout, type Role, RUNNERS, type Runner } from "./code-runners.js";
import { placeholderAt } from "./placeholders.js";
import { scriptCommands, taintedBy } from "./shell-script.js";

/** Variables whose value can make a program run code or load a library: never job text. */
const RISKY_ENV =
  /^(?:LD_\w*|DYLD_\w*|BASH_ENV|ENV|BASH_FUNC_.*|SHELLOPTS|BASHOPTS|PS4|PROMPT_COMMAND|IFS|PATH|NODE_OPTIONS|NODE_PATH|PYTHON\w*|PERL5\w*|PERLLIB|RUBY\w*|GIT_\w*|LESSOPEN|EDITOR|VISUAL|PAGER)$/;

export const SAFE_WAY =
  'hand the job to a script through its environment instead: JOBTOP_JOB_ID, JOBTOP_DISPLAY_ID and JOBTOP_STATUS (the rest with `jobtop get "$JOBTOP_JOB_ID" --json`)';

/** Where job text could run as code in `argv`, and why: the first such argument, or undefined. */
export interface Danger {
  /** The argument's index in argv. */
  index: number;
  message: string;
  /** Job text would run as code (not: name the program, a script, an option, a variable). */
  code?: boolean;
}

interface Word {
  text: string;
  /** Its index in the action's argv (words split out of `env -S` share theirs). */
  at: number;
}

export function commandDanger(argv: readonly string[]): Danger | undefined {
  return check(argv.map((text, at) => ({ text, at })));
}

/** The command from its first word, then from each later word that names a runner (code only). */
function check(words: Word[]): Danger | undefined {
  const first = scan(words, 0);
  if (first) return first;
  for (let j = 1; j < words.length; j++) {
    const t = (words[j] as Word).text;
    if (placeholderAt(t) >= 0 || !Object.hasOwn(RUNNERS, runnerName(t))) continue;
    const d = scan(words, j);
    if (d?.code) return d;
  }
  return undefined;
}

/** The program's name as RUNNERS has it: "/usr/bin/Python3.12.exe" → "python". */
export function runnerName(program: string): string {
  const base = program
    .slice(Math.max(program.lastIndexOf("/"), program.lastIndexOf("\\")) + 1)
    .toLowerCase()
    .replace(/\.exe$/, "");
  if (Object.hasOwn(RUNNERS, base)) return base;
  // python3.12, python-3.11, python3.12-dbg, pypy3, bash5.2
  return base.replace(/[-_](?:dbg|debug)$/, "").replace(/[-_]?[\d.]+$/, "");
}

function scan(words: Word[], i: number): Danger | undefined {
  const prog = words[i] as Word;
  if (placeholderAt(prog.text) >= 0)
    return danger(prog, "job text would choose the program that runs (write its name as it is)");
  const name = runnerName(prog.text);
  const r = Object.hasOwn(RUNNERS, name) ? RUNNERS[name] : undefined;
  if (!r) return undefined;
  let layout = r.operands;
  /** The switch that made the operands what they are ("-c" of sh -c), for the messages. */
  let by = name;
  let operand = 0;
  let options = true;
  for (let j = i + 1; j < words.length; j++) {
    const w = words[j] as Word;
    const t = w.text;
    if (options && t === "--") {
      options = false;
      continue;
    }
    if (options && t === "-" && r.loneDash) continue;
    if (options && t.length > 1 && (t[0] === "-" || (r.plus && t[0] === "+"))) {
      const o = readOption(t, r);
      if (o.role === "command" && o.attached === undefined) {
        // find -exec CMD …: a command of its own starts at the next word.
        const d = words[j + 1] ? scan(words, j + 1) : undefined;
        if (d) return d;
        continue;
      }
      if (placeholderAt(t) >= 0)
        return (
          (o.role &&
            o.attached !== undefined &&
            checkRole(o.role, { text: o.attached, at: w.at }, `${name} ${o.flag}`)) ||
          danger(w, `job text in an option of ${name} could change what it runs`)
        );
      if (o.layout) {
        layout = o.layout;
        by = `${name} ${o.flag}`;
      }
      if (!o.role) continue;
      const value = o.attached !== undefined ? { text: o.attached, at: w.at } : words[++j];
      if (!value) break;
      if (o.role === "cmdline") {
        if (placeholderAt(value.text) >= 0)
          return danger(value, `job text in the command line ${name} ${o.flag} splits and runs`, true);
        const split = splitWords(value.text).map((text) => ({ text, at: value.at }));
        words = words.slice(0, j).concat(split, words.slice(j + 1));
        j--;
        continue;
      }
      const d = checkRole(o.role, value, `${name} ${o.flag}`) ?? script(r, o.role, value, words, j, name);
      if (d) return d;
      if (o.role === "code" || o.role === "module") {
        layout = r.afterCode ?? layout;
        if (r.codeEndsOptions) options = false;
      }
      continue;
    }
    if (r.codeAssignments && /^[A-Za-z_][\w.-]*=/.test(t)) {
      // make X=VALUE: the value goes into the recipes, which a shell runs.
      const d = checkRole("code", w, `${name} ${t.slice(0, t.indexOf("="))}=`);
      if (d) return d;
      continue;
    }
    if (options && r.assignments && operand === 0 && /^[^=-][^=]*=/.test(t)) {
      const eq = t.indexOf("=");
      if (placeholderAt(t.slice(0, eq)) >= 0)
        return danger(w, `job text would name an environment variable (LD_PRELOAD=…)`);
      if (RISKY_ENV.test(t.slice(0, eq)) && placeholderAt(t.slice(eq + 1)) >= 0)
        return danger(w, `job text in ${t.slice(0, eq)} can make a program run code`);
      continue;
    }
    const role = operand < layout.first.length ? (layout.first[operand] as Role) : layout.rest;
    operand++;
    if (role === "command") {
      if (r.codeWords?.includes(t)) {
        const code = words[j + 1];
        return code ? checkRole("code", code, `${name} ${t}`) : undefined;
      }
      return scan(words, j);
    }
    const d = checkRole(role, w, by) ?? script(r, role, w, words, j, by);
    if (d) return d;
    // A word that starts with job text, where options are still read: "-p …" would be one.
    if (options && placeholderAt(t) === 0)
      return danger(
        w,
        `job text at the start of an argument ${name} still reads options from could make it one (a value starting with "-"); put "--" before it, or`,
      );
    if (!r.optionsAnywhere) options = false;
  }
  return undefined;
}

function checkRole(role: Role, w: Word, by: string): Danger | undefined {
  if (placeholderAt(w.text) < 0) return undefined;
  if (role === "code") return danger(w, `job text would run as code: ${by} runs this argument as code`, true);
  if (role === "module") return danger(w, `job text would choose the script or module that ${by} runs`, true);
  if (role === "program") return danger(w, `job text would choose the script or module that ${by} runs`);
  return undefined;
}

/**
 * A POSIX shell's constant script (`sh -c SCRIPT`, the word at `j`), with the words after it as
 * its $0, $1 …: where it runs what it is handed (shell-script.ts), or undefined.
 */
function script(r: Runner, role: Role, w: Word, words: Word[], j: number, by: string): Danger | undefined {
  if (role !== "code" || !r.shellScript || placeholderAt(w.text) >= 0) return undefined;
  const positional = words.slice(j + 1).map((x) => placeholderAt(x.text) >= 0);
  // The script as the shell gets it: no placeholder in it, and {{ and }} are braces.
  const text = w.text.replace(/\{\{|\}\}/g, (m) => m.charAt(0));
  for (const cmd of scriptCommands(text, taintedBy(positional))) {
    const d =
      cmd[0] === "eval"
        ? checkRole("code", { text: cmd[1] ?? "", at: w.at }, "eval")
        : check(cmd.map((text) => ({ text, at: w.at })));
    if (d)
      return {
        ...d,
        code: true,
        message: `in the script ${by} runs, what it is handed ($1, "$@", $JOBTOP_DISPLAY_ID…): ${d.message}`,
      };
  }
  return undefined;
}

function danger(w: Word, why: string, code = false): Danger {
  return {
    index: w.at,
    message: why.endsWith(", or") ? `${why} ${SAFE_WAY}` : `${why}; ${SAFE_WAY}`,
    code,
  };
}

/** The option's role (and value, when attached to it) and any change of the operands it makes. */
function readOption(t: string, r: Runner): { flag: string; role?: Role; attached?: string; layout?: Layout } {
  // Options of one dash and a word (find -exec, gdb -ex, sqlite3 -cmd, zip -TT).
  if (r.words && Object.hasOwn(r.words, t)) return { flag: t, role: r.words[t] };
  if (t.startsWith("--")) {
    const eq = t.indexOf("=");
    const name = eq < 0 ? t : t.slice(0, eq);
    const layout = r.switches?.[name];
    const key = longName(name, r.long);
    if (!key) return { flag: name, layout };
    return { flag: key, role: r.long?.[key], attached: eq < 0 ? undefined : t.slice(eq + 1), layout };
  }
  let layout: Layout | undefined;
  let role: Role | undefined;
  const flag = t;
  for (let k = 1; k < t.length; k++) {
    const c = t[k] as string;
    layout = r.switches?.[c] ?? layout;
    const got = r.short?.[c];
    if (!got) continue;
    if (!r.noAttached && k + 1 < t.length)
      return { flag: `${t.slice(0, k + 1)}`, role: got, attached: t.slice(k + 1), layout };
    // The most dangerous of the value-taking letters (node -pe: both take the next word).
    if (!role || SEVERITY.indexOf(got) < SEVERITY.indexOf(role)) role = got;
    if (!r.noAttached) break;
  }
  return { flag, role, layout };
}

const SEVERITY: readonly Role[] = ["code", "cmdline", "module", "program", "command", "value"];

/**
 * The long option `name` stands for: itself, or the one it abbreviates (getopt takes "--comm"
 * for "--command"), the most dangerous when it could be several.
 */
function longName(name: string, long: Runner["long"]): string | undefined {
  if (!long) return undefined;
  if (Object.hasOwn(long, name)) return name;
  if (name.length < 3) return undefined;
  let best: string | undefined;
  for (const [k, role] of Object.entries(long))
    if (k.startsWith(name) && (!best || SEVERITY.indexOf(role) < SEVERITY.indexOf(long[best] as Role)))
      best = k;
  return best;
}

/** env -S's splitting, near enough: words, with quotes taken off. */
function splitWords(s: string): string[] {
  return (s.match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((w) =>
    (w[0] === '"' || w[0] === "'") && w.length > 1 ? w.slice(1, -1) : w,
  );
}
