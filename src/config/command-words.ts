// A command written as one line (a config file's token_command = "pass show jobtop"), split into
// the words it is run with. A module of its own: the config file's reader (./parse-file.ts) needs
// it, and ./token-source.ts, which runs the command, imports the reader's module (./file.ts).

/**
 * Splits a command line into words like a shell would for plain words and quotes ("…", '…',
 * backslash), and nothing more: no variables, globs or pipes, since no shell runs it.
 */
export function splitCommand(line: string): string[] | string {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === "'" || c === '"') {
      const end = findClose(line, i + 1, c);
      if (end < 0) return `unbalanced ${c} in the command`;
      const body = line.slice(i + 1, end);
      word += c === '"' ? body.replace(/\\(["\\$`])/g, "$1") : body;
      inWord = true;
      i = end;
    } else if (c === "\\" && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else if ("|&;<>`".includes(c) || (c === "$" && line[i + 1] === "(")) {
      return `runs without a shell, so "${c}" would not do what it does in one; use ["sh", "-c", "…"] for a pipeline`;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

function findClose(s: string, from: number, quote: string): number {
  for (let i = from; i < s.length; i++) {
    if (quote === '"' && s[i] === "\\") i++;
    else if (s[i] === quote) return i;
  }
  return -1;
}
