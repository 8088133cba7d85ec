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

/**
 * MORE_SHAPES' literals (attacked after the merge: more of gitleaks' rules, each shown before, and
 * the ML services'). A regular expression of their own, made only when one of these is in a text:
 * in one with TOKEN_SHAPES, the first use took 1.7 ms instead of 0.4, and a megabyte 12 ms
 * instead of 2 (BENCHMARKS.md).
 */
const MORE_PREFIXES = (
  "ops_ A3- AKCp cmVmd ATATT3 ABSK bedrock-api-key- Q~ CLOJARS_ v1.0- duffel_ dt0c01. EZAK EZTK fo1_ fm1 " +
  "fm2_ fio-u- _gitlab_session= eyJrIjoi pat. sat. atlasv1 HRKU-AA ico- ZXlK sk.eyJ NRAK- NRII- NRJS- ntn_ API- " +
  "sha256~ pscale_ pnu_ rdme_ tk-us- xkeysib- sm_ shippo_ sgp_ EAAA sq0atp- sq0csp- :AA tfp_ t1. AQVN " +
  "LTAI FLWSECK dckr_pat_ r8_ gsk_ pcsk_ lsv2_ tskey-"
).split(" ");

/** The shortest token of TOKEN_SHAPES: xoxb- and ten more. Shorter text (most remarks) holds none. */
const SHORTEST_TOKEN = 15;

export function hasTokenPrefix(text: string): boolean {
  if (text.length < SHORTEST_TOKEN) return false;
  for (const p of TOKEN_PREFIXES) if (text.includes(p)) return true;
  return false;
}

export function hasMorePrefix(text: string): boolean {
  if (text.length < SHORTEST_TOKEN) return false;
  for (const p of MORE_PREFIXES) if (text.includes(p)) return true;
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

/** Gitleaks' rules of these names (config/gitleaks.toml), then the ML services'. */
const MORE_SHAPES = [
  "ops_eyJ[A-Za-z0-9+/]{250,}={0,3}", // 1password-service-account-token
  "A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}\\b", // 1password-secret-key
  "AKCp[A-Za-z0-9]{69}\\b|cmVmd[A-Za-z0-9]{59}\\b", // artifactory
  "ATATT3[\\w=-]{186}", // atlassian-api-token
  "ABSK[A-Za-z0-9+/]{109,269}={0,2}|bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[\\w+/=%-]*", // aws-amazon-bedrock
  "[\\w~.]{3}\\dQ~[\\w~.-]{31,34}(?![\\w~.-])", // azure-ad-client-secret
  "CLOJARS_[A-Za-z0-9]{60}", // clojars-api-token
  "v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}", // cloudflare-origin-ca-key
  "duffel_(?:test|live)_[\\w=-]{43}",
  "dt0c01\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{64}", // dynatrace
  "EZ[AT]K[A-Za-z0-9]{54}\\b", // easypost
  "fo1_[\\w-]{43}|fm1[ar]_[A-Za-z0-9+/]{100,}={0,3}|fm2_[A-Za-z0-9+/]{100,}={0,3}", // flyio
  "fio-u-[\\w=-]{64}", // frameio
  "_gitlab_session=[0-9a-z]{32}",
  "eyJrIjoi[A-Za-z0-9]{70,400}={0,3}", // grafana-api-key
  "(?:pat|sat)\\.[\\w-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20}", // harness
  "[A-Za-z0-9]{14}\\.atlasv1\\.[\\w=-]{60,70}", // hashicorp-tf-api-token
  "HRKU-AA[\\w-]{58}", // heroku-api-key-v2
  "ico-[A-Za-z0-9]{32}", // infracost
  "ZXlK(?:aGJHY2lPaU|MGVYQWlPaUp|cmFXUWlP|amRIa2lPaU)[A-Za-z0-9/+_-]{40,}={0,2}", // jwt-base64
  "sk\\.eyJ[\\w.-]{50,}", // mapbox's secret tokens
  "NR(?:AK|II|JS)-[A-Za-z0-9-]{19,32}", // new relic
  "ntn_\\d{11}[A-Za-z0-9]{35}", // notion
  "API-[A-Z0-9]{26}\\b", // octopus-deploy
  "sha256~[\\w-]{43}", // openshift-user-token
  "pscale_(?:tkn|oauth|pw)_[\\w=.-]{32,64}", // planetscale
  "pnu_[A-Za-z0-9]{36}", // prefect
  "rdme_[a-z0-9]{70}", // readme
  "tk-us-[\\w-]{48}", // scalingo
  "xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}", // sendinblue
  "sm_[aps]at_[A-Za-z0-9]{16}", // settlemint
  "shippo_(?:live|test)_[a-fA-F0-9]{40}",
  "sgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}", // sourcegraph
  "(?:EAAA|sq0atp-|sq0csp-)[\\w-]{22,60}", // square
  "\\d{5,16}:AA[\\w-]{33}", // telegram-bot-api-token
  "tfp_[\\w.=-]{59}", // typeform
  "t1\\.[\\w-]+={0,2}\\.[\\w-]{86}={0,2}|AQVN[\\w-]{35,38}", // yandex
  "LTAI[A-Za-z0-9]{20}\\b", // alibaba-access-key-id
  "FLWSECK(?:_TEST)?-[a-h0-9]{32}-X", // flutterwave
  "dckr_pat_[\\w-]{27,}", // Docker Hub
  "r8_[A-Za-z0-9]{37}", // Replicate
  "gsk_[A-Za-z0-9]{48,}", // Groq
  "pcsk_[\\w]{50,}", // Pinecone
  "lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}", // LangSmith
  "tskey-[\\w-]{20,}", // Tailscale
].join("|");

let shapeInText: RegExp | undefined;
let moreInText: RegExp | undefined;
let shapeWhole: RegExp | undefined;
/** TOKEN_SHAPES in text, made when first needed (not at start). */
export const tokenShape = () => (shapeInText ??= new RegExp(`\\b(?:${TOKEN_SHAPES})`, "g"));
/** MORE_SHAPES in text, made when first needed. */
export const moreShape = () => (moreInText ??= new RegExp(`\\b(?:${MORE_SHAPES})`, "g"));

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
  shapeWhole ??= new RegExp(`^(?:${TOKEN_SHAPES}|${MORE_SHAPES})$`);
  return shapeWhole.test(s) && shapeHolds(s);
}
