// Secrets a tool takes in a flag no name says (`curl -u user:PASS`, `mysql -pPASS`, `wandb login
// KEY`, `htpasswd -b FILE USER PASS`, `openssl enc -k PASS`, `-passin pass:PASS`): their masking in
// free text, one step of src/model/secrets.ts's.
import { MASK, VARIABLE_REF } from "./secret-names.js";

/**
 * Tools whose own flags take a password or a key, in a form no name says: `curl -u user:PASS`,
 * `mysql -pPASS`, `sshpass -p PASS`, `sqlcmd -P PASS`, `docker login -p PASS`, `wandb login KEY`.
 * Each tool's arguments run to the next tool's name or the end of its command (; & | newline).
 */
const TOOL_WORD =
  /(?:^|[\s;&|(`"'/])(curl|mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump|sshpass|sqlcmd|bcp|zip|unzip|7z|7za|7zz|redis-cli|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|http|https|smbclient|lftp|wandb|docker|podman|nerdctl|buildah|skopeo|helm|oras|az|oc|cf|htpasswd|openssl)(?=[ \t])/g;

/** A flag and its value: `-pX`, `-p X`, `--user=X`, `--user X` (a value is not itself a flag). */
const TOOL_ARG =
  /(^|\s)(--[A-Za-z][\w-]*|-[A-Za-z])(=|[ \t]+|(?=\S))(?!-)("[^"\n]{0,256}"|'[^'\n]{0,256}'|[^\s"'`]+)/g;

/** Tools whose `-p` is a password only under their `login` command (`docker run -p 80:80` is a port). */
const LOGIN_TOOLS = new Set("docker podman nerdctl buildah skopeo helm oras az oc cf".split(" "));

/**
 * What of a flag's value is the secret: "all" of it, the part after ":" (curl's user:password),
 * "%" (smbclient's user%password) or "," (lftp's user,password); undefined when none is.
 */
function toolSecret(tool: string, flag: string, attached: boolean): "all" | ":" | "%" | "," | undefined {
  // curl -b NAME=VALUE sends a cookie (a session's credential) the flag's name does not say.
  if (tool === "curl")
    return /^(?:-[uU]|--user|--proxy-user)$/.test(flag) ? ":" : flag === "-b" ? "all" : undefined;
  if (tool === "http" || tool === "https") return flag === "-a" || flag === "--auth" ? ":" : undefined;
  if (tool === "smbclient") return flag === "-U" || flag === "--user" ? "%" : undefined;
  if (tool === "lftp") return flag === "-u" || flag === "--user" ? "," : undefined;
  // mysql's `-p PASS` would prompt and take PASS as the database; 7z's -p is attached too.
  if (tool.startsWith("mysql") || tool.startsWith("mariadb") || tool.startsWith("7z"))
    return flag === "-p" && attached ? "all" : undefined;
  if (tool === "sqlcmd" || tool === "bcp" || tool === "zip" || tool === "unzip")
    return flag === "-P" ? "all" : undefined;
  if (tool === "redis-cli") return flag === "-a" ? "all" : undefined;
  return flag === "-p" ? "all" : undefined; // sshpass, mongo…, and the login tools under login
}

/** Where a command ends: its tool's arguments stop there. */
const COMMAND_END = /[\n;&|]/g;

export function maskToolArgs(text: string): string {
  TOOL_WORD.lastIndex = 0;
  let m = TOOL_WORD.exec(text);
  // Pieces are joined only when something was masked: a hostile megabyte of `curl -u ` builds
  // no string of its own.
  let out: string[] | undefined;
  let done = 0;
  let end = -1; // the next command end found so far (each is looked for once: linear)
  while (m) {
    const tool = m[1] as string;
    const from = m.index + m[0].length;
    const next = TOOL_WORD.exec(text);
    const limit = next ? next.index : text.length;
    if (end < from) {
      COMMAND_END.lastIndex = from;
      end = COMMAND_END.exec(text)?.index ?? text.length;
    }
    const to = Math.min(end, limit);
    const args = text.slice(from, to);
    const masked = maskArgs(tool, args);
    if (masked !== args) {
      out ??= [];
      out.push(text.slice(done, from), masked);
      done = to;
    }
    m = next;
  }
  TOOL_WORD.lastIndex = 0;
  if (!out) return text;
  out.push(text.slice(done));
  return out.join("");
}

function maskArgs(tool: string, args: string): string {
  if (tool === "wandb") return maskLoginKey(args);
  if (tool === "htpasswd") return maskHtpasswd(args);
  if (tool === "openssl") return maskOpenssl(args);
  if (!args.includes("-")) return args;
  if (LOGIN_TOOLS.has(tool) && !/(?:^|\s)login(?:\s|$)/.test(args)) return args;
  return args.replace(TOOL_ARG, (m, pre: string, flag: string, sep: string, value: string) => {
    const part = toolSecret(tool, flag, sep === "");
    if (part === undefined || VARIABLE_REF.test(value)) return m;
    if (part === "all") return `${pre}${flag}${sep}${MASK}`;
    const q = value[0] === '"' || value[0] === "'" ? (value[0] as string) : "";
    const inner = q ? value.slice(1, -1) : value;
    const at = inner.indexOf(part);
    // No password given (the tool asks for it), or a variable's name (the secret is elsewhere).
    if (at < 0 || at === inner.length - 1 || VARIABLE_REF.test(inner.slice(at + 1))) return m;
    return `${pre}${flag}${sep}${q}${inner.slice(0, at + 1)}${MASK}${q}`;
  });
}

/** `wandb login [--relogin] [--host URL] KEY`: the first word after `login` that is not a flag. */
function maskLoginKey(args: string): string {
  const words = /\S+/g;
  let login = false;
  let skip = false;
  for (let w = words.exec(args); w; w = words.exec(args)) {
    const word = w[0];
    if (!login) {
      if (word === "login") login = true;
      else if (!word.startsWith("-")) return args;
    } else if (skip) skip = false;
    else if (word === "--host" || word === "--base-url") skip = true;
    else if (!word.startsWith("-"))
      return VARIABLE_REF.test(word)
        ? args
        : args.slice(0, w.index) + MASK + args.slice(w.index + word.length);
  }
  return args;
}

/** A word of a command line: quoted (up to 256 characters) or plain. */
const WORD = /"[^"\n]{0,256}"|'[^'\n]{0,256}'|[^\s"'`]+/g;

/**
 * `htpasswd -b [-c…] FILE USER PASS`, `htpasswd -nb USER PASS`: with -b the password is the
 * third word that is not an option (the second with -n); -C and -r take a value.
 */
function maskHtpasswd(args: string): string {
  let batch = false;
  let noFile = false;
  let skip = false;
  const words: RegExpExecArray[] = [];
  WORD.lastIndex = 0;
  for (let w = WORD.exec(args); w; w = WORD.exec(args)) {
    const word = w[0];
    if (skip) skip = false;
    else if (word.startsWith("-") && words.length === 0) {
      batch ||= word.includes("b");
      noFile ||= word.includes("n");
      skip = word === "-C" || word === "-r";
    } else words.push(w);
  }
  const pw = batch ? words[noFile ? 1 : 2] : undefined;
  if (!pw || VARIABLE_REF.test(pw[0])) return args;
  return args.slice(0, pw.index) + MASK + args.slice(pw.index + pw[0].length);
}

/**
 * openssl's passwords: `-k PASS` and `-K HEXKEY` (enc), and `pass:PASS` given to -pass, -passin,
 * -passout or -password (`env:VAR`, `file:PATH`, `fd:N` and `stdin` name where it is: kept).
 */
const OPENSSL_ARG =
  /(^|\s)(-k|-K|-pass|-passin|-passout|-password)([ \t]+)("[^"\n]{0,256}"|'[^'\n]{0,256}'|[^\s"'`]+)/g;

function maskOpenssl(args: string): string {
  return args.replace(OPENSSL_ARG, (m, pre: string, flag: string, sep: string, value: string) => {
    if (VARIABLE_REF.test(value)) return m;
    if (flag === "-k" || flag === "-K") return `${pre}${flag}${sep}${MASK}`;
    const q = value[0] === '"' || value[0] === "'" ? (value[0] as string) : "";
    const inner = q ? value.slice(1, -1) : value;
    return inner.startsWith("pass:") && inner.length > 5 ? `${pre}${flag}${sep}${q}pass:${MASK}${q}` : m;
  });
}
