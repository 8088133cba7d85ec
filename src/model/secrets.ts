// Secrets are masked on screen until asked for: SSH passwords, URL tokens, env values whose names
// look secret, and secrets inside free text (commands, descriptions, env values, URLs). The mask
// has a fixed length so it does not leak the secret's size. Which names, values and shapes are
// secrets is src/model/secret-names.ts and secret-shapes.ts; tools' flags, secret-tool-args.ts.
import {
  ALWAYS_SECRET,
  isSecretArgName,
  isSecretName,
  looksLikeCredential,
  MASK,
  VARIABLE_REF,
} from "./secret-names.js";
import {
  hasMorePrefix,
  hasTokenPrefix,
  isTokenShaped,
  moreShape,
  shapeHolds,
  tokenShape,
} from "./secret-shapes.js";
import { maskToolArgs } from "./secret-tool-args.js";

export { isSecretArgName, isSecretName, MASK };

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
  /^(https?:\/\/(?:hooks\.slack\.com\/(?:services|workflows|triggers)|(?:canary\.|ptb\.)?discord(?:app)?\.com\/api\/webhooks|[a-z0-9-]{1,63}\.webhook\.office\.com\/webhookb2)\/)[^?#\s]+/i;

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

// Every pattern is bounded (names ≤ 64, quoted values ≤ 256 characters) and starts only at a
// boundary, so a hostile megabyte of text costs linear time.
const VALUE = `("[^"\\n]{0,256}"|'[^'\\n]{0,256}'|[^\\s"'\`]+)`;
/** scheme://… up to a space, a quote or a bracket that ends it in prose. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'`<>]+/gi;
/**
 * --password X, --password=X, -token X. A value that is itself a flag is not taken (`-v -token X`:
 * taken as -v's, -token's would go unseen), a negative number is.
 */
const FLAG = new RegExp(`(^|[\\s"'(\`])(--?)([A-Za-z][\\w.-]{0,63})(=|[ \\t]+)(?!-[A-Za-z-])${VALUE}`, "g");
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
  return MAY_HOLD_SECRET.test(text) || hasTokenPrefix(text) || hasMorePrefix(text) ? mask(text, false) : text;
}

/**
 * What URL_IN_TEXT, AUTH_SCHEME, FLAG, ASSIGN and the tools' flags need somewhere in the text: a
 * ":" or "=", a scheme word, a dash where a flag starts, or `login` (`wandb login KEY`); the token
 * shapes need one of TOKEN_PREFIXES. Text without any (most job names and remarks) is left as it
 * is without running them: each is compiled when first run, ~0.3 ms of a --once table on Node 24
 * for remarks such as "vllm-serve".
 */
const MAY_HOLD_SECRET = /[:=]|Bearer|Basic|Token|login|[Aa][Ww][Ss]|(?:^|[\s"'(`])-/;

/** What the tools' flags (secret-tool-args.ts) and `wandb login` need: the tools' step runs only then. */
const TOOL_FLAG = /(?:^|\s)(?:-[uUaPpb]|--(?:user|auth|proxy-user))|login|htpasswd|openssl/;

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
  const cookies = /cookie/i.test(tools) ? tools.replace(COOKIE_HEADER, maskCookies) : tools;
  const named = cookies
    .replace(FLAG, (m, pre: string, dashes: string, name: string, sep: string, value: string) => {
      if (VARIABLE_REF.test(value)) return m;
      if (isSecretArgName(name)) return `${pre}${dashes}${name}${sep}${MASK}`;
      return `${pre}${dashes}${name}${sep}${inQuotes(value, all)}`;
    })
    .replace(ASSIGN, (m, pre: string, name: string, q: string, sep: string, value: string) => {
      if (value === MASK || VARIABLE_REF.test(value)) return m;
      // "name: value" is also how prose goes ("first pass: fast", "Token: expires soon"): there a
      // quoted key (JSON, YAML) or a name that is secret wherever it appears (password, secret,
      // api key) counts, and another secret name only before a value shaped like a credential
      // (`token: 9f8e7d6c5b4a`). NAME=value is a variable: its name alone decides.
      const secret = isSecretArgName(name);
      const named = sep.includes(":") ? q !== "" || ALWAYS_SECRET.test(name) : true;
      const masked = secret && (named || looksLikeCredential(value));
      return masked ? `${pre}${name}${q}${sep}${MASK}` : `${pre}${name}${q}${sep}${inQuotes(value, all)}`;
    });
  const first =
    all || hasTokenPrefix(named) ? named.replace(tokenShape(), (m) => (shapeHolds(m) ? MASK : m)) : named;
  const shapes =
    all || hasMorePrefix(first) ? first.replace(moreShape(), (m) => (shapeHolds(m) ? MASK : m)) : first;
  // (Not a quick look: the hint is the rule, as gitleaks' wants "aws" near such a key.)
  return AWS_HINT.test(text) ? maskAwsSecretKeys(shapes) : shapes;
}

/**
 * A quoted value whose name is no secret's is masked inside, as text of its own: a connection
 * string `CONN="Server=db;Password=X"` showed X (the pair was taken whole, its name not secret).
 * Quoted values are at most 256 characters and hold no quote of their own kind: the depth is small.
 */
function inQuotes(value: string, all: boolean): string {
  const q = value[0];
  if (value.length < 3 || (q !== '"' && q !== "'") || !value.endsWith(q)) return value;
  const inner = value.slice(1, -1);
  const masked =
    all || MAY_HOLD_SECRET.test(inner) || hasTokenPrefix(inner) || hasMorePrefix(inner)
      ? mask(inner, all)
      : inner;
  return `${q}${masked}${q}`;
}

/** `Cookie: a=1; b=2` and `Set-Cookie: sid=…; Path=/`: a cookie is a session's credential, whatever its name. */
const COOKIE_HEADER = /\b((?:Set-)?Cookie)(["']?[ \t]*:[ \t]*)([^\n"']{1,4096})/gi;
const COOKIE_ATTRIBUTE = /^(?:path|domain|expires|max-age|samesite|secure|httponly|priority|partitioned)$/i;

function maskCookies(_m: string, header: string, sep: string, pairs: string): string {
  const masked = pairs.replace(/([^=;\s]{1,256})=([^;\s]{1,4096})/g, (p, name: string) =>
    COOKIE_ATTRIBUTE.test(name) ? p : `${name}=${MASK}`,
  );
  return `${header}${sep}${masked}`;
}

/** An AWS access key id, or the word: the text may hold the secret key that goes with it. */
const AWS_HINT = /aws|\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/i;
/** 40 characters of base64 standing alone: an AWS secret access key's shape. */
const AWS_SECRET_KEY = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;

/**
 * A bare AWS secret access key (`AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`,
 * `aws configure set … KEY`), no name before it: the 40-character base64 word with both cases and
 * a digit, "/" or "+" (a git commit's 40 hex digits are all one case), in a text that names AWS.
 */
function maskAwsSecretKeys(text: string): string {
  return text.replace(AWS_SECRET_KEY, (m) =>
    /[A-Z]/.test(m) && /[a-z]/.test(m) && /[\d/+]/.test(m) ? MASK : m,
  );
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
