import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isSecretArgName,
  isSecretName,
  MASK,
  maskAll,
  maskSecrets,
  maskText,
  maskUrl,
  parseEnvs,
} from "../../src/model/secrets.js";

describe("secrets", () => {
  it("recognises secret-looking env names", () => {
    for (const n of [
      "HF_TOKEN",
      "WANDB_API_KEY",
      "DB_PASSWORD",
      "aws_secret_access_key",
      "MY_CREDS",
      "AUTH_HEADER",
      "PASS",
    ]) {
      expect(isSecretName(n)).toBe(true);
    }
    for (const n of ["BATCH_SIZE", "CUDA_VISIBLE_DEVICES", "TZ"]) expect(isSecretName(n)).toBe(false);
  });

  it("splits envs on ; and = and marks secrets", () => {
    expect(parseEnvs("A=1;HF_TOKEN=hf_x=y;;EMPTY=")).toEqual([
      { name: "A", value: "1", secret: false },
      { name: "HF_TOKEN", value: "hf_x=y", secret: true },
      { name: "EMPTY", value: "", secret: false },
    ]);
  });

  it("masks URL tokens and userinfo passwords, leaving the rest", () => {
    expect(maskUrl("https://gw:30888?token=abc123")).toBe(`https://gw:30888?token=${MASK}`);
    expect(maskUrl("https://gw:1/x?a=1&access_token=zz&b=2")).toBe(
      `https://gw:1/x?a=1&access_token=${MASK}&b=2`,
    );
    expect(maskUrl("ssh://gw.example:30022")).toBe("ssh://gw.example:30022");
    expect(maskUrl("https://user:pw@host/")).toBe(`https://user:${MASK}@host/`);
  });

  it("masks given secrets inside text", () => {
    expect(maskText("bearer abc and abc", ["abc"])).toBe(`bearer ${MASK} and ${MASK}`);
  });
});

describe("maskSecrets (free text)", () => {
  it("masks what the four patterns mask, also when it skips them", () => {
    // maskSecrets skips the patterns for text that none of them could match (MAY_HOLD_SECRET):
    // on text made of the pieces the patterns turn on, it must give maskAll's answer.
    const piece = fc.constantFrom(
      "a",
      "Z",
      "_",
      "-",
      "--",
      " ",
      "\t",
      "\n",
      ":",
      "=",
      '"',
      "'",
      "(",
      "`",
      ".",
      "/",
      "//",
      "https",
      "token",
      "password",
      "PASS",
      "key",
      "api_key",
      "Bearer",
      "Basic",
      "Token",
      "abc123XYZ.~+",
      "$VAR",
      "推理",
      "🧪",
      "x@y",
      "?",
      "&",
      "#",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (parts) => {
        const text = parts.join("");
        expect(maskSecrets(text)).toBe(maskAll(text));
      }),
      { numRuns: 20_000 },
    );
  });

  const M = MASK;
  it.each([
    // URL userinfo, anywhere in text
    ["DATABASE_URL=postgres://u:PASS@db:5432/x", `DATABASE_URL=postgres://u:${M}@db:5432/x`],
    ["see redis://:hunter2@cache:6379 for the cache", `see redis://:${M}@cache:6379 for the cache`],
    ["https://u:p@ss@host/x", `https://u:${M}@host/x`],
    // tokens in query and fragment
    ["open https://gw:1/lab?token=abc123 now", `open https://gw:1/lab?token=${M} now`],
    [
      "https://app/cb#access_token=eyJabc&expires_in=3600",
      `https://app/cb#access_token=${M}&expires_in=3600`,
    ],
    // --flag X, --flag=X, quoted
    ["python a.py --password hunter2 --epochs 3", `python a.py --password ${M} --epochs 3`],
    ["python a.py --password=hunter2", `python a.py --password=${M}`],
    [
      "run --token hf_abcdef --api-key=sk-123 --api_key XYZ",
      `run --token ${M} --api-key=${M} --api_key ${M}`,
    ],
    [`x --password "correct horse battery"`, `x --password ${M}`],
    [
      "x --hf-token hf_x --use_auth_token hf_y --db-pass pw",
      `x --hf-token ${M} --use_auth_token ${M} --db-pass ${M}`,
    ],
    [
      "x --client-secret s3 --secret-key k --access-key a",
      `x --client-secret ${M} --secret-key ${M} --access-key ${M}`,
    ],
    [
      "java -Djavax.net.ssl.keyStorePassword=changeit -jar x",
      `java -Djavax.net.ssl.keyStorePassword=${M} -jar x`,
    ],
    // NAME=VALUE
    ["HF_TOKEN=hf_x python t.py", `HF_TOKEN=${M} python t.py`],
    [
      "export AWS_SECRET_ACCESS_KEY=abc; export WANDB_API_KEY='k k'",
      `export AWS_SECRET_ACCESS_KEY=${M}; export WANDB_API_KEY=${M}`,
    ],
    ["PGPASSWORD=pw psql", `PGPASSWORD=${M} psql`],
    // name: value, JSON
    ['{"token": "abc", "max_tokens": 5, "apiKey": "q"}', `{"token": ${M}, "max_tokens": 5, "apiKey": ${M}}`],
    ["password: hunter2", `password: ${M}`],
    // Authorization credentials
    ["curl -H 'Authorization: Bearer abc123def456' x", `curl -H 'Authorization: Bearer ${M}' x`],
    ["Authorization: Basic dXNlcjpwYXNzMQ==", `Authorization: Basic ${M}`],
  ])("masks %j", (input, expected) => {
    expect(maskSecrets(input)).toBe(expected);
  });

  it.each([
    // words of a training command that are not credentials
    "python train.py --tokenizer bert --max-tokens 512 --max_new_tokens 64",
    "python t.py --pad-token '<pad>' --eos_token '</s>' --bos-token '<s>'",
    "x --sort-key name --key-file /k --keyword foo --passes 3",
    "x --password-file /run/pw --token-file ~/.tok --secret-name db --token_type bearer",
    "x --no-auth train.py --num-tokens 9",
    "tokenizer=bert max_tokens=512 pad_token=<pad> SECRET_NAME=db token_limit=4",
    // a reference to a variable names it; the secret is elsewhere
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
    "x --token $HF_TOKEN --password=${DB_PASSWORD} HF_TOKEN=$HF_TOKEN",
    // ordinary URLs, a user name alone, prose
    "ssh://root@gw.example:30022 https://gw:1/x?a=1&b=2 git@github.com:o/r.git",
    "Basic training run, first pass: fast. Bearer of good news. Token: expires soon",
    "训练 run 🚀 with lr=3e-4 batch=32",
    "",
  ])("leaves %j alone", (input) => {
    expect(maskSecrets(input)).toBe(input);
  });

  it("judges a name by its last word", () => {
    for (const n of [
      "token",
      "HF_TOKEN",
      "hfToken",
      "api-key",
      "apiKey",
      "db_pass",
      "client_secret",
      "id_token",
    ])
      expect(isSecretArgName(n), n).toBe(true);
    for (const n of [
      "tokenizer",
      "max_tokens",
      "pad_token",
      "sort_key",
      "key",
      "token_file",
      "passes",
      "no-auth",
    ])
      expect(isSecretArgName(n), n).toBe(false);
  });

  it("costs linear time on a hostile megabyte", () => {
    const parts = ['--token "', "a=", "x://", "PASSWORD:", "Bearer ", "-", "'"];
    for (const p of parts) {
      const text = p.repeat(Math.ceil(1_000_000 / p.length));
      const t0 = performance.now();
      maskSecrets(text);
      expect(performance.now() - t0, JSON.stringify(p)).toBeLessThan(1500);
    }
  });
});
