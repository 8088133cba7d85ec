// Issue 29.3: where a command action's placeholders may go. A table of what an attacker's job
// text would need (a placeholder in the code a shell or interpreter runs, or in the program's
// name, behind wrappers, under other names and paths) and of the safe forms next to them; then
// properties: any wrapper chain in front of any interpreter's code option with a placeholder in
// its code is refused at that word; a program jobtop does not know, or a command without
// placeholders, is never refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RUNNERS } from "../../src/actions/code-runners.js";
import { commandDanger, runnerName, SAFE_WAY } from "../../src/actions/shell-safety.js";

/** [argv, index of the word refused, or "ok"] */
const CASES: [string[], number | "ok"][] = [
  // The two.
  [["sh", "-c", "echo {remark}"], 2],
  [["{remark}"], 0],
  // The program's name, whole or in part.
  [["/opt/{remark}"], 0],
  [["/opt/tools/{nodeId}-helper", "x"], 0],
  [["{{literal}}", "{id}"], "ok"],
  // Shells: -c alone or in a cluster, after other options, under other names and paths.
  [["bash", "-lc", "echo {id}"], 2],
  [["bash", "-o", "pipefail", "-c", "x {id}"], 4],
  [["/bin/SH", "-ec", "x {id}"], 2],
  [["/usr/local/bin/zsh", "-c", "--", "x {id}"], 3],
  [["dash", "+o", "errexit", "-c", "{id}"], 4],
  [["fish", "-c", "echo {id}"], 2],
  [["fish", "--command=echo {id}"], 1],
  [["tcsh", "-c", "echo {id}"], 2],
  [["busybox", "sh", "-c", "{id}"], 3],
  [["bash", "{remark}"], 1],
  [["bash", "--rcfile", "{remark}", "x.sh"], 2],
  // …and the safe forms: job text as $1 after the code, a script of the user's with arguments.
  [["sh", "-c", 'echo "$1"', "sh", "{remark}"], "ok"],
  [["bash", "-c", 'printf %s "$1"', "{remark}", "{remark}"], "ok"],
  [["bash", "script.sh", "{remark}"], "ok"],
  // Interpreters.
  [["python3.12", "-c", "print('{remark}')"], 2],
  [["python3", "-Bc", "x{remark}"], 2],
  [["python", "-cprint({id})"], 1],
  [["python3", "-m", "{remark}"], 2],
  [["python3", "-c", "import sys; print(sys.argv[1])", "{remark}"], "ok"],
  [["python3", "tool.py", "{remark}"], "ok"],
  [["python3", "{remark}.py"], 1],
  [["perl", "-le", "print {id}"], 2],
  [["perl", "-E", "say {id}"], 2],
  [["perl", "-I", "lib", "-e", "print {remark}"], 4],
  [["perl", "-Mstrict", "-e", "print q({remark})"], 3],
  [["perl", "-e", "print @ARGV", "{remark}"], 3], // "-e…" as the remark would be perl's option
  [["perl", "-e", "print @ARGV", "--", "{remark}"], "ok"],
  [["node", "-e", "x", "{remark}"], 3], // node -e CODE -p …: -p would be read
  [["node", "-e", "x", "--", "{remark}"], "ok"],
  [["node", "-pe", "{remark}"], 2],
  [["node", "--eval={id}"], 1],
  [["node", "--ev", "{id}"], 2], // getopt's abbreviations
  [["node", "-r", "{remark}", "app.js"], 2],
  [["node", "script.js", "{remark}"], "ok"],
  [["ruby", "-e", "puts '{remark}'"], 2],
  [["ruby", "-r", "{remark}", "x.rb"], 2],
  [["php", "-r", "echo '{remark}';"], 2],
  [["lua", "-e", "x={id}"], 2],
  [["Rscript", "-e", "print('{remark}')"], 2],
  [["awk", "/{remark}/"], 1],
  [["gawk", "-f", "prog.awk", "--", "{remark}"], "ok"],
  [["sed", "s/x/{remark}/"], 1],
  [["sed", "-e", "s/x/{remark}/e", "f"], 2],
  [["sed", "-n", "-e", "p", "--", "{remark}"], "ok"],
  [["pwsh", "-Command", "Write-Output {id}"], 2],
  [["osascript", "-e", 'display dialog "{remark}"'], 2],
  [["git", "-c", "core.sshCommand={remark}", "fetch"], 2],
  [["git", "log", "--grep={remark}"], "ok"],
  // Behind the commands that run the rest: env (its VAR=x, flags, -S), sudo, nice, nohup, timeout…
  [["env", "FOO=1", "sh", "-c", "echo {remark}"], 4],
  [["env", "-i", "-u", "HOME", "bash", "-c", "{id}"], 6],
  [["env", "-S", "sh -c", "echo {remark}"], 3],
  [["env", "-S", "sh -c 'echo {remark}'"], 2],
  [["env", "{remark}"], 1],
  [["env", "{remark}=1", "my-tool"], 1],
  [["env", "LD_PRELOAD={remark}", "my-tool"], 1],
  [["env", "NOTE={remark}", "my-tool"], "ok"],
  [["env", "-", "X=1", "sh", "-c", "{id}"], 5], // "-" is env's -i
  [["rsync", "-e", "ssh -o ProxyCommand={remark}", "a", "b:"], 2],
  [["rsync", "{remark}", "dest/"], 1], // a remark "--rsh=…" would be an option
  [["rsync", "-a", "--", "{remark}", "dest/"], "ok"],
  [["scp", "-o", "ProxyCommand={remark}", "f", "h:"], 2],
  [["sudo", "-u", "bob", "bash", "-c", "x {id}"], 5],
  [["sudo", "-s", "my-tool", "{id}"], 3],
  [["sudo", "-u", "bob", "PATH={remark}", "my-tool"], 3],
  [["sudo", "-u", "bob", "my-tool", "{id}"], "ok"],
  [["nice", "-n", "5", "nohup", "timeout", "10s", "sh", "-c", "{id}"], 8],
  [["timeout", "-k", "5", "10s", "python3", "-c", "{id}"], 6],
  [["xargs", "-0", "sh", "-c", "x {id}"], 4],
  [["stdbuf", "-oL", "perl", "-e", "{id}"], 4],
  [["doas", "-u", "bob", "{remark}"], 3],
  [["flock", "/tmp/l", "-c", "x {id}"], 3],
  [["flock", "/tmp/l", "my-tool", "{id}"], "ok"],
  // ssh: every word after the host is remote shell code; its options can run commands too.
  [["ssh", "-p", "22", "host", "tail", "{remark}"], 5],
  [["ssh", "host", "--", "tail", "{remark}"], 4],
  [["ssh", "{nodeId}"], 1],
  [["ssh", "-o", "ProxyCommand={remark}", "h"], 2],
  [["ssh", "user@{nodeId}"], "ok"],
  [["ssh", "-l", "root", "--", "{nodeId}"], "ok"],
  [["su", "-c", "x {id}", "bob"], 2],
  [["su", "--comm=x {id}"], 1],
  [["su", "bob", "{remark}"], 2],
  [["watch", "-n", "1", "cat", "{id}"], 4],
  [["watch", "-x", "cat", "{id}"], "ok"],
  [["script", "-q", "-c", "x {id}", "/dev/null"], 3],
  [["cmd.exe", "/c", "echo {id}"], 2],
  // Plain programs: a placeholder stays one argument, whatever it holds.
  [["my-tool", "logs", "{id}", "--name={remark}"], "ok"],
  [["my-tool", "-c", "{remark}"], "ok"],
  // Attacked after the merge (RELIABILITY.md, "Issue 29: attacked after the merge"): each passed.
  // A runner's code further on, behind a program the table does not know.
  [["find", ".", "-name", "x", "-exec", "sh", "-c", "{remark}", ";"], 7],
  [["docker", "run", "img", "sh", "-c", "echo {remark}"], 5],
  [["kubectl", "exec", "pod", "--", "bash", "-c", "x {remark}"], 6],
  [["srun", "-n", "1", "python3", "-c", "{remark}"], 5],
  [["uv", "run", "python", "-c", "{remark}"], 4],
  [["singularity", "exec", "img.sif", "perl", "-e", "{id}"], 5],
  [["strace", "-f", "node", "-e", "{id}"], 4],
  [["my-tool", "--lang", "python", "{remark}"], "ok"], // after an unknown program: code only
  // Names with a version or a build after them.
  [["python3.12-dbg", "-c", "{remark}"], 2],
  [["python-3.11", "-c", "{remark}"], 2],
  [["ipython3", "-c", "{remark}"], 2],
  // Programs that run a word of theirs as code, or a command named after an option.
  [["find", ".", "-exec", "{remark}", ";"], 3],
  [["find", "/data", "-name", "*.log", "-execdir", "rm", "--", "{remark}", ";"], "ok"],
  [["sbatch", "--wrap", "echo {remark}"], 2],
  [["sbatch", "--wrap=x {id}"], 1],
  [["sbatch", "job.sh", "{remark}"], "ok"],
  [["tmux", "new-window", "-n", "{displayID}", "tail -f log/{remark}"], 4],
  [["tmux", "send-keys", "-t", "w", "{remark}", "Enter"], 4],
  [["tmux", "kill-session", "-t", "{displayID}"], "ok"],
  [["screen", "-dmS", "{displayID}", "{remark}"], 3],
  [["deno", "eval", "{remark}"], 2],
  [["npx", "-c", "{remark}"], 2],
  [["vim", "-c", "{remark}"], 2],
  [["nvim", "+{remark}"], 1],
  [["psql", "-c", "select '{remark}'"], 2],
  [["mysql", "-e", "{remark}"], 2],
  [["sqlite3", "db", "{remark}"], 2],
  [["sqlite3", "-cmd", "{remark}", "db"], 2],
  [["gdb", "-ex", "{remark}", "prog"], 2],
  [["man", "-P", "{remark}", "ls"], 2],
  [["tar", "-cf", "x.tar", "--checkpoint-action=exec={remark}", "."], 3],
  [["tar", "-I", "{remark}", "-cf", "x", "."], 2],
  [["zip", "-TT", "{remark}", "a.zip", "b"], 2],
  [["make", "X={remark}"], 1],
  [["make", "--eval={remark}"], 1],
  [["make", "-f", "{remark}"], 2],
  [["make", "-C", "build", "--", "clean"], "ok"],
  [["sg", "grp", "-c", "{remark}"], 3],
  [["sg", "grp", "x {remark}"], 2],
  [["pdsh", "-w", "n1", "tail {remark}"], 3],
  // A constant sh -c script that runs what it is handed: $0, $1, "$@", eval, $JOBTOP_DISPLAY_ID.
  [["sh", "-c", "$0", "{remark}"], 2],
  [["sh", "-c", '"$0"', "{remark}"], 2],
  [["sh", "-c", `$${"{{"}1}}`, "sh", "{remark}"], 2], // ${1}, its braces doubled in a template
  [["bash", "-c", 'eval "$1"', "sh", "{remark}"], 2],
  [["sh", "-c", 'exec "$@"', "sh", "{remark}"], 2],
  [["sh", "-c", "$JOBTOP_DISPLAY_ID"], 2],
  [["bash", "-c", 'python3 -c "$1"', "_", "{remark}"], 2],
  [["sh", "-c", 'echo "$1"; $1', "sh", "{id}"], 2],
  [["sh", "-c", 'echo "$(date)" && "$1" --x', "sh", "{id}"], 2],
  [["sh", "-c", 'echo "$1" | cut -c1-3', "sh", "{remark}"], "ok"],
  [["sh", "-c", 'scancel "$JOBTOP_JOB_ID"'], "ok"],
  [["sh", "-c", 'f() {{ echo "$1"; }}; f "$1"', "sh", "{remark}"], "ok"],
  [["sh", "-c", 'f() {{ "$1"; }}; f', "sh", "{remark}"], 2],
  [["sh", "-c", 'x=$(printf %s "$1"); echo $(date) "$x"', "sh", "{remark}"], "ok"],
  [["sh", "-c", '. "$1"', "sh", "{remark}"], 2],
  [["sh", "-c", 'trap "$1" EXIT; true', "sh", "{remark}"], 2],
  [["sh", "-c", 'trap "rm -f /tmp/x" EXIT; echo "$1"', "sh", "{remark}"], "ok"],
  [["sh", "-c", "$1", "sh", "fixed"], "ok"],
  [["sh", "-c", '"$2"', "sh", "{remark}", "ls"], "ok"],
  [["sh", "-c", "echo '$1' {{x}}", "sh", "{remark}"], "ok"],
];

describe("where job text may go in a command action", () => {
  it.each(CASES)("%j → %s", (argv, want) => {
    const d = commandDanger(argv);
    expect(d?.index ?? "ok").toBe(want);
    if (d) expect(d.message).toContain(SAFE_WAY);
  });

  it("names programs as RUNNERS does: path, case, .exe and version taken off", () => {
    expect(runnerName("/usr/bin/Python3.12")).toBe("python");
    expect(runnerName("C:\\Tools\\PERL5.36.exe")).toBe("perl");
    expect(runnerName("nodejs")).toBe("nodejs");
    expect(runnerName("./my-tool")).toBe("my-tool");
  });
});

const text = fc.string({ maxLength: 12 }).map((s) => s.replace(/[{}]/g, ""));
const placeholder = fc.constantFrom(
  "{id}",
  "{displayID}",
  "{status}",
  "{statusName}",
  "{nodeId}",
  "{remark}",
);
/** Code holding job text somewhere in it. */
const badCode = fc.tuple(text, placeholder, text).map(([a, p, b]) => `${a}${p}${b}`);
const where = fc.constantFrom("", "/bin/", "/usr/local/bin/", "./");

/** [words before the code, the code word is next] or [words, code attached to the last word]. */
type Form = (code: string) => string[];
const INTERPRETERS: [string[], Form[]][] = [
  [
    ["sh", "bash", "zsh", "dash", "ksh", "ash", "BASH"],
    [
      (c) => ["-c", c],
      (c) => ["-lc", c],
      (c) => ["-ec", c],
      (c) => ["-o", "pipefail", "-c", c],
      (c) => ["-c", "--", c],
    ],
  ],
  [["fish", "csh", "tcsh"], [(c) => ["-c", c]]],
  [
    ["python", "python3", "python3.12", "pypy3"],
    [(c) => ["-c", c], (c) => ["-Bc", c], (c) => ["-I", "-c", c]],
  ],
  [
    ["perl", "perl5.36"],
    [(c) => ["-e", c], (c) => ["-le", c], (c) => ["-E", c], (c) => ["-Mstrict", "-e", c]],
  ],
  [
    ["node", "nodejs", "bun"],
    [(c) => ["-e", c], (c) => ["--eval", c], (c) => ["-p", c], (c) => ["-pe", c]],
  ],
  [
    ["ruby", "ruby3.2"],
    [(c) => ["-e", c], (c) => ["-w", "-e", c]],
  ],
  [["php"], [(c) => ["-r", c]]],
  [
    ["awk", "gawk"],
    [(c) => [c], (c) => ["-F", ":", c]],
  ],
  [["pwsh"], [(c) => ["-Command", c]]],
];
const WRAPPERS: string[][] = [
  ["env"],
  ["env", "-i"],
  ["env", "FOO=1", "BAR=x y"],
  ["env", "-u", "HOME"],
  ["sudo"],
  ["sudo", "-u", "bob"],
  ["sudo", "-E", "LANG=C"],
  ["nice", "-n", "5"],
  ["nice", "-10"],
  ["nohup"],
  ["timeout", "10s"],
  ["timeout", "-k", "5", "1m"],
  ["xargs"],
  ["xargs", "-0", "-n", "1"],
  ["stdbuf", "-oL"],
  ["setsid"],
  ["busybox"],
  ["doas", "-u", "bob"],
  ["ionice", "-c", "3"],
  ["chrt", "-b", "0"],
];

describe("properties", () => {
  it("job text in an interpreter's code is refused at that word, behind any chain of wrappers", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...WRAPPERS), { maxLength: 4 }),
        fc
          .constantFrom(...INTERPRETERS)
          .chain(([names, forms]) => fc.tuple(fc.constantFrom(...names), fc.constantFrom(...forms))),
        where,
        badCode,
        fc.array(text, { maxLength: 3 }),
        (wrappers, [name, form], path, code, after) => {
          const head = wrappers.flat();
          const argv = [...head, `${path}${name}`, ...form(code), ...after];
          const d = commandDanger(argv);
          expect(d?.index).toBe(head.length + 1 + form(code).indexOf(code));
        },
      ),
    );
  });

  it("a program jobtop does not know gets job text in any argument after its name, no runner named after it", () => {
    const unknown = fc
      .stringMatching(/^[a-z][a-z0-9-]{0,11}$/)
      .filter((n) => !Object.hasOwn(RUNNERS, runnerName(n)));
    // ("sh" was among these words: `my-tool sh -c {remark}` passed. A runner's code is checked wherever it is.)
    const word = fc
      .oneof(text, badCode, fc.constantFrom("-c", "-e", "--", "shell", "FOO={remark}"))
      .filter((w) => !Object.hasOwn(RUNNERS, runnerName(w)));
    fc.assert(
      fc.property(where, unknown, fc.array(word, { maxLength: 8 }), (path, name, args) => {
        expect(commandDanger([`${path}${name}`, ...args])).toBeUndefined();
      }),
    );
  });

  it("a command without placeholders is never refused, whatever programs and options it holds", () => {
    const names = [...Object.keys(RUNNERS), "my-tool"];
    const word = fc.oneof(
      text,
      fc.constantFrom(...names),
      fc.constantFrom("-c", "-e", "-S", "--", "-lc", "X=1", "{{x}}"),
    );
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.array(word, { maxLength: 10 }), (name, args) => {
        expect(commandDanger([name, ...args])).toBeUndefined();
      }),
    );
  });
});
