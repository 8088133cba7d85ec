// Which names and values are secrets: a name as a whole (an env var, a URL parameter), a flag's or
// a variable's name by its words, and a value by its shape where the name alone does not decide
// (src/model/secrets.ts masks them).

export const MASK = "••••••";
const SECRET_NAME = /TOKEN|KEY|SECRET|PASSWORD|PASSWD|PASS|CRED|AUTH|PRIVATE|COOKIE|JWT/i;

/** For env var and URL parameter names: a substring match, because these names are terse (HF_TOKEN). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * The words a flag's or a variable's name holds somewhere when its value is masked (issue 29):
 * `--wandb-key=`, `PRIVATE=`, `-passphrase`, `--api-key VALUE`; and (attacked after the merge)
 * cookie, jwt, bearer, signature, a last word sig, sas or otp, and plink's -pw. A name that holds one but is no
 * credential's (`--max-tokens 512`, `--sort-key name`, `keyboard=us`) is masked too: a value
 * hidden by mistake costs a keypress (`s` shows it), a key shown by mistake cannot be taken back.
 */
const SECRET_PART = /key|token|secret|passw|private|auth|cookie|jwt|bearer|signature/i;
/** Words secret wherever they appear; `ALWAYS_SECRET` decides `name: value` in prose too. */
export const ALWAYS_SECRET =
  /pass(?:word|wd|phrase)|secret|credential|api[-_.]?key|access[-_.]?key|private[-_.]?key/i;
/** Shorter words that make a name secret as its last word: `--db-pass`, `--hf-pat`, `PGPWD`. */
const SECRET_LAST = new Set("pass pwd creds cred pat sig sas otp".split(" "));
/** A reference to a variable is not the secret, and seeing which one is used helps: --token $HF_TOKEN. */
export const VARIABLE_REF = /^["']?\$\{?\w+\}?["']?$/;

function lastWord(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  for (let i = words.length - 1; i >= 0; i--) if (words[i]) return words[i] as string;
  return "";
}

/** Is this flag or variable name (without its dashes) one whose value is a secret? */
export function isSecretArgName(name: string): boolean {
  // The shortest secret names are three letters (key, pat, pwd): `-p`, `-u`, `-P` of a hostile
  // megabyte of flags cost nothing more.
  if (name.length < 3) return name === "pw" || name === "PW"; // plink -pw PASS, PW=…
  return SECRET_PART.test(name) || ALWAYS_SECRET.test(name) || SECRET_LAST.has(lastWord(name));
}

/**
 * A value shaped like a generated credential, for where the name alone does not decide: at least
 * `min` characters of the base64/hex alphabet (no space, no dot: not a word, a path, a file name
 * or a number with a unit) with letters and digits, or with upper and lower case over 16 or more.
 */
export function looksLikeCredential(value: string, min = 12): boolean {
  const q = value[0];
  const v = value.length > 1 && (q === '"' || q === "'") && value.endsWith(q) ? value.slice(1, -1) : value;
  if (v.length < min || !/^[A-Za-z0-9_+/=~-]+$/.test(v) || v[0] === "/" || v[0] === "~") return false;
  return (/[A-Za-z]/.test(v) && /\d/.test(v)) || (v.length >= 16 && /[A-Z]/.test(v) && /[a-z]/.test(v));
}
