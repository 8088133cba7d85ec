// The programs that run code given as an argument (shells, interpreters: sh -c, python -c,
// perl -e, node -e …) or run the rest of their arguments as a command (env, sudo, nice, timeout,
// xargs …), and their options: which take a value and what the value is to them, and what their
// operands are. Data only; ./shell-safety.ts walks a command action's argv with it.

/** What a word is to the program that gets it. */
export type Role =
  | "code" // run as code: sh -c's script, python -c's, perl -e's …
  | "module" // names code to run, and then takes no script: python -m, awk -f, sed -f
  | "program" // names what runs: a script file, a library to load, a shell
  | "command" // the start of a command line run as its own argv (env, sudo, nice …): checked from there
  | "cmdline" // one word split into a command line (env -S)
  | "value"; // anything else

/** What the operands (the words that are not options) are: the first few, then all the rest. */
export interface Layout {
  first: readonly Role[];
  rest: Role;
}

export interface Runner {
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
  /** "-" alone is an option, not an operand (env's "-" is -i). */
  loneDash?: boolean;
  /** Options of one dash and a whole word, and what their value is (find -exec, gdb -ex). */
  words?: Readonly<Record<string, Role>>;
  /** NAME=value operands are code (make's variables go into its recipes, run by a shell). */
  codeAssignments?: boolean;
  /** Options may follow operands (find's expressions after its paths, GNU getopt's permutation). */
  optionsAnywhere?: boolean;
  /** Its code is a POSIX shell script, and the words after it its $0, $1 … (shell-script.ts). */
  shellScript?: boolean;
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
  shellScript: true,
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
  loneDash: true,
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
/** rsync -e and --rsync-path, scp -o, -S and -F: a command run, or a config that names one. */
const RSYNC: Runner = {
  short: { e: "code", f: "value", T: "value" },
  long: { "--rsh": "code", "--rsync-path": "code", "--filter": "value", "--temp-dir": "value" },
  operands: ARGS,
};
const SCP: Runner = {
  short: {
    ...Object.fromEntries([..."cDiJlPX"].map((c) => [c, "value" as Role])),
    o: "code",
    S: "program",
    F: "program",
  },
  operands: ARGS,
};
const runs = (extra: Runner = { operands: COMMAND }): Runner => extra;
const values = (letters: string): Record<string, Role> =>
  Object.fromEntries([...letters].map((c) => [c, "value" as Role]));
/** vim and its kin: -c and --cmd are Ex commands (`:!cmd` runs a shell), as is a "+cmd" word. */
const VIM: Runner = {
  short: {
    c: "code",
    S: "module",
    u: "program",
    i: "value",
    T: "value",
    w: "value",
    W: "value",
    s: "module",
  },
  long: { "--cmd": "code" },
  operands: ARGS,
  plus: true,
};
const MAKE: Runner = {
  short: { f: "module", E: "code", ...values("CIjloW") },
  long: { "--eval": "code", "--file": "module", "--makefile": "module", "--directory": "value" },
  operands: ARGS,
  optionsAnywhere: true,
  codeAssignments: true,
};
const SQL_SHELL: Runner = {
  short: { c: "code", e: "code", f: "module", ...values("dhpUPuDSo") },
  long: { "--command": "code", "--execute": "code", "--file": "module", "--init-command": "code" },
  operands: ARGS,
  optionsAnywhere: true,
};

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
  rsync: RSYNC,
  scp: SCP,
  sftp: SCP,
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
  // Programs that run a command line or code given in a word of theirs, not as their first
  // operand: find -exec, sbatch --wrap, tmux and screen (a window's shell command, keys typed
  // into a shell), gdb -ex, man -P (the pager, through a shell), tar's and zip's commands, make's
  // variables (in its recipes), SQL clients (psql's \!, sqlite3's .shell), sg (sh -c).
  find: {
    words: { "-exec": "command", "-execdir": "command", "-ok": "command", "-okdir": "command" },
    operands: ARGS,
    optionsAnywhere: true,
  },
  sbatch: { long: { "--wrap": "code" }, operands: SCRIPT },
  // (tmux -c runs a shell command too; a window's -c is its directory: taken as code.)
  tmux: { short: { ...values("efFLlnsStTxywhpbBN"), c: "code" }, operands: ALL_CODE, optionsAnywhere: true },
  screen: { short: { ...values("SchptTe"), X: "code" }, operands: COMMAND },
  deno: { operands: COMMAND, codeWords: ["eval"] },
  npx: {
    short: { c: "code", p: "value" },
    long: { "--call": "code", "--package": "value" },
    operands: COMMAND,
  },
  vim: VIM,
  vi: VIM,
  nvim: VIM,
  gvim: VIM,
  ex: VIM,
  view: VIM,
  psql: SQL_SHELL,
  mysql: SQL_SHELL,
  mariadb: SQL_SHELL,
  sqlite: { words: { "-cmd": "code", "-init": "module" }, operands: { first: ["value"], rest: "code" } },
  gdb: {
    words: { "-ex": "code", "-iex": "code", "-x": "module", "-ix": "module", "-eval-command": "code" },
    long: { "--eval-command": "code", "--init-eval-command": "code", "--command": "module" },
    operands: ARGS,
    optionsAnywhere: true,
  },
  man: {
    short: { P: "code", H: "code", ...values("CMSLmpERe") },
    long: { "--pager": "code", "--html": "code" },
    operands: ARGS,
    optionsAnywhere: true,
  },
  tar: {
    short: { I: "code", F: "program", ...values("fCTXbKLNgV") },
    long: {
      "--checkpoint-action": "code",
      "--to-command": "code",
      "--use-compress-program": "code",
      "--rsh-command": "code",
      "--info-script": "program",
      "--new-volume-script": "program",
    },
    operands: ARGS,
    optionsAnywhere: true,
  },
  zip: {
    words: { "-TT": "code" },
    long: { "--unzip-command": "code" },
    operands: ARGS,
    optionsAnywhere: true,
  },
  make: MAKE,
  gmake: MAKE,
  sg: { short: { c: "code" }, operands: { first: ["value"], rest: "code" } },
  pdsh: { short: values("wxRlutfgX"), operands: ALL_CODE },
  ipython: PYTHON,
  flock: {
    short: { w: "value", E: "value", c: "code" },
    long: { "--timeout": "value", "--conflict-exit-code": "value", "--command": "code" },
    operands: VALUE_THEN_COMMAND,
    codeWords: ["-c", "--command"],
  },
};
