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
 * A presigned URL's signature (S3's X-Amz-Signature, GCS's X-Goog-Signature, CloudFront's
 * Signature, an Azure SAS's sig): with it, the URL grants access until it expires.
 */
const SIGNATURE_PARAM = /(?:^|[-_.])sig(?:nature)?$/i;
/** Webhooks whose path is the credential (gitleaks' slack-webhook-url, discord-webhook). */
const WEBHOOK =
  /^(https?:\/\/(?:hooks\.slack\.com\/(?:services|workflows|triggers)|(?:canary\.|ptb\.)?discord(?:app)?\.com\/api\/webhooks)\/)[^?#\s]+/i;

/**
 * Masks secret-looking query and fragment values (`?token=`, `#access_token=`, a presigned URL's
 * signature), a webhook's path, and the password in the userinfo (`postgres://u:PASS@db`). A
 * user name alone (`ssh://root@host`) is kept,
 * unless it is a token (`https://ghp_…@github.com/o/r`: Git hosts take one as the user name).
 */
export function maskUrl(url: string): string {
  return (
    url
      .replace(/([?&;#])([^=&#;]*)=([^&#;]*)/g, (m, sep: string, name: string, value: string) =>
        (isSecretName(name) || SIGNATURE_PARAM.test(name)) && value !== "" ? `${sep}${name}=${MASK}` : m,
      )
      // A webhook's address is its secret: whoever has the path can post.
      .replace(WEBHOOK, (_m, head: string) => `${head}${MASK}`)
      // Greedy up to the last "@" of the authority: a sloppy password may hold an unencoded "@".
      .replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@?#\s]*):([^/?#\s]*)@/i, (m, head: string, pw: string) =>
        pw === "" ? m : `${head}:${MASK}@`,
      )
      .replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/:@?#\s]+)@/i, (m, head: string, user: string) =>
        isTokenShaped(user) || looksLikeCredential(user, 20) ? `${head}${MASK}@` : m,
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
 * Masks secrets in free text (a command line, a description, an env value): URL passwords, token
 * user names and secret query/fragment values, values of secret-looking --flags and NAME=VALUE /
 * name: value pairs, Authorization credentials, tools' own password flags (`curl -u`, `mysql -p`)
 * and tokens of a well-known shape (`ghp_…`, `AKIA…`). Ordinary words stay: see isSecretArgName.
 */
export function maskSecrets(text: string): string {
  return MAY_HOLD_SECRET.test(text) || hasTokenPrefix(text) ? mask(text, false) : text;
}

/**
 * What URL_IN_TEXT, AUTH_SCHEME, FLAG, ASSIGN and the tools' flags need somewhere in the text: a
 * ":" or "=", a scheme word, a dash where a flag starts, or `login` (`wandb login KEY`); the token
 * shapes need one of TOKEN_PREFIXES. Text without any (most job names and remarks) is left as it
 * is without running them: each is compiled when first run, ~0.3 ms of a --once table on Node 24
 * for remarks such as "vllm-serve".
 */
const MAY_HOLD_SECRET = /[:=]|Bearer|Basic|Token|login|(?:^|[\s"'(`])-/;

/** What TOOL_ARG's secret flags (toolSecret) and `wandb login` need: the tools' step runs only then. */
const TOOL_FLAG = /(?:^|\s)(?:-[uUaPp]|--(?:user|auth|proxy-user))|login/;

/**
 * A literal every token shape of TOKEN_SHAPES starts with. Looked for with includes(), not one
 * regular expression of 40 branches (~0.4 ms to compile on the first remark of every --once).
 */
const TOKEN_PREFIXES = (
  "ghp_ gho_ ghu_ ghs_ ghr_ github_pat_ glpat- gldt- glft- glrt- glptt- glsoat- glcbt- glimt- glagent- " +
  "gloas- glffct- glsa_ glc_ GR1348941 xox xapp- sk- k_live_ k_test_ k_prod_ hf_ api_org_ A3T AKIA ASIA " +
  "ABIA ACCA AIza npm_ pypi- dapi _v1_ SG. shp pplx- hvs. hvb. lin_api_ pul- rubygems_ dp.pt. PMAK- sntry " +
  "AGE-SECRET-KEY-1 eyJ"
).split(" ");

/** The shortest token of TOKEN_SHAPES: xoxb- and ten more. Shorter text (most remarks) holds none. */
const SHORTEST_TOKEN = 15;

function hasTokenPrefix(text: string): boolean {
  if (text.length < SHORTEST_TOKEN) return false;
  for (const p of TOKEN_PREFIXES) if (text.includes(p)) return true;
  return false;
}

/** maskSecrets without the quick looks (exported for the test that compares the two). */
export function maskAll(text: string): string {
  return mask(text, true);
}

/** Every pattern in turn; `all` false skips the tools' and the shapes' when their literals are absent. */
function mask(text: string, all: boolean): string {
  const keys = all || text.includes("PRIVATE KEY") ? maskPrivateKeys(text) : text;
  const urlsAndSchemes = keys
    .replace(URL_IN_TEXT, (u) => maskUrl(u))
    .replace(AUTH_SCHEME, (m, scheme: string, sp: string, cred: string) =>
      CREDENTIAL_LIKE.test(cred) ? `${scheme}${sp}${MASK}` : m,
    );
  const tools = all || TOOL_FLAG.test(urlsAndSchemes) ? maskToolArgs(urlsAndSchemes) : urlsAndSchemes;
  const named = tools
    .replace(FLAG, (m, pre: string, dashes: string, name: string, sep: string, value: string) =>
      !VARIABLE_REF.test(value) && (isSecretArgName(name) || (isBareKey(name) && looksLikeCredential(value)))
        ? `${pre}${dashes}${name}${sep}${MASK}`
        : m,
    )
    .replace(ASSIGN, (m, pre: string, name: string, q: string, sep: string, value: string) => {
      if (value === MASK || VARIABLE_REF.test(value)) return m;
      // "name: value" is also how prose goes ("first pass: fast", "Token: expires soon"): there a
      // quoted key (JSON, YAML) or a name that is secret wherever it appears (password, secret,
      // api key) counts, and another secret name only before a value shaped like a credential
      // (`token: 9f8e7d6c5b4a`). A bare `key=` is a credential's only by its value's shape too.
      const secret = isSecretArgName(name);
      const named = sep.includes(":") ? q !== "" || ALWAYS_SECRET.test(name) : true;
      const masked = (secret && named) || ((secret || isBareKey(name)) && looksLikeCredential(value));
      return masked ? `${pre}${name}${q}${sep}${MASK}` : m;
    });
  return all || hasTokenPrefix(named)
    ? named.replace(tokenShape(), (m) => (shapeHolds(m) ? MASK : m))
    : named;
}

const KEY_HEADER = /^-----BEGIN [A-Z0-9 _-]{0,60}PRIVATE KEY(?: BLOCK)?-----$/;

/**
 * A PEM private key (gitleaks' private-key: RSA, EC, OPENSSH, PGP…): what is between its BEGIN and
 * END lines (or the text's end, a key cut short), the two lines kept. With indexOf, not a lazy
 * regular expression: a hostile text of many BEGINs without an END stays linear.
 */
function maskPrivateKeys(text: string): string {
  let out = "";
  let done = 0;
  let from = 0;
  for (;;) {
    const begin = text.indexOf("-----BEGIN ", from);
    if (begin < 0) break;
    const headEnd = text.indexOf("-----", begin + 11);
    if (headEnd < 0 || headEnd - begin > 90) {
      from = begin + 11;
      continue;
    }
    const bodyAt = headEnd + 5;
    if (!KEY_HEADER.test(text.slice(begin, bodyAt))) {
      from = bodyAt;
      continue;
    }
    const end = text.indexOf("-----END ", bodyAt);
    const bodyEnd = end < 0 ? text.length : end;
    const space = /^\s/.test(text.slice(bodyAt, bodyAt + 1)) ? text.slice(bodyAt, bodyAt + 1) : " ";
    out += `${text.slice(done, bodyAt)}${space}${MASK}${end < 0 ? "" : space}`;
    done = bodyEnd;
    from = end < 0 ? text.length : end + 9;
  }
  return done === 0 ? text : out + text.slice(done);
}

/** `key` alone: a sort key, a dict key, a key file, or an API key; its value decides. */
function isBareKey(name: string): boolean {
  return name.length === 3 && name.toLowerCase() === "key";
}

/**
 * A value shaped like a generated credential, for where the name alone does not decide: at least
 * `min` characters of the base64/hex alphabet (no space, no dot: not a word, a path, a file name
 * or a number with a unit) with letters and digits, or with upper and lower case over 16 or more.
 */
function looksLikeCredential(value: string, min = 12): boolean {
  const q = value[0];
  const v = value.length > 1 && (q === '"' || q === "'") && value.endsWith(q) ? value.slice(1, -1) : value;
  if (v.length < min || !/^[A-Za-z0-9_+/=~-]+$/.test(v) || v[0] === "/" || v[0] === "~") return false;
  return (/[A-Za-z]/.test(v) && /\d/.test(v)) || (v.length >= 16 && /[A-Z]/.test(v) && /[a-z]/.test(v));
}

// Tokens whose shape alone says what they are, from gitleaks' rules (config/gitleaks.toml): a
// vendor's prefix, then the length and alphabet of what follows. "sk-learn", "AKIA" alone in prose
// or "hf_hub" do not have them. Each open-ended run takes all of its alphabet, so a match consumes
// it (linear on a hostile megabyte); shapeHolds checks the little a regular expression cannot say
// in linear time. Each starts with one of TOKEN_PREFIXES.
const TOKEN_SHAPES = [
  "gh[pousr]_[A-Za-z0-9]{36,}", // GitHub: personal, OAuth, user-to-server, server-to-server, refresh
  "github_pat_\\w{50,}",
  "gl(?:pat|dt|ft|rt|ptt|soat|cbt|imt|agent|oas|ffct)-[\\w.-]{20,}", // GitLab
  "gl(?:sa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|c_[A-Za-z0-9+/]{32,}={0,3})", // Grafana
  "GR1348941[\\w-]{20,}", // GitLab runner registration
  "(?:xox[abeoprs]|xapp)-[\\w-]{10,}", // Slack
  // OpenAI (sk-proj-…, sk-svcacct-…, the older sk-…T3BlbkFJ…), Anthropic (sk-ant-api03-…) and the
  // services that copied the form; Stripe's secret and restricted keys.
  "sk-[\\w-]{32,}",
  "[sr]k_(?:live|test|prod)_[A-Za-z0-9]{10,}",
  "hf_[A-Za-z0-9]{30,}", // Hugging Face
  "api_org_[A-Za-z]{30,}",
  "(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\\b", // AWS access key ids
  "AIza[\\w-]{35}(?![\\w-])", // Google API keys
  "npm_[A-Za-z0-9]{36,}",
  "pypi-AgEIcHlwaS5vcmc[\\w-]{50,}",
  "dapi[a-f0-9]{32}(?:-\\d)?\\b", // Databricks
  "do[opr]_v1_[a-f0-9]{64,}", // DigitalOcean
  "SG\\.[\\w-]{16,}\\.[\\w-]{16,}", // SendGrid
  "shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32,}", // Shopify
  "pplx-[A-Za-z0-9]{48,}", // Perplexity
  "hv[sb]\\.[\\w-]{90,}", // Vault
  "lin_api_[A-Za-z0-9]{40,}", // Linear
  "pul-[a-f0-9]{40,}", // Pulumi
  "rubygems_[a-f0-9]{48,}",
  "dp\\.pt\\.[A-Za-z0-9]{43,}", // Doppler
  "PMAK-[a-f0-9]{24}-[a-f0-9]{34}\\b", // Postman
  "sntry[us]_[\\w+/=]{40,}", // Sentry
  "AGE-SECRET-KEY-1[0-9A-Z]{58,}",
  // A JWT: header and payload are base64 of '{"', the signature may be empty.
  "eyJ[\\w-]{10,}\\.eyJ[\\w-]{10,}\\.[\\w-]*",
].join("|");

let shapeInText: RegExp | undefined;
let shapeWhole: RegExp | undefined;
/** TOKEN_SHAPES in text, made when first needed (not at start). */
const tokenShape = () => (shapeInText ??= new RegExp(`\\b(?:${TOKEN_SHAPES})`, "g"));

const DIGIT_OR_CAPITAL = /[\dA-Z]/;

/**
 * What a shape needs besides its regular expression: Slack's and sk- keys hold a digit, HF's both
 * cases, and every generated token a digit or a capital (what is all small letters is a word).
 */
function shapeHolds(m: string): boolean {
  if (m.startsWith("sk-") || m.startsWith("xox") || m.startsWith("xapp-")) return /\d/.test(m);
  if (m.startsWith("hf_")) return /[a-z]/.test(m) && /[A-Z]/.test(m);
  return DIGIT_OR_CAPITAL.test(m);
}

/** Is the whole of `s` a token of a well-known shape? */
function isTokenShaped(s: string): boolean {
  shapeWhole ??= new RegExp(`^(?:${TOKEN_SHAPES})$`);
  return shapeWhole.test(s) && shapeHolds(s);
}

/**
 * Tools whose own flags take a password or a key, in a form no name says: `curl -u user:PASS`,
 * `mysql -pPASS`, `sshpass -p PASS`, `sqlcmd -P PASS`, `docker login -p PASS`, `wandb login KEY`.
 * Each tool's arguments run to the next tool's name or the end of its command (; & | newline).
 */
const TOOL_WORD =
  /(?:^|[\s;&|(`"'/])(curl|mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump|sshpass|sqlcmd|bcp|zip|unzip|7z|7za|7zz|redis-cli|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|http|https|smbclient|lftp|wandb|docker|podman|nerdctl|buildah|skopeo|helm|oras|az|oc|cf)(?=[ \t])/g;

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
  if (tool === "curl") return /^(?:-[uU]|--user|--proxy-user)$/.test(flag) ? ":" : undefined;
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

function maskToolArgs(text: string): string {
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

/** Replaces every occurrence of the given secrets (e.g. in an error line). */
export function maskText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join(MASK);
  return out;
}

/**
 * The job with every secret the screen masks masked too, for JSON output: SSH passwords, creds,
 * secret query values in URLs, secret-looking env values, and secrets inside free text
 * (command, description, remark, the other env values and the URLs: `text`, maskSecrets by
 * default). A new object: the job given is not changed.
 */
export function maskJob<J extends MaskableJob>(job: J, text: (s: string) => string = maskSecrets): J {
  const app = job.app;
  const urls: Record<string, { urls: string[] }> = {};
  for (const [key, list] of Object.entries(app.urls))
    urls[key] = { ...list, urls: list.urls.map((u) => text(maskUrl(u))) };
  return {
    ...job,
    desc: text(job.desc),
    app: {
      ...app,
      envs: maskEnvs(app.envs, text),
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

/**
 * `envs` with the values of secret-looking names masked, the other values through `text` (as
 * the detail pane shows them: a token in `GIT_URL=https://ghp_…@github.com`), everything else
 * byte for byte.
 */
export function maskEnvs(envs: string, text: (s: string) => string = (s) => s): string {
  return envs
    .split(";")
    .map((part) => {
      const eq = part.indexOf("=");
      if (eq < 0 || eq === part.length - 1) return part;
      if (!isSecretName(part.slice(0, eq).trim()))
        return `${part.slice(0, eq + 1)}${text(part.slice(eq + 1))}`;
      return `${part.slice(0, eq + 1)}${MASK}`;
    })
    .join(";");
}
