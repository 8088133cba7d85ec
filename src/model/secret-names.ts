// Which names and values are secrets: a name as a whole (an env var, a URL parameter), a flag's or
// a variable's name by its words, and a value by its shape where the name alone does not decide
// (src/model/secrets.ts masks them).

export const MASK = "••••••";
const SECRET_NAME = /TOKEN|KEY|SECRET|PASSWORD|PASSWD|PASS|CRED|AUTH/i;

/** For env var and URL parameter names: a substring match, because these names are terse (HF_TOKEN). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

// Free text is not a list of names: "tokenizer", "max_tokens" and "--pad-token" are everyday
// words in a training command. So a name is judged by its last word (split at - _ . and
// camelCase), except for words that are secret wherever they appear.
export const ALWAYS_SECRET =
  /pass(?:word|wd|phrase)|secret|credential|api[-_.]?key|access[-_.]?key|private[-_.]?key/i;
/** The last word that makes a name secret. */
const SECRET_LAST = new Set("token pass pwd creds cred auth apikey pat".split(" "));
/** Tokens of a tokenizer, not credentials: --pad-token "<pad>", --max-token 512. */
const NOT_A_CREDENTIAL_TOKEN = new Set(
  "pad eos bos unk sep cls mask special max min num start end stop new extra image prefix suffix".split(" "),
);
/** "key" alone is usually not a secret (--sort-key name); these make it one. */
const KEY_QUALIFIERS = new Set(
  (
    "api access secret private auth account master signing encryption client license subscription " +
    "service storage app ssh session hmac deploy"
  ).split(" "),
);
/** Names for where a secret is, not the secret: --token-file, --password-env, SECRET_NAME. */
const POINTER_LAST = new Set("file path dir name env var type url uri header".split(" "));
/** A reference to a variable is not the secret, and seeing which one is used helps: --token $HF_TOKEN. */
export const VARIABLE_REF = /^["']?\$\{?\w+\}?["']?$/;

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

/** Is this flag or variable name (without its dashes) one whose value is a secret? */
export function isSecretArgName(name: string): boolean {
  // The shortest secret names are three letters (pat, pwd): `-p`, `-u`, `-P` of a hostile
  // megabyte of flags cost no split into words.
  if (name.length < 3) return false;
  const w = words(name);
  const last = w.at(-1) ?? "";
  const prev = w.at(-2) ?? "";
  if (POINTER_LAST.has(last) || (w[0] === "no" && w.length > 1)) return false; // --no-auth is a switch
  if (ALWAYS_SECRET.test(name)) return true;
  if (last === "token") return !NOT_A_CREDENTIAL_TOKEN.has(prev);
  if (last === "key") return KEY_QUALIFIERS.has(prev);
  return SECRET_LAST.has(last);
}

/** `key` alone: a sort key, a dict key, a key file, or an API key; its value decides. */
export function isBareKey(name: string): boolean {
  return name.length === 3 && name.toLowerCase() === "key";
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
