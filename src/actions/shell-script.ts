// What a constant `sh -c SCRIPT` does with the job text it is handed. The safe form,
// `["sh", "-c", 'echo "$1"', "sh", "{remark}"]`, gives job text to the script as data; the same
// words with `$1` where a command starts (`'"$0"'`, `'exec "$@"'`, `'eval "$1"'`,
// `'python3 -c "$1"'`) run it. So the script is cut into its simple commands, each reference to a
// parameter that holds job text (a positional one whose word has a placeholder, and the
// JOBTOP_JOB_ID / JOBTOP_DISPLAY_ID of the environment) written as a placeholder, and each command
// is then checked as a command action's argv is (shell-safety.ts). Near enough, not a shell:
// quotes, `$(…)`, backquotes, `;`, `&`, `|`, newlines, braces and parentheses end or start a
// command; what a variable is assigned and used later (`x=$1; $x`) is not followed, nor what a
// python -c or perl -e program does with its argv (`os.system(sys.argv[1])`): the code is the user's.

/** The environment's job text (command.ts sets it): the service's own words. */
const JOB_TEXT_ENV = new Set(["JOBTOP_JOB_ID", "JOBTOP_DISPLAY_ID"]);
/** Words that start a command but are not one. */
const KEYWORDS = new Set("if then else elif fi do done while until for case esac in ! time { }".split(" "));
/** Builtins that run their arguments as the command (`. FILE`, `source FILE`: a script named by its word). */
const PASS_ON = new Set(["exec", "command", "builtin", "nohup", ".", "source"]);
/** Builtins whose first argument is code: eval's (all its words), trap's. */
const CODE_FIRST = new Set(["eval", "trap"]);
const MARK = "{remark}";

/**
 * The simple commands of `script`, each a list of words, with every reference to job text
 * (`tainted(name)`: "0", "1", "@", "JOBTOP_DISPLAY_ID"…) replaced by a placeholder and literal
 * braces doubled (placeholders.ts reads `{{` as a brace). `eval`'s words come back as one
 * `["eval", CODE]` so that its argument is checked as code.
 */
export function scriptCommands(script: string, tainted: (name: string) => boolean): string[][] {
  const commands: string[][] = [];
  /** The command being read, and what `$(…)` or a backquote interrupted, innermost last. */
  interface Frame {
    words: string[];
    word: string | undefined;
    quote: "'" | '"' | undefined;
    /** What ends this frame: ")" of `$(`, "`" of a backquote; undefined at the top. */
    closer?: ")" | "`";
  }
  let f: Frame = { words: [], word: undefined, quote: undefined };
  const outer: Frame[] = [];
  const endWord = () => {
    if (f.word !== undefined) f.words.push(f.word);
    f.word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (f.words.length > 0) commands.push(f.words);
    f.words = [];
  };
  const add = (s: string) => {
    f.word = (f.word ?? "") + s;
  };
  const literal = (c: string) => add(c === "{" ? "{{" : c === "}" ? "}}" : c);
  const open = (closer: ")" | "`") => {
    outer.push(f);
    f = { words: [], word: undefined, quote: undefined, closer };
  };
  const close = () => {
    endCommand();
    f = outer.pop() as Frame;
    // What it printed is one more piece of the word it stood in: not job text as far as is known.
    add("x");
  };
  for (let i = 0; i < script.length; i++) {
    const c = script[i] as string;
    if (f.quote === "'") {
      if (c === "'") f.quote = undefined;
      else literal(c);
      continue;
    }
    if (c === "\\" && i + 1 < script.length) {
      literal(script[++i] as string);
      continue;
    }
    if (c === "$") {
      const ref = readRef(script, i);
      if (ref) {
        add(tainted(ref.name) ? MARK : "$");
        i = ref.end - 1;
        continue;
      }
      if (script[i + 1] === "(") {
        i++;
        open(")");
        continue;
      }
    }
    if (c === "`") {
      if (f.closer === "`") close();
      else open("`");
      continue;
    }
    if (c === ")" && f.closer === ")" && f.quote === undefined) {
      close();
      continue;
    }
    if (c === '"') {
      f.quote = f.quote ? undefined : '"';
      add("");
      continue;
    }
    if (f.quote === '"') {
      literal(c);
      continue;
    }
    if (c === "'") {
      f.quote = "'";
      add("");
      continue;
    }
    if (c === "#" && f.word === undefined) {
      while (i + 1 < script.length && script[i + 1] !== "\n") i++;
      continue;
    }
    if (/[;&|()\n]/.test(c)) endCommand();
    else if (/\s/.test(c)) endWord();
    else if ((c === "{" || c === "}") && f.word === undefined && /[\s;]/.test(script[i + 1] ?? " ")) {
      // A group's brace, a word of its own.
      endCommand();
    } else literal(c);
  }
  while (outer.length > 0) close();
  endCommand();
  return commands.map(simple).filter((w) => w.length > 0);
}

/** `$1`, `${1}`, `${1:-x}`, `$@`, `$*`, `$NAME`, `${NAME…}`: the parameter's name and where the reference ends. */
function readRef(s: string, at: number): { name: string; end: number } | undefined {
  const rest = s.slice(at + 1);
  const braced = /^\{#?([A-Za-z_]\w*|\d+|[@*])[^}]*\}/.exec(rest);
  if (braced) return { name: braced[1] as string, end: at + 1 + braced[0].length };
  const plain = /^(?:[A-Za-z_]\w*|\d|[@*])/.exec(rest);
  if (plain) return { name: plain[0], end: at + 1 + plain[0].length };
  return undefined;
}

/** A simple command's argv: leading assignments, redirections and keywords taken off. */
function simple(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (/^\d*(?:[<>]|>>|<<|&>|>&|<&)/.test(w)) {
      // "> file", "2>&1": the redirection and, when bare, its target.
      if (/^\d*(?:[<>]|>>|<<|&>|>&|<&)-?$/.test(w)) i++;
      continue;
    }
    if (out.length === 0 && (KEYWORDS.has(w) || /^[A-Za-z_]\w*=/.test(w) || PASS_ON.has(w))) continue;
    if (out.length === 0 && CODE_FIRST.has(w)) {
      // eval joins its arguments and runs them, trap runs its first: one word of code.
      return ["eval", w === "eval" ? words.slice(i + 1).join(" ") : (words[i + 1] ?? "")];
    }
    out.push(w);
  }
  return out;
}

/** Does `name` ("1", "@", "JOBTOP_DISPLAY_ID") hold job text, given the words after the script ($0, $1 …)? */
export function taintedBy(positional: readonly boolean[]): (name: string) => boolean {
  return (name) => {
    if (JOB_TEXT_ENV.has(name)) return true;
    if (name === "@" || name === "*") return positional.slice(1).some(Boolean);
    return /^\d+$/.test(name) && positional[Number(name)] === true;
  };
}
