// Secrets are masked on screen until asked for: SSH passwords, URL tokens, env values whose names
// look secret, and secrets inside free text (commands, descriptions, env values, URLs). The mask
// has a fixed length so it does not leak the secret's size.

export const MASK = "••••••";
const SECRET_NAME = /TOKEN|KEY|SECRET|PASSWORD|PASSWD|PASS|CRED|AUTH/i;

/** For env var and URL parameter names: a substring match, because these names are terse (HF_TOKEN). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

export function maskValue(v: string): string {
  return v === "" ? "" : MASK;
}

export interface EnvVar {
  name: string;
  value: string;
  secret: boolean;
}

/** `envs` is name=value pairs separated by semicolons. */
export function parseEnvs(envs: string): EnvVar[] {
  const out: EnvVar[] = [];
  for (const part of envs.split(";")) {
    if (part.trim() === "") continue;
    const eq = part.indexOf("=");
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    const value = eq < 0 ? "" : part.slice(eq + 1);
    out.push({ name, value, secret: isSecretName(name) });
  }
  return out;
}

/**
 * Masks secret-looking query and fragment values (`?token=`, `#access_token=`) and the password
 * in the userinfo (`postgres://u:PASS@db`). A user name alone (`ssh://root@host`) is kept.
 */
export function maskUrl(url: string): string {
  return (
    url
      .replace(/([?&;#])([^=&#;]*)=([^&#;]*)/g, (m, sep: string, name: string, value: string) =>
        isSecretName(name) && value !== "" ? `${sep}${name}=${MASK}` : m,
      )
      // Greedy up to the last "@" of the authority: a sloppy password may hold an unencoded "@".
      .replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@?#\s]*):([^/?#\s]*)@/i, (m, head: string, pw: string) =>
        pw === "" ? m : `${head}:${MASK}@`,
      )
  );
}

// Free text is not a list of names: "tokenizer", "max_tokens" and "--pad-token" are everyday
// words in a training command. So a name is judged by its last word (split at - _ . and
// camelCase), except for words that are secret wherever they appear.
const ALWAYS_SECRET =
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
const VARIABLE_REF = /^["']?\$\{?\w+\}?["']?$/;

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

/** Is this flag or variable name (without its dashes) one whose value is a secret? */
export function isSecretArgName(name: string): boolean {
  const w = words(name);
  const last = w.at(-1) ?? "";
  const prev = w.at(-2) ?? "";
  if (POINTER_LAST.has(last) || (w[0] === "no" && w.length > 1)) return false; // --no-auth is a switch
  if (ALWAYS_SECRET.test(name)) return true;
  if (last === "token") return !NOT_A_CREDENTIAL_TOKEN.has(prev);
  if (last === "key") return KEY_QUALIFIERS.has(prev);
  return SECRET_LAST.has(last);
}

// Every pattern is bounded (names ≤ 64, quoted values ≤ 256 characters) and starts only at a
// boundary, so a hostile megabyte of text costs linear time.
const VALUE = `("[^"\\n]{0,256}"|'[^'\\n]{0,256}'|[^\\s"'\`]+)`;
/** scheme://… up to a space, a quote or a bracket that ends it in prose. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'`<>]+/gi;
/** --password X, --password=X, -token X (a value that is itself a --flag is not taken). */
const FLAG = new RegExp(`(^|[\\s"'(\`])(--?)([A-Za-z][\\w.-]{0,63})(=|[ \\t]+)(?!--)${VALUE}`, "g");
/** NAME=VALUE, name: value, "name": "value". */
const ASSIGN =
  /(^|[^\w.-])([A-Za-z_][\w.-]{0,63})(["']?)([ \t]*[:=][ \t]*)("[^"\n]{0,256}"|'[^'\n]{0,256}'|[^\s"'`,;&]+)/g;
/** Authorization: Bearer abc123…: the scheme word is kept, the credential masked. */
const AUTH_SCHEME = /\b(Bearer|Basic|Token)([ \t]+)([A-Za-z0-9._~+/=-]{8,})/g;
/** A credential, not a word ("Basic training"): a digit, a symbol, or a capital inside. */
const CREDENTIAL_LIKE = /[\d._~+/=-]|.[A-Z]/;

/**
 * Masks secrets in free text (a command line, a description, an env value): URL passwords and
 * secret query/fragment values, values of secret-looking --flags and NAME=VALUE / name: value
 * pairs, and Authorization credentials. Ordinary words stay: see isSecretArgName.
 */
export function maskSecrets(text: string): string {
  return MAY_HOLD_SECRET.test(text) ? maskAll(text) : text;
}

/**
 * What every pattern of maskAll needs somewhere in the text: a ":" or "=" (URL_IN_TEXT, ASSIGN),
 * a scheme word (AUTH_SCHEME) or a dash where a flag starts (FLAG). Text without any (most job
 * names and remarks) is left as it is without running the four: each is compiled when first
 * run, ~0.3 ms of a --once table on Node 24 for remarks such as "vllm-serve".
 */
const MAY_HOLD_SECRET = /[:=]|Bearer|Basic|Token|(?:^|[\s"'(`])-/;

/** maskSecrets without the quick look first (exported for the test that compares the two). */
export function maskAll(text: string): string {
  return text
    .replace(URL_IN_TEXT, (u) => maskUrl(u))
    .replace(AUTH_SCHEME, (m, scheme: string, sp: string, cred: string) =>
      CREDENTIAL_LIKE.test(cred) ? `${scheme}${sp}${MASK}` : m,
    )
    .replace(FLAG, (m, pre: string, dashes: string, name: string, sep: string, value: string) =>
      isSecretArgName(name) && !VARIABLE_REF.test(value) ? `${pre}${dashes}${name}${sep}${MASK}` : m,
    )
    .replace(ASSIGN, (m, pre: string, name: string, q: string, sep: string, value: string) => {
      // "name: value" is also how prose goes ("first pass: fast"): there only a quoted key (JSON,
      // YAML) or a name that is secret wherever it appears (password, secret, api key) counts.
      const named = sep.includes(":") ? q !== "" || ALWAYS_SECRET.test(name) : true;
      return named && isSecretArgName(name) && value !== MASK && !VARIABLE_REF.test(value)
        ? `${pre}${name}${q}${sep}${MASK}`
        : m;
    });
}

/** Replaces every occurrence of the given secrets (e.g. in an error line). */
export function maskText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join(MASK);
  return out;
}

/**
 * The job with every secret the screen masks masked too, for JSON output: SSH passwords, creds,
 * secret query values in URLs, secret-looking env values, and secrets inside free text
 * (command, description, remark: `text`, maskSecrets by default). A new object: the job given
 * is not changed.
 */
export function maskJob<J extends MaskableJob>(job: J, text: (s: string) => string = maskSecrets): J {
  const app = job.app;
  const urls: Record<string, { urls: string[] }> = {};
  for (const [key, list] of Object.entries(app.urls)) urls[key] = { ...list, urls: list.urls.map(maskUrl) };
  return {
    ...job,
    desc: text(job.desc),
    app: {
      ...app,
      envs: maskEnvs(app.envs),
      creds: maskValue(app.creds),
      cmd: text(app.cmd),
      remark: text(app.remark),
      urls,
      SSHAuths: app.SSHAuths.map((a) => ({
        ...a,
        BaseOn: { ...a.BaseOn, Cred: { ...a.BaseOn.Cred, password: maskValue(a.BaseOn.Cred.password) } },
      })),
    },
  };
}

/** The fields maskJob reads (a Job has them; the model does not import the API's types). */
interface MaskableJob {
  desc: string;
  app: {
    envs: string;
    creds: string;
    cmd: string;
    remark: string;
    urls: Record<string, { urls: string[] }>;
    SSHAuths: { BaseOn: { Cred: { password: string } } }[];
  };
}

/** `envs` with the values of secret-looking names masked, everything else byte for byte. */
export function maskEnvs(envs: string): string {
  return envs
    .split(";")
    .map((part) => {
      const eq = part.indexOf("=");
      if (eq < 0 || !isSecretName(part.slice(0, eq).trim()) || eq === part.length - 1) return part;
      return `${part.slice(0, eq + 1)}${MASK}`;
    })
    .join(";");
}
