// Tokens of a well-known shape (`ghp_…`, `AKIA…`, a JWT), secrets by their look alone wherever they
// appear (src/model/secrets.ts masks them).

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

export function hasTokenPrefix(text: string): boolean {
  if (text.length < SHORTEST_TOKEN) return false;
  for (const p of TOKEN_PREFIXES) if (text.includes(p)) return true;
  return false;
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
export const tokenShape = () => (shapeInText ??= new RegExp(`\\b(?:${TOKEN_SHAPES})`, "g"));

const DIGIT_OR_CAPITAL = /[\dA-Z]/;

/**
 * What a shape needs besides its regular expression: Slack's and sk- keys hold a digit, HF's both
 * cases, and every generated token a digit or a capital (what is all small letters is a word).
 */
export function shapeHolds(m: string): boolean {
  if (m.startsWith("sk-") || m.startsWith("xox") || m.startsWith("xapp-")) return /\d/.test(m);
  if (m.startsWith("hf_")) return /[a-z]/.test(m) && /[A-Z]/.test(m);
  return DIGIT_OR_CAPITAL.test(m);
}

/** Is the whole of `s` a token of a well-known shape? */
export function isTokenShaped(s: string): boolean {
  shapeWhole ??= new RegExp(`^(?:${TOKEN_SHAPES})$`);
  return shapeWhole.test(s) && shapeHolds(s);
}
