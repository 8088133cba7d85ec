// A proxy URL's credentials never reach a message, parsed or not: one masking function
// (src/model/proxy-url.ts) behind every line that shows a proxy — a proxy variable's error, the
// config file's, `config check`'s proxy row and its closing error.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { envProxies } from "../../src/api/transport.js";
import { checkProxy } from "../../src/config/checks.js";
import { runConfigCommand } from "../../src/config/commands.js";
import { parseConfigFile } from "../../src/config/parse-file.js";
import { ConfigError } from "../../src/config/types.js";
import { maskProxy } from "../../src/model/proxy-url.js";

describe("maskProxy", () => {
  it.each([
    ["http://user:pa/ss123SECRET@proxy.corp:3128", "http://****@proxy.corp:3128"],
    ["http://me:s3cret@127.0.0.1:3128/", "http://****@127.0.0.1:3128/"],
    ["https://TOKEN@proxy:443", "https://****@proxy:443"], // a token as the user name
    ["http://u:p@ss@w@rd@proxy:3128", "http://****@proxy:3128"], // up to the last "@"
    ["u:pw@proxy:3128", "****@proxy:3128"], // no scheme, as curl takes it
    ["u:a//b@proxy:3128", "****@proxy:3128"], // a "//" in the password is not the scheme's
    ["socks5://me:x@127.0.0.1:1080", "socks5://****@127.0.0.1:1080"],
    ["http://proxy.corp:3128", "http://proxy.corp:3128"],
    ["http://pro\nxy:31\u001b28", "http://pro?xy:31?28"], // printable
  ])("%j → %j", (text, shown) => {
    expect(maskProxy(text)).toBe(shown);
  });
});

// The password starts with "Zq" and ends with "Xj", with anything between: neither end may show.
// Hosts and paths are lower case, so a marker there cannot be mistaken for a leak.
const password = fc.string({ unit: "binary", maxLength: 12 }).map((s) => `Zq${s}Xj`);
const proxyText = fc
  .record({
    scheme: fc.constantFrom("http://", "https://", "HTTP://", "socks5://", "", "  http://", "http:/"),
    user: fc.string({ unit: "binary", maxLength: 8 }),
    password,
    host: fc.oneof(fc.domain(), fc.ipV4(), fc.constant("[::1")),
    port: fc.constantFrom("", ":3128", ":pa", ":99999"),
    path: fc.constantFrom("", "/", "/x", "/a@b", "?q#f"),
  })
  .map((p) => `${p.scheme}${p.user}:${p.password}@${p.host}${p.port}${p.path}`);

const leaks = (text: string) => text.includes("Zq") || text.includes("Xj");

/** Every line `config check` writes, and its closing error, for this environment and file. */
async function configCheck(env: Record<string, string>, fileText?: string): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), "jobtop-proxy-msg-"));
  if (fileText !== undefined) {
    mkdirSync(join(home, "jobtop"));
    writeFileSync(join(home, "jobtop", "config.toml"), fileText, { mode: 0o600 });
  }
  let text = "";
  const out = { write: (s: string) => (text += s) };
  try {
    await runConfigCommand(
      ["check"],
      {
        raw: { baseUrl: "https://jobs.example.com", demo: false, once: false },
        env: { JOBTOP_TOKEN: "tok-1234", XDG_CONFIG_HOME: home, ...env },
        warn: (m) => out.write(m),
      },
      out,
      out,
    );
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    text += e.message;
  }
  // (The temporary directory's random name could hold a marker.)
  return text.split(home).join("HOME");
}

describe("masked: no message about a proxy ever holds its password", () => {
  it("the masking function, a proxy variable, the config file's proxy", () => {
    fc.assert(
      fc.property(proxyText, (v) => {
        expect(leaks(maskProxy(v))).toBe(false);
        const env = envProxies({ HTTPS_PROXY: v });
        if ("error" in env) expect(leaks(env.error)).toBe(false);
        const checked = checkProxy(v);
        if ("error" in checked) expect(leaks(checked.error)).toBe(false);
        for (const text of [`proxy = ${toml(v)}\n`, `[profiles.p]\nproxy = ${toml(v)}\n`]) {
          try {
            parseConfigFile("/home/u/.config/jobtop/config.toml", text);
          } catch (e) {
            expect(e).toBeInstanceOf(ConfigError);
            expect(leaks((e as Error).message)).toBe(false);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("config check: its proxy row and its error, for a variable and for the file", async () => {
    await fc.assert(
      fc.asyncProperty(proxyText, fc.boolean(), async (v, inFile) => {
        const text = inFile
          ? await configCheck({}, `proxy = ${toml(v)}\n`)
          : await configCheck({ HTTPS_PROXY: v });
        expect(text).toMatch(/proxy/);
        expect(leaks(text)).toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});

/** A TOML basic string of any text: JSON's escapes, and the few TOML has not (DEL, lone surrogates). */
function toml(s: string): string {
  return JSON.stringify(s).replace(
    /[\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => (c === "\u007f" ? "\\u007f" : "\\ufffd"),
  );
}
