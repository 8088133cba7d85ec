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

  it("masks a presigned URL's signature and a webhook's path, in a URL and in text", () => {
    expect(maskUrl("https://b.s3.amazonaws.com/k?X-Amz-Date=20261126&X-Amz-Signature=9f8e7d6c5b4a")).toBe(
      `https://b.s3.amazonaws.com/k?X-Amz-Date=20261126&X-Amz-Signature=${MASK}`,
    );
    expect(maskUrl("https://a.blob.core.windows.net/c/f?sv=2022-11-02&se=2026&sig=AbC%2Bd3F")).toBe(
      `https://a.blob.core.windows.net/c/f?sv=2022-11-02&se=2026&sig=${MASK}`,
    );
    expect(maskUrl("https://s.googleapis.com/b/o?X-Goog-Signature=ab12&x=1")).toBe(
      `https://s.googleapis.com/b/o?X-Goog-Signature=${MASK}&x=1`,
    );
    expect(maskUrl("https://d1.cloudfront.net/v.mp4?Expires=1&Signature=Zx9~a")).toBe(
      `https://d1.cloudfront.net/v.mp4?Expires=1&Signature=${MASK}`,
    );
    expect(
      maskSecrets(
        "post to https://hooks.slack.com/services/T01ABCDEF/B01ABCDEF/AbCdEfGhIjKlMnOpQrStUvWx now",
      ),
    ).toBe(`post to https://hooks.slack.com/services/${MASK} now`);
    expect(maskUrl("https://discord.com/api/webhooks/123456789/AbCdEf-gh_IJ")).toBe(
      `https://discord.com/api/webhooks/${MASK}`,
    );
    // Not a signature, not a webhook: kept.
    for (const u of [
      "https://h/x?design=1&assign=2",
      "https://hooks.slack.com/",
      "https://api.slack.com/services/x",
    ])
      expect(maskUrl(u)).toBe(u);
  });

  it("masks a PEM private key's body, keeping its BEGIN and END lines", () => {
    const key =
      "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\nAAAAEbm9uZQ==\n-----END OPENSSH PRIVATE KEY-----";
    expect(maskSecrets(`echo "${key}" > ~/.ssh/id`)).toBe(
      `echo "-----BEGIN OPENSSH PRIVATE KEY-----\n${MASK}\n-----END OPENSSH PRIVATE KEY-----" > ~/.ssh/id`,
    );
    expect(maskSecrets("key: -----BEGIN RSA PRIVATE KEY----- MIIEow")).toBe(
      `key: -----BEGIN RSA PRIVATE KEY----- ${MASK}`,
    );
    expect(
      maskSecrets("-----BEGIN PGP PRIVATE KEY BLOCK----- lQdGBF -----END PGP PRIVATE KEY BLOCK----- ok"),
    ).toBe(`-----BEGIN PGP PRIVATE KEY BLOCK----- ${MASK} -----END PGP PRIVATE KEY BLOCK----- ok`);
    // A certificate or a public key is not a secret.
    for (const t of [
      "-----BEGIN CERTIFICATE----- MIIB -----END CERTIFICATE-----",
      "-----BEGIN PUBLIC KEY----- MIIB",
    ])
      expect(maskSecrets(t)).toBe(t);
    // Many BEGINs and no END: linear.
    const hostile = "-----BEGIN RSA PRIVATE KEY----- ".repeat(50_000);
    const t0 = performance.now();
    expect(maskSecrets(hostile).length).toBeLessThan(hostile.length);
    expect(performance.now() - t0).toBeLessThan(2000);
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
      // the tools' flags and the token shapes' prefixes, and runs long enough to complete them
      "curl -u bob:",
      "mysql -p",
      "sshpass -p",
      "sqlcmd -P ",
      "zip -P",
      "redis-cli -a ",
      "http --auth=bob:",
      "smbclient -U ",
      "lftp --user ",
      "docker login -p ",
      "wandb login ",
      "login",
      "-p",
      "-u",
      "%",
      ",",
      "|",
      "ghp_",
      "github_pat_",
      "glpat-",
      "xoxb-",
      "sk-",
      "sk_live_",
      "hf_",
      "AKIA",
      "AIza",
      "npm_",
      "SG.",
      "eyJ",
      "A1b2C3d4E5F6g7H8i9J0",
      "ABCDEFGHIJKLMNOP2345",
      "0123456789abcdef",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (parts) => {
        const text = parts.join("");
        expect(maskSecrets(text)).toBe(maskAll(text));
      }),
      { numRuns: 20_000 },
    );
  });

  const M = MASK;
  // Fake tokens of each well-known shape, put together here so that no scanner takes this file
  // for a leak: a prefix, then the length and alphabet the shape needs.
  const run = (n: number, alphabet = "A1b2C3d4E5f6G7h8J9k0") =>
    alphabet.repeat(Math.ceil(n / alphabet.length)).slice(0, n);
  const T = {
    ghp: `ghp_${run(36)}`,
    gho: `gho_${run(36)}`,
    ghs: `ghs_${run(36)}`,
    fineGrained: `github_pat_${run(22)}_${run(59)}`,
    glpat: `glpat-${run(20)}`,
    xoxb: `xoxb-${run(12, "1234567890")}-${run(13, "0987654321")}-${run(24)}`,
    xoxp: `xoxp-${run(12, "1234567890")}-${run(12, "1234567890")}-${run(12, "1234567890")}-${run(32, "abcdef0123")}`,
    openai: `sk-${run(20)}T3BlbkFJ${run(20)}`,
    openaiProject: `sk-proj-${run(74)}T3BlbkFJ${run(74)}`,
    anthropic: `sk-ant-api03-${run(93)}AA`,
    stripe: `sk_live_${run(24)}`,
    hf: `hf_${run(34, "aBcDeFgHiJkLmN")}`,
    akia: `AKIA${run(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")}`,
    asia: `ASIA${run(16, "QRSTUVWXYZ234567")}`,
    google: `AIza${run(35)}`,
    npm: `npm_${run(36)}`,
    sendgrid: `SG.${run(22)}.${run(43)}`,
    digitalocean: `dop_v1_${run(64, "0123456789abcdef")}`,
    jwt: `eyJ${run(20)}.eyJ${run(30)}.${run(43)}`,
    // the rest of the shapes, one each
    ghu: `ghu_${run(36)}`,
    ghr: `ghr_${run(36)}`,
    glrt: `glrt-${run(20)}`,
    glsa: `glsa_${run(32)}_${run(8, "0123abcd")}`,
    glc: `glc_${run(40)}==`,
    gitlabRunner: `GR1348941${run(20)}`,
    slackApp: `xapp-1-${run(11)}-${run(13, "1234567890")}-${run(64, "abcdef0123")}`,
    stripeRestricted: `rk_test_${run(24)}`,
    hfOrg: `api_org_${run(34, "aBcDeFgHiJ")}`,
    abia: `ABIA${run(16, "ABCDEFGHIJ234567")}`,
    pypi: `pypi-AgEIcHlwaS5vcmc${run(60)}`,
    databricks: `dapi${run(32, "0123456789abcdef")}`,
    doOauth: `doo_v1_${run(64, "0123456789abcdef")}`,
    shopify: `shpat_${run(32, "0123456789abcdef")}`,
    perplexity: `pplx-${run(48)}`,
    vault: `hvs.${run(95)}`,
    linear: `lin_api_${run(40)}`,
    pulumi: `pul-${run(40, "0123456789abcdef")}`,
    rubygems: `rubygems_${run(48, "0123456789abcdef")}`,
    doppler: `dp.pt.${run(43)}`,
    postman: `PMAK-${run(24, "0123456789abcdef")}-${run(34, "0123456789abcdef")}`,
    sentry: `sntryu_${run(64, "0123456789abcdef")}`,
    age: `AGE-SECRET-KEY-1${run(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")}`,
  };
  const WANDB_KEY = run(40, "0123456789abcdef");

  it.each(Object.entries(T))("masks a bare %s token, in prose and in a command", (_kind, token) => {
    expect(maskSecrets(token)).toBe(M);
    expect(maskSecrets(`use ${token} here`)).toBe(`use ${M} here`);
    expect(maskSecrets(`"${token}",`)).toBe(`"${M}",`);
  });

  it.each([
    // a token as a URL's user name (Git hosts take one)
    [`git clone https://${T.ghp}@github.com/o/r.git`, `git clone https://${M}@github.com/o/r.git`],
    [`https://${T.glpat}@gitlab.example/g/r.git`, `https://${M}@gitlab.example/g/r.git`],
    [`https://${run(40, "0123456789abcdef")}@git.example/r`, `https://${M}@git.example/r`],
    // the tools' own flags
    ["curl -u bob:hunter2 https://x", `curl -u bob:${M} https://x`],
    ["curl -s --user 'bob:pa ss' https://x", `curl -s --user 'bob:${M}' https://x`],
    ["curl -ubob:hunter2 x; curl --proxy-user p:q y", `curl -ubob:${M} x; curl --proxy-user p:${M} y`],
    ["mysql -h db -uroot -phunter2 app", `mysql -h db -uroot -p${M} app`],
    ["mysqldump -p'pa ss' app", `mysqldump -p${M} app`],
    ["sshpass -p hunter2 ssh root@h", `sshpass -p ${M} ssh root@h`],
    ["sshpass -phunter2 scp f h:", `sshpass -p${M} scp f h:`],
    [`wandb login ${WANDB_KEY}`, `wandb login ${M}`],
    [`python t.py && wandb login --relogin ${WANDB_KEY}`, `python t.py && wandb login --relogin ${M}`],
    ["sqlcmd -S db -U sa -P Secr3t! -Q 'select 1'", `sqlcmd -S db -U sa -P ${M} -Q 'select 1'`],
    ["bcp t out f -U sa -P Secr3t!", `bcp t out f -U sa -P ${M}`],
    ["docker login -u me -p hunter2 registry.example", `docker login -u me -p ${M} registry.example`],
    ["redis-cli -h cache -p 6379 -a hunter2 ping", `redis-cli -h cache -p 6379 -a ${M} ping`],
    ["zip -P hunter2 out.zip data/", `zip -P ${M} out.zip data/`],
    ["smbclient //h/share -U bob%hunter2", `smbclient //h/share -U bob%${M}`],
    ["http -a bob:hunter2 example.org/api", `http -a bob:${M} example.org/api`],
    ["mongosh 'mongodb://h' -u admin -p hunter2", `mongosh 'mongodb://h' -u admin -p ${M}`],
    ["/usr/bin/mysql -phunter2", `/usr/bin/mysql -p${M}`],
    // a name that says less, before a value shaped like a credential
    ["token: 9f8e7d6c5b4a3f2e", `token: ${M}`],
    ["auth: Zm9vYmFyYmF6cXV4", `auth: ${M}`],
    ["key=A1b2C3d4E5f6G7h8", `key=${M}`],
    ["--key A1b2C3d4E5f6G7h8 run", `--key ${M} run`],
    [`{"key": "${run(24)}"}`, `{"key": ${M}}`],
  ])("masks %j", (input, expected) => {
    expect(maskSecrets(input)).toBe(expected);
  });

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
    [
      '{"token": "abc", "max_tokens": 5, "apiKey": "q"}',
      `{"token": ${M}, "max_tokens": ${M}, "apiKey": ${M}}`,
    ],
    ["password: hunter2", `password: ${M}`],
    // Authorization credentials
    ["curl -H 'Authorization: Bearer abc123def456' x", `curl -H 'Authorization: Bearer ${M}' x`],
    ["Authorization: Basic dXNlcjpwYXNzMQ==", `Authorization: Basic ${M}`],
  ])("masks %j", (input, expected) => {
    expect(maskSecrets(input)).toBe(expected);
  });

  it.each([
    // a reference to a variable names it; the secret is elsewhere
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
    "x --token $HF_TOKEN --password=${DB_PASSWORD} HF_TOKEN=$HF_TOKEN",
    // ordinary URLs, a user name alone, prose
    "ssh://root@gw.example:30022 https://gw:1/x?a=1&b=2 git@github.com:o/r.git",
    "Basic training run, first pass: fast. Bearer of good news. Token: expires soon",
    "训练 run 🚀 with lr=3e-4 batch=32",
    "",
    // prefixes without the length or alphabet of a token
    "pip install scikit-learn sk-learn; sk-learn-0.24 is old",
    "AKIA alone, AKIAIOSFODNN7 too short, hf_hub_download, ghp_short, xoxb-later, eyJhbGciOi",
    "task-1234567890abcdef1234567890abcdef12 desk_live_abcdefghijkl",
    "sk-this-is-a-long-hyphenated-package-name-without-digits",
    // a tool's flag that is not a password there
    "mysql -u root -p app; docker run -p 8080:80 img; scp -P 2222 f h:; ssh -p 22 h",
    "curl -u bob https://x; curl -s -p -x proxy:3128 y",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
    'curl -u "$USER:$PASS" x; sshpass -p "$SSHPASS" ssh h; curl -u bob:${PASS} y',
    "wandb login; wandb login --host https://wandb.example",
    "token: auto-generated, first pass: 2x-faster, auth: required, pass: 12345678",
    "https://octocat@github.com/o/r ssh://git@gitlab.example:2222/g/r",
  ])("leaves %j alone", (input) => {
    expect(maskSecrets(input)).toBe(input);
  });

  it("a flag's or variable's name holding key, token, secret, passw, private or auth is secret (issue 29)", () => {
    for (const n of [
      "token",
      "HF_TOKEN",
      "hfToken",
      "api-key",
      "apiKey",
      "wandb-key",
      "PRIVATE",
      "db_pass",
      "client_secret",
      "id_token",
      "keyboard",
      "max_tokens",
      "token_file",
      "no-auth",
      "Author",
    ])
      expect(isSecretArgName(n), n).toBe(true);
    for (const n of ["epochs", "passes", "name", "lr", "kee", "tok"])
      expect(isSecretArgName(n), n).toBe(false);
  });

  it.each([
    // A name holding one of the words is enough, whatever its value (issue 29's rule): a training
    // command's --max-tokens is hidden with the credentials, and shown with `s`.
    [
      "python train.py --tokenizer bert --max-tokens 512 --max_new_tokens 64 --epochs 3",
      `python train.py --tokenizer ${M} --max-tokens ${M} --max_new_tokens ${M} --epochs 3`,
    ],
    [
      "x --sort-key name --key-file /k --keyword foo --passes 3 --no-auth train.py",
      `x --sort-key ${M} --key-file ${M} --keyword ${M} --passes 3 --no-auth ${M}`,
    ],
    [
      "tokenizer=bert max_tokens=512 SECRET_NAME=db lr=3e-4",
      `tokenizer=${M} max_tokens=${M} SECRET_NAME=${M} lr=3e-4`,
    ],
    // The misses: a private variable, --wandb-key=, htpasswd -b, openssl's passwords.
    ["PRIVATE=s3cr3t-value make deploy", `PRIVATE=${M} make deploy`],
    [
      "python t.py --wandb-key=0123abcd4567 --api-key SPACEDkey99",
      `python t.py --wandb-key=${M} --api-key ${M}`,
    ],
    ["htpasswd -b -c /etc/nginx/.htpasswd alice Hunter2pw", `htpasswd -b -c /etc/nginx/.htpasswd alice ${M}`],
    ["htpasswd -nbB alice 'Hunter2 pw' > f", `htpasswd -nbB alice ${M} > f`],
    ["htpasswd -C 10 -bB f alice pw123; ls", `htpasswd -C 10 -bB f alice ${M}; ls`],
    ["openssl enc -aes-256-cbc -k Hunter2pw -in a -out b", `openssl enc -aes-256-cbc -k ${M} -in a -out b`],
    [
      "openssl pkcs12 -export -passin pass:Hunter2 -passout 'pass:Other 1' -in k.pem",
      `openssl pkcs12 -export -passin pass:${M} -passout 'pass:${M}' -in k.pem`,
    ],
    ["openssl rsa -in k -pass pass:x9y8 -passin env:KEYPW", `openssl rsa -in k -pass ${M} -passin env:KEYPW`],
    // A bare AWS secret access key, next to its key id or where the text names AWS.
    ["AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", `${M} ${M}`],
    ["aws configure set default wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", `aws configure set default ${M}`],
  ])("masks %j", (input, expected) => {
    expect(maskSecrets(input)).toBe(expected);
  });

  it.each([
    // 40 characters that are no AWS key: a git commit, or where nothing names AWS.
    "aws s3 cp s3://b/x . # at 9fceb02d0ae598e95dc970b74767f19372d61af8",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY alone, no cloud named",
    // htpasswd without -b asks for the password; openssl's -passin names where it is.
    "htpasswd -c /etc/.htpasswd alice; openssl rsa -passin file:/run/pw -passout stdin",
  ])("leaves %j alone", (input) => {
    expect(maskSecrets(input)).toBe(input);
  });

  it("costs linear time on a hostile megabyte", () => {
    const parts = [
      '--token "',
      "a=",
      "x://",
      "PASSWORD:",
      "Bearer ",
      "-",
      "'",
      "sk-",
      "ghp_a",
      "AKIA",
      "eyJa.",
      "curl -u ",
      "mysql -p",
      "wandb login ",
      " -p x",
      "key=A1",
      "https://a1b2c3d4e5f6g7h8i9j0@",
      "htpasswd -b a ",
      "openssl -passin pass:",
      "aws wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEK+",
      // Attacked after the merge: the new shapes, cookies and quoted values.
      "t1.a",
      "ab1Q~",
      "12345:AA",
      "ZXlKaGJHY2lPaU",
      "API-",
      "pat.a",
      "Cookie: a=",
      'A="B=',
      "x.atlasv1.",
    ];
    for (const p of parts) {
      const text = p.repeat(Math.ceil(1_000_000 / p.length));
      // CPU time, not the clock's: a loaded machine stretches the one, not the other. Quadratic
      // time would be minutes; the worst of these is ~0.4 s.
      const c0 = process.cpuUsage();
      maskSecrets(text);
      const c = process.cpuUsage(c0);
      expect((c.user + c.system) / 1000, JSON.stringify(p)).toBeLessThan(1500);
    }
  });
});

describe("issue 29's rule, as a property", () => {
  // Any flag or variable whose name holds key, token, secret, passw, private or auth, in any
  // case and with anything around the word, given any value in any of the usual forms, in a
  // command line among other words: the value never shows. (Values that only name a variable,
  // `$HF_TOKEN`, are not secrets and are not generated; names are up to 64 characters.)
  const word = fc.constantFrom("key", "token", "secret", "passw", "private", "auth");
  const anyCase = (w: string) =>
    fc
      .array(fc.boolean(), { minLength: w.length, maxLength: w.length })
      .map((up) => [...w].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(""));
  const around = fc.stringMatching(/^[A-Za-z0-9_-]{0,12}$/);
  const name = fc
    .tuple(fc.stringMatching(/^[A-Za-z]?$/), around, word.chain(anyCase), around)
    .map(([a, b, w, c]) => `${a}${b}${w}${c}`)
    .filter((n) => /^[A-Za-z]/.test(n) && n.length <= 64);
  const value = fc
    .stringMatching(/^[A-Za-z0-9_+/.~@%=-]{6,40}$/)
    .filter((v) => !v.startsWith("-") && !v.startsWith("="));
  const spaced = fc.tuple(value, value).map(([a, b]) => `${a} ${b}`);
  const form = fc.constantFrom(
    (n: string, v: string) => `--${n}=${v}`,
    (n: string, v: string) => `--${n} ${v}`,
    (n: string, v: string) => `-${n} ${v}`,
    (n: string, v: string) => `${n}=${v}`,
    (n: string, v: string) => `export ${n}=${v}`,
    (n: string, v: string) => `${n}="${v}"`,
    (n: string, v: string) => `--${n} '${v}'`,
  );
  const other = fc.constantFrom(
    "python",
    "train.py",
    "--epochs",
    "3",
    "-v",
    "data/x.csv",
    "&&",
    "lr=3e-4",
    ";",
  );

  it("the value never appears in the masked text", () => {
    fc.assert(
      fc.property(
        fc.array(other, { maxLength: 4 }),
        name,
        fc.oneof(value, spaced),
        form,
        fc.array(other, { maxLength: 4 }),
        (before, n, v, f, after) => {
          const plain = f(n, v).includes("'") || f(n, v).includes('"');
          fc.pre(plain || !v.includes(" "));
          const text = [...before, f(n, v), ...after].join(" ");
          const rest = [...before, n, ...after].join(" ");
          for (const part of v.split(" ")) fc.pre(!rest.includes(part) && !n.includes(part));
          const masked = maskSecrets(text);
          for (const part of v.split(" ")) expect(masked).not.toContain(part);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("attacked after the merge: more of gitleaks' shapes, and secrets no name said", () => {
  // Each was shown whole (a command's output, a remark, a detail's text) before.
  const r = (n: number, a = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789") =>
    Array.from({ length: n }, (_, i) => a[(i * 7 + 3) % a.length]).join("");
  const hex = (n: number) => r(n, "0123456789abcdef");
  const SHAPES: [string, string][] = [
    ["1password-service-account-token", `ops_eyJ${r(260)}`],
    ["1password-secret-key", "A3-ABCDEF-GHIJKLMNOPQ-RSTUV-WXYZ1-23456"],
    ["atlassian-api-token", `ATATT3${r(186)}`],
    ["aws-amazon-bedrock-api-key", `ABSK${r(130)}`],
    ["azure-ad-client-secret", `abc8Q~${r(33)}`],
    ["artifactory-api-key", `AKCp${r(69)}`],
    ["clojars-api-token", `CLOJARS_${r(60, "abcdefghijklmnopqrstuvwxyz0123456789")}`],
    ["cloudflare-origin-ca-key", `v1.0-${hex(24)}-${hex(146)}`],
    ["dynatrace-api-token", `dt0c01.${r(24)}.${r(64)}`],
    ["flyio-access-token", `fm2_${r(100)}`],
    ["gitlab-session-cookie", `_gitlab_session=${r(32, "abcdefghijklmnopqrstuvwxyz0123456789")}`],
    ["grafana-api-key", `eyJrIjoi${r(70)}==`],
    ["harness-api-key", `pat.${r(22)}.${r(24)}.${r(20)}`],
    ["hashicorp-tf-api-token", `abcdefghijklm4.atlasv1.${r(65)}`],
    ["heroku-api-key-v2", `HRKU-AA${r(58)}`],
    ["infracost-api-token", `ico-${r(32)}`],
    ["new-relic-user-api-key", `NRAK-${r(27, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}`],
    ["notion-api-token", `ntn_12345678901${r(35)}`],
    ["openshift-user-token", `sha256~${r(43)}`],
    ["planetscale-api-token", `pscale_tkn_${r(43)}`],
    ["prefect-api-token", `pnu_${r(36)}`],
    ["sendinblue-api-token", `xkeysib-${hex(64)}-${r(16)}`],
    ["settlemint-personal-access-token", `sm_pat_${r(16)}`],
    ["square-access-token", `sq0atp-${r(22)}`],
    ["telegram-bot-api-token", `1234567890:AA${r(33)}`],
    ["typeform-api-token", `tfp_${r(59)}`],
    ["docker hub", `dckr_pat_${r(27)}`],
    ["replicate", `r8_${r(37)}`],
    ["groq", `gsk_${r(52)}`],
    ["langsmith", `lsv2_pt_${hex(32)}_${hex(10)}`],
    ["tailscale", `tskey-auth-${r(40)}`],
  ];
  it.each(SHAPES)("%s", (_rule, token) => {
    const masked = maskSecrets(`got ${token} here`);
    expect(masked).toContain(MASK);
    expect(masked).not.toContain(token.slice(-12));
  });

  const S = "Zq8Lm3Np7Rt2Vx9Wb4Kc6";
  it.each([
    `Cookie: sessionid=${S}; theme=dark`,
    `Set-Cookie: __Host-session=${S}; Path=/; HttpOnly`,
    `curl -b "session=${S}" https://x.example`,
    `curl --cookie sid=${S} https://x.example`,
    `plink -pw ${S} host`,
    `PW=${S}`,
    `--jwt ${S}`,
    `--bearer ${S}`,
    `--signature ${S}`,
    `SharedAccessSignature=sv=2020&sig=${S}`,
    `X-Amz-Signature=${S}`,
    `SESSION_COOKIE=${S}`,
    `export CONN="Server=db;User Id=sa;Password=${S};"`,
    `--dsn 'host=db password=${S}'`,
    `https://acme.webhook.office.com/webhookb2/${S}@${S}/IncomingWebhook/${S}/${S}`,
  ])("%s", (input) => {
    expect(maskSecrets(input)).not.toContain(S.slice(2, 14));
  });

  it("keeps a cookie's attributes, and what is no cookie", () => {
    expect(maskSecrets(`Set-Cookie: id=${S}; Path=/app; Max-Age=3600`)).toBe(
      `Set-Cookie: id=${MASK}; Path=/app; Max-Age=3600`,
    );
    expect(maskSecrets('CONN="Server=db;Port=5432"')).toBe('CONN="Server=db;Port=5432"');
  });
});
