// Where job text may go in a command action. The command runs without a shell and each
// placeholder stays inside its own argument (placeholders.ts), but an argument can still be code
// to the program that gets it: `["sh", "-c", "echo {remark}"]` ran a remark as shell code, and
// `["{remark}"]` ran a program the service named. Refused at load, with where and why:
// - a placeholder anywhere in the program's name (argv[0], "/opt/{remark}" too);
// - a placeholder in what a shell or interpreter runs as code (sh -c's script, python -c's,
//   perl -e's, node -e's …: RUNNERS below) or loads as a program (a script file, -m module, -r lib),
//   also behind the commands that run the rest of their arguments (env, sudo, nice, timeout,
//   xargs …), in every argument of ssh after its host (remote shell code), of watch (sh -c), su;
// - a placeholder at the start of an argument that such a program still reads options from (a
//   remark "-p process.exit()" after node -e CODE is an option of node's): "--" before it ends them;
// - job text naming an environment variable for env/sudo, or in LD_PRELOAD, PATH, BASH_ENV ….
// The safe way to hand job text to a script is its environment (src/actions/command.ts).
import { placeholderAt } from "./placeholders.js";

/** What a word is to the program that gets it. */
type Role =
  | "code" // run as code: sh -c's script, python -c's, perl -e's …
  | "module" // names code to run, and then takes no script: python -m, awk -f, sed -f
  | "program" // names what runs: a script file, a library to load, a shell
  | "command" // the start of a command line run as its own argv (env, sudo, nice …): checked from there
  | "cmdline" // one word split into a command line (env -S)
  | "value"; // anything else

/** What the operands (the words that are not options) are: the first few, then all the rest. */
interface Layout {
  first: readonly Role[];
  rest: Role;
}

interface Runner {
  /** Short options that take a value (the rest of the word, or the next word), and what it is. */
  short?: Readonly<Record<string, Role>>;
  /** Long options that take a value (`--x=v` or `--x v`), and what it is. */
  long?: Readonly<Record<string, Role>>;
  /** Options without a value that change what the operands are (sh -c, sudo -s, watch -x). */
  switches?: Readonly<Record<string, Layout>>;
  operands: Layout;
  /** The operands once a code or module option was given (no script file then). */
  afterCode?: Layout;
  /** A code or module option ends the options: what follows is the code's (python -c). */
  codeEndsOptions?: boolean;
  /** A short option's value is never the rest of its word: `-pe` is -p and -e (node). */
  noAttached?: boolean;
  /** "+o name" is an option too (sh). */
  plus?: boolean;
  /** NAME=value words may come before the command (env, sudo). */
  assignments?: boolean;
  /** Words that, where the command would start, make the next one shell code (flock FILE -c CMD). */
  codeWords?: readonly string[];
}

const SCRIPT: Layout = { first: ["program"], rest: "value" };
const CODE_FIRST: Layout = { first: ["code"], rest: "value" };
const ARGS: Layout = { first: [], rest: "value" };
const ALL_CODE: Layout = { first: [], rest: "code" };
const COMMAND: Layout = { first: ["command"], rest: "value" };
const VALUE_THEN_COMMAND: Layout = { first: ["value", "command"], rest: "value" };

const SH: Runner = {
  short: { o: "value", O: "value" },
  long: { "--rcfile": "program", "--init-file": "program" },
  // -c (alone or in -lc, -ec …): the first operand is the script; the next ones are $0, $1 …
  switches: { c: CODE_FIRST },
  operands: SCRIPT,
  plus: true,
};
/** fish and csh: -c takes the script as its value. */
const C_TAKES_CODE: Runner = {
  short: { c: "code", C: "code" },
  long: { "--command": "code", "--init-command": "code" },
  operands: SCRIPT,
  afterCode: ARGS,
};
const PYTHON: Runner = {
  short: { c: "code", m: "module", W: "value", X: "value" },
  long: { "--check-hash-based-pycs": "value" },
  operands: SCRIPT,
  afterCode: ARGS,
  codeEndsOptions: true,
};
const PERL: Runner = {
  short: { e: "code", E: "code", I: "value", M: "program", m: "program" },
  operands: SCRIPT,
  afterCode: ARGS,
};
const RUBY: Runner = {
  short: { e: "code", r: "program", I: "value", C: "value", E: "value", F: "value" },
  long: { "--require": "program" },
  operands: SCRIPT,
  afterCode: ARGS,
};
const NODE: Runner = {
  short: { e: "code", p: "code", r: "program", C: "value" },
  long: {
    "--eval": "code",
    "--print": "code",
    "--require": "program",
    "--import": "program",
    "--loader": "program",
    "--experimental-loader": "program",
    "--env-file": "program",
    "--conditions": "value",
    "--input-type": "value",
    "--title": "value",
  },
  operands: SCRIPT,
  afterCode: ARGS,
  noAttached: true,
};
const PHP: Runner = {
  short: { r: "code", B: "code", R: "code", E: "code", f: "program", z: "program", c: "value", d: "value" },
  operands: SCRIPT,
  afterCode: ARGS,
};
/** lua -e runs its code, then the script if one is named. */
const LUA: Runner = { short: { e: "code", l: "program" }, operands: SCRIPT };
const R_SCRIPT: Runner = {
  short: { e: "code" },
  long: { "--file": "module" },
  operands: SCRIPT,
  afterCode: ARGS,
};
const AWK: Runner = {
  short: { f: "module", e: "code", F: "value", v: "value", i: "program", l: "program" },
  long: {
    "--file": "module",
    "--source": "code",
    "--include": "program",
    "--load": "program",
    "--assign": "value",
    "--field-separator": "value",
  },
  operands: CODE_FIRST,
  afterCode: ARGS,
};
const SED: Runner = {
  short: { e: "code", f: "module", l: "value" },
  long: { "--expression": "code", "--file": "module", "--line-length": "value" },
  operands: CODE_FIRST,
  afterCode: ARGS,
};
/** PowerShell (-Command, -EncodedCommand, a script's name, and what follows are code) and cmd /c. */
const PWSH: Runner = { operands: ALL_CODE };
const WITH_CODE = (short: string, long: string[], operands: Layout): Runner => ({
  short: { [short]: "code" },
  long: Object.fromEntries(long.map((l) => [l, "code" as Role])),
  operands,
});

const ENV: Runner = {
  short: { u: "value", C: "value", S: "cmdline" },
  long: { "--unset": "value", "--chdir": "value", "--split-string": "cmdline" },
  operands: COMMAND,
  assignments: true,
};
const SUDO: Runner = {
  short: Object.fromEntries([..."ugCDhprtTUR"].map((c) => [c, "value" as Role])),
  long: Object.fromEntries(
    "user group close-from chdir host prompt role type command-timeout other-user chroot"
      .split(" ")
      .map((l) => [`--${l}`, "value" as Role]),
  ),
  // -s and -i hand the command to a shell.
  switches: { s: ALL_CODE, i: ALL_CODE },
  operands: COMMAND,
  assignments: true,
};
const SU: Runner = {
  short: { c: "code", s: "program", g: "value", G: "value", u: "value", w: "value" },
  long: {
    "--command": "code",
    "--session-command": "code",
    "--shell": "program",
    "--group": "value",
    "--supp-group": "value",
    "--user": "value",
    "--whitelist-environment": "value",
  },
  // The user, then arguments for the user's shell (the first would be a script it runs).
  operands: { first: ["value"], rest: "code" },
};
const SSH: Runner = {
  // -o can set ProxyCommand, LocalCommand, RemoteCommand …; -F names a config that can too.
  short: {
    ...Object.fromEntries([..."BbcDEeIiJLlmOpQRSWw"].map((c) => [c, "value" as Role])),
    o: "code",
    F: "program",
  },
  // The host, then the remote command: every word is joined into one line for the remote shell.
  operands: { first: ["value"], rest: "code" },
};
const runs = (extra: Runner = { operands: COMMAND }): Runner => extra;

/**
 * Programs that run code given as an argument, or run the rest of their arguments as a command,
 * by the last part of the program's path, lower case, without ".exe" or a version (python3.12).
 */
export const RUNNERS: Readonly<Record<string, Runner>> = {
  sh: SH,
  bash: SH,
  rbash: SH,
  zsh: SH,
  dash: SH,
  ash: SH,
  ksh: SH,
  mksh: SH,
  lksh: SH,
  oksh: SH,
  pdksh: SH,
  yash: SH,
  posh: SH,
  fish: C_TAKES_CODE,
  csh: C_TAKES_CODE,
  tcsh: C_TAKES_CODE,
  python: PYTHON,
  pythonw: PYTHON,
  pypy: PYTHON,
  perl: PERL,
  ruby: RUBY,
  node: NODE,
  nodejs: NODE,
  bun: NODE,
  php: PHP,
  lua: LUA,
  luajit: LUA,
  rscript: R_SCRIPT,
  r: R_SCRIPT,
  awk: AWK,
  gawk: AWK,
  mawk: AWK,
  nawk: AWK,
  sed: SED,
  gsed: SED,
  pwsh: PWSH,
  powershell: PWSH,
  cmd: PWSH,
  expect: WITH_CODE("c", [], SCRIPT),
  osascript: { short: { e: "code", l: "value", s: "value" }, operands: SCRIPT, afterCode: ARGS },
  script: WITH_CODE("c", ["--command"], { first: ["value"], rest: "value" }),
  // git -c core.sshCommand=…, alias.x=!…: a setting can run a command.
  git: { short: { c: "code", C: "value" }, long: { "--config-env": "code" }, operands: ARGS },
  su: SU,
  runuser: SU,
  ssh: SSH,
  // watch joins its arguments into one line for sh -c, unless -x (--exec) runs them as argv.
  watch: {
    short: { n: "value", q: "value" },
    long: { "--interval": "value", "--equexit": "value" },
    switches: { x: COMMAND, "--exec": COMMAND },
    operands: ALL_CODE,
  },
  env: ENV,
  sudo: SUDO,
  doas: { short: { u: "value", C: "value" }, switches: { s: ALL_CODE }, operands: COMMAND },
  nice: runs({ short: { n: "value" }, long: { "--adjustment": "value" }, operands: COMMAND }),
  nohup: runs(),
  setsid: runs(),
  unbuffer: runs(),
  command: runs(),
  busybox: runs(),
  toybox: runs(),
  caffeinate: runs({ short: { t: "value", w: "value" }, operands: COMMAND }),
  stdbuf: runs({
    short: { i: "value", o: "value", e: "value" },
    long: { "--input": "value", "--output": "value", "--error": "value" },
    operands: COMMAND,
  }),
  time: runs({
    short: { f: "value", o: "value" },
    long: { "--format": "value", "--output": "value" },
    operands: COMMAND,
  }),
  ionice: runs({ short: { c: "value", n: "value", p: "value", P: "value", u: "value" }, operands: COMMAND }),
  sshpass: runs({ short: { p: "value", f: "value", d: "value", P: "value" }, operands: COMMAND }),
  xargs: runs({
    short: Object.fromEntries([..."adEILnPs"].map((c) => [c, "value" as Role])),
    long: Object.fromEntries(
      "arg-file delimiter max-args max-procs max-chars process-slot-var"
        .split(" ")
        .map((l) => [`--${l}`, "value" as Role]),
    ),
    operands: COMMAND,
  }),
  timeout: {
    short: { s: "value", k: "value" },
    long: { "--signal": "value", "--kill-after": "value" },
    operands: VALUE_THEN_COMMAND,
  },
  chrt: { short: { T: "value", P: "value", D: "value" }, operands: VALUE_THEN_COMMAND },
  taskset: { operands: VALUE_THEN_COMMAND },
  chroot: { long: { "--userspec": "value", "--groups": "value" }, operands: VALUE_THEN_COMMAND },
  flock: {
    short: { w: "value", E: "value", c: "code" },
    long: { "--timeout": "value", "--conflict-exit-code": "value", "--command": "code" },
    operands: VALUE_THEN_COMMAND,
    codeWords: ["-c", "--command"],
  },
};

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
}

interface Word {
  text: string;
  /** Its index in the action's argv (words split out of `env -S` share theirs). */
  at: number;
}

export function commandDanger(argv: readonly string[]): Danger | undefined {
  return scan(
    argv.map((text, at) => ({ text, at })),
    0,
  );
}

/** The program's name as RUNNERS has it: "/usr/bin/Python3.12.exe" → "python". */
export function runnerName(program: string): string {
  const base = program
    .slice(Math.max(program.lastIndexOf("/"), program.lastIndexOf("\\")) + 1)
    .toLowerCase()
    .replace(/\.exe$/, "");
  if (Object.hasOwn(RUNNERS, base)) return base;
  return base.replace(/[\d.]+$/, "");
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
    if (options && t.length > 1 && (t[0] === "-" || (r.plus && t[0] === "+"))) {
      const o = readOption(t, r);
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
          return danger(value, `job text in the command line ${name} ${o.flag} splits and runs`);
        words.splice(j, 1, ...splitWords(value.text).map((text) => ({ text, at: value.at })));
        j--;
        continue;
      }
      const d = checkRole(o.role, value, `${name} ${o.flag}`);
      if (d) return d;
      if (o.role === "code" || o.role === "module") {
        layout = r.afterCode ?? layout;
        if (r.codeEndsOptions) options = false;
      }
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
    const d = checkRole(role, w, by);
    if (d) return d;
    // A word that starts with job text, where options are still read: "-p …" would be one.
    if (options && placeholderAt(t) === 0)
      return danger(
        w,
        `job text at the start of an argument ${name} still reads options from could make it one (a value starting with "-"); put "--" before it, or`,
      );
    options = false;
  }
  return undefined;
}

function checkRole(role: Role, w: Word, by: string): Danger | undefined {
  if (placeholderAt(w.text) < 0) return undefined;
  if (role === "code") return danger(w, `job text would run as code: ${by} runs this argument as code`);
  if (role === "module" || role === "program")
    return danger(w, `job text would choose the script or module that ${by} runs`);
  return undefined;
}

function danger(w: Word, why: string): Danger {
  return { index: w.at, message: why.endsWith(", or") ? `${why} ${SAFE_WAY}` : `${why}; ${SAFE_WAY}` };
}

/** The option's role (and value, when attached to it) and any change of the operands it makes. */
function readOption(t: string, r: Runner): { flag: string; role?: Role; attached?: string; layout?: Layout } {
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
